// Package play101 is Okey 101's side of the table, as far as it has left
// package ui (issue 21): the match on the table and what the player is
// doing with it, its keys and what they ask of the app, its words and
// its drawing:
//
//	table.go     Table: the match, seat 0's view, the rack, the groups
//	             being made, the log; it is hosted through table.Host,
//	             as classic's table is
//	rack.go      the rack of the table: the cursor, moving a tile with
//	             the groups following it, the group a slot is in, a new
//	             hand's rack laid out
//	words.go     tiles, melds, openings and the log in the player's
//	             language
//	groups.go    the groups the player makes on the rack (choosing tiles
//	             into one, making it one to lay down, letting them go),
//	             read as melds, why a group is not one, the rack arranged
//	             round them
//	refuse.go    the referee's refusals in the player's words
//	act.go       the table's keys: what each does to the rack, the groups
//	             and the turn, and what it asks of the app (an Outcome:
//	             a play, a save, a page), with what only the app knows
//	             passed in as a plain value (At)
//	choose.go    choosing the place on the table a tile goes (a lay-off,
//	             an okey taken back): the places, the keys, the words
//	click.go     the mouse on the table
//	screen.go    the table screen placed: its top line, its parts in the
//	             layout, the keys worth showing now
//	deal.go      the table following the match: a view taken in, the
//	             deal's log, a hand's end, a saved rack taken back
//	undo.go      the record without the player's last discard (u)
//	rules.go     the rules of 101 on the settings form: their lines, and
//	             the rules read back from them
//	bots.go      the seats' players asked (Ask, table.Ask) and their
//	             answers played (PlayBot): a failing bot counted, the plain
//	             player in its place, never a stalled table
//	hintask.go   the hint asked (h) in a command, and told when it comes
//	hintwords.go the hint's facts and a plan's steps in words
//	keys.go      the keys of the moves the player may make now (the
//	             front of the key bar)
//	guide.go     what the player may do now, in words (the status's
//	             guide)
//	view.go      the table drawn: the melds by seat (and which one a
//	             click lands on), the log, the work line, the stacks,
//	             the bots' panels, the rack (what only the app knows
//	             comes in a table.Frame)
//	wide.go      the table on a wide, tall terminal: the melds placed
//	             as tiles where they fit whole, else as text (which one
//	             a click lands on), the indicator a tile, the standings
//	             beside the table
//	sheet.go     the pages in words: the score sheet, a hand's end, the
//	             last moves, the house rules, the stacks browsed
//	seat.go      a view turned so that a served seat sits at seat 0, the
//	             world a served seat tries its actions on (World, TryAll);
//	             where the table's view comes from, the match's or a
//	             served seat's (Served, OwnView, TryState, Deal)
//	notation.go  tiles in a row and the tiles of the table's melds, as the
//	             table writes them
//
// What a seat's view alone decides (the players, the plain player, the
// hint's facts) is the sub-package ui/play101/decide.
//
// It imports the referee of 101 (game/okey101, game/meld, game/tile),
// ui/play101/decide, the table's core (ui/table, ui/rack, ui/seats, ui/canvas,
// ui/layout, ui/keymap, ui/pages for the form's lines), ui/i18n, ui/theme, Bubble Tea and Bubbles' key, and nothing
// of ui.
package play101
