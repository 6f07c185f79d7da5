package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/game/tile"
	"okey/ui/layout"
	"okey/ui/play101"
	"okey/ui/theme"
)

// A wide, tall terminal draws the table in big tiles and an ordinary
// one in small tiles, in both games; the mouse
// follows the size: a click on a big tile lands on the slot drawn there,
// and the tile drawn there is the slot's.
func TestWideTableUsesBigTiles(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want theme.TileSize
	}{
		{80, 24, theme.SmallTile},
		{100, 30, theme.SmallTile},
		{120, 40, theme.SmallTile},
		{160, 48, theme.BigTile},
		{200, 60, theme.BigTile},
	} {
		for _, game := range []string{"classic", "101"} {
			t.Run(fmt.Sprintf("%s-%dx%d", game, tc.w, tc.h), func(t *testing.T) {
				var m *Model
				var slot func(int) layout.Rect
				var slots *[30]tile.Tile
				var cursor func() int
				var faceOf func(tile.Tile) (tile.Tile, theme.Label)
				if game == "101" {
					m = start101(t, tc.w, tc.h, withSeed(8))
					l := layout.NewTable101(tc.w, tc.h)
					if l.Tile != tc.want {
						t.Fatalf("101's tiles are %v, want %v", l.Tile, tc.want)
					}
					slot, slots, cursor, faceOf = l.Slot, &table101(m).Rack.Slots, func() int { return table101(m).Cursor }, table101(m).FaceOf
				} else {
					m = newTestModel(t, tc.w, tc.h)
					drain(t, m, m.Init())
					if m.lay.Tile != tc.want {
						t.Fatalf("the tiles are %v, want %v", m.lay.Tile, tc.want)
					}
					slot, slots, cursor, faceOf = m.lay.Slot, &tableClassic(m).Rack.Slots, func() int { return tableClassic(m).Cursor }, tableClassic(m).FaceOf
				}
				lines := strings.Split(plain(m), "\n")
				for i, x := range slots {
					if x == tile.NoTile {
						continue
					}
					r := slot(i)
					if r.W != tc.want.W || r.H != tc.want.H {
						t.Fatalf("slot %d is %d×%d", i, r.W, r.H)
					}
					// The tile is drawn in its slot: its frame's corner
					// at the top left, its face on the middle line.
					mid := r.Y + (r.H-1)/2
					if got := []rune(lines[r.Y])[r.X]; !strings.ContainsRune("┌╔┏╭", got) {
						t.Fatalf("slot %d's corner at (%d,%d) is %q:\n%s", i, r.X, r.Y, got, plain(m))
					}
					want, lbl := faceOf(x)
					text := want.String()
					if lbl == theme.LabelOkey {
						text = "OK"
					}
					if face := string([]rune(lines[mid])[r.X : r.X+r.W]); !strings.Contains(face, text) {
						t.Fatalf("slot %d (%s) reads %q, not %s", i, x, face, text)
					}
				}
				// A click on the last tile's bottom right inner cell (a
				// big tile's own, past a small one) picks that tile.
				last := -1
				for i, x := range slots {
					if x != tile.NoTile {
						last = i
					}
				}
				r := slot(last)
				_, cmd := m.Update(tea.MouseClickMsg{X: r.X + r.W - 2, Y: r.Y + r.H - 2, Button: tea.MouseLeft})
				drain(t, m, cmd)
				if cursor() != last {
					t.Fatalf("a click inside slot %d put the cursor on %d", last, cursor())
				}
			})
		}
	}
}

