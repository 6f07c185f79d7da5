// Package table is the core of the table that knows neither game's
// rules (issue 21): what classic Okey's table and Okey 101's both draw
// and write with, written once.
//
//	host.go   Host, what either game's table takes from the app that
//	          hosts it (the words, the style sheet and its paint cache,
//	          the key map, the status line, an error's words)
//	pick.go   the space key on the rack: a tile picked up or put down
//	paint.go  Painter, the cache of text drawn in the style sheet's
//	          styles (Style), which both tables and the pages between
//	          hands draw their words through
//	words.go  Words, the seats, the player's "you" and a score in the
//	          player's language; DealKey, which orders the deals of a
//	          match (the log and the chat of both tables)
//	align.go  a line placed left, centred or right in its rectangle
//	log.go    the move log drawn: the newest entries that fit, the
//	          newest brighter
//	undo.go   the undo frame: the player's last discard of the hand in a
//	          record of either game, the undos counted
//
// It imports game/tile, ui/theme, ui/i18n, ui/canvas, ui/layout,
// ui/rack, ui/keymap and Charm, and nothing of ui or of either game's
// referee.
package table
