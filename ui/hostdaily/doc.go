// Package hostdaily is the daily as the app hosts it: the day's set of
// hands played in seat 0 against three hard bots, a hand after the
// other, each hand a match of its own (its record an ordinary one,
// carrying the day in its meta: game/daily's Set.Meta), saved, paused
// and resumed as any match. Par is measured in the background
// (bots/par) from the daily's start: the player never waits for it.
//
// The app's Model holds one *Daily while a daily is on the table and
// hands it what it needs as values (the statistics, the words and
// styles in pages.Common, the clock's time); the Daily answers with
// values (a hand's deal to put on the table, lines to show, what a key
// on its pages asks): it never reaches into the Model. What is decided
// and counted (for the record or practice, a hand's score, the streak)
// is ui/playdaily's, pure.
//
// The files:
//
//	daily.go    Daily: begun or taken up from a saved hand's record, a hand's deal, a
//	            hand's end scored, par measured
//	pages.go    the pages and lines: the date asked about (Ask), the daily's page after
//	            its last hand (Page), the opening, a hand's end, the resume line, the
//	            header's badge, the statistics page's part
//	review.go   the records of the day's hands for the coach's review, found among the
//	            finished matches when this run did not play them
//	served.go   a served daily's hand at a seat's table (Served): the header's badge, the
//	            page after the hand, its key's words
//	format.go   Format, what the app's screens ask of the format on the table (a match of
//	            one's own, the daily, a served daily's hand), and Match, a match of one's own
//
// It may import game/daily, the engines (to check a hand's record),
// bots/par, ui/playdaily, ui/pages, ui/stats, ui/store, ui/settings,
// ui/canvas, ui/i18n, the Charm libraries and the standard library;
// never package ui.
package hostdaily
