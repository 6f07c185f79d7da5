package melds

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
	"okey/ui/canvas"
	"okey/ui/layout"
)

// crowded is onTable with enough melds of seats 1 and 2 that, written
// at 80 columns, they take more lines than an 80×24 table has left once
// a long hint has grown the status; the player's own set (meld 1) is
// written last.
func crowded(t *testing.T) Table {
	m := onTable(t)
	v := m.View
	v.Opened[2] = okey101.Opening{Status: meld.OpenedMelds, Value: 120}
	for _, owner := range []int{1, 2} {
		for c := tile.Red; c <= tile.Black; c++ {
			for n := 1; n <= 10; n += 3 {
				ts := []tile.Tile{tile.NewTile(c, n), tile.NewTile(c, n+1), tile.NewTile(c, n+2)}
				v.Table = append(v.Table, okey101.TableMeld{Meld: meld.Meld{Kind: meld.Run, Tiles: ts, As: make([]tile.Tile, 3)}, Seats: []int{owner, owner, owner}, Owner: owner})
			}
		}
	}
	return m
}

// A hint that names a meld keeps it in sight: at 80×24, with
// the status grown for six lines of hint, the whole table does not fit
// and the player's own set, which the hint names, was below the lines
// shown ("… 3 more lines"). The melds named come first, the rest of the
// table said to be left out; a click finds each meld where it is drawn.
func TestNamedMeldsStayInSight(t *testing.T) {
	m := crowded(t)
	l := layout.NewTable101(80, 24).GrowStatus(6)
	if all := len(m.Rows(l.Flex.W)); all <= l.Flex.H {
		t.Fatalf("the table takes %d lines, %d are left: not crowded enough", all, l.Flex.H)
	}
	own := "R9 K9 Y9"
	draw := func(m Table) (string, Placed) {
		p, _ := m.Place(l)
		c := canvas.New(l.W, l.H)
		m.Draw(c, p, -1, &Blocks{})
		return ansi.Strip(c.String()), p
	}
	before, _ := draw(m)
	if strings.Contains(before, own) {
		t.Fatalf("without a meld named, the player's set is in sight; the test shows nothing:\n%s", before)
	}
	m.InSight = []int{1}
	after, p := draw(m)
	if !strings.Contains(after, own) {
		t.Fatalf("the named set is not in sight:\n%s", after)
	}
	if !p.Rest || !strings.Contains(after, "only the melds named below") {
		t.Fatalf("the screen does not say the rest of the table is left out (rest %v):\n%s", p.Rest, after)
	}
	for y, row := range p.Rows {
		for _, pc := range row {
			if got := p.At(p.Area.X+pc.X, p.Area.Y+y); got != pc.Meld {
				t.Errorf("the cell of %+v is meld %d", pc, got)
			}
		}
	}
	// The line about the rest is no meld.
	if got := p.At(p.Area.X+3, p.Area.Y+len(p.Rows)); got != -1 {
		t.Errorf("the line about the rest is meld %d", got)
	}
	// Where the whole table fits, it is shown whole, named melds or not.
	small := onTable(t)
	small.InSight = []int{1}
	if out, p := draw(small); p.Rest || !strings.Contains(out, "Ayşe (104)") {
		t.Errorf("a table that fits is not shown whole:\n%s", out)
	}
}
