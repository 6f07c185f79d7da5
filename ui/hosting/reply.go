package hosting

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/seatlink"
	"okey/ui/stats"
	"okey/ui/table"
)

// Reply is what a key or a click at a game's table (or a message of the
// game's own, Game.Update) came to, handed back
// up to the app as one value instead of calls into it: the
// app carries it out (the ui root's carry) in this order — a page over
// the table given the key first, what the table said shown, the plays taken in, an intent's fate
// told, the request carried out, Then said — and runs Cmd, the work the
// side started.
type Reply struct {
	// Page: a page is over the table and the key goes to it first;
	// Lines are the page whole and Area where it scrolls. The app hands
	// the key back (Game.Key again, the page closed) when the page lets
	// it go on to the table.
	Page  bool
	Lines []string
	Area  layout.Rect
	// Said is what the table said on the status line during the call
	// (table.Said), shown by the app first, until the next key.
	Said table.Said
	// News is said as news that outlives the turn coming round to the
	// player (a bot's failure), before the plays are taken in.
	News string
	// Req is what the key asks of the app (table.Req; ReqNone: done at
	// the table, or nothing to do).
	Req table.Req
	// Plays are what the player's actions played here did, in order
	// (Req is ReqPlay; none when the game refused the first).
	Plays []Play
	// Sending: the actions were sent to a served table instead; Sent is
	// what came of it, Went whether they went (the table's word, beside
	// the link's).
	Sending bool
	Sent    seatlink.Sent
	Went    bool
	// Then is said once a play went, unless, with Unwarned, a warning
	// was said meanwhile.
	Then     string
	Unwarned bool
	// Undone is what an undo asked came to (the message of the Cmd a
	// Reply with Req table.ReqUndo carried), for
	// the app to save or go on from; nil for none.
	Undone *Undone
	// Ask is a question for the player of AskSeat, put as the question
	// under way (nil for none): the plain player standing in for a bot
	// that failed.
	Ask     Question
	AskSeat int
	// Rack is the rack's arrangement as saved, for a key that changed
	// it (Req is ReqSave).
	Rack []byte
	// Cmd is work the side started (the hint, worked out in the
	// background; with Req table.ReqUndo, the undo, when Scene.MayUndo
	// let the side build it: the app runs it, the bots' questions let
	// go).
	Cmd tea.Cmd
}

// Undone is what an undo came to: the match put back (OK; Record is
// its record, written whole), or the error that it could not be.
type Undone struct {
	OK     bool
	Err    error
	Record []byte
}

// Answer is a message that answers a question put to a seat's player
// (hosting.Question): the app checks that it is still the one wanted
// (the latest question, the seat's turn) before the game's side plays
// it.
type Answer interface {
	Answer() (id uint64, seat int)
}

// Play is what an action played at a game's table did, for the app to
// take in: the record's new lines, whether the turn was and is the
// player's, whether the hand is over, and what it adds to the
// statistics (Tally, nil for nothing; it reports whether it changed
// them).
type Play struct {
	Lines         []byte
	WasMine, Mine bool
	Over          bool
	Tally         func(f *stats.File) bool
	// Rack is the rack's arrangement as saved, after the play (nil:
	// nothing to save). Playing and Turn are where the hand stands
	// after it, and Next the question for the player whose turn it is,
	// should the app ask it (a bot's): the app saves and asks from
	// these values without asking the side again.
	Rack    []byte
	Playing bool
	Turn    int
	Next    Question
}

// Shared is what a key both tables share (table.CommonKey) comes to at
// a table whose cursor is cur: a step moves the cursor there and then;
// quitting, the help and the settings are requests the app carries out.
// ok is false for a key the game decides.
func Shared(k tea.KeyPressMsg, keys keymap.CommonKeys, cur Cursor) (r Reply, ok bool) {
	c := table.CommonKey(k, keys)
	if dx, dy, ok := c.Step(); ok {
		cur.MoveCursor(dx, dy)
		return Reply{}, true
	}
	switch c {
	case table.Quit:
		return Reply{Req: table.ReqQuit}, true
	case table.Help:
		return Reply{Req: table.ReqHelp}, true
	case table.Settings:
		return Reply{Req: table.ReqSettings}, true
	}
	return Reply{}, false
}

// Question asks the player of seat for its move in a command under
// ctx, answering question id within timeout and no sooner than delay.
type Question func(ctx context.Context, id uint64, seat int, delay, timeout time.Duration) tea.Cmd
