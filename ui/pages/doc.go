// Package pages holds the app's pages that both games share, each a
// component the ui Model hosts: the notice before playing, the
// too-small screen, the locked state directory, the statistics, the
// settings form (what its fields mean is ui/settings'), the
// coach's review of a hand or a match (its work stays with the host),
// the saved matches (read by the host), and the pages between hands
// both games show alike, fed plain values by each game (the match found
// saved, a hand's end, the final table); and the parts every page is
// made of, written once: the key bar at the foot, the scroll of a page
// longer than the screen, the frame that places a page's lines between
// the header and the bar.
//
// A page takes what it shows as plain values (the words, the styles,
// the keys in Common; its own figures) and answers a key with a Result
// the host acts on (close, quit, look): a page never reaches into the
// Model, so the Model's state stays the Model's.
//
// The files, read top-down (each reads only those below it):
//
//	between.go  the pages between hands of both games: Resume (the match
//	            found saved), Final (the final table, its seats by place),
//	            HandEndPage (a hand's end)
//	matches.go  the saved matches, to review one: the list with its cursor
//	review.go   the coach's review: the work's progress, then a decision at
//	            a time on the rack
//	reads.go    the review's reading of the racks (r): what the belief
//	            read of each other rack at a decision, beside what it held
//	form.go     the settings form: fields, the cursor, choices, the note;
//	            what fields mean is the owner's (FormRules)
//	notice.go   the notice, the too-small screen, the locked screen
//	stats.go    the statistics page's lines
//	info.go     an information page: lines that scroll, closed by esc or
//	            its key; the score history's lines, both games'
//	coach.go    the coach's words (moves, reasons) in the player's
//	            language, and the tiles a move uses
//	name.go     a name on the form: bubbles' textinput, kept to a name's
//	            caps; a name from outside cleaned to them
//	scroll.go   the scroll of a page of lines (a bubbles viewport), by keys
//	            and wheel
//	bar.go      the key bar: whole keys most needed first, drawn once per
//	            set and width
//	page.go     Common, the Component interface, Result, Frame
//
// It may import ui/canvas, ui/layout, ui/keymap, ui/theme, kit/i18n,
// ui/stats, ui/rack (the review's rack), kit/safetext (a name cleaned),
// ui/cli and bots/coach (the review's verdicts), game/tile, the Charm
// libraries and the standard library; never package ui, nor a game's
// side of the table.
package pages
