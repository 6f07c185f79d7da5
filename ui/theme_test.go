package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/assets"
	"okey/game/tile"
	"okey/ui/rack"
	"okey/ui/theme"
)

var colourSGR = regexp.MustCompile(`\x1b\[[0-9;]*(38|48);`)

func TestNoColorHasNoColour(t *testing.T) {
	m := newTestModel(t, 100, 30) // NoColor
	drain(t, m, m.Init())
	if colourSGR.MatchString(m.View().Content) {
		t.Fatal("NO_COLOR screen has colour codes")
	}
	m2 := newTestModel(t, 100, 30, func(o *Options) { o.NoColor = false })
	drain(t, m2, m2.Init())
	if !colourSGR.MatchString(m2.View().Content) {
		t.Fatal("the colour screen has no colour")
	}
}

func TestThemesLoadOnBothBackgrounds(t *testing.T) {
	for _, name := range assets.Themes {
		p, err := theme.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, dark := range []bool{true, false} {
			st := theme.New(p, dark, false)
			box := st.Tile(tile.NewTile(tile.Red, 12), theme.FrameCursor, theme.LabelOkey)
			for _, l := range box {
				if w := ansi.StringWidth(l); w != theme.TileW {
					t.Fatalf("%s: tile line %q is %d wide", name, ansi.Strip(l), w)
				}
			}
			if got := ansi.Strip(box[0] + box[1]); !strings.Contains(got, "OK") || !strings.Contains(got, "R12") {
				t.Fatalf("okey tile reads %q", got)
			}
		}
	}
	if _, err := theme.Load("nope"); err == nil {
		t.Fatal("an unknown theme loaded")
	}
}

func TestFalseJokerShowsWhatItPlays(t *testing.T) {
	m := newTestModel(t, 100, 30)
	okey := tableClassic(m).View.Okey
	face, lbl := tableClassic(m).FaceOf(tile.FalseJoker)
	if face != okey || lbl != theme.LabelFalse {
		t.Fatalf("false joker drawn as %v label %d, want %v", face, lbl, okey)
	}
	box := tableClassic(m).TileBox(tile.FalseJoker, theme.FramePlain)
	if s := ansi.Strip(box[0] + box[1]); !strings.Contains(s, "J") || !strings.Contains(s, okey.String()) {
		t.Fatalf("false joker reads %q", s)
	}
}

func TestColourBlindThemeFromSettings(t *testing.T) {
	m := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Theme = "colourblind"; o.NoColor = false })
	if m.palette["tile.red"][0] != "#AF2269" {
		t.Fatal("colour-blind palette not in use")
	}
}

// An okey and a false joker of the same face never look alike: the okey
// reads OK (its face on the edge), the false joker the face it plays
// as; an okey standing for a tile in a winning hand reads that tile
// under an OK edge.
func TestOkeyIsUnmistakable(t *testing.T) {
	m := newTestModel(t, 100, 30)
	okey := tableClassic(m).View.Okey
	tableClassic(m).Rack = rack.New()
	tableClassic(m).Rack.Slots[0], tableClassic(m).Rack.Slots[1] = okey, tile.FalseJoker
	tableClassic(m).Cursor = 5
	out := plain(m)
	mid := ansi.Strip(tableClassic(m).TileBox(okey, theme.FramePlain)[1])
	top := ansi.Strip(tableClassic(m).TileBox(okey, theme.FramePlain)[0])
	fmid := ansi.Strip(tableClassic(m).TileBox(tile.FalseJoker, theme.FramePlain)[1])
	if !strings.Contains(mid, "OK") || strings.Contains(mid, okey.String()) || !strings.Contains(top, okey.String()) {
		t.Fatalf("the okey reads %q over %q", top, mid)
	}
	if !strings.Contains(fmid, okey.String()) || mid == fmid {
		t.Fatalf("the false joker reads %q, the okey %q", fmid, mid)
	}
	if !strings.Contains(out, mid+fmid) {
		t.Fatalf("the rack does not show them side by side:\n%s", out)
	}
	as := tile.NewTile(tile.Black, 9)
	box := m.st.Tile(as, theme.FramePlain, theme.LabelOkeyAs)
	if s := ansi.Strip(box[0] + box[1]); !strings.Contains(s, "OK") || !strings.Contains(s, "K9") {
		t.Fatalf("an okey standing for K9 reads %q", s)
	}
}
