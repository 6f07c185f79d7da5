package hosting

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
	"okey/ui/seatlink"
	"okey/ui/settings"
	"okey/ui/stats"
	"okey/ui/table"
)

// App is what a game's side asks of the app that hosts it: the words
// and styles its table draws with (table.Host), and what only the app
// knows or does — where the screen stands, the keys both tables share,
// the status line and the pages over the table, a match's life, the
// bots' questions and a served seat's link. A side reaches the app
// through it alone, never through the app's model, so that the app's
// state stays the app's.
type App interface {
	table.Host

	// OnTable reports whether the table is on show (a hint's answer is
	// told only there).
	OnTable() bool
	// ReadOnly: another game holds the state directory, and this one
	// only looks. Casual: the match allows undo.
	ReadOnly() bool
	Casual() bool

	// ClearFlash empties the status line's message; Warned reports
	// whether it is a warning; TellNews says s as news that outlives
	// the turn coming round to the player (a bot's failure).
	ClearFlash()
	Warned() bool
	TellNews(s string)

	// OverlayKey handles k while a page is over the table: true when
	// the page took it (it scrolled or closed), false when it goes on to
	// the table (the page closed) or no page is on show.
	OverlayKey(k tea.KeyPressMsg) bool
	// TableKey does what a key both tables share means (quitting, the
	// help, the settings, the cursor c moved); ok is false for a key the
	// game decides.
	TableKey(k tea.KeyPressMsg, keys keymap.CommonKeys, c Cursor) (cmd tea.Cmd, ok bool)
	// Asked carries out what key k (a click's: the zero key) asked of
	// the app (table.Req); own reports that cmd stands for whatever the
	// table started.
	Asked(r table.Req, k tea.KeyPressMsg) (cmd tea.Cmd, own bool)

	// PageW is the width page text wraps at.
	PageW() int

	// Settings are the settings in effect.
	Settings() settings.Settings
	// Adopt readies the app for a match being put on the table (seed,
	// its record's meta): the questions under way let go, every game's
	// match taken off the table, a clean status; the seats' names from
	// meta, and their levels as level reads them. It returns the
	// levels.
	Adopt(seed uint64, meta map[string]string, level func(named string, seat int) string) [table.Seats]string
	// Tally counts what count adds to the player's statistics (it
	// reports whether it changed them), unless the screen only looks.
	Tally(count func(f *stats.File) bool)
	// Took takes in what an action did: the record's new lines, the
	// status, the save, and the hand's end shown (over) or the next
	// player asked.
	Took(lines []byte, wasMine, mine, over bool) tea.Cmd

	// Context is the bots' questions' context; Seed the match's.
	Context() context.Context
	Seed() uint64
	// Answered takes in that question id to seat has its answer: play
	// is false when it is stale or the turn moved on (cmd asks the
	// next player).
	Answered(id uint64, seat int) (cmd tea.Cmd, play bool)
	// Ask puts q to the player of seat as the question under way.
	Ask(seat int, q Question) tea.Cmd
	// Undone saves the match an undo put back (ok), or asks the next
	// player when it could not be (err).
	Undone(ok bool, err error) tea.Cmd

	// Seat is the link to a table the app does not own, nil for a
	// match played here; Sent tells the player what came of an intent
	// sent through it, and reports whether it went.
	Seat() *seatlink.Link
	Sent(st seatlink.Sent) bool
}

// Cursor is a table whose cursor the keys both tables share move
// (App.TableKey). An interface rather than a bound method value, which
// would be allocated on every key press.
type Cursor interface {
	MoveCursor(dx, dy int)
}

// Guide is a table whose guide says what the player may do now
// (App.Status), asked only when nothing else is to be said.
type Guide interface {
	Guide() string
}
