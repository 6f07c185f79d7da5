package playclassic

import (
	"encoding/json"
	"slices"

	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/rack"
	"okey/ui/table"
)

// Adopt makes g the match on the table: the seats' bots at levels
// (built by build for every decision, each from its seat's seed in
// seeds: daily.SeatSeeds), the view, a freshly laid
// rack and the log of the hand so far.
func (t *Table) Adopt(g *classic.Game, seeds [classic.NumSeats]uint64, levels [classic.NumSeats]string, build BuildBot) {
	t.G = g
	for s := 1; s < classic.NumSeats; s++ {
		t.Bots[s] = NewSeatBot(levels[s], seeds[s], build)
		t.Failed[s] = 0
	}
	t.Log = t.Log[:0]
	t.Held, t.Fresh = -1, -1
	t.View = g.State().View(0)
	t.NewHandRack()
	t.fillLog()
}

// fillLog adds the hand's history on the table to the log.
func (t *Table) fillLog() {
	for i, e := range t.View.History {
		t.AddLog(e, i)
	}
}

// Refresh reads the match's view again and brings the rack in step
// with it.
func (t *Table) Refresh() { t.TakeView(t.G.State().View(0)) }

// TakeView makes v the view on the table and brings the rack and the log
// in step with it.
func (t *Table) TakeView(v classic.View) {
	hand := t.View.Hand
	t.View = v
	if t.View.Hand != hand {
		// The log goes on from the hand before (a tall terminal shows
		// more than one hand of it); the new hand's own entries come
		// from its history.
		t.NewHandRack()
		t.Log = slices.DeleteFunc(t.Log, func(e LogEntry) bool { return e.Hand == t.View.Hand })
		t.fillLog()
		return
	}
	added := t.Rack.Reconcile(t.View.Counts)
	if t.Held >= 0 && t.Rack.Slots[t.Held] == tile.NoTile {
		t.Held = -1
	}
	t.Fresh = -1
	if len(added) == 1 {
		t.Fresh = added[0]
		t.Cursor = added[0]
	}
}

// NewHandRack lays out a freshly dealt rack, sorted by colour.
func (t *Table) NewHandRack() {
	t.Rack = rack.New()
	t.Rack.Reconcile(t.View.Counts)
	t.Rack.Pack(t.Sorter().ByColour(t.Rack.Tiles()))
	t.Cursor, t.Held, t.Fresh = 0, -1, -1
}

// AddLog adds event e of the hand on the table to the log; at is its
// place in the hand's history (-1: not known, at the local table, where
// no chat line is put among the moves). Logged, if set, hears of it.
func (t *Table) AddLog(e classic.Event, at int) {
	if e.Kind == classic.EvHandOver || e.Kind == classic.EvMatchOver {
		return
	}
	t.Log = append(t.Log, LogEntry{Ev: e, Hand: t.HandNo(), Okey: t.View.Okey, At: at})
	if t.Logged != nil {
		t.Logged(t.Log[len(t.Log)-1])
	}
	t.TrimLog()
}

// TrimLog keeps the log at most table.MaxLog entries long.
func (t *Table) TrimLog() { t.Log = table.TrimLog(t.Log) }

// rackFile is the saved arrangement of the rack.
type rackFile struct {
	Hand   int         `json:"hand"`
	Cursor int         `json:"cursor"`
	Slots  []tile.Tile `json:"slots"`
}

// RackJSON is the rack's arrangement as saved; nil (nothing to save)
// if it cannot be written, which only an invalid tile would cause.
func (t *Table) RackJSON() []byte {
	b, err := json.Marshal(rackFile{Hand: t.View.Hand, Cursor: t.Cursor, Slots: t.Rack.Slots[:]})
	if err != nil {
		return nil
	}
	return b
}

// LoadRack restores a saved arrangement b (read as both games read
// theirs, rack.Read) when it belongs to this hand and holds this hand's
// tiles; otherwise the rack stays sorted. why says why b is no
// arrangement at all ("" when it is one).
func (t *Table) LoadRack(b []byte) (why string) {
	f, r, why := rack.Read(b, func(f *rackFile) []tile.Tile { return f.Slots })
	if why != "" {
		return why
	}
	if f.Hand != t.View.Hand {
		return "" // an earlier hand's: the rack stays sorted
	}
	r.Reconcile(t.View.Counts)
	t.Rack = r
	if f.Cursor >= 0 && f.Cursor < rack.NumSlots {
		t.Cursor = f.Cursor
	}
	return ""
}

// UndoneMsg is the match replayed without the player's last discard
// (Undo), the undo frame's message (table.UndoneMsg).
type UndoneMsg = table.UndoneMsg[*classic.Game]

// Undo is the command that replays the match without the player's own
// last discard of the hand (counting the undo in the record), nil when
// there is none, which the status line says.
func (t *Table) Undo() tea.Cmd {
	rec := t.G.Record()
	var ok bool
	rec.Actions, ok = table.CutLastDiscard(rec.Actions, rec.Meta, func(a classic.Action) bool { return a.Kind == classic.ActNextHand },
		func(a classic.Action) bool { return a.Kind == classic.ActDiscard && a.Seat == 0 })
	return table.Undo(t.look, &t.said, ok, t.G.State().Moves(), func() (*classic.Game, error) { return rec.Replay() })
}

// Undone puts the match back to before the discard msg took back, if
// nothing moved meanwhile (ok), with the cursor on the tile back on the
// rack; the status line says so, or why it could not be undone (err:
// ask the next player).
func (t *Table) Undone(msg UndoneMsg) (ok bool, err error) {
	return table.Undone(t.look, &t.said, t.moves(), msg, func(g *classic.Game) string {
		back := t.G.Record().Actions[len(g.Record().Actions)]
		t.G = g
		t.Refresh()
		t.Log = t.Log[:0] // this hand's moves, as they now stand
		t.fillLog()
		t.CursorOn(back.Tile)
		return t.TileName(back.Tile)
	})
}

// moves is the number of moves the match on the table has made, -1 for
// none on it (a served seat's).
func (t *Table) moves() int {
	if t.G == nil {
		return -1
	}
	return t.G.State().Moves()
}
