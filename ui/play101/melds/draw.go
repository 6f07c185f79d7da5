package melds

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// The melds placed in their area and drawn: on a wide, tall terminal
// as tiles, each seat's under its name; where no
// size of tiles lets them all fit whole, as lines of text, as an
// ordinary terminal shows them.

// Placed are the table's melds placed in their area (Place): as tiles
// of size Tile (Pieces: each seat's label and each meld at its place in
// Area), or, where no size of tiles lets them all fit whole (Tile.W 0),
// as lines of text (Rows). H is the lines they take.
type Placed struct {
	Area   layout.Rect
	Tile   theme.TileSize
	Pieces []Piece
	Rows   [][]Piece
	// Rest: Rows are only the melds kept in sight (Table.InSight), the
	// rest of the table left out, as a last line says.
	Rest bool
	H    int
}

// tileGap is the columns between two melds drawn as tiles.
const tileGap = 2

// Place places the melds on the table laid out as l, and returns the
// log's rectangle: in the biggest tiles the layout offers (l.MeldTiles)
// in which every meld fits whole in the flexible area, else as text, as
// an ordinary terminal shows them. Drawing and the mouse both read it,
// so a click lands on the meld drawn.
func (t Table) Place(l layout.Table101) (Placed, layout.Rect) {
	for _, sz := range l.MeldTiles {
		// A column is left before the log's line: tiles against it
		// read as one with it.
		if ps, h, ok := t.tiles(l.Flex.W-1, sz); ok && h <= l.Flex.H {
			area, log := l.Split(h)
			return Placed{Area: area, Tile: sz, Pieces: ps, H: h}, log
		}
	}
	rows := t.Rows(l.Flex.W)
	area, log := l.Split(len(rows))
	// Where the table does not fit, the melds the status names come
	// first, the rest left out: a hint that names Zeynep's set must not
	// push it off the screen.
	if named, ok := t.inSight(rows, l.Flex.W, area.H); ok {
		area, log = l.Split(len(named) + 1)
		return Placed{Area: area, Rows: named, Rest: true, H: len(named) + 1}, log
	}
	return Placed{Area: area, Rows: rows, H: len(rows)}, log
}

// tiles lays the melds out as tiles of size sz in w columns, grouped by
// the seat that laid them down: the seat's name and opening on a line,
// then its melds, as many a line as fit. It returns the pieces, the
// lines they take, and false when there are no melds or a meld is wider
// than a line (a meld is never cut).
func (t Table) tiles(w int, sz theme.TileSize) ([]Piece, int, bool) {
	v := t.View
	if len(v.Table) == 0 {
		return nil, 0, false
	}
	var ps []Piece
	y := 0
	for _, seat := range Order {
		first := true
		x := 0
		for i := range v.Table {
			tm := &v.Table[i]
			if tm.Owner != seat {
				continue
			}
			if first {
				label := canvas.Cut(t.Look.Words.SeatName(seat)+" "+t.openingShort(v.Opened[seat]), w)
				ps = append(ps, Piece{Y: y, W: canvas.Width(label), H: 1, Meld: -1, Styled: t.Look.Paint(table.Bold, label)})
				y++
				first = false
			}
			pw := len(tm.Meld.Tiles) * sz.W
			if indent+pw > w {
				return nil, 0, false
			}
			if x > 0 && x+pw > w {
				y += sz.H
				x = 0
			}
			if x == 0 {
				x = indent
			}
			ps = append(ps, Piece{X: x, Y: y, W: pw, H: sz.H, Meld: i})
			x += pw + tileGap
		}
		if !first {
			y += sz.H
		}
	}
	return ps, y, true
}

// At is the table meld drawn at the cell (x, y), or -1.
func (m Placed) At(x, y int) int {
	if m.Tile.W == 0 {
		return rowsAt(m.Rows, m.Area, m.Rest, x, y)
	}
	for _, p := range m.Pieces {
		r := layout.Rect{X: m.Area.X + p.X, Y: m.Area.Y + p.Y, W: p.W, H: p.H}
		if p.Meld >= 0 && m.Area.Contains(x, y) && r.Contains(x, y) {
			return p.Meld
		}
	}
	return -1
}

