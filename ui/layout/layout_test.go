package layout

import (
	"fmt"
	"slices"
	"testing"

	"okey/ui/rack"
	"okey/ui/theme"
)

// sizes are the terminals every screen is drawn at in the screens' tests.
var sizes = [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}}

func inside(t *testing.T, what string, r Rect, w, h int) {
	t.Helper()
	if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
		t.Errorf("%s %+v is not inside %d×%d", what, r, w, h)
	}
}

func TestEveryPartFitsTheTerminal(t *testing.T) {
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			s := NewScreen(w, h)
			if s.TooSmall {
				t.Fatal("too small")
			}
			for name, r := range map[string]Rect{"table": s.Table, "rack": s.Rack, "log": s.Log, "status": s.Status, "help": s.Help, "page": s.Page, "flash": s.Flash} {
				inside(t, name, r, w, h)
			}
			u := NewTable101(w, h)
			for name, r := range map[string]Rect{"header": u.Header, "centre": u.Center, "flex": u.Flex, "work": u.Work, "rack": u.Rack, "help": u.Help} {
				inside(t, "101 "+name, r, w, h)
			}
			for i := range rack.NumSlots {
				inside(t, "slot", s.Slot(i), w, h)
				inside(t, "101 slot", u.Slot(i), w, h)
				if r := s.Slot(i); s.SlotAt(r.X, r.Y) != i {
					t.Errorf("slot %d is not found where it is drawn", i)
				}
				if r := u.Slot(i); u.SlotAt(r.X, r.Y) != i {
					t.Errorf("101 slot %d is not found where it is drawn", i)
				}
			}
		})
	}
	if !NewScreen(MinWidth-1, MinHeight).TooSmall {
		t.Error("a terminal narrower than MinWidth is not too small")
	}
}

// Above 100 columns and 30 rows the classic table uses the room: on a
// terminal as tall as 60 rows the bands and the rack stand further apart
// than at 40, and the score history under the rack keeps its lines.
func TestTallTableSpacesOut(t *testing.T) {
	gapOf := func(s Screen) int { return s.Mid.Y - s.Top.Y - s.BandH }
	at40, at60 := NewScreen(200, 40), NewScreen(200, 60)
	if gapOf(at40) != 1 || gapOf(at60) <= gapOf(at40) || gapOf(at60) > gapMax {
		t.Fatalf("gaps between the bands: %d at 40 rows, %d at 60", gapOf(at40), gapOf(at60))
	}
	if at60.History.H < HistoryMin+historyKeep {
		t.Fatalf("the score history keeps %d lines at 60 rows", at60.History.H)
	}
	if r := at60.Rack; r.Y != at60.Bottom.Y+at60.BandH+gapOf(at60) {
		t.Fatalf("the rack %+v does not stand a gap under the bottom band %+v", r, at60.Bottom)
	}
}

// The 101 table draws its melds as tiles from 120×40 (big ones too from
// BigW×BigH), with the centre a band as tall as the biggest tile and
// the melds' area under it; below, text and a centre line.
func TestMeldTilesFollowTheRoom(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want []theme.TileSize
	}{
		{80, 24, nil},
		{100, 30, nil},
		{200, 39, nil},
		{119, 60, nil},
		{120, 40, []theme.TileSize{theme.SmallTile}},
		{143, 60, []theme.TileSize{theme.SmallTile}},
		{144, 44, []theme.TileSize{theme.BigTile, theme.SmallTile}},
		{200, 60, []theme.TileSize{theme.BigTile, theme.SmallTile}},
	} {
		l := NewTable101(tc.w, tc.h)
		if !slices.Equal(l.MeldTiles, tc.want) {
			t.Errorf("%dx%d: melds in %v, want %v", tc.w, tc.h, l.MeldTiles, tc.want)
		}
		wantH := 1
		if len(tc.want) > 0 {
			wantH = tc.want[0].H
		}
		if l.Center.H != wantH || l.Flex.Y != l.Center.Y+l.Center.H {
			t.Errorf("%dx%d: centre %+v, melds from line %d", tc.w, tc.h, l.Center, l.Flex.Y)
		}
	}
}
