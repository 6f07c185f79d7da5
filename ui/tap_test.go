package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/layout"
)

// A turn of classic Okey by taps alone, on a terminal standing up (a
// phone held upright) and on a desktop's: the wall tapped draws, a tile
// tapped twice is picked up and a free place tapped puts it down there,
// a tile tapped then the player's own stack discards it.
func TestTapsPlayATurn(t *testing.T) {
	for _, sz := range [][2]int{{46, 47}, {100, 30}} {
		m := newTestModel(t, sz[0], sz[1])
		drain(t, m, m.Init())
		standing := layout.IsPortrait(sz[0], sz[1])
		if standing && m.lay.TooSmall {
			t.Fatalf("%dx%d: too small", sz[0], sz[1])
		}
		// Standing up, the rack's title names taps; on a desktop, keys.
		if got := strings.Contains(plain(m), "tap twice to lift a tile"); got != standing {
			t.Errorf("%dx%d: the rack's title names taps: %v, standing up: %v\n%s", sz[0], sz[1], got, standing, plain(m))
		}
		tap := func(r layout.Rect) {
			t.Helper()
			_, cmd := m.Update(tea.MouseClickMsg{X: r.X + r.W/2, Y: r.Y + r.H/2, Button: tea.MouseLeft})
			drain(t, m, cmd)
		}
		tap(m.lay.Wall)
		tc := tableClassic(m)
		if tc.View.Stage != classic.MustDiscard || tc.View.Counts.Total() != 15 {
			t.Fatalf("%dx%d: a tap on the wall did not draw", sz[0], sz[1])
		}
		from := firstTile(m)
		x := tc.Rack.Slots[from]
		to := -1
		for i := len(tc.Rack.Slots) - 1; i >= 0; i-- {
			if tc.Rack.Slots[i] == tile.NoTile {
				to = i
				break
			}
		}
		if tc.Cursor == from {
			cursorTo(t, m, to)
		}
		tap(m.lay.Slot(from))
		if tc.Held >= 0 || tc.Cursor != from {
			t.Fatalf("%dx%d: one tap on slot %d: held %d, cursor %d", sz[0], sz[1], from, tc.Held, tc.Cursor)
		}
		tap(m.lay.Slot(from))
		if tc.Held != from {
			t.Fatalf("%dx%d: a second tap on slot %d did not pick it up (held %d)", sz[0], sz[1], from, tc.Held)
		}
		tap(m.lay.Slot(to))
		if tc.Held >= 0 || tc.Rack.Slots[to] != x || tc.Rack.Slots[from] != tile.NoTile {
			t.Fatalf("%dx%d: the tile picked up is not put down in slot %d", sz[0], sz[1], to)
		}
		had := tc.Rack.Counts()[x]
		tap(m.lay.Corner(0))
		// The bots play at once: the turn may have come round again.
		if tc.Rack.Counts()[x] != had-1 || tc.Rack.Slots[to] != tile.NoTile || tc.View.Counts.Total() != 14 {
			t.Fatalf("%dx%d: a tap on the player's stack did not discard %v:\n%s", sz[0], sz[1], x, plain(m))
		}
	}
}
