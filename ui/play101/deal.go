package play101

import (
	"slices"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/rack"
	"okey/ui/table"
)

// The table following the match: a new view taken in, the log of the
// deal, a hand's end, a saved arrangement of the rack taken back.

// Refresh takes in v, the player's view after a move, and brings the
// rack in step with it (a tile drawn comes under the cursor). On a new
// deal it lays the new rack out and reports true: the deal's log is
// then to be written again from its history (DropDeal, AddLog).
func (t *Table) Refresh(v okey101.View) (newDeal bool) {
	hand, redeal := t.View.Hand, t.View.Redeal
	t.View = v
	if v.Phase == okey101.Playing && (v.Hand != hand || v.Redeal != redeal) {
		t.NewHandRack()
		return true
	}
	if v.Phase != okey101.Playing {
		return false // the racks are shown on the page of the hand's end
	}
	before := t.Rack
	added := t.Rack.Reconcile(v.Counts)
	t.DropGone(before)
	if t.Held >= 0 && t.Rack.Slots[t.Held] == tile.NoTile {
		t.Held = -1
	}
	if len(added) == 1 {
		t.Cursor = added[0]
	}
	return false
}

// DropDeal takes the entries of the deal on the table out of the log,
// to be written again.
func (t *Table) DropDeal() {
	deal := table.DealKey(t.View.Hand, t.View.Redeal)
	t.Log = slices.DeleteFunc(t.Log, func(e LogEntry) bool { return e.Deal == deal })
}

// AddLog adds event e of deal d to the log; at is its place in the
// deal's history (-1: not known, at the local table, where no chat line
// is put among the moves). It reports false for the events the log
// leaves out (a hand's end, the match's: their pages say them).
func (t *Table) AddLog(e okey101.Event, at int, d okey101.DealInfo) bool {
	if e.Kind == okey101.EvHandOver || e.Kind == okey101.EvMatchOver {
		return false
	}
	owner := -1
	if (e.Kind == okey101.EvLayOff || e.Kind == okey101.EvTakeBack) && e.Meld >= 0 && e.Meld < len(t.View.Table) {
		owner = t.View.Table[e.Meld].Owner
	}
	t.Log = append(t.Log, LogEntry{Ev: e, Deal: table.DealKey(d.Hand, d.Redeal), At: at, Owner: owner, Okey: d.Indicator.Next()})
	return true
}

// EndHand lets go of what the player was doing on the rack: a tile
// picked up, a place being chosen, a question, the groups.
func (t *Table) EndHand() {
	t.Held, t.Choose, t.Confirm = -1, nil, Confirm{}
	t.Sel, t.Groups = nil, nil
}

// TakeRack puts back the arrangement f saved (its slots read as r) when
// it belongs to the deal on the table and holds its tiles; otherwise
// the rack stays as it is (sorted). A group that does not hold is left
// out.
func (t *Table) TakeRack(f RackFile, r rack.Rack) {
	if f.Game != okey101.GameName || f.Hand != t.View.Hand || f.Redeal != t.View.Redeal {
		return // another game's or deal's: the rack stays sorted
	}
	if r.Counts() != t.View.Counts {
		return
	}
	t.Rack = r
	if f.Cursor >= 0 && f.Cursor < rack.NumSlots {
		t.Cursor = f.Cursor
	}
	valid := func(s []int) bool {
		seen := map[int]bool{}
		for _, i := range s {
			if i < 0 || i >= rack.NumSlots || r.Slots[i] == tile.NoTile || seen[i] {
				return false
			}
			seen[i] = true
		}
		return true
	}
	all := slices.Concat(append([][]int{f.Sel}, f.Groups...)...)
	if valid(all) {
		// A group that no longer reads as one (a save from before
		// groups were taken apart with their tiles, a file edited by
		// hand) is left out: it would be counted as what it is not.
		t.Sel = f.Sel
		t.Groups = slices.DeleteFunc(f.Groups, func(g []int) bool {
			_, why := t.ReadGroup(g, nil)
			return why != ""
		})
	}
}
