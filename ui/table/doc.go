// Package table is the core of the table that knows neither game's
// rules: what classic Okey's table and Okey 101's both draw
// and write with, written once.
//
//	undo.go   the undo frame: the player's last discard of the hand in a
//	          record of either game cut off, the undos counted, the
//	          match replayed in a command and put back (each game says
//	          how, Undone's put)
//	keys.go   the keys both tables mean the same by (quitting, the
//	          help, the settings, the cursor), read once (CommonKey)
//	          before a game's own
//	bots.go   asking a bot of either game (Ask: the timeout and the
//	          pause), a bot's failures in a row counted and told (Fail,
//	          MaxBotFailures), a bot's failure to answer in time
//	totals.go the players' standings beside the table, above the log,
//	          on a wide terminal (each game gives its totals)
//	log.go    the move log drawn: the newest entries that fit, the
//	          newest brighter; a log trimmed (TrimLog)
//	align.go  a line placed left, centred or right in its rectangle
//	status.go the status lines of either table, wrapped and cut to fit
//	header.go the top line of either game's table: the title, the
//	          game's words cut to the room, the keys at the right edge
//	pick.go   the space key on the rack: a tile picked up or put down
//	req.go    what a key or a click at either table asks of the app
//	          (Req: a save, a play, a page, undo, quitting…), one list
//	rack.go   a rack of either game drawn in its frame, each slot as the
//	          game draws it
//	frame.go  Frame, what a table draws with that only the app knows at
//	          the moment of drawing (the seat being asked, the seats'
//	          clocks and levels), passed as a plain value
//	look.go   Look, what either game's table draws and writes with that
//	          the app knows (the words, the style sheet and its paint
//	          cache, the key map, an error's words), handed down as a
//	          value; Said, what a table said on the status line, handed
//	          back up as one
//	words.go  Words, the seats, the player's "you" and a score in the
//	          player's language
//	paint.go  Painter, the cache of text drawn in the style sheet's
//	          styles (Style), which both tables and the pages between
//	          hands draw their words through
//
// It imports game/tile, ui/theme, kit/i18n, ui/canvas, ui/layout,
// ui/rack, ui/keymap and Charm, and nothing of ui or of either game's
// referee.
package table
