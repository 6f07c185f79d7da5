package play101

import "okey/game/okey101"

// Choosing where a tile goes on the table: the choice in words.

// chooseText says which place is on show and how to choose.
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
