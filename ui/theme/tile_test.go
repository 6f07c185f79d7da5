package theme

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/game/tile"
)

// A tile of either size is its size on screen, its face on its middle
// line, its label on its top edge and its mark in the middle of its
// bottom edge; the small tile is what it always was.
func TestTileSizes(t *testing.T) {
	p, err := Load("default")
	if err != nil {
		t.Fatal(err)
	}
	r7 := tile.NewTile(tile.Red, 7)
	for _, tc := range []struct {
		sz    TileSize
		l     Label
		mark  byte
		lines []string
	}{
		{SmallTile, LabelNone, 0, []string{"┌───┐", "│R7 │", "└───┘"}},
		{SmallTile, LabelOkey, '2', []string{"┌R7─┐", "│OK │", "└─2─┘"}},
		{BigTile, LabelNone, 0, []string{"┌─────┐", "│     │", "│ R7  │", "│     │", "└─────┘"}},
		{BigTile, LabelOkeyAs, '+', []string{"┌OK───┐", "│     │", "│ R7  │", "│     │", "└──+──┘"}},
		{BigTile, LabelOkey, 0, []string{"┌R7───┐", "│     │", "│ OK  │", "│     │", "└─────┘"}},
	} {
		for _, noColor := range []bool{false, true} {
			st := New(p, true, noColor)
			var got []string // the sheet's lines are shared: read, not changed
			for _, line := range st.TileIn(tc.sz, r7, FramePlain, tc.l, tc.mark) {
				got = append(got, ansi.Strip(line))
			}
			if strings.Join(got, "\n") != strings.Join(tc.lines, "\n") {
				t.Errorf("%v label %d mark %q: got\n%s\nwant\n%s", tc.sz, tc.l, tc.mark, strings.Join(got, "\n"), strings.Join(tc.lines, "\n"))
			}
		}
	}
	st := New(p, true, false)
	if e := st.EmptySlotIn(BigTile, FramePlain); len(e) != 5 || e[2] != strings.Repeat(" ", 7) {
		t.Errorf("a big empty slot is %q", e)
	}
}

// TestPlainWordsInTheTerminalsColour: plain and bold words set no
// colour of their own, in every theme on either ground — the terminal's
// own is as readable as its player made it, and a served session is
// sent no colour for them (most of its words) — while the words on the
// turn's marker keep the theme's, over its ground.
func TestPlainWordsInTheTerminalsColour(t *testing.T) {
	for _, name := range []string{"default", "colourblind"} {
		p, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, dark := range []bool{true, false} {
			s := New(p, dark, false)
			for what, st := range map[string]string{"plain": s.Text.Render("ali"), "bold": s.Bold.Render("ali")} {
				if strings.Contains(st, "38;") {
					t.Errorf("%s, dark %v: %s words set a colour: %q", name, dark, what, st)
				}
			}
			if turn := s.Turn.Render("ali"); !strings.Contains(turn, "38;") || !strings.Contains(turn, "48;") {
				t.Errorf("%s, dark %v: the turn's marker: %q", name, dark, turn)
			}
		}
	}
}
