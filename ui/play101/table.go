package play101

import (
	"context"

	"okey/bots/decide101"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/play101/melds"
	"okey/ui/rack"
	"okey/ui/table"
)

// Table is a match of 101 on the table and what the player is doing
// with it.
type Table struct {
	// look is what the table draws and writes with (the app's, kept up
	// to date by it and read here: table.Look); said is what it said on
	// the status line during the call under way, which its side hands up
	// (Said).
	look *table.Look
	said table.Said

	G    *okey101.Game
	View okey101.View // seat 0's
	// Players are the bots of seats 1-3 (0 is the player); Failed counts
	// each seat's failed decisions in a row.
	Players [okey101.NumSeats]decide101.Player
	Failed  [okey101.NumSeats]int
	// Served is a served seat's match, in place of G (nil there).
	Served Served

	Rack   rack.Rack
	Cursor int
	Held   int // slot of the tile picked up to move, -1 for none
	// Sel are the slots chosen into the group being made, in the order
	// chosen; Groups the groups made (slots), waiting to be laid down
	// together (an opening) or one after another.
	Sel    []int
	Groups [][]int
	// Choose is a place on the table being chosen for a tile (a
	// lay-off, an okey taken back), nil when none.
	Choose *Choice
	// Confirm is what x or f pressed again does now: a discard that
	// costs 101, a finish shown first.
	Confirm Confirm
	// advised is the discard the last hint told ends its plan with, and
	// where: the guard against a discard that costs 101 stands down for
	// it (the hint's x does what the hint said, at once).
	advised advisedDiscard
	// Tall is the message the status shows whole, taking lines from the
	// table if it must, while it is on show: the finish shown before f
	// again confirms it, the hint told (the app grows the status for it
	// alone, never for a warning).
	Tall string
	// TallMelds are the table's melds Tall names (those its plan lays
	// off onto or takes an okey from); InSight those the melds drawn
	// keep in sight now, set by the host as it lays the table out
	// (TallMelds while Tall shows, else none).
	TallMelds, InSight []int

	Log []LogEntry
	// Logged, when set, hears of every entry added to the log (the
	// app's debug log), as playclassic's Table.Logged does.
	Logged func(LogEntry)
	HintID uint64
	// hintStop cancels the hint being worked out (nil: none): esc while
	// the judge weighs the plan.
	hintStop context.CancelFunc
	// Hinter works the hint out (nil: decide101.HintCtx, the judge's
	// plan; tests give decide101.HardHint).
	Hinter decide101.Hinter
	// SV is the analysis' working memory for Update (one goroutine).
	SV meld.Solver
	// blocks are the melds drawn as tiles, kept for the next frame
	// (View's: one goroutine).
	blocks melds.Blocks
}

// NewTable is an empty table for a match g (nil: a served seat's, whose
// views come from its table) drawn with look.
func NewTable(look *table.Look, g *okey101.Game) *Table { return &Table{look: look, G: g, Held: -1} }

// Said is what the table said on the status line since it was last
// asked, and nothing said any more: its side hands it up in the reply
// to the app's call (hosting.Reply's Said).
func (t *Table) Said() table.Said { return t.said.Take() }

// LogEntry is a line of the log: an event as seat 0 saw it, or a note.
type LogEntry struct {
	Ev   okey101.Event
	Note string
	Chat bool // the note is a line of the table's chat
	Deal int  // the deal it happened in (hand<<8 | redeal)
	// At is an event's place in its deal's history (-1: not known), a
	// chat line's the number of events before it (ChatLine.At).
	At int
	// Owner is the seat whose meld a lay-off or a take-back was on;
	// Okey the okey of the hand.
	Owner int
	Okey  tile.Tile
	// Text is the entry in words, in the language Lang, and Wrapped its
	// lines at WrapW columns (caches).
	Text, Lang string
	Wrapped    []string
	WrapW      int
}

// advisedDiscard is a discard a hint's plan ends with, and the position
// it is for: the deal, the wall and the rack the steps before it leave
// (ok: one was advised).
type advisedDiscard struct {
	tile         tile.Tile
	hand, redeal int
	wall         int
	counts       tile.Counts
	ok           bool
}

// ConfirmKind is what pressing a key again confirms.
type ConfirmKind uint8

// What a key pressed again confirms.
const (
	ConfirmNone    ConfirmKind = iota
	ConfirmDiscard             // a discard that costs 101 (x)
	ConfirmFinish              // the finish shown (f)
)

// Confirm is what a key pressed again does: its kind, the slot of the
// tile a discard would throw, the actions a finish would play.
type Confirm struct {
	Kind ConfirmKind
	Slot int
	Plan []okey101.Action
}

// Choice is a tile's places on the table: a lay-off (i) or an okey
// taken back (k) with more than one place open to it.
type Choice struct {
	Kind okey101.ActionKind // ActLayOff or ActTakeBack
	Slot int                // the tile's rack slot
	Tile tile.Tile
	Opts []okey101.Action
	// As is what the tile stands for in each place (NoTile: an okey on
	// a set, any colour it lacks).
	As []tile.Tile
	At int
}

// SlotTiles are the tiles of rack slots, in order.
func (t *Table) SlotTiles(slots []int) []tile.Tile {
	out := make([]tile.Tile, 0, len(slots))
	for _, i := range slots {
		if i >= 0 && i < rack.NumSlots && t.Rack.Slots[i] != tile.NoTile {
			out = append(out, t.Rack.Slots[i])
		}
	}
	return out
}

// Served is what the table of a served seat keeps in place of a match
// (Table.G nil): the latest view its table sent (turned to seat 0), and
// a world that agrees with it to try the player's actions on before
// they go (WorldOK: there is one; a spectator has none).
type Served struct {
	View    okey101.View
	World   okey101.State
	WorldOK bool
}
