// Package play101 is Okey 101's side of the table, apart from the app
// (package ui), which holds no file of either game: the match on the
// table and what the player is doing with it, its keys and what they
// ask of the app, its words and its drawing:
//
//	screen.go    the table screen placed: its top line, its parts in the
//	             layout, the keys worth showing now
//	view.go      the table drawn: the log, the work line, the centre,
//	             the stacks, the bots' panels, the rack (what only the
//	             app knows comes in a table.Frame)
//	wide.go      the centre's words (one line, or a band on a wide, tall
//	             terminal with the indicator a tile), the standings
//	             beside the table
//	between.go   the score sheet (SheetTable) and the pages between
//	             hands as ui/pages takes them, a hand's end (HandEndPage)
//	             and the final sheet (Final), as ui/play101/sheet writes
//	             them from the table's view and its log
//	pages.go     the pages in words: the stacks browsed, the last moves
//	             (a hand's end tells them), how to play and the house
//	             rules (the ? page's end)
//	guide.go     what the player may do now, in words (the status's
//	             guide)
//	keys.go      the table's keys (Key: each to its move), and the keys
//	             of the moves the player may make now (the front of the
//	             key bar)
//	click.go     the mouse on the table
//	choose.go    a tile put on the table (a lay-off, an okey taken back)
//	             and, with more than one place for it, choosing the place:
//	             the places, the keys, the words
//	act.go       the table's moves: what each key does to the rack, the
//	             groups and the turn, and what it asks of the app (an
//	             Outcome: a play, a save, a page), with what only the app
//	             knows passed in as a plain value (At)
//	hintask.go   the hint asked (h) in a command, and told when it comes; the
//	             discard it advised, which the guard of a costly x lets go
//	hintwords.go the hint said with the table's words (its words are
//	             ui/play101/hintwords')
//	melds.go     the melds on the table as ui/play101/melds places,
//	             draws and names them, from the table's view
//	bots.go      the seats' players asked (Ask, table.Ask) and their
//	             answers played (PlayBot): a failing bot counted, the plain
//	             player in its place, never a stalled table
//	undo.go      undo (u): the match replayed without the player's last
//	             discard, in a command, and taken back onto the table
//	deal.go      the table following the match: a view taken in (the
//	             match's own, or a served table's update with its notes:
//	             TakeUpdate, TakeNotes), the deal's log (Logged hears of
//	             it), a hand's end, a saved rack taken back
//	seat.go      where the table's view comes from, the match's or a
//	             served seat's (TakeServed, OwnView, TryState, Deal); a
//	             served seat's actions tried and sent, and its
//	             readiness (Send, Ready)
//	refuse.go    the referee's refusals in the player's words
//	groups.go    the groups the player makes on the rack (choosing tiles
//	             into one, making it one to lay down, letting them go),
//	             read as melds, why a group is not one, the rack arranged
//	             round them
//	words.go     tiles, openings and the log in the player's language
//	rack.go      the rack of the table: the cursor, moving a tile with
//	             the groups following it, the group a slot is in, a new
//	             hand's rack laid out
//	table.go     Table: the match (or a served seat's view, Served),
//	             seat 0's view, the rack, the groups being made, the
//	             log; it draws with the app's
//	             table.Look and says its status in a table.Said,
//	             as classic's table does
//
// What a seat's view alone decides (the players, the plain player, the
// hint's facts) lives with the bots, in bots/decide101. Its
// sub-packages, which import nothing of it: a served seat's view turned
// and the world it tries its actions on, ui/play101/seatview; the hint's facts and a plan's
// steps in words, ui/play101/hintwords; the rules on the settings form,
// ui/play101/rules; the melds on the table written and drawn (as text,
// as tiles on a wide terminal, named in words) and the table's
// notation, ui/play101/melds; the score sheet and the pages between
// hands in words, ui/play101/sheet (which reads the log through its
// Log, and the melds from ui/play101/melds).
//
// It imports the referee of 101 (game/okey101, game/okey101/meld, game/tile),
// its sub-packages (but rules, which the settings read), the table's
// core (ui/table, ui/rack, ui/seatlink, kit/seatmsg, ui/canvas,
// ui/layout, ui/pages for the values of the pages between hands),
// kit/i18n, ui/theme, Bubble Tea and Bubbles' key, and nothing of ui.
package play101
