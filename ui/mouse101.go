package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/layout"
	"okey/ui/play101"
)

// onClick101 handles the mouse on the 101 table: a click on a tile puts
// the cursor on it (or the tile picked up there), a right click chooses
// it into the group being made (or takes it out); a click on a meld
// lays the tile under the cursor off there (or puts it in the place of
// an okey there; while a place is being chosen, chooses that meld); a
// click on the middle line draws, on the left player's panel takes.
func (m *Model) onClick101(msg tea.MouseClickMsg) tea.Cmd {
	mo := msg.Mouse()
	if m.screen != scrPlay || m.lay.TooSmall || m.overlay != ovNone {
		return nil
	}
	t := m.t
	l := layout.NewTable101(m.width, m.height)
	if i := l.SlotAt(mo.X, mo.Y); i >= 0 {
		t.Choose = nil
		m.flash = ""
		t.Cursor = i
		switch {
		case mo.Button == tea.MouseRight:
			m.t.ToggleSelect(i)
			return m.saveCmd()
		case mo.Button != tea.MouseLeft:
		case t.Held >= 0:
			m.pick101()
			return m.saveCmd()
		case t.Rack.Slots[i] != tile.NoTile:
			m.setFlash(false, m.tr.T("t101.clicked", m.t.TileName(t.Rack.Slots[i])))
		}
		return nil
	}
	if mo.Button != tea.MouseLeft {
		return nil
	}
	rows := m.t.MeldRows(l.Flex.W)
	table, _ := l.Split(len(rows))
	if i := play101.MeldAt(rows, table, mo.X, mo.Y); i >= 0 {
		return m.clickMeld101(i)
	}
	t.Choose = nil
	switch {
	case l.Center.Contains(mo.X, mo.Y):
		m.flash = ""
		return m.tryDraw101()
	case l.Seats[t.View.Previous].Contains(mo.X, mo.Y):
		m.flash = ""
		return m.tryTake101()
	}
	return nil
}

// clickMeld101 puts the tile under the cursor (or the one chosen alone)
// on table meld i: the place being chosen, else a lay-off, else an okey
// taken back.
func (m *Model) clickMeld101(i int) tea.Cmd {
	t := m.t
	m.flash = ""
	if c := t.Choose; c != nil {
		for k, a := range c.Opts {
			if a.Meld == i {
				return m.playPlace101(*c, k)
			}
		}
		m.setFlash(true, m.tr.T("t101.layoff.notthere", m.t.TileName(c.Tile), m.t.MeldName(i)))
		return nil
	}
	slot := t.Cursor
	if len(t.Sel) == 1 {
		slot = t.Sel[0]
	}
	if x := t.Rack.Slots[slot]; x != tile.NoTile && m.whyNotTable101() == "" {
		if tb := m.places101(okey101.ActTakeBack, x, i); len(tb.Opts) > 0 {
			return m.tryOnTable101(okey101.ActTakeBack, i)
		}
	}
	return m.tryOnTable101(okey101.ActLayOff, i)
}
