package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/game/classic"
	"okey/game/okey101"
	"okey/ui/playclassic"
	"okey/ui/stats"
)

// longPage opens one of the pages that scroll and makes it longer than
// any screen; it returns the page's lines as the model draws them.
type longPage struct {
	name string
	open func(t *testing.T, w, h int) (*Model, func() []string)
}

// longPages are the pages that scroll, in both games, each made long.
var longPages = []longPage{
	{"classic help", func(t *testing.T, w, h int) (*Model, func() []string) {
		m := newTestModel(t, w, h)
		drain(t, m, m.Init())
		press(t, m, "?")
		return m, m.overlayLines
	}},
	{"classic scores", func(t *testing.T, w, h int) (*Model, func() []string) {
		m := newTestModel(t, w, h)
		drain(t, m, m.Init())
		for i := range 40 {
			sideClassic(m).History = append(sideClassic(m).History, playclassic.HandScore{Result: classic.HandResult{Hand: i + 1, WallOut: true}})
		}
		press(t, m, "r")
		return m, m.scoreLines
	}},
	{"statistics", func(t *testing.T, w, h int) (*Model, func() []string) {
		m := newTestModel(t, w, h)
		drain(t, m, m.Init())
		m.stats.ByBots = map[string]*stats.Classic{}
		m.stats.Okey101 = map[string]*stats.Okey101{}
		for _, a := range []string{"easy", "normal", "hard"} {
			for _, b := range []string{"easy", "normal", "hard"} {
				m.stats.ByBots[a+","+b+",normal"] = &stats.Classic{Matches: 1, Hands: 3}
				m.stats.Okey101[a+","+b+",hard"] = &stats.Okey101{Matches: 1, Hands: 2}
			}
		}
		press(t, m, "i")
		return m, m.statsLines
	}},
	{"101 help", func(t *testing.T, w, h int) (*Model, func() []string) {
		m := start101(t, w, h)
		press(t, m, "?")
		return m, m.overlayLines
	}},
	{"101 sheet", func(t *testing.T, w, h int) (*Model, func() []string) {
		m := start101(t, w, h)
		for i := range 40 {
			table101(m).View.Results = append(table101(m).View.Results, okey101.HandResult{Hand: i + 1, WallOut: true})
		}
		press(t, m, "r")
		return m, m.scoreLines
	}},
}

// The pages that scroll (the keys and rules, the score sheets, the
// statistics; in both games) move by the scroll keys and by the mouse
// wheel, three lines a notch, and stay within the page: each step is
// checked on the pager and on the screen's rows.
func TestPagesScrollByKeysAndWheel(t *testing.T) {
	wheel := func(b tea.MouseButton) tea.Msg { return tea.MouseWheelMsg{X: 10, Y: 10, Button: b} }
	for _, p := range longPages {
		for _, sz := range [][2]int{{80, 24}, {110, 24}} {
			m, linesOf := p.open(t, sz[0], sz[1])
			lines := linesOf()
			h := m.lay.Page.H
			if len(lines) <= h+4 {
				t.Fatalf("%s %v: %d lines on a page of %d: the test needs a longer page", p.name, sz, len(lines), h)
			}
			screen, overlay := m.screen, m.overlay
			end := len(lines) - h
			at := func(step string, want int) {
				t.Helper()
				if got := m.pager.YOffset(); got != want {
					t.Fatalf("%s %v: after %s the page is at line %d, want %d", p.name, sz, step, got, want)
				}
				rows := strings.Split(plain(m), "\n")
				for i := range h {
					row := strings.TrimSpace(rows[m.lay.Page.Y+i])
					if line := strings.TrimSpace(ansi.Strip(lines[want+i])); row != line {
						t.Fatalf("%s %v: after %s row %d is %q, want %q", p.name, sz, step, i, row, line)
					}
				}
				if m.screen != screen || m.overlay != overlay {
					t.Fatalf("%s %v: %s left the page", p.name, sz, step)
				}
			}
			send := func(msg tea.Msg) {
				_, cmd := m.Update(msg)
				drain(t, m, cmd)
			}
			at("opening", 0)
			press(t, m, "down")
			at("down", 1)
			send(wheel(tea.MouseWheelDown))
			at("the wheel down", 4)
			send(wheel(tea.MouseWheelUp))
			at("the wheel up", 1)
			press(t, m, "up")
			press(t, m, "up")
			at("up at the top", 0)
			send(tea.KeyPressMsg{Code: tea.KeyPgDown})
			at("pgdown", min(h, end))
			send(tea.KeyPressMsg{Code: tea.KeyPgUp})
			at("pgup", 0)
			send(tea.KeyPressMsg{Code: tea.KeyEnd})
			at("end", end)
			for range 5 {
				send(wheel(tea.MouseWheelDown))
			}
			at("the wheel past the end", end)
			send(tea.KeyPressMsg{Code: tea.KeyHome})
			at("home", 0)
			press(t, m, "j")
			at("j", 1)
			press(t, m, "k")
			at("k", 0)
			// A taller terminal shows more of the page: at its end, the
			// pager keeps within it, and the wheel moves nothing past it.
			send(tea.KeyPressMsg{Code: tea.KeyEnd})
			send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1] + 4})
			send(wheel(tea.MouseWheelDown))
			if got, want := m.pager.YOffset(), len(lines)-m.lay.Page.H; got != want {
				t.Fatalf("%s %v: after growing the terminal the page is at %d, want %d", p.name, sz, got, want)
			}
		}
	}
}

