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

// A terminal standing up (a phone held upright) gets both tables in
// bands: every part inside the terminal, none over another, the rack
// in lines of eight and seven tiles, each slot found where it is drawn;
// below PortraitW or PortraitH it is too small as before.
func TestPortraitTables(t *testing.T) {
	for _, sz := range [][2]int{{PortraitW, PortraitH}, {46, 47}, {46, 70}, {MinWidth - 1, 60}} {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			if !IsPortrait(w, h) {
				t.Fatal("not standing up")
			}
			s := NewScreen(w, h)
			if s.TooSmall {
				t.Fatal("too small")
			}
			parts := map[string]Rect{"header": s.Header, "top panel": s.PanelTop, "top left": s.TopLeft, "top right": s.TopRight,
				"left panel": s.PanelLeft, "right panel": s.PanelRight, "wall": s.Wall, "wall words": s.WallWords,
				"indicator": s.Indicator, "indicator words": s.IndicatorWords, "bottom left": s.BottomLeft,
				"bottom right": s.BottomRight, "you": s.You, "rack": s.Rack, "log": s.Log, "status": s.Status, "help": s.Help}
			for name, r := range parts {
				inside(t, name, r, w, h)
				if r.W <= 0 || r.H <= 0 {
					t.Errorf("%s %+v is empty", name, r)
				}
				for other, o := range parts {
					if name < other && overlap(r, o) && other != "status" && name != "status" {
						t.Errorf("%s %+v lies over %s %+v", name, r, other, o)
					}
				}
			}
			if s.Log.Y+s.Log.H > s.Status.Y+1 || s.StatusMax < 1 {
				t.Errorf("the log %+v runs under the status %+v (max %d)", s.Log, s.Status, s.StatusMax)
			}
			u := NewTable101(w, h)
			for name, r := range map[string]Rect{"header": u.Header, "centre": u.Center, "flex": u.Flex, "work": u.Work, "rack": u.Rack, "help": u.Help,
				"left": u.Seats[3], "top": u.Seats[2], "right": u.Seats[1]} {
				inside(t, "101 "+name, r, w, h)
			}
			if overlap(u.Seats[2], u.Seats[1]) || overlap(u.Seats[3], u.Seats[1]) || overlap(u.Seats[1], u.Center) {
				t.Errorf("101 seats %v over each other or the centre %+v", u.Seats, u.Center)
			}
			lines := map[int]int{}
			for i := range rack.NumSlots {
				for name, l := range map[string]interface {
					Slot(int) Rect
					SlotAt(int, int) int
				}{"classic": s, "101": u} {
					r := l.Slot(i)
					if l.SlotAt(r.X, r.Y) != i || l.SlotAt(r.X+r.W-1, r.Y+r.H-1) != i {
						t.Errorf("%s slot %d is not found where it is drawn", name, i)
					}
				}
				inside(t, "slot", s.Slot(i), w, h)
				r := s.Slot(i)
				if r.X < s.Rack.X+1 || r.X+r.W > s.Rack.X+s.Rack.W-1 || r.Y+r.H > s.Rack.Y+s.Rack.H-1 {
					t.Errorf("slot %d %+v is not inside the rack's frame %+v", i, r, s.Rack)
				}
				lines[r.Y]++
			}
			got := []int{}
			for y := s.SlotsY; y < s.Rack.Y+s.Rack.H-1; y += s.Tile.H {
				got = append(got, lines[y])
			}
			if !slices.Equal(got, []int{8, 7, 8, 7}) {
				t.Errorf("tiles a line of the rack: %v, want 8 7 8 7", got)
			}
		})
	}
	for _, sz := range [][2]int{{PortraitW - 1, 60}, {60, PortraitH - 1}} {
		if !NewScreen(sz[0], sz[1]).TooSmall {
			t.Errorf("%dx%d is not too small", sz[0], sz[1])
		}
	}
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
