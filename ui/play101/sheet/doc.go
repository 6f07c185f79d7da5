// Package sheet is the score sheet of a match of Okey 101 and the pages
// between its hands in 101's words, apart from the table's state
// (ui/play101) because they need none of it: a seat's view
// (okey101.View), the app's words and styles (table.Look) and, for how
// a hand ended, the table's log read through Log are all a Sheet reads.
// What it writes are lines and plain values for ui/pages, which lays
// the pages out the same in both games:
//
//	pages.go  a hand's end (HandEndPage: the table as it ended, the
//	          tiles others laid off, the last turn, each player's score
//	          and why) and the final sheet's rows (Final)
//	sheet.go  Sheet, Log; the sheet itself (Table: a line a hand, the
//	          totals), a hand in a few words (HandEnd), its title, why
//	          its points were doubled, why a seat scored what it did
//	          (HandTitle, Doublings, LineWhy), a score with its sign
//
// It imports the referee of 101 (game, game/okey101, game/tile), the
// melds on the table (ui/play101/melds), the table's core (ui/table,
// ui/canvas, kit/safetext, ui/pages for the values it fills, kit/i18n),
// and nothing of ui or of ui/play101.
package sheet
