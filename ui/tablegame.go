package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/seatlink"
	"okey/ui/seatmsg"
)

// tableGame is what the app asks of a game's side of the table: the
// one place the Model learns which game it hosts (table, among its
// games), so that the app (the screens the games share, a match's
// life, the saves, the seat plumbing) never branches on the game. Each
// game's side implements it: classicTable (classic.go) and okey101Table
// (table101.go), which hand on to ui/playclassic and ui/play101. It is
// three groups: the game's screens, its match, a served table's seat.
type tableGame interface {
	gameScreens
	gameMatch
	gameSeat
}

// gameScreens are a game's screens and what they take in.
type gameScreens interface {
	// name is the game's name in the catalogs (val.classic, say).
	name() string
	// update handles the game's own messages (its bots' answers, its
	// hints, an undo's answer); ok is false for a message that is not
	// the game's.
	update(msg tea.Msg) (cmd tea.Cmd, ok bool)
	// key handles a key on a screen of the game's: the table, resuming,
	// a hand's end, the final table, the score sheet. ok is false on the
	// screens the games share.
	key(k tea.KeyPressMsg) (cmd tea.Cmd, ok bool)
	// render draws a screen of the game's; ok is false as for key.
	render() (s string, ok bool)
	// click handles the mouse on the table.
	click(msg tea.MouseClickMsg) tea.Cmd
	// header is the top line: the game, the hand, and on the table the
	// keys of the help, the settings and quitting (withKeys).
	header(withKeys bool) string
	// overlayLines are the lines of the page over the table on show.
	overlayLines() []string
	// scoreLines are the lines of the score page: every hand so far.
	scoreLines() []string
	// keys are the game's table's keys in groups, as on its help page:
	// a key of another game's table says what it means there.
	keys() [][]key.Binding
	// warm is work worth starting while the first frame is drawn, nil
	// for none.
	warm() tea.Cmd
}

// gameMatch is a game's side of a match's life (match.go): what only
// the game knows of reading, starting, playing and saving its match.
type gameMatch interface {
	// game is the game's name in the settings and in its records'
	// header (settings.GameClassic, Game101).
	game() string
	// present reports whether a match of this game is on the table.
	present() bool
	// phase is where the match stands: a hand being played, a hand
	// over, whose turn it is, and whether the match is over.
	phase() (playing, handOver bool, turn int, over bool)
	// readSaved reads a saved record of the game and replays it (torn:
	// its broken last line, left out), for the match's life (load).
	readSaved(b []byte) (s readBack, torn []byte, err error)
	// start puts a new match with seed and meta on the table.
	start(seed uint64, meta map[string]string) error
	// botLevel is the level named l (the settings') as the game's
	// records save it.
	botLevel(l string) string
	// ask asks the bot of seat for its move in a command under ctx,
	// answering question id within timeout and no sooner than delay.
	ask(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd
	// undo asks for the match without the player's last discard of the
	// hand, in a command whose message update takes in (nil, the status
	// saying why, when there is none).
	undo() tea.Cmd
	// endHand lets go of what the player was doing at the table when
	// its hand ends (a tile picked up, say).
	endHand()
	// record is the match's record as it stands, written whole.
	record() []byte
	// rackJSON is the rack's arrangement as saved; nil for nothing to
	// save.
	rackJSON() []byte
	// takeRack restores the rack's saved arrangement b, when it fits
	// the hand on the table; why says why b is none at all.
	takeRack(b []byte) (why string)
}

// gameSeat is a game's side of a seat at a served table (seat.go).
type gameSeat interface {
	// serves reports whether a served table's update u is of this
	// game (it brings this game's view).
	serves(u seatmsg.Update) bool
	// takeSeat takes in the game of a served table's update u (got: an
	// update came before) and the notes beside its moves, and reports
	// what it made of it for the screen.
	takeSeat(u seatmsg.Update, got bool, n seatlink.Notes) seatlink.Taken
}

// readBack is a saved match of either game read back and replayed
// (tableGame.readSaved), for load.
type readBack struct {
	// version is set when the record is of an unknown version (the
	// error then says so).
	version bool
	// over is set when the match had ended; done is its record, whole.
	over bool
	done []byte
	// tally counts a finished match's end (if it was never counted);
	// adopt puts the match on the table.
	tally, adopt func()
}
