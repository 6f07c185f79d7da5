package play101

import (
	"strings"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// The 101 table on a wide, tall terminal (issue 21, point 5): the
// melds drawn as tiles, each seat's under its name, the indicator a
// tile in the centre band, the standings beside the table above the
// log. Where the room runs short the table is what it is on an
// ordinary terminal: the melds as text, the centre one line.

// Melds are the table's melds placed in their area (PlaceMelds): as
// tiles of size Tile (Pieces: each seat's label and each meld at its
// place in Area), or, where no size of tiles lets them all fit whole
// (Tile.W 0), as lines of text (Rows). H is the lines they take.
type Melds struct {
	Area   layout.Rect
	Tile   theme.TileSize
	Pieces []MeldPiece
	Rows   [][]MeldPiece
	H      int
}

// meldTileGap is the columns between two melds drawn as tiles.
const meldTileGap = 2

// PlaceMelds places the melds on the table laid out as l, and returns
// the log's rectangle: in the biggest tiles the layout offers
// (l.MeldTiles) in which every meld fits whole in the flexible area,
// else as text, as an ordinary terminal shows them. Drawing and the
// mouse both read it, so a click lands on the meld drawn.
func (t *Table) PlaceMelds(l layout.Table101) (Melds, layout.Rect) {
	for _, sz := range l.MeldTiles {
		// A column is left before the log's line: tiles against it
		// read as one with it.
		if ps, h, ok := t.meldTiles(l.Flex.W-1, sz); ok && h <= l.Flex.H {
			area, log := l.Split(h)
			return Melds{Area: area, Tile: sz, Pieces: ps, H: h}, log
		}
	}
	rows := t.MeldRows(l.Flex.W)
	area, log := l.Split(len(rows))
	return Melds{Area: area, Rows: rows, H: len(rows)}, log
}

// meldTiles lays the melds out as tiles of size sz in w columns, grouped
// by the seat that laid them down: the seat's name and opening on a
// line, then its melds, as many a line as fit. It returns the pieces,
// the lines they take, and false when there are no melds or a meld is
// wider than a line (a meld is never cut).
func (t *Table) meldTiles(w int, sz theme.TileSize) ([]MeldPiece, int, bool) {
	v := &t.View
	if len(v.Table) == 0 {
		return nil, 0, false
	}
	var ps []MeldPiece
	y := 0
	for _, seat := range MeldOrder {
		first := true
		x := 0
		for i := range v.Table {
			tm := &v.Table[i]
			if tm.Owner != seat {
				continue
			}
			if first {
				label := canvas.Cut(t.host.Words().SeatName(seat)+" "+t.openingShort(v.Opened[seat]), w)
				ps = append(ps, MeldPiece{Y: y, W: canvas.Width(label), H: 1, Meld: -1, Styled: t.host.Paint(table.Bold, label)})
				y++
				first = false
			}
			pw := len(tm.Meld.Tiles) * sz.W
			if meldIndent+pw > w {
				return nil, 0, false
			}
			if x > 0 && x+pw > w {
				y += sz.H
				x = 0
			}
			if x == 0 {
				x = meldIndent
			}
			ps = append(ps, MeldPiece{X: x, Y: y, W: pw, H: sz.H, Meld: i})
			x += pw + meldTileGap
		}
		if !first {
			y += sz.H
		}
	}
	return ps, y, true
}

// At is the table meld drawn at the cell (x, y), or -1.
func (m Melds) At(x, y int) int {
	if m.Tile.W == 0 {
		return MeldAt(m.Rows, m.Area, x, y)
	}
	for _, p := range m.Pieces {
		r := layout.Rect{X: m.Area.X + p.X, Y: m.Area.Y + p.Y, W: p.W, H: p.H}
		if p.Meld >= 0 && m.Area.Contains(x, y) && r.Contains(x, y) {
			return p.Meld
		}
	}
	return -1
}

// renderMeldTiles draws the melds placed as tiles: each label, and
// each meld's tiles side by side, the meld being chosen for a tile in
// the cursor's frame.
func (t *Table) renderMeldTiles(c *canvas.Canvas, m Melds) {
	chosen := -1
	if ch := t.Choose; ch != nil {
		chosen = ch.Opts[ch.At].Meld
	}
	for _, p := range m.Pieces {
		if p.Meld < 0 {
			c.Put(m.Area.X+p.X, m.Area.Y+p.Y, p.Styled)
			continue
		}
		f := theme.FramePlain
		if p.Meld == chosen {
			f = theme.FrameCursor
		}
		c.Put(m.Area.X+p.X, m.Area.Y+p.Y, t.meldBlock(&t.View.Table[p.Meld], m.Tile, f)...)
	}
}

// meldBlocks keeps the melds drawn as tiles from one frame to the next:
// a meld changes only when a tile is laid off on it or an okey taken
// back, and joining its tiles' styled lines was most of a wide table's
// drawing. Its key is what the drawing reads (the size, the frame, the
// okey, and each tile's face, label, mark); a new style sheet or too
// many melds kept empties it.
type meldBlocks struct {
	sheet *theme.Styles
	drawn map[string][]string
	key   []byte
}

// maxMeldBlocks bounds the melds kept (a table holds a few dozen).
const maxMeldBlocks = 256

// meldBlock is table meld tm drawn as tiles of size sz in frame f: its
// lines, its tiles side by side (shared: the caller must not change
// them).
func (t *Table) meldBlock(tm *okey101.TableMeld, sz theme.TileSize, f theme.Frame) []string {
	sheet := t.host.Styles()
	b := &t.blocks
	if b.sheet != sheet || len(b.drawn) > maxMeldBlocks {
		b.sheet, b.drawn = sheet, map[string][]string{}
	}
	b.key = append(b.key[:0], byte(sz.W), byte(sz.H), byte(f))
	for i := range tm.Meld.Tiles {
		face, lbl, mark := t.meldFace(tm, i)
		b.key = append(b.key, byte(face), byte(lbl), mark)
	}
	if lines, ok := b.drawn[string(b.key)]; ok {
		return lines
	}
	var rows [theme.MaxTileH]strings.Builder
	for i := range tm.Meld.Tiles {
		face, lbl, mark := t.meldFace(tm, i)
		box := sheet.TileIn(sz, face, f, lbl, mark)
		for k := range sz.H {
			rows[k].WriteString(box[k])
		}
	}
	lines := make([]string, sz.H)
	for k := range lines {
		lines[k] = rows[k].String()
	}
	b.drawn[string(b.key)] = lines
	return lines
}

// meldFace is how tile i of table meld tm is drawn as a tile: as the
// rack draws it (FaceOf: a false joker the face it plays as), save an
// okey that stands for a tile, which shows that tile under an OK edge
// as the text writes *B7, and a tile another player laid off, marked
// with LayOffMark on its bottom edge as the text marks it.
func (t *Table) meldFace(tm *okey101.TableMeld, i int) (tile.Tile, theme.Label, byte) {
	face, lbl := t.FaceOf(tm.Meld.Tiles[i])
	if lbl == theme.LabelOkey && i < len(tm.Meld.As) && tm.Meld.As[i].Valid() {
		face, lbl = tm.Meld.As[i], theme.LabelOkeyAs
	}
	var mark byte
	if i < len(tm.Seats) && tm.Seats[i] != tm.Owner {
		mark = LayOffMark[0]
	}
	return face, lbl, mark
}

// renderCenterBand draws the centre as a band of tiles (a wide, tall
// terminal): the indicator as a tile, and beside it, a line each, the
// indicator and the okey, the wall (or d to draw), the player's last
// discard; the whole centred in r.
func (t *Table) renderCenterBand(c *canvas.Canvas, r layout.Rect, sz theme.TileSize) {
	v := &t.View
	tr := t.tr()
	words := []string{
		t.host.Paint(table.Text, tr.T("t101.center.indicator", tr.Face(v.Indicator))) + " " +
			t.host.Paint(table.Okey, tr.T("t101.center.okey", tr.Face(v.Okey))),
	}
	if v.MyTurn() && v.Legal.Draw {
		words = append(words, t.host.Paint(table.Key, tr.T("t101.center.draw", v.WallLeft)))
	} else {
		words = append(words, t.host.Paint(table.Text, tr.T("t101.center.wall", v.WallLeft)))
	}
	if top := v.Top(0); top != tile.NoTile && !t.host.Words().Watching {
		words = append(words, t.host.Paint(table.Dim, tr.T("t101.center.mine", t.TileName(top))))
	}
	ww := 0
	for _, s := range words {
		ww = max(ww, canvas.Width(s))
	}
	ww = min(ww, r.W-sz.W-1)
	x := r.X + max(0, (r.W-sz.W-1-ww)/2)
	c.Put(x, r.Y, t.host.Styles().TileIn(sz, v.Indicator, theme.FramePlain, theme.LabelNone, 0)...)
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
	w := t.host.Words()
	seats := make([]table.Total, okey101.NumSeats)
	for s := range seats {
		seats[s] = table.Total{Name: w.SeatName(s), Text: t.Points(v.Scores[s]), Score: v.Scores[s]}
	}
	title := w.Tr.T("totals.title") + " · " + w.Tr.T("t101.hdr.hand", v.Hand, v.Rules.Hands)
	return table.DrawTotals(c, r, title, seats, true, t.host.Paint)
}