// Draw draws the melds placed in m: as tiles (kept in b from frame to
// frame), or the lines of text that fit in m's area. The meld chosen
// (-1: none), being chosen for a tile, is marked; when lines are left
// out the last one says so.
func (t Table) Draw(c *canvas.Canvas, m Placed, chosen int, b *Blocks) {
	r, rows := m.Area, m.Rows
	if r.H <= 0 {
		return
	}
	if m.Tile.W > 0 {
		t.drawTiles(c, m, chosen, b)
		return
	}
	if len(rows) == 0 {
		msg := t.tr().T("t101.table.none", t.View.Threshold, okey101.MinPairs)
		for i, s := range canvas.Wrap(msg, r.W) {
			if i < r.H {
				c.Put(r.X, r.Y+i, t.Look.Paint(table.Dim, s))
			}
		}
		return
	}
	n, more := shownRows(rows, r.H, m.Rest)
	for y, row := range rows[:n] {
		for _, p := range row {
			s := p.Styled
			if p.Meld >= 0 && p.Meld == chosen {
				s = t.Look.Paint(table.Turn, ">"+ansi.Strip(s)+"<")
				c.Put(r.X+p.X-1, r.Y+y, s)
				continue
			}
			c.Put(r.X+p.X, r.Y+y, s)
		}
	}
	switch {
	case more && m.Rest:
		c.Put(r.X, r.Y+n, t.Look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.table.rest"), r.W)))
	case more:
		c.Put(r.X, r.Y+r.H-1, t.Look.Paint(table.Dim, canvas.Cut(t.tr().T("t101.table.more", len(rows)-r.H+1), r.W)))
	}
}

// drawTiles draws the melds placed as tiles: each label, and each
// meld's tiles side by side, the meld chosen for a tile in the cursor's
// frame.
func (t Table) drawTiles(c *canvas.Canvas, m Placed, chosen int, b *Blocks) {
	for _, p := range m.Pieces {
		if p.Meld < 0 {
			c.Put(m.Area.X+p.X, m.Area.Y+p.Y, p.Styled)
			continue
		}
		f := theme.FramePlain
		if p.Meld == chosen {
			f = theme.FrameCursor
		}
		c.Put(m.Area.X+p.X, m.Area.Y+p.Y, t.block(b, &t.View.Table[p.Meld], m.Tile, f)...)
	}
}

// Blocks keeps the melds drawn as tiles from one frame to the next: a
// meld changes only when a tile is laid off on it or an okey taken
// back, and joining its tiles' styled lines was most of a wide table's
// drawing. Its key is what the drawing reads (the size, the frame, the
// okey, and each tile's face, label, mark); a new style sheet or too
// many melds kept empties it. The zero value is ready to use, by one
// goroutine (a table's View).
type Blocks struct {
	sheet *theme.Styles
	drawn map[string][]string
	key   []byte
}

// maxBlocks bounds the melds kept (a table holds a few dozen).
const maxBlocks = 256

// block is table meld tm drawn as tiles of size sz in frame f: its
// lines, its tiles side by side (shared: the caller must not change
// them).
func (t Table) block(b *Blocks, tm *okey101.TableMeld, sz theme.TileSize, f theme.Frame) []string {
	sheet := t.Look.St
	if b.sheet != sheet || len(b.drawn) > maxBlocks {
		b.sheet, b.drawn = sheet, map[string][]string{}
	}
	b.key = append(b.key[:0], byte(sz.W), byte(sz.H), byte(f))
	for i := range tm.Meld.Tiles {
		face, lbl, mark := t.face(tm, i)
		b.key = append(b.key, byte(face), byte(lbl), mark)
	}
	if lines, ok := b.drawn[string(b.key)]; ok {
		return lines
	}
	var rows [theme.MaxTileH]strings.Builder
	for i := range tm.Meld.Tiles {
		face, lbl, mark := t.face(tm, i)
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

// face is how tile i of table meld tm is drawn as a tile: as the rack
// draws it (Face: a false joker the face it plays as), save an okey
// that stands for a tile, which shows that tile under an OK edge as the
// text writes *B7, and a tile another player laid off, marked with
// LayOffMark on its bottom edge as the text marks it.
func (t Table) face(tm *okey101.TableMeld, i int) (tile.Tile, theme.Label, byte) {
	face, lbl := Face(tm.Meld.Tiles[i], t.View.Okey)
	if lbl == theme.LabelOkey && i < len(tm.Meld.As) && tm.Meld.As[i].Valid() {
		face, lbl = tm.Meld.As[i], theme.LabelOkeyAs
	}
	var mark byte
	if i < len(tm.Seats) && tm.Seats[i] != tm.Owner {
		mark = LayOffMark[0]
	}
	return face, lbl, mark
}
