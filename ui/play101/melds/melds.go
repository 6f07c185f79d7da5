package melds

import (
	"slices"
	"strconv"
	"strings"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// Table is the melds on a 101 table as a seat sees them (View's), with
// the app's words, styles and paint they are written and drawn in
// (table.Look).
// It is a small value, made afresh where it is needed, so that it never
// goes out of date; what lasts between frames is a Blocks.
type Table struct {
	Look *table.Look
	View *okey101.View
	// InSight are the melds (the table's indices) that must stay in
	// sight where the table does not fit whole: those the status names
	// while it is grown to show a hint or a finish, so that the reader
	// sees what it speaks of. Nil: none.
	InSight []int
}

// Piece is a part of the melds on the table: a seat's label, or a
// meld, X columns in and W wide; drawn as tiles (Placed), Y lines down
// and H tall.
type Piece struct {
	X, W   int
	Y, H   int
	Meld   int // the table's index, -1 for a label
	Styled string
}

// Order is the order the seats' melds are shown in: the players after
// the player in the order of play, the player's own last, next to the
// rack.
var Order = [okey101.NumSeats]int{1, 2, 3, 0}

// Spacing of the melds on the table.
const (
	indent = 2
	gap    = 3
)

// Rows lays the table's melds out in lines of w columns, grouped by
// the seat that laid them down: the seat's name and opening, then its
// melds, the lines after the first indented.
func (t Table) Rows(w int) [][]Piece { return t.rowsOf(w, nil) }

// rowsOf is Rows of the melds in only (nil: every meld).
func (t Table) rowsOf(w int, only []int) [][]Piece {
	v := t.View
	var rows [][]Piece
	for _, seat := range Order {
		var idx []int
		for i := range v.Table {
			if v.Table[i].Owner == seat && (only == nil || slices.Contains(only, i)) {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			continue
		}
		label := t.Look.Words.SeatName(seat) + " " + t.openingShort(v.Opened[seat]) + ":"
		row := []Piece{{X: 0, W: canvas.Width(label), Meld: -1, Styled: t.Look.Paint(table.Bold, label)}}
		x := canvas.Width(label) + 1
		for _, i := range idx {
			plainText, styled := t.text(&v.Table[i])
			pw := canvas.Width(plainText)
			if x+pw > w && x > indent {
				rows = append(rows, row)
				row, x = nil, indent
			}
			if pw > w-x { // a meld longer than a line: cut
				styled, pw = canvas.Cut(plainText, w-x), w-x
			}
			row = append(row, Piece{X: x, W: pw, Meld: i, Styled: styled})
			x += pw + gap
		}
		rows = append(rows, row)
	}
	return rows
}

// inSight are the rows of the melds in t.InSight (and the seats'
// labels), and true, where rows, the whole table's, do not fit in h
// lines and those rows are fewer; else rows and false.
func (t Table) inSight(rows [][]Piece, w, h int) ([][]Piece, bool) {
	if len(rows) <= h || len(t.InSight) == 0 {
		return rows, false
	}
	if named := t.rowsOf(w, t.InSight); len(named) > 0 && len(named) < len(rows) {
		return named, true
	}
	return rows, false
}

// shownRows is how many of rows fit in h lines, and whether a line
// after them says the rest is left out (more): all but the last line
// when they do not all fit; all, when rows are only the melds kept in
// sight (rest) and fill the lines — those melds first, the line about
// the rest then left out.
func shownRows(rows [][]Piece, h int, rest bool) (n int, more bool) {
	switch {
	case len(rows) > h:
		return max(0, h-1), true
	case rest && len(rows) == h:
		return len(rows), false
	}
	return len(rows), rest
}

// rowsAt is the table meld drawn at the cell (x, y) in r, or -1; rest:
// the rows are only some of the table's.
func rowsAt(rows [][]Piece, r layout.Rect, rest bool, x, y int) int {
	if !r.Contains(x, y) {
		return -1
	}
	row := y - r.Y
	if n, _ := shownRows(rows, r.H, rest); row >= n {
		return -1
	}
	for _, p := range rows[row] {
		if p.Meld >= 0 && x >= r.X+p.X && x < r.X+p.X+p.W {
			return p.Meld
		}
	}
	return -1
}

// Lines are the melds on the table as lines w columns wide, each
// seat's under its label (the page of a hand's end).
func (t Table) Lines(w int) []string {
	rows := t.Rows(w)
	lines := make([]string, 0, len(rows))
	for _, row := range rows {
		c := canvas.New(w, 1)
		for _, p := range row {
			c.Put(p.X, 0, p.Styled)
		}
		lines = append(lines, c.String())
	}
	return lines
}

// Face is how a tile of a hand whose okey is okey is drawn on the rack:
// an okey reads OK, a false joker the face it plays as.
func Face(x, okey tile.Tile) (tile.Tile, theme.Label) {
	switch {
	case x == tile.FalseJoker:
		return okey, theme.LabelFalse
	case x == okey:
		return x, theme.LabelOkey
	}
	return x, theme.LabelNone
}

// openingShort is how a seat opened, in brackets: (112), (6 pairs).
func (t Table) openingShort(o okey101.Opening) string {
	if o.Status == meld.OpenedPairs {
		return "(" + t.tr().T("t101.pairs", o.Value) + ")"
	}
	return "(" + strconv.Itoa(o.Value) + ")"
}

// text is a table meld on one line, plain and styled.
func (t Table) text(tm *okey101.TableMeld) (plainText, styled string) {
	an := t.View.Analyzer
	st := t.Look.St
	var p, s strings.Builder
	for i, x := range tm.Meld.Tiles {
		if i > 0 {
			p.WriteString(TileGap)
			s.WriteString(TileGap)
		}
		txt, okey := TileText(tm, i, an)
		p.WriteString(txt)
		switch {
		case okey || x == tile.FalseJoker:
			s.WriteString(t.Look.Paint(table.Okey, txt))
		case strings.HasPrefix(txt, LayOffMark):
			s.WriteString(t.Look.Paint(table.Dim, LayOffMark) + st.Inline(x))
		default:
			s.WriteString(st.Inline(x))
		}
	}
	return p.String(), s.String()
}

// Text is table meld i as the table writes it: "R4 R5 +R6".
func (t Table) Text(i int) string {
	p, _ := t.text(&t.View.Table[i])
	return p
}

// Name names table meld i for messages: "Mehmet's R4 R5 R6".
func (t Table) Name(i int) string {
	v := t.View
	if i < 0 || i >= len(v.Table) {
		return "?"
	}
	w := t.Look.Words
	tm := &v.Table[i]
	txt, _ := t.text(tm)
	txt = strings.ReplaceAll(txt, LayOffMark, "") // who laid which tile is the table's to show
	if w.Tr.TileWords() {
		txt = t.tilesText(tm.Meld.Tiles) // running text names tiles in words
	}
	if tm.Owner == 0 && !w.Watching { // a spectator's seat 0 is a player's
		return w.Tr.T("t101.meld.yours", txt)
	}
	return w.Tr.T("t101.meld.of", w.SeatName(tm.Owner), txt)
}

// TileWords is tile k of table meld tm in words, an okey with what it
// stands for: "kırmızı 4", "okey (mavi 7 yerine)".
func (t Table) TileWords(tm *okey101.TableMeld, k int) string {
	v := t.View
	x := tm.Meld.Tiles[k]
	if !v.Analyzer.IsOkey(x) {
		return t.tr().Tile(x, v.Okey, i18n.Nominative)
	}
	if k < len(tm.Meld.As) && tm.Meld.As[k].Valid() {
		return t.tr().T("tile.okey.short") + " " + t.tr().T("t101.as", t.tr().Face(tm.Meld.As[k]))
	}
	return t.tr().T("tile.okey.short")
}

// LayOffsByOthers names the tiles laid onto a meld by another player
// than the one who laid it down, by who laid them, each player once
// ("R4 K12 by you; *B7 R3 by Mehmet"; in Turkish "sen: kırmızı 4, siyah
// 12; Mehmet: okey (mavi 7 yerine), kırmızı 3"), "" when there are
// none.
func (t Table) LayOffsByOthers() string {
	v := t.View
	var order []int                // who laid tiles, in the order first met
	notation := map[int][]string{} // each one's tiles as the table writes them
	real := map[int][]tile.Tile{}  // in words: the tiles that are no okey
	okeys := map[int][]string{}    // and the okeys with what they stand for
	for _, seat := range Order {
		for i := range v.Table {
			tm := &v.Table[i]
			if tm.Owner != seat {
				continue
			}
			for k, by := range tm.Seats {
				if by == tm.Owner {
					continue
				}
				if _, ok := notation[by]; !ok {
					order = append(order, by)
				}
				txt, okey := TileText(tm, k, v.Analyzer)
				notation[by] = append(notation[by], strings.TrimPrefix(txt, LayOffMark))
				if okey {
					okeys[by] = append(okeys[by], t.TileWords(tm, k))
				} else {
					real[by] = append(real[by], tm.Meld.Tiles[k])
				}
			}
		}
	}
	parts := make([]string, len(order))
	for i, by := range order {
		who := t.Look.Words.SeatName(by)
		if by == 0 && !t.Look.Words.Watching {
			who = t.tr().T("t101.handover.by.you")
		}
		tiles := strings.Join(notation[by], " ")
		if t.tr().TileWords() { // running text: the tiles in words
			var ws []string
			if len(real[by]) > 0 {
				slices.Sort(real[by]) // by colour, then value: "mavi 8 11 12"
				ws = append(ws, t.tilesText(real[by]))
			}
			tiles = strings.Join(append(ws, okeys[by]...), ", ")
		}
		parts[i] = t.tr().T("t101.handover.by", tiles, who)
	}
	return strings.Join(parts, "; ")
}

// tilesText writes tiles for messages, as the table does: "R4 R5 R6",
// "kırmızı 4-5-6".
func (t Table) tilesText(ts []tile.Tile) string { return t.tr().Tiles(ts, t.View.Okey) }

// tr is the catalogue of the player's language.
func (t Table) tr() *i18n.Catalog { return t.Look.Words.Tr }
