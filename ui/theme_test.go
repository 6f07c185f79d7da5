package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/assets"
	"okey/game/tile"
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
	okey := m.view.Okey
	face, lbl := m.faceOf(tile.FalseJoker)
	if face != okey || lbl != theme.LabelFalse {
		t.Fatalf("false joker drawn as %v label %d, want %v", face, lbl, okey)
	}
	box := m.tileBox(tile.FalseJoker, theme.FramePlain)
	if s := ansi.Strip(box[0] + box[1]); !strings.Contains(s, "J") || !strings.Contains(s, okey.String()) {
		t.Fatalf("false joker reads %q", s)
	}
}

func TestColourBlindThemeFromSettings(t *testing.T) {
	m := newTestModel(t, 100, 30, func(o *Options) { o.Settings.Theme = "colourblind"; o.NoColor = false })
	if m.palette["tile.red"][0] != "#D55E00" {
		t.Fatal("colour-blind palette not in use")
	}
}
