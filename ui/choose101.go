package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/play101"
)

// Choosing where a tile goes on the table: a lay-off (i) or an okey
// taken back (k) with more than one place open to it. The places are
// only the legal ones (the referee takes each); ←→ go from one to the
// next, shown on the table, enter (or the action's key again, or a
// click on the meld) plays it, esc lets it go.

// places101 lists the places on the table tile x may go now with kind
// (onto meld onto only, -1 for any), each one the game takes.
func (m *Model) places101(kind okey101.ActionKind, x tile.Tile, onto int) play101.Choice {
	t := m.t
	v := &t.View
	st := m.state101()
	c := play101.Choice{Kind: kind, Tile: x}
	add := func(a okey101.Action, as tile.Tile) {
		if onto >= 0 && a.Meld != onto {
			return
		}
		if _, _, err := st.Apply(a); err == nil {
			c.Opts = append(c.Opts, a)
			c.As = append(c.As, as)
		}
	}
	melds := v.Melds()
	if kind == okey101.ActTakeBack {
		for _, tb := range v.Analyzer.TakeBacks(v.Counts, melds) {
			if tb.Tile == x {
				add(okey101.TakeBack(0, x, tb.Meld), x)
			}
		}
		return c
	}
	for _, lo := range v.Analyzer.LayOffs(v.Counts, melds) {
		if lo.Tile == x {
			add(okey101.LayOff(0, x, lo.Meld, lo.End), lo.As)
		}
	}
	return c
}

// playPlace101 plays place i of c.
func (m *Model) playPlace101(c play101.Choice, i int) tea.Cmd {
	t := m.t
	t.Choose = nil
	a := c.Opts[i]
	where := m.t.MeldName(a.Meld)
	cmd := m.act101(a, func() {
		t.Rack.Slots[c.Slot] = tile.NoTile
		t.Sel = nil
	})
	if cmd != nil && !m.flashWarn {
		if c.Kind == okey101.ActTakeBack {
			m.setFlash(false, m.tr.T("t101.tookback", m.t.TileName(c.Tile), where))
		} else {
			m.setFlash(false, m.tr.T("t101.laidoff", m.t.TileName(c.Tile), where))
		}
	}
	return cmd
}

// updateChoose101 handles a key while a place is being chosen.
func (m *Model) updateChoose101(k tea.KeyPressMsg) tea.Cmd {
	c := m.t.Choose
	keys := m.keys.Choose101
	tk := m.keys.Table101
	n := len(c.Opts)
	again := c.Kind == okey101.ActLayOff && key.Matches(k, tk.LayOff) || c.Kind == okey101.ActTakeBack && key.Matches(k, tk.TakeBack)
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Cancel):
		m.t.Choose = nil
		m.setFlash(false, m.tr.T("t101.choose.cancel"))
	case key.Matches(k, keys.Prev):
		c.At = (c.At + n - 1) % n
	case key.Matches(k, keys.Next):
		c.At = (c.At + 1) % n
	case key.Matches(k, keys.OK) || again:
		return m.playPlace101(*c, c.At)
	default:
		m.setFlash(true, m.tr.T("t101.choose.keys"))
	}
	return nil
}
