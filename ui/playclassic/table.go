package playclassic

import (
	"context"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/rack"
	"okey/ui/table"
)

// Tiles a player of classic Okey holds: HandTiles between turns, one
// more after a draw (and the starter's first turn).
const (
	HandTiles = 14
	TurnTiles = HandTiles + 1
)

// Table is a match of classic Okey on the table and what the player is
// doing with it: the match, seat 0's view of it, the bots, the rack,
// the log. Classic's side of the table as the app hosts it
// (ui/hostclassic) holds it, as ui/host101 holds Okey 101's
// play101.Table, so that each game's state stays apart from the app's.
type Table struct {
	// look is what the table draws and writes with (the app's, kept up
	// to date by it and read here: table.Look); said is what it said on
	// the status line during the call under way, which its side hands up
	// (Said).
	look *table.Look
	said table.Said

	G    *classic.Game
	View classic.View
	Bots [classic.NumSeats]botsclassic.Bot

	Rack   rack.Rack
	Cursor int
	Held   int // slot of the tile picked up, -1 for none
	Fresh  int // slot of the tile just drawn or taken, -1
	// Confirm is the slot whose winning tile the player was asked about
	// discarding (x again throws it), -1 for none.
	Confirm int

	Log []LogEntry
	// Logged, when set, hears of every entry added to the log (the
	// app's debug log).
	Logged func(LogEntry)
	// HintID numbers the hints asked for; an answer to an older one is
	// dropped.
	HintID uint64
	// hintStop cancels the hint being worked out (nil: none): esc while
	// the judge weighs the moves.
	hintStop context.CancelFunc
	// hintAgain is what the hint under way was asked with (nil: none),
	// to ask it again if its answer comes after the table moved on.
	hintAgain *hintAsk
	// hintWork, when set, bounds the hint's judge by work instead of
	// time (coach.Options.Playouts): a study's hint that load cannot
	// cut short.
	hintWork int
	// plan is the judge's plan the hint gave at this turn's draw (nil:
	// none), told on after its first step (followPlan); advised is the
	// last move a hint advised and where (Advised).
	plan    *keptPlan
	advised advice
	// Failed counts each seat's failed decisions in a row; past a few
	// the seat's bot is replaced by plain moves.
	Failed [classic.NumSeats]int

	// sentSlot is the slot of a discard a served seat sent and has not
	// seen done yet (-1: none); sentTile its tile (Sent).
	sentSlot int
	sentTile tile.Tile
}

// NewTable is an empty classic table drawn with look: nothing held,
// fresh or waiting to be confirmed.
func NewTable(look *table.Look) Table {
	return Table{look: look, Held: -1, Fresh: -1, Confirm: -1, sentSlot: -1}
}

// Said is what the table said on the status line since it was last
// asked, and nothing said any more: its side hands it up in the reply
// to the app's call (hosting.Reply's Said).
func (t *Table) Said() table.Said { return t.said.Take() }

// keptPlan is a plan the hint gave, with where it was given: the hand
// and the length of the view's history then.
type keptPlan struct {
	plan     coach.TurnPlan
	hand, at int
}

// advice is a move a hint advised, with where: the hand and the length
// of the view's history then (ok: one was advised).
type advice struct {
	act      classic.Action
	hand, at int
	ok       bool
}

// hintAsk is what a hint was asked with, to ask it again when its
// answer comes for a position the table has left.
type hintAsk struct {
	ctx             context.Context
	seed            uint64
	build           BuildBot
	timeout, budget time.Duration
}
