package hosting

import (
	"okey/ui/stats"
	"okey/ui/table"
)

// App is what a game's side asks of the app that hosts it, kept to what
// a value handed down cannot give: the app readied for a match put on
// the table (it answers with the seats' levels, read with the app's
// settings). A frame, a key, a click and the game's own messages call
// nothing here: they come down as a Scene (the words and styles in its
// table.Look, which the side holds too) and go back up as a Reply (what
// the table said on the status line in its Said, what a play adds to
// the statistics in its Play's Tally). A side reaches the
// app through App alone, never through the app's model, so that the
// app's state stays the app's.
type App interface {
	// Adopt readies the app for a match being put on the table (seed,
	// its record's meta): the questions under way let go, every game's
	// match taken off the table, a clean status; the seats' names from
	// meta, and their levels as level reads them (named: the record's,
	// set: the settings'); then what count adds to the player's
	// statistics counted (it reports whether it changed them; nil:
	// nothing), unless the screen only looks. It returns the levels.
	Adopt(seed uint64, meta map[string]string, level func(named string, seat int, set string) string, count func(f *stats.File) bool) [table.Seats]string
}

// Cursor is a table whose cursor the keys both tables share move
// (Shared). An interface rather than a bound method value, which
// would be allocated on every key press.
type Cursor interface {
	MoveCursor(dx, dy int)
}

// Guide is a table whose guide says what the player may do now
// (Scene.StatusText), asked only when nothing else is to be said.
type Guide interface {
	Guide() string
}