// On a wide, tall terminal the 101 table uses the room: the melds are drawn as tiles (big ones at 200×60 while they
// fit, small ones at 120×40), each under its seat's name, and the
// indicator as a tile in the centre; at 100×30 they stay text. A click
// on a meld's tile lays the tile under the cursor off there.
func TestWide101TableDrawsMeldsAsTiles(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want []theme.TileSize // the sizes the melds may be drawn in (none: text)
	}{
		{100, 30, nil},
		{120, 40, []theme.TileSize{theme.SmallTile}},
		{200, 60, []theme.TileSize{theme.BigTile, theme.SmallTile}},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			m := start101(t, tc.w, tc.h, withSeed(92))
			for m.screen == scrPlay && !(table101(m).View.Stage == okey101.StageDraw && table101(m).View.Opened[0].Status != 0 && len(table101(m).View.Table) > 0) {
				myTurn101(t, m)
			}
			if m.screen != scrPlay {
				t.Fatal("the hand ended before the player had opened")
			}
			press(t, m, "d")
			l := layout.NewTable101(tc.w, tc.h)
			melds, _ := table101(m).PlaceMelds(l)
			if len(tc.want) == 0 {
				if melds.Tile.W != 0 {
					t.Fatalf("the melds are tiles of %v at %dx%d", melds.Tile, tc.w, tc.h)
				}
				return
			}
			if melds.Tile != tc.want[0] && (len(tc.want) < 2 || melds.Tile != tc.want[1]) {
				t.Fatalf("the melds are drawn in %v, want %v", melds.Tile, tc.want)
			}
			meldsAsTiles(t, m)
			// The indicator is a tile in the centre band.
			lines := strings.Split(plain(m), "\n")
			c := l.Center
			if c.H != l.MeldTiles[0].H || !strings.Contains(lines[c.Y+(c.H-1)/2], table101(m).View.Indicator.String()+" ") || !strings.ContainsAny(lines[c.Y], "┌") {
				t.Fatalf("the indicator is not a tile in %+v:\n%s", c, plain(m))
			}
			// A meld being chosen for a tile is in the cursor's frame.
			p := melds.Pieces[len(melds.Pieces)-1]
			table101(m).Choose = &play101.Choice{Kind: okey101.ActLayOff, Tile: tile.NewTile(tile.Red, 1), Opts: []okey101.Action{{Kind: okey101.ActLayOff, Meld: p.Meld}}, As: []tile.Tile{tile.NoTile}}
			if got := []rune(strings.Split(plain(m), "\n")[melds.Area.Y+p.Y])[melds.Area.X+p.X]; got != '╔' {
				t.Fatalf("the meld being chosen has %q at its corner:\n%s", got, plain(m))
			}
			table101(m).Choose = nil
			// A tile that lays off: click its meld's last tile, inside it.
			v := &table101(m).View
			for _, lo := range v.Analyzer.LayOffs(v.Counts, v.Melds()) {
				cursorTo101(t, m, slotOf101(m, lo.Tile))
				for _, p := range melds.Pieces {
					if p.Meld != lo.Meld {
						continue
					}
					before := v.TileCounts[0]
					x, y := melds.Area.X+p.X+p.W-2, melds.Area.Y+p.Y+p.H-2
					_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
					drain(t, m, cmd)
					if table101(m).Choose != nil {
						press(t, m, "enter")
					}
					if v.TileCounts[0] != before-1 {
						t.Fatalf("a click on the meld's tile at (%d,%d) did not lay %v off: %q", x, y, lo.Tile, m.flash)
					}
					return
				}
			}
			t.Fatal("no lay-off on this table to click: take another seed")
		})
	}
}

// meldsAsTiles fails unless every meld on m's 101 table is drawn as
// tiles where PlaceMelds puts it: each tile's corner at its place, the
// face of each plain tile on its middle line.
func meldsAsTiles(t *testing.T, m *Model) {
	t.Helper()
	melds, _ := table101(m).PlaceMelds(layout.NewTable101(m.width, m.height))
	if melds.Tile.W == 0 {
		t.Fatalf("the melds are text at %dx%d:\n%s", m.width, m.height, plain(m))
	}
	lines := strings.Split(plain(m), "\n")
	drawn := 0
	for _, p := range melds.Pieces {
		if p.Meld < 0 {
			continue
		}
		drawn++
		tm := &table101(m).View.Table[p.Meld]
		x0, y := melds.Area.X+p.X, melds.Area.Y+p.Y
		mid := []rune(lines[y+(melds.Tile.H-1)/2])
		for i, x := range tm.Meld.Tiles {
			cx := x0 + i*melds.Tile.W
			if got := []rune(lines[y])[cx]; !strings.ContainsRune("┌╔", got) {
				t.Fatalf("meld %d's tile %d has %q at its corner (%d,%d):\n%s", p.Meld, i, got, cx, y, plain(m))
			}
			if x == table101(m).View.Okey || x == tile.FalseJoker {
				continue
			}
			if face := string(mid[cx : cx+melds.Tile.W]); !strings.Contains(face, x.String()) {
				t.Fatalf("meld %d's tile %d reads %q, not %s:\n%s", p.Meld, i, face, x, plain(m))
			}
		}
	}
	if drawn != len(table101(m).View.Table) {
		t.Fatalf("%d melds drawn of %d", drawn, len(table101(m).View.Table))
	}
}
