package play101

import (
	"slices"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/play101/melds"
	"okey/ui/theme"
)

// The melds on the table as ui/play101/melds writes and draws them,
// from the table's view; the names the app and its tests call them by.

// onTable is the melds on the table, with the host's words and styles.
func (t *Table) onTable() melds.Table {
	return melds.Table{Look: t.look, View: &t.View, InSight: t.InSight}
}

// showTall shows txt in the status whole (Tall), the melds on the
// table that plan names kept in sight while it shows.
func (t *Table) showTall(txt string, plan []okey101.Action) {
	t.Tall, t.TallMelds = txt, namedMelds(&t.View, plan)
	t.said.Flash(false, txt)
}

// namedMelds are the melds on the table (as v has them) that the
// actions of plan lay off onto or take an okey back from, each once,
// in the order named; melds the plan itself lays down are not on the
// table yet.
func namedMelds(v *okey101.View, plan []okey101.Action) []int {
	var out []int
	for _, a := range plan {
		if (a.Kind == okey101.ActLayOff || a.Kind == okey101.ActTakeBack) &&
			a.Meld >= 0 && a.Meld < len(v.Table) && !slices.Contains(out, a.Meld) {
			out = append(out, a.Meld)
		}
	}
	return out
}

// PlaceMelds places the melds on the table laid out as l (as tiles
// where they fit whole, else as text), and returns the log's
// rectangle. Drawing and the mouse both read it, so a click lands on
// the meld drawn.
func (t *Table) PlaceMelds(l layout.Table101) (melds.Placed, layout.Rect) {
	return t.onTable().Place(l)
}

// MeldRows lays the table's melds out in lines of w columns, as an
// ordinary terminal shows them (melds.Table.Rows).
func (t *Table) MeldRows(w int) [][]melds.Piece { return t.onTable().Rows(w) }

// FaceOf is how a tile is drawn on the rack: an okey reads OK, a
// false joker the face it plays as.
func (t *Table) FaceOf(x tile.Tile) (tile.Tile, theme.Label) { return melds.Face(x, t.View.Okey) }

// MeldText is table meld i as the table writes it (melds.Table.Text).
func (t *Table) MeldText(i int) string { return t.onTable().Text(i) }

// MeldName names table meld i for messages: "Mehmet's R4 R5 R6".
func (t *Table) MeldName(i int) string { return t.onTable().Name(i) }

// LayOffsByOthers names the tiles laid onto the table's melds by
// another player than the one who laid each down, by who laid them
// ("" when there are none), as a hand's end says.
func (t *Table) LayOffsByOthers() string { return t.onTable().LayOffsByOthers() }

// renderMelds draws the melds placed in m, the meld a tile's place is
// being chosen on marked.
func (t *Table) renderMelds(c *canvas.Canvas, m melds.Placed) {
	chosen := -1
	if ch := t.Choose; ch != nil {
		chosen = ch.Opts[ch.At].Meld
	}
	t.onTable().Draw(c, m, chosen, &t.blocks)
}
