package play101

import (
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/kit/i18n"
)

// Guide says what the player may do now in a hand being played, at a
// table the player may move at (the app says first when the screen only
// looks, or a served seat has its own word).
func (t *Table) Guide() string {
	v := &t.View
	w := t.look.Words
	tr := w.Tr
	switch {
	case v.Turn != 0:
		return tr.T("guide.wait", w.SeatName(v.Turn))
	case t.Held >= 0:
		return tr.T(t.look.Tap("guide.holding"))
	case v.Stage == okey101.StageFirst:
		return tr.T(t.look.Tap("t101.guide.first"))
	case v.Stage == okey101.StageDraw && v.Legal.Take:
		return tr.T(t.look.Tap("t101.guide.draw.take"), w.NameIn(v.Previous, i18n.Genitive), t.TileCase(v.Top(v.Previous), i18n.Accusative))
	case v.Stage == okey101.StageDraw:
		return tr.T(t.look.Tap("t101.guide.draw"))
	case v.Legal.GiveBack:
		return tr.T("t101.guide.owed", t.TileCase(v.Taken.Tile, i18n.Accusative))
	case len(t.Sel) > 0:
		return tr.T(t.look.Tap("t101.guide.sel"))
	case len(t.Groups) > 0 && v.Opened[0].Status == meld.NotOpened:
		return tr.T(t.look.Tap("t101.guide.groups.open"))
	case len(t.Groups) > 0:
		return tr.T(t.look.Tap("t101.guide.groups.lay"))
	case v.Counts.Total() == 1:
		return tr.T(t.look.Tap("t101.guide.last"))
	case v.Opened[0].Status == meld.NotOpened && t.look.Keys != nil && !t.look.Keys.Table101.Hint.Enabled():
		// No "h: hint" where h is refused (a daily for the record).
		return tr.T(t.look.Tap("t101.guide.open.nohint"))
	case v.Opened[0].Status == meld.NotOpened:
		return tr.T(t.look.Tap("t101.guide.open"))
	}
	return tr.T(t.look.Tap("t101.guide.opened"))
}
