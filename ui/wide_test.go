package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/game/tile"
	"okey/ui/layout"
	"okey/ui/theme"
)

// A wide, tall terminal draws the table in big tiles and an ordinary
// one in small tiles (issue 21, point 5), in both games; the mouse
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
					slot, slots, cursor, faceOf = l.Slot, &m.t.Rack.Slots, func() int { return m.t.Cursor }, m.t.FaceOf
				} else {
					m = newTestModel(t, tc.w, tc.h)
					drain(t, m, m.Init())
					if m.lay.Tile != tc.want {
						t.Fatalf("the tiles are %v, want %v", m.lay.Tile, tc.want)
					}
					slot, slots, cursor, faceOf = m.lay.Slot, &m.c.Rack.Slots, func() int { return m.c.Cursor }, m.c.FaceOf
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
