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

// A tap on a stack that plays no move now looks through the stacks, as
// b does (a phone has no b): another player's stack at any time, the
// previous player's once the player has drawn, their own before it.
// Standing up the stacks say so ("tap: look") in place of "b: look".
// A tap that plays (take, discard) still plays: TestTapsPlayATurn.
func TestTapOnAStackLooks(t *testing.T) {
	for _, sz := range [][2]int{{43, 41}, {100, 30}} {
		m := newTestModel(t, sz[0], sz[1])
		drain(t, m, m.Init())
		standing := layout.IsPortrait(sz[0], sz[1])
		tc := tableClassic(m)
		if tc.View.Stage != classic.MustDraw || !tc.View.MyTurn() {
			t.Fatalf("%dx%d: not the player's draw", sz[0], sz[1])
		}
		looks := m.tr.T("stack.browse.tap")
		if got := strings.Contains(plain(m), looks); got != standing {
			t.Errorf("%dx%d: %q beside the stacks: %v, standing up: %v\n%s", sz[0], sz[1], looks, got, standing, plain(m))
		}
		tap := func(r layout.Rect) {
			t.Helper()
			_, cmd := m.Update(tea.MouseClickMsg{X: r.X + r.W/2, Y: r.Y + r.H/2, Button: tea.MouseLeft})
			drain(t, m, cmd)
		}
		for _, seat := range []int{2, 1, 0} { // the player's own before the draw
			if seat == tc.View.Previous {
				continue
			}
			tap(m.lay.Corner(seat))
			if m.overlay != ovBrowse {
				t.Fatalf("%dx%d: a tap on seat %d's stack did not open the stacks (overlay %v):\n%s", sz[0], sz[1], seat, m.overlay, plain(m))
			}
			press(t, m, "esc")
		}
		if tc.View.Stage != classic.MustDraw || tc.View.Counts.Total() != 14 {
			t.Fatalf("%dx%d: a tap that looks played a move", sz[0], sz[1])
		}
		tap(m.lay.Wall)
		tap(m.lay.Corner(tc.View.Previous)) // drawn: the take is no more
		if m.overlay != ovBrowse || tc.View.Stage != classic.MustDiscard {
			t.Fatalf("%dx%d: after the draw a tap on the previous stack did not look (overlay %v, stage %v)", sz[0], sz[1], m.overlay, tc.View.Stage)
		}
	}
}

// In 101 a tap on a bot's panel that takes nothing now (any but the
// previous player's at the draw) looks through the stacks, as b does.
func TestTapOnAPanelLooks101(t *testing.T) {
	for _, sz := range [][2]int{{43, 41}, {100, 30}} {
		m := start101(t, sz[0], sz[1], withSeed(3))
		l := layout.NewTable101(sz[0], sz[1])
		for seat := 1; seat < 4; seat++ {
			v := &table101(m).View
			if seat == v.Previous && v.MyTurn() && v.Legal.Take {
				continue
			}
			r := l.Seats[seat]
			_, cmd := m.Update(tea.MouseClickMsg{X: r.X + r.W/2, Y: r.Y + r.H/2, Button: tea.MouseLeft})
			drain(t, m, cmd)
			if m.overlay != ovBrowse {
				t.Fatalf("%dx%d: a tap on seat %d's panel did not open the stacks:\n%s", sz[0], sz[1], seat, plain(m))
			}
			press(t, m, "esc")
		}
	}
}

// TestStacksPageSaysHowToClose: the stacks page's last line names what
// closes it as the screen offers it: standing up, the bar's "close"
// (a phone has no b or esc); lying down, the keys. Both games, both
// languages.
func TestStacksPageSaysHowToClose(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, o101 := range []bool{false, true} {
			for _, sz := range [][2]int{{43, 41}, {100, 30}} {
				inLang := func(o *Options) { o.Settings.Lang = lang }
				var m *Model
				if o101 {
					m = start101(t, sz[0], sz[1], inLang)
				} else {
					m = newTestModel(t, sz[0], sz[1], inLang)
					drain(t, m, m.Init())
				}
				press(t, m, "b")
				if m.overlay != ovBrowse {
					t.Fatalf("%s, 101 %v, %dx%d: b did not open the stacks:\n%s", lang, o101, sz[0], sz[1], plain(m))
				}
				standing := layout.IsPortrait(sz[0], sz[1])
				keys, taps := m.tr.T("browse.keys"), m.tr.T("browse.keys.tap")
				scr := plain(m)
				if strings.Contains(scr, keys) == standing || strings.Contains(scr, taps) != standing {
					t.Errorf("%s, 101 %v, %dx%d, standing up %v: the page does not end with %q:\n%s",
						lang, o101, sz[0], sz[1], standing, map[bool]string{false: keys, true: taps}[standing], scr)
				}
				if close := m.tr.T("key.close"); standing && !strings.Contains(scr, close) {
					t.Errorf("%s, 101 %v: standing up the line names %q, which the bar does not show:\n%s", lang, o101, close, scr)
				}
			}
		}
	}
}