// A page shorter than the screen does not scroll: neither the keys nor
// the wheel move it, and the keys keep the page open.
func TestShortPageDoesNotScroll(t *testing.T) {
	m := newTestModel(t, 100, 30)
	drain(t, m, m.Init())
	press(t, m, "r") // the score history of a match just begun
	if n := len(m.scoreLines()); n >= m.lay.Page.H {
		t.Fatalf("the score history has %d lines: the test needs a short one", n)
	}
	before := plain(m)
	for _, msg := range []tea.Msg{keyMsg("down"), tea.KeyPressMsg{Code: tea.KeyPgDown}, tea.KeyPressMsg{Code: tea.KeyEnd},
		tea.MouseWheelMsg{Button: tea.MouseWheelDown}} {
		m.Update(msg)
		if m.pager.YOffset() != 0 || plain(m) != before || m.screen != scrScores {
			t.Fatalf("%v moved a short page:\n%s", msg, plain(m))
		}
	}
	if strings.Contains(strings.Split(before, "\n")[m.lay.Help.Y], "pgup") {
		t.Fatal("a short page offers its scroll keys")
	}
}

// The wheel scrolls only a page that scrolls: over the table it does
// nothing (no page is on show to move).
func TestWheelOverTheTableDoesNothing(t *testing.T) {
	m := newTestModel(t, 80, 24)
	drain(t, m, m.Init())
	before := plain(m)
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if plain(m) != before || m.pager.YOffset() != 0 {
		t.Fatal("the wheel changed the table")
	}
}

// At a served table the score history and the help scroll as at home,
// and closing the score history mid-hand goes back to the table, not
// to an empty end of a hand (the seat holds no game of its own, only
// its views: found over SSH).
func TestSeatPagesScrollAndClose(t *testing.T) {
	f := newFakeTable(t, 11)
	m := newSeatModel(t, f, 1)
	m.Update(windowMsg(80, 24))
	m.Update(f.update(1))
	if m.screen != scrPlay || !m.playing() {
		t.Fatalf("the seat is not at a hand being played:\n%s", plain(m))
	}
	press(t, m, "?")
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if m.pager.YOffset() != 3 {
		t.Fatalf("the wheel moved the help at a seat to %d, want 3", m.pager.YOffset())
	}
	press(t, m, "esc")
	press(t, m, "r")
	if m.screen != scrScores {
		t.Fatalf("r does not open the score history at a seat:\n%s", plain(m))
	}
	if bar := strings.Split(plain(m), "\n")[m.lay.Help.Y]; !strings.Contains(bar, "q leave the table") {
		t.Fatalf("the score history's bar at a seat says %q", bar)
	}
	press(t, m, "esc")
	if m.screen != scrPlay {
		t.Fatalf("closing the score history mid-hand shows screen %d:\n%s", m.screen, plain(m))
	}
}

// BenchmarkHelpPageScroll is a frame of the ? page at 80×24 after a
// key that scrolls it: the key's update and the View it costs.
func BenchmarkHelpPageScroll(b *testing.B) {
	m := newTestModel(b, 80, 24)
	drain(b, m, m.Init())
	press(b, m, "?")
	down, up := tea.KeyPressMsg{Code: tea.KeyDown}, tea.KeyPressMsg{Code: tea.KeyUp}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := down
		if i%2 == 1 {
			k = up
		}
		m.Update(k)
		_ = m.View()
	}
}
