package playclassic

import (
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
)

// Guide says what the player may do now in a hand being played, at a
// table the player may move at (the app says first when the screen only
// looks, or a served seat has its own word).
func (t *Table) Guide() string {
	v := &t.View
	w := t.look.Words
	tr := w.Tr
	if !v.Active[0] {
		return tr.T("guide.left")
	}
	show := ""
	if v.Legal.Show {
		show = " " + tr.T("guide.show", tr.Face(v.Indicator))
	}
	if v.Turn != 0 {
		return tr.T("guide.wait", w.SeatName(v.Turn)) + show
	}
	if t.Held >= 0 {
		return tr.T(t.look.Tap("guide.holding"))
	}
	if v.Stage == classic.MustDraw {
		top := v.Top(v.Previous)
		switch {
		case v.WallLeft == 0 && top != tile.NoTile:
			return tr.T("guide.wallout.take", t.TileCase(top, i18n.Accusative))
		case v.WallLeft == 0:
			return tr.T("guide.wallout")
		case top != tile.NoTile:
			return tr.T(t.look.Tap("guide.draw.take"), w.NameIn(v.Previous, i18n.Genitive), t.TileCase(top, i18n.Accusative)) + show
		}
		return tr.T(t.look.Tap("guide.draw")) + show
	}
	if len(v.History) <= 1 && v.Counts.Total() == TurnTiles {
		return tr.T(t.look.Tap("guide.start")) + show
	}
	return tr.T(t.look.Tap("guide.discard"))
}
