package playclassic

import (
	"okey/game"
	"okey/game/tile"
)

// Sent notes a discard (or a finish) a served seat sent from slot of
// the rack, throwing x: until the table's next view shows it done, the
// tile stays in its slot.
func (t *Table) Sent(slot int, x tile.Tile) { t.sentSlot, t.sentTile = slot, x }

// TakeServed takes in a served seat's view v, turned to seat 0, as the
// match's own view is taken at a local table: at a new match (fresh)
// the view whole, a freshly laid rack and the log from its history;
// else the rack and the log brought in step (TakeView, then the
// hand's events not logged yet). A discard sent leaves the slot it was
// thrown from, not another copy of the tile.
func (t *Table) TakeServed(v game.View, fresh bool) {
	old := t.View
	slot, x := t.sentSlot, t.sentTile
	t.sentSlot = -1
	if fresh {
		t.View = v
		t.Log = t.Log[:0]
		t.NewHandRack()
		t.fillLog()
		return
	}
	if slot >= 0 && v.Counts[x] < old.Counts[x] && t.Rack.Slots[slot] == x {
		t.Rack.Slots[slot] = tile.NoTile
	}
	t.TakeView(v)
	if v.Hand == old.Hand {
		for i := min(len(old.History), len(v.History)); i < len(v.History); i++ {
			t.AddLog(v.History[i], i)
		}
	}
}
