package playclassic

import (
	"errors"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/rack"
	"okey/ui/table"
)

// The player's moves at classic Okey's table that need the rules but no
// screen: moving on the rack and arranging it, and why a move cannot be
// made now, in the player's words.

func (t *Table) tr() *i18n.Catalog { return t.look.Words.Tr }

// TileCase names tile t of the hand on the table in case c.
func (t *Table) TileCase(x tile.Tile, c i18n.Case) string { return t.tr().Tile(x, t.View.Okey, c) }

// TileName writes a tile for messages: R7, or R5 (okey), J (as R5); in
// Turkish kırmızı 7, okey (kırmızı 5), sahte okey (kırmızı 5).
func (t *Table) TileName(x tile.Tile) string { return t.TileCase(x, i18n.Nominative) }

// Sorter is the sorts of the hand on the table.
func (t *Table) Sorter() Sorter { return NewSorter(t.View.Analyzer) }

// MoveCursor moves along the rack (dx, wrapping from row to row) or
// between the rows (dy).
func (t *Table) MoveCursor(dx, dy int) { t.Cursor = rack.Step(t.Cursor, dx, dy) }

// Pick picks up the tile under the cursor, or puts the tile picked up
// down at the cursor.
func (t *Table) Pick() {
	if from, ok := table.PickAt(t.look, &t.said, &t.Rack, t.Cursor, &t.Held, t.TileName); ok {
		t.Rack.Move(from, t.Cursor)
		t.Fresh = -1
	}
}

// Cancel puts a tile picked up back, or says there is nothing to cancel.
func (t *Table) Cancel() {
	if t.Held >= 0 {
		t.Held = -1
		t.said.Flash(false, t.tr().T("status.putback"))
		return
	}
	t.said.Flash(false, t.tr().T("status.nocancel"))
}

// Arrange lays out groups on the rack and says so with the catalogue's
// msg. The cursor stays on its tile, wherever the tile goes (on a tile
// at all if it was on a gap).
func (t *Table) Arrange(groups [][]tile.Tile, msg string) {
	t.Held, t.Fresh = -1, -1
	x := t.Rack.Slots[t.Cursor]
	t.Rack.Pack(groups)
	t.Cursor = t.Rack.Nearest(x, t.Cursor)
	t.said.Flash(false, t.tr().T(msg))
}

// ArrangeBy is seri diz or çift diz. It reports false, and says so, when
// the hand has no such groups; the rack is then left as it was.
func (t *Table) ArrangeBy(mode hand.ArrangeMode) bool {
	groups, ok := t.Sorter().Arranged(t.Rack.Tiles(), mode)
	name := "status.runs"
	if mode == hand.ArrangePairs {
		name = "status.pairs"
	}
	if !ok {
		t.said.Flash(true, t.tr().T(name+".none"))
		return false
	}
	t.Arrange(groups, name)
	return true
}

// WhyNotMyMove says why a move cannot be made now, or "" (readOnly: the
// screen may only look at the match).
func (t *Table) WhyNotMyMove(readOnly bool) string {
	v := &t.View
	w := t.look.Words
	switch {
	case readOnly:
		return w.Tr.T("status.readonly")
	case v.Phase != game.Playing:
		return w.Tr.T("status.notplaying")
	case !v.Active[0]:
		return w.Tr.T("status.youleft")
	case v.Turn != 0:
		return w.Tr.T("status.wait", w.NameIn(v.Turn, i18n.Locative))
	}
	return ""
}

// MayDrawOrTake reports whether the player may draw or take now, and
// says why not when not.
func (t *Table) MayDrawOrTake(readOnly bool) bool {
	why := t.WhyNotMyMove(readOnly)
	if why == "" && t.View.Stage == classic.MustDiscard {
		why = t.tr().T("status.mustdiscard")
	}
	if why != "" {
		t.said.Flash(true, why)
		return false
	}
	return true
}

// Wins reports whether finishing with x would win the hand now: the
// player may finish, and the 14 tiles left win (as the reducer checks
// them, without playing the move).
func (t *Table) Wins(x tile.Tile) bool {
	v := &t.View
	if !v.Legal.Finish || v.Counts[x] == 0 {
		return false
	}
	rest := v.Counts
	rest[x]--
	h, err := v.Analyzer.HandOf(rest)
	return err == nil && v.Analyzer.IsWin(h)
}

// MustDrawFirst says what the player must do before discarding: draw or
// take, or at the empty wall take or end the hand.
func (t *Table) MustDrawFirst() string {
	v := &t.View
	switch {
	case v.WallLeft > 0:
		return t.tr().T("status.mustdraw")
	case v.Top(v.Previous) != tile.NoTile:
		return t.tr().T("status.mustdraw.wallout")
	}
	return t.tr().T("status.mustdraw.end")
}

// WhyNoShow says why the indicator cannot be shown now, or "" when it
// can.
func (t *Table) WhyNoShow(readOnly bool) string {
	v := &t.View
	tr := t.tr()
	switch {
	case readOnly:
		return tr.T("status.readonly")
	case v.Legal.Show:
		return ""
	case !v.Rules.HasOkey():
		return tr.T("status.show.norules")
	case v.Phase != game.Playing:
		return tr.T("status.notplaying")
	case v.Shown[0]:
		return tr.T("status.show.done")
	case v.Acted[0]:
		return tr.T("status.show.late")
	}
	return tr.T("status.show.notile", t.TileName(v.Indicator))
}

// notWinning explains a refused finish: how far the 14 tiles left
// without x are from a win.
func (t *Table) notWinning(x tile.Tile) string {
	an := t.View.Analyzer
	rest := t.View.Counts
	if rest[x] > 0 {
		rest[x]--
	}
	tr := t.tr()
	h, err := an.HandOf(rest)
	if err != nil {
		return tr.T("status.notwinning", t.TileName(x))
	}
	hint := "" // no "(h: hint)" where h is refused (a daily for the record)
	if t.look.Keys != nil && !t.look.Keys.Table.Hint.Enabled() {
		hint = ".nohint"
	}
	switch d := an.Distance(h); d {
	case 0: // cannot happen: the reducer refused; say it plainly
		return tr.T("status.notwinning", t.TileName(x))
	case 1:
		return tr.T("status.notwinning.one"+hint, t.TileName(x))
	default:
		return tr.T("status.notwinning.dist"+hint, t.TileName(x), d)
	}
}

// Refuse tells the player why the referee refused their action on tile
// x.
func (t *Table) Refuse(err error, x tile.Tile) {
	if errors.Is(err, classic.ErrNotWinning) {
		t.said.Flash(true, t.notWinning(x))
		return
	}
	t.said.Flash(true, t.tr().T("status.refused", t.look.Reason(err)))
}
