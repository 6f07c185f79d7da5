package play101

import (
	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// The 101 table on a wide, tall terminal, which has room to show more
// at a glance: the indicator a tile in the centre band, the standings
// beside the table above the log (the melds drawn as tiles are
// ui/play101/melds'). Where the room runs short the table is what it is
// on an ordinary terminal: the centre one line.

// renderCenterBand draws the centre as a band of tiles (a wide, tall
// terminal): the indicator as a tile, and beside it, a line each, the
// indicator and the okey, the wall (or d to draw), the player's last
// discard; the whole centred in r.
func (t *Table) renderCenterBand(c *canvas.Canvas, r layout.Rect, sz theme.TileSize) {
	v := &t.View
	words := t.centerWords()
	ww := 0
	for _, s := range words {
		ww = max(ww, canvas.Width(s))
	}
	ww = min(ww, r.W-sz.W-1)
	x := r.X + max(0, (r.W-sz.W-1-ww)/2)
	c.Put(x, r.Y, t.look.St.TileIn(sz, v.Indicator, theme.FramePlain, theme.LabelNone, 0)...)
	y := r.Y + max(0, (sz.H-len(words))/2)
	for i, s := range words {
		if y+i < r.Y+r.H {
			c.Put(x+sz.W+1, y+i, canvas.Within(s, ww))
		}
	}
}

// RenderTotals draws the players' running totals (the score sheet's)
// at the top of r, the log's place beside the table, under the hand
// being played (hand 3 of 11), where they fit with the log under them;
// it returns what is left of r to the log.
func (t *Table) RenderTotals(c *canvas.Canvas, r layout.Rect) layout.Rect {
	v := &t.View
	w := t.look.Words
	seats := make([]table.Total, okey101.NumSeats)
	for s := range seats {
		seats[s] = table.Total{Name: w.SeatName(s), Text: t.Points(v.Scores[s]), Score: v.Scores[s]}
	}
	title := w.Tr.T("totals.title") + " · " + w.Tr.T("t101.hdr.hand", v.Hand, v.Rules.Hands)
	return table.DrawTotals(c, r, title, seats, true, t.look.Paint)
}

// centerWords are the centre's words, painted, one part each: the
// indicator and the okey, the wall (or d to draw on the player's turn),
// the player's last discard (not to one watching). The one-line centre
// joins them with dots, the wide band puts them a line each beside the
// indicator's tile.
func (t *Table) centerWords() []string {
	v := &t.View
	tr := t.tr()
	words := []string{
		t.look.Paint(table.Text, tr.T("t101.center.indicator", tr.Face(v.Indicator))) + " " +
			t.look.Paint(table.Okey, tr.T("t101.center.okey", tr.Face(v.Okey))),
	}
	if v.MyTurn() && v.Legal.Draw {
		words = append(words, t.look.Paint(table.Key, tr.T(t.look.Tap("t101.center.draw"), v.WallLeft)))
	} else {
		words = append(words, t.look.Paint(table.Text, tr.T("t101.center.wall", v.WallLeft)))
	}
	if top := v.Top(0); top != tile.NoTile && !t.look.Words.Watching {
		words = append(words, t.look.Paint(table.Dim, tr.T("t101.center.mine", t.TileName(top))))
	}
	return words
}
