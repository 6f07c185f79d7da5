package bots101

import (
	"errors"
	"fmt"
	"slices"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// board is a bot's working copy of its turn: its rack, the table as
// plain melds, how it stands, and the taken discard it still owes. A bot
// plans a turn by playing actions on a board, which checks them as the
// referee would (with the meld package's operations, so that both judge
// alike) and keeps the actions played, in order, to be returned one a
// call.
type board struct {
	an     meld.Analyzer
	seat   int
	rack   tile.Counts
	table  []meld.Meld
	status meld.Status
	thr    int
	okp    bool
	// owed is the discard taken this turn that has yet to go onto the
	// table (tile.NoTile if none); base the rack's copies of it before
	// the take.
	owed tile.Tile
	base uint8
	acts []okey101.Action
	// racks[i] and tables[i] are the rack and (a fingerprint of) the
	// table acts[i] leaves.
	racks  []tile.Counts
	tables []uint64
	// over is set once the planned turn has ended (a discard) or left
	// the play stage (a give-back).
	over bool
}

// errPlan is wrapped by a board's refusal: a planning mistake, never
// shown to the referee.
var errPlan = errors.New("bot plan refused")

// boardOf is the board of a view's seat in the play (or first-discard)
// stage.
func boardOf(v *okey101.View) *board {
	b := &board{
		an: v.Analyzer, seat: v.Seat, rack: v.Counts, table: v.Melds(),
		status: v.Opened[v.Seat].Status, thr: v.Threshold, okp: v.Rules.OkeyPair,
		owed: tile.NoTile,
	}
	if v.Taken.Tile.Valid() && !v.Taken.Used {
		b.owed = v.Taken.Tile
		if k := v.Counts[b.owed]; k > 0 {
			b.base = k - 1
		}
	}
	return b
}

// clone is an independent copy, to try a line of play.
func (b *board) clone() *board {
	c := *b
	c.table = slices.Clone(b.table)
	c.acts = slices.Clone(b.acts)
	c.racks = slices.Clone(b.racks)
	c.tables = slices.Clone(b.tables)
	return &c
}

// turn is the meld package's view of the board.
func (b *board) turn() meld.Turn {
	return meld.Turn{Status: b.status, Threshold: b.thr, OkeyPair: b.okp, Taken: b.owed}
}

// owes reports whether the taken discard still has to go onto the table.
func (b *board) owes() bool { return b.owed != tile.NoTile }

// settle marks the taken discard used once the rack holds no more
// copies of it than before the take.
func (b *board) settle() {
	if b.owes() && b.rack[b.owed] <= b.base {
		b.owed = tile.NoTile
	}
}

// remove takes the groups' tiles out of a copy of the rack.
func (b *board) remove(groups []meld.Meld) (tile.Counts, error) {
	r := b.rack
	for _, m := range groups {
		for _, t := range m.Tiles {
			if !t.Valid() || r[t] == 0 {
				return r, fmt.Errorf("%w: %v not in the rack", errPlan, t)
			}
			r[t]--
		}
	}
	return r, nil
}

// keepsOne checks what stays after a table action: a tile to discard,
// and one besides the taken tile while it is owed.
func (b *board) keepsOne(r tile.Counts) error {
	left := r.Total()
	if left == 0 || b.owes() && r[b.owed] > b.base && left < 2 {
		return fmt.Errorf("%w: a tile must stay in the rack", errPlan)
	}
	return nil
}

func groupsOf(ms []meld.Meld) [][]tile.Tile {
	gs := make([][]tile.Tile, len(ms))
	for i, m := range ms {
		gs[i] = slices.Clone(m.Tiles)
	}
	return gs
}

// open opens with melds (or pairs) read by the meld package.
func (b *board) open(ms []meld.Meld, pairs bool) error {
	if b.status != meld.NotOpened || len(ms) == 0 {
		return fmt.Errorf("%w: cannot open", errPlan)
	}
	r, err := b.remove(ms)
	if err != nil {
		return err
	}
	if pairs && len(ms) < 5 {
		return fmt.Errorf("%w: %d pairs", errPlan, len(ms))
	}
	if !pairs {
		v := 0
		for _, m := range ms {
			v += m.Value()
		}
		if v < b.thr {
			return fmt.Errorf("%w: opening worth %d of %d", errPlan, v, b.thr)
		}
	}
	if b.owes() && r[b.owed] > b.base {
		return fmt.Errorf("%w: the taken %v is not in the opening", errPlan, b.owed)
	}
	if err := b.keepsOne(r); err != nil {
		return err
	}
	b.rack = r
	b.table = append(b.table, ms...)
	b.status = meld.OpenedMelds
	a := okey101.Open(b.seat, groupsOf(ms)...)
	if pairs {
		b.status = meld.OpenedPairs
		a = okey101.OpenPairs(b.seat, groupsOf(ms)...)
	}
	b.settle()
	b.push(a)
	return nil
}

// lay lays new melds (pairs for a pair opener).
func (b *board) lay(ms []meld.Meld) error {
	if b.status == meld.NotOpened || len(ms) == 0 {
		return fmt.Errorf("%w: cannot lay", errPlan)
	}
	for _, m := range ms {
		if (m.Kind == meld.Pair) != (b.status == meld.OpenedPairs) {
			return fmt.Errorf("%w: %v after %v", errPlan, m, b.status)
		}
	}
	r, err := b.remove(ms)
	if err != nil {
		return err
	}
	if err := b.keepsOne(r); err != nil {
		return err
	}
	b.rack = r
	b.table = append(b.table, ms...)
	b.settle()
	b.push(okey101.Lay(b.seat, groupsOf(ms)...))
	return nil
}

// layOff lays t off onto table meld i.
func (b *board) layOff(t tile.Tile, i int, end meld.End) error {
	if b.status == meld.NotOpened || i < 0 || i >= len(b.table) || !t.Valid() || b.rack[t] == 0 {
		return fmt.Errorf("%w: cannot lay %v off on %d", errPlan, t, i)
	}
	nm, _, err := b.an.LayOff(b.table[i], t, end)
	if err != nil {
		return fmt.Errorf("%w: %w", errPlan, err)
	}
	r := b.rack
	r[t]--
	if err := b.keepsOne(r); err != nil {
		return err
	}
	b.rack = r
	b.table[i] = nm
	b.settle()
	b.push(okey101.LayOff(b.seat, t, i, end))
	return nil
}

// takeBack puts t in the place of an okey of table meld i.
func (b *board) takeBack(t tile.Tile, i int) error {
	if b.status == meld.NotOpened || i < 0 || i >= len(b.table) || !t.Valid() || b.rack[t] == 0 {
		return fmt.Errorf("%w: cannot take back with %v from %d", errPlan, t, i)
	}
	nm, was, _, err := b.an.TakeBack(b.table[i], t)
	if err != nil {
		return fmt.Errorf("%w: %w", errPlan, err)
	}
	b.rack[t]--
	b.rack[b.table[i].Tiles[was]]++
	b.table[i] = nm
	b.settle()
	b.push(okey101.TakeBack(b.seat, t, i))
	return nil
}

// discard ends the planned turn with t.
func (b *board) discard(t tile.Tile) error {
	if b.owes() || !t.Valid() || b.rack[t] == 0 {
		return fmt.Errorf("%w: cannot discard %v", errPlan, t)
	}
	b.rack[t]--
	b.over = true
	b.push(okey101.Discard(b.seat, t))
	return nil
}

// push records an action played on the board and the rack it leaves.
func (b *board) push(a okey101.Action) {
	b.acts = append(b.acts, a)
	b.racks = append(b.racks, b.rack)
	b.tables = append(b.tables, tableHash(len(b.table), func(i int) meld.Meld { return b.table[i] }))
}

// giveBack gives the taken discard back: the turn goes back to drawing.
func (b *board) giveBack() {
	if b.owes() {
		b.rack[b.owed]--
		b.owed = tile.NoTile
	}
	b.over = true
	b.push(okey101.GiveBack(b.seat))
}

// cost is what discarding t costs at once: 101 for an okey or an işler
// taş (with the islek rule), 0 otherwise.
func (b *board) cost(t tile.Tile, islek bool, set tile.TileSet) int {
	if b.an.IsOkey(t) || islek && set.Has(t) {
		return okey101.PenaltyPoints
	}
	return 0
}

// takeBoard is the board of a view's seat in the draw stage after taking
// the previous discard t.
func takeBoard(v *okey101.View, t tile.Tile) *board {
	b := boardOf(v)
	b.owed, b.base = t, b.rack[t]
	b.rack[t]++
	b.push(okey101.Take(b.seat))
	return b
}

// apply plays an action of the meld package's making (a finishing
// plan's) on the board.
func (b *board) apply(a okey101.Action) error {
	switch a.Kind {
	case okey101.ActOpen, okey101.ActLay:
		ms := make([]meld.Meld, len(a.Melds))
		for i, g := range a.Melds {
			var err error
			if a.Pairs || a.Kind == okey101.ActLay && b.status == meld.OpenedPairs {
				ms[i], err = b.an.ReadPair(g, b.okp)
			} else {
				ms[i], err = b.an.Read(g)
			}
			if err != nil {
				return fmt.Errorf("%w: %w", errPlan, err)
			}
		}
		if a.Kind == okey101.ActOpen {
			return b.open(ms, a.Pairs)
		}
		return b.lay(ms)
	case okey101.ActLayOff:
		return b.layOff(a.Tile, a.Meld, a.End)
	case okey101.ActTakeBack:
		return b.takeBack(a.Tile, a.Meld)
	case okey101.ActDiscard:
		return b.discard(a.Tile)
	case okey101.ActGiveBack:
		b.giveBack()
		return nil
	}
	return fmt.Errorf("%w: %v is not a table action", errPlan, a.Kind)
}

// tableHash is a fingerprint of the table's melds, their tiles in order
// (FNV-1a).
func tableHash(n int, meldAt func(int) meld.Meld) uint64 {
	h := uint64(14695981039346656037)
	for i := range n {
		for _, t := range meldAt(i).Tiles {
			h = (h ^ uint64(t)) * 1099511628211
		}
		h = (h ^ 0xff) * 1099511628211
	}
	return h
}
