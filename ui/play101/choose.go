package play101

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/table"
)

// Choosing where a tile goes on the table: a lay-off (i) or an okey
// taken back (k) with more than one place open to it. The places are
// only the legal ones (the referee takes each); ←→ go from one to the
// next, shown on the table, enter (or the action's key again, or a
// click on the meld) plays it, esc lets it go.

// ChooseText says which place is on show and how to choose.
func (t *Table) ChooseText() string {
	c := t.Choose
	a := c.Opts[c.At]
	where := t.MeldName(a.Meld)
	as := ""
	if c.As[c.At].Valid() && c.As[c.At] != c.Tile {
		as = " " + t.tr().T("t101.as", t.tr().Face(c.As[c.At])) // "(sarı 1 yerine)"
	}
	base := "t101.choose.layoff"
	if c.Kind == okey101.ActTakeBack {
		base = "t101.choose.takeback"
	}
	return t.tr().UpFirst(t.tr().T(base, t.TileName(c.Tile), where, as, c.At+1, len(c.Opts)))
}

// Places lists the places on the table tile x may go now with kind
// (onto meld onto only, -1 for any), each one state st takes.
func (t *Table) Places(kind okey101.ActionKind, x tile.Tile, onto int, st okey101.State) Choice {
	v := &t.View
	c := Choice{Kind: kind, Tile: x}
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

// PlayPlace plays place i of c.
func (t *Table) PlayPlace(c Choice, i int) Outcome {
	t.Choose = nil
	a := c.Opts[i]
	where := t.MeldName(a.Meld)
	o := play(a, func() {
		t.Rack.Slots[c.Slot] = tile.NoTile
		t.Sel = nil
	})
	o.Unwarned = true
	if c.Kind == okey101.ActTakeBack {
		o.Then = t.tr().T("t101.tookback", t.TileName(c.Tile), where)
	} else {
		o.Then = t.tr().T("t101.laidoff", t.TileName(c.Tile), where)
	}
	return o
}

// KeyChoose handles a key while a place is being chosen.
func (t *Table) KeyChoose(k tea.KeyPressMsg) Outcome {
	c := t.Choose
	keys := t.look.Keys.Choose101
	tk := t.look.Keys.Table101
	n := len(c.Opts)
	again := c.Kind == okey101.ActLayOff && key.Matches(k, tk.LayOff) || c.Kind == okey101.ActTakeBack && key.Matches(k, tk.TakeBack)
	switch {
	case key.Matches(k, keys.Quit):
		return ask(table.ReqQuit)
	case key.Matches(k, keys.Cancel):
		t.Choose = nil
		t.said.Flash(false, t.tr().T("t101.choose.cancel"))
	case key.Matches(k, keys.Prev):
		c.At = (c.At + n - 1) % n
	case key.Matches(k, keys.Next):
		c.At = (c.At + 1) % n
	case key.Matches(k, keys.OK) || again:
		return t.PlayPlace(*c, c.At)
	default:
		t.said.Flash(true, t.tr().T("t101.choose.keys"))
	}
	return Outcome{}
}

// TryOnTable lays the tile of the slot chosen alone (else the cursor's)
// off onto the table, or puts it in the place of an okey there (kind
// ActLayOff or ActTakeBack); only onto meld onto (-1: any). With more
// than one place for it, the player chooses.
func (t *Table) TryOnTable(kind okey101.ActionKind, onto int, at At) Outcome {
	if why := t.WhyNotTable(at); why != "" {
		return t.warn(why)
	}
	v := &t.View
	slot := t.Cursor
	if len(t.Sel) == 1 {
		slot = t.Sel[0]
	}
	x := t.Rack.Slots[slot]
	switch {
	case v.Opened[0].Status == meld.NotOpened:
		return t.warn(t.tr().T("t101.table.notopened"))
	case x == tile.NoTile:
		return t.warn(t.tr().T("t101.table.notile"))
	case len(v.Table) == 0:
		return t.warn(t.tr().T("t101.table.empty"))
	}
	c := t.Places(kind, x, onto, at.State)
	c.Slot = slot
	switch {
	case len(c.Opts) == 0:
		return t.warn(t.noPlace(kind, x, onto, at.State))
	case len(c.Opts) == 1:
		return t.PlayPlace(c, 0)
	}
	t.Choose = &c
	return Outcome{}
}

// noPlace says why tile x has no place on the table (onto meld onto, -1
// for any).
func (t *Table) noPlace(kind okey101.ActionKind, x tile.Tile, onto int, st okey101.State) string {
	name := t.TileName(x)
	if kind == okey101.ActTakeBack {
		return t.tr().T("t101.takeback.none", name)
	}
	if tb := t.Places(okey101.ActTakeBack, x, onto, st); len(tb.Opts) > 0 {
		return t.tr().T("t101.layoff.okey", name)
	}
	if onto >= 0 {
		return t.tr().T("t101.layoff.notthere", name, t.MeldName(onto))
	}
	return t.tr().T("t101.layoff.none", name)
}
