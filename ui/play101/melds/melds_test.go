package melds

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/ui/layout"
	"okey/ui/table"
	"okey/ui/theme"
)

// plainLook is a Look in English with no colour whose errors are
// their own text.
func plainLook(tr *i18n.Catalog) *table.Look {
	return &table.Look{
		Words: table.Words{Tr: tr, Names: [table.Seats]string{"", "Ayşe", "Mehmet", "Zeynep"}},
		St:    theme.New(theme.Palette{}, true, true), Painter: &table.Painter{},
		Why: func(_ *i18n.Catalog, err error) string { return err.Error() },
	}
}

// onTable is a table whose okey is B7 with Ayşe's run R3 R4 R5, onto
// which the player laid off R6, and the player's own set of 9s.
func onTable(t *testing.T) Table {
	t.Helper()
	tr, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	an, err := meld.New(tile.NewTile(tile.Blue, 6))
	if err != nil {
		t.Fatal(err)
	}
	r := func(n int) tile.Tile { return tile.NewTile(tile.Red, n) }
	v := &okey101.View{Analyzer: an, Okey: tile.NewTile(tile.Blue, 7)}
	v.Opened[1] = okey101.Opening{Status: meld.OpenedMelds, Value: 104}
	v.Opened[0] = okey101.Opening{Status: meld.OpenedMelds, Value: 101}
	v.Table = []okey101.TableMeld{
		{Meld: meld.Meld{Kind: meld.Run, Tiles: []tile.Tile{r(3), r(4), r(5), r(6)}, As: make([]tile.Tile, 4)}, Seats: []int{1, 1, 1, 0}, Owner: 1},
		{Meld: meld.Meld{Kind: meld.Set, Tiles: []tile.Tile{r(9), tile.NewTile(tile.Black, 9), tile.NewTile(tile.Yellow, 9)}, As: make([]tile.Tile, 3)}, Seats: []int{0, 0, 0}, Owner: 0},
	}
	return Table{Look: plainLook(tr), View: v}
}

// TestRowsAndClicks lays the melds out as text, the other players' first
// and the player's own last, and finds each meld under the cells it is
// drawn in, never under a label.
func TestRowsAndClicks(t *testing.T) {
	m := onTable(t)
	rows := m.Rows(80)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want one a seat: %+v", len(rows), rows)
	}
	if got := m.Lines(80); !strings.HasPrefix(ansi.Strip(got[0]), "Ayşe (104): R3 R4 R5 +R6") || !strings.HasPrefix(ansi.Strip(got[1]), "You (101): R9 K9 Y9") {
		t.Fatalf("the melds read %q", got)
	}
	area := layout.Rect{X: 2, Y: 5, W: 80, H: 2}
	for y, row := range rows {
		for _, p := range row {
			if got := rowsAt(rows, area, false, area.X+p.X, area.Y+y); got != p.Meld {
				t.Errorf("the cell of %+v is meld %d", p, got)
			}
		}
	}
	if got := (Placed{Area: area, Rows: rows}).At(0, 0); got != -1 {
		t.Errorf("a cell outside the melds is meld %d", got)
	}
}

// TestWords names a meld and the tiles the player laid off on another's.
func TestWords(t *testing.T) {
	m := onTable(t)
	if got, want := m.Name(0), "Ayşe"; !strings.Contains(got, want) || strings.Contains(got, LayOffMark) {
		t.Errorf("Name(0) = %q: want %q's meld without the lay-off's mark", got, want)
	}
	if got := m.LayOffsByOthers(); !strings.Contains(got, "R6") {
		t.Errorf("LayOffsByOthers() = %q, want the player's R6", got)
	}
	if face, lbl := Face(tile.FalseJoker, m.View.Okey); face != m.View.Okey || lbl != theme.LabelFalse {
		t.Errorf("a false joker is drawn as %v %v", face, lbl)
	}
}

// TestPlaceAsTiles places the melds as tiles on a wide, tall terminal,
// as text on an ordinary one, and a click on a tile finds its meld.
func TestPlaceAsTiles(t *testing.T) {
	m := onTable(t)
	if p, _ := m.Place(layout.NewTable101(80, 24)); p.Tile.W != 0 || len(p.Rows) != 2 {
		t.Fatalf("at 80x24 the melds are tiles of %v", p.Tile)
	}
	p, _ := m.Place(layout.NewTable101(200, 60))
	if p.Tile.W == 0 {
		t.Fatal("at 200x60 the melds are text")
	}
	melds := 0
	for _, pc := range p.Pieces {
		if pc.Meld < 0 {
			continue
		}
		melds++
		if got := p.At(p.Area.X+pc.X+pc.W-1, p.Area.Y+pc.Y+pc.H-1); got != pc.Meld {
			t.Errorf("the last cell of meld %d's tiles is meld %d", pc.Meld, got)
		}
	}
	if melds != len(m.View.Table) {
		t.Errorf("%d melds placed, want %d", melds, len(m.View.Table))
	}
}
