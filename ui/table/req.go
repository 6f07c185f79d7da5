package table

// Req is what a key or a click at either game's table asks of the app
// when the table cannot do it alone: one list for both games, so that
// what a key asks means the same at both tables and the app carries it
// out once. What comes with a play (its actions) is each game's.
type Req uint8

// What a key or a click asks of the app.
const (
	// ReqNone: done at the table, or nothing to do (said).
	ReqNone Req = iota
	// ReqSave: the rack (or the groups on it) changed; save it.
	ReqSave
	// ReqPlay: play the game's action (or, at a served seat, send it).
	ReqPlay
	// ReqHint: ask for the hint.
	ReqHint
	// ReqUndo: take the player's last discard back.
	ReqUndo
	// ReqScores and ReqStats: the score sheet, the statistics.
	ReqScores
	ReqStats
	// ReqBrowse and ReqHelp: the discard stacks, the help page, over
	// the table.
	ReqBrowse
	ReqHelp
	// ReqSettings: the settings.
	ReqSettings
	// ReqQuit: quit the match (saved).
	ReqQuit
	// ReqUnknown: a key of no meaning at this table: say so.
	ReqUnknown
)
