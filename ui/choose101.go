package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
)

// Choosing where a tile goes on the table: a lay-off (i) or an okey
// taken back (k) with more than one place open to it. The places are
// only the legal ones (the referee takes each); ←→ go from one to the
// next, shown on the table, enter (or the action's key again, or a
// click on the meld) plays it, esc lets it go.

// choice101 is a tile's places on the table.
type choice101 struct {
	kind okey101.ActionKind // ActLayOff or ActTakeBack
	slot int                // the tile's rack slot
	tile tile.Tile
	opts []okey101.Action
	// as is what the tile stands for in each place (NoTile: an okey on
	// a set, any colour it lacks).
	as []tile.Tile
	at int
}

// places101 lists the places on the table tile x may go now with kind
// (onto meld onto only, -1 for any), each one the game takes.
func (m *Model) places101(kind okey101.ActionKind, x tile.Tile, onto int) choice101 {
	t := m.t
	v := &t.view
	st := m.state101()
	c := choice101{kind: kind, tile: x}
	add := func(a okey101.Action, as tile.Tile) {
		if onto >= 0 && a.Meld != onto {
			return
		}
		if _, _, err := st.Apply(a); err == nil {
			c.opts = append(c.opts, a)
			c.as = append(c.as, as)
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
func (m *Model) playPlace101(c choice101, i int) tea.Cmd {
	t := m.t
	t.choose = nil
	a := c.opts[i]
	where := m.meldName(a.Meld)
	cmd := m.act101(a, func() {
		t.rack.Slots[c.slot] = tile.NoTile
		t.sel = nil
	})
	if cmd != nil && !m.flashWarn {
		if c.kind == okey101.ActTakeBack {
			m.setFlash(false, m.tr.T("t101.tookback", m.tileName101(c.tile), where))
		} else {
			m.setFlash(false, m.tr.T("t101.laidoff", m.tileName101(c.tile), where))
		}
	}
	return cmd
}

// updateChoose101 handles a key while a place is being chosen.
func (m *Model) updateChoose101(k tea.KeyPressMsg) tea.Cmd {
	c := m.t.choose
	keys := m.keys.Choose101
	tk := m.keys.Table101
	n := len(c.opts)
	again := c.kind == okey101.ActLayOff && key.Matches(k, tk.LayOff) || c.kind == okey101.ActTakeBack && key.Matches(k, tk.TakeBack)
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Cancel):
		m.t.choose = nil
		m.setFlash(false, m.tr.T("t101.choose.cancel"))
	case key.Matches(k, keys.Prev):
		c.at = (c.at + n - 1) % n
	case key.Matches(k, keys.Next):
		c.at = (c.at + 1) % n
	case key.Matches(k, keys.OK) || again:
		return m.playPlace101(*c, c.at)
	default:
		m.setFlash(true, m.tr.T("t101.choose.keys"))
	}
	return nil
}

// chooseText says which place is on show and how to choose.
func (m *Model) chooseText101() string {
	c := m.t.choose
	a := c.opts[c.at]
	where := m.meldName(a.Meld)
	as := ""
	if c.as[c.at].Valid() && c.as[c.at] != c.tile {
		as = " " + m.tr.T("t101.as", m.faceText(c.as[c.at])) // "(sarı 1 yerine)"
	}
	base := "t101.choose.layoff"
	if c.kind == okey101.ActTakeBack {
		base = "t101.choose.takeback"
	}
	return m.upFirst(m.tr.T(base, m.tileName101(c.tile), where, as, c.at+1, len(c.opts)))
}
