package play101

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/layout"
	"okey/ui/table"
)

// Click handles the mouse on the table laid out as l: a click on a
// tile puts the cursor on it (or the tile picked up there), a right
// click or a second click chooses it into the group being made (or
// takes it out); a click
// on a meld lays the tile under the cursor off there (or puts it in the
// place of an okey there; while a place is being chosen, chooses that
// meld); a click on the middle line draws, on the left player's panel
// takes (when the player may take: else, as on the other panels, it
// opens the stacks' page).
func (t *Table) Click(msg tea.MouseClickMsg, l layout.Table101, at At) Outcome {
	mo := msg.Mouse()
	if i := l.SlotAt(mo.X, mo.Y); i >= 0 {
		t.Choose = nil
		t.said.Flash(false, "")
		again := t.Cursor == i
		t.Cursor = i
		switch {
		case mo.Button == tea.MouseRight:
			t.ToggleSelect(i)
			return ask(table.ReqSave)
		case mo.Button != tea.MouseLeft:
		case t.Held >= 0:
			t.Pick()
			return ask(table.ReqSave)
		case again && t.Rack.Slots[i] != tile.NoTile:
			// A second tap chooses the tile into the group being made
			// (or lets it go), as a right click does: a phone has none.
			t.ToggleSelect(i)
			return ask(table.ReqSave)
		case t.Rack.Slots[i] != tile.NoTile:
			t.said.Flash(false, t.tr().T("t101.clicked", t.TileName(t.Rack.Slots[i])))
		}
		return Outcome{}
	}
	if mo.Button != tea.MouseLeft {
		return Outcome{}
	}
	m, _ := t.PlaceMelds(l)
	if i := m.At(mo.X, mo.Y); i >= 0 {
		return t.clickMeld(i, at)
	}
	t.Choose = nil
	switch {
	case l.Center.Contains(mo.X, mo.Y):
		t.said.Flash(false, "")
		return t.TryDraw(at)
	case l.Seats[t.View.Previous].Contains(mo.X, mo.Y) && t.View.MyTurn() && t.View.Legal.Take:
		t.said.Flash(false, "")
		return t.TryTake(at)
	}
	for seat := 1; seat < len(l.Seats); seat++ {
		if l.Seats[seat].Contains(mo.X, mo.Y) {
			// A panel that takes nothing now looks through the stacks,
			// as b does: a phone has no b.
			return ask(table.ReqBrowse)
		}
	}
	return Outcome{}
}

// clickMeld puts the tile under the cursor (or the one chosen alone) on
// table meld i: the place being chosen, else a lay-off, else an okey
// taken back.
func (t *Table) clickMeld(i int, at At) Outcome {
	t.said.Flash(false, "")
	if c := t.Choose; c != nil {
		for k, a := range c.Opts {
			if a.Meld == i {
				return t.PlayPlace(*c, k)
			}
		}
		return t.warn(t.tr().T("t101.layoff.notthere", t.TileName(c.Tile), t.MeldName(i)))
	}
	slot := t.Cursor
	if len(t.Sel) == 1 {
		slot = t.Sel[0]
	}
	if x := t.Rack.Slots[slot]; x != tile.NoTile && t.WhyNotTable(at) == "" {
		if tb := t.Places(okey101.ActTakeBack, x, i, at.State); len(tb.Opts) > 0 {
			return t.TryOnTable(okey101.ActTakeBack, i, at)
		}
	}
	return t.TryOnTable(okey101.ActLayOff, i, at)
}
