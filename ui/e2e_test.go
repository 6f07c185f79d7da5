package ui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// End-to-end flows through a real Bubble Tea program. The goldens hold
// the final screen without styles (go test ./ui -run E2E -update
// rewrites them).

func waitFor(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte(s))
	}, teatest.WithDuration(time.Minute), teatest.WithCheckInterval(5*time.Millisecond))
}

func finalScreen(t *testing.T, tm *teatest.TestModel) []byte {
	t.Helper()
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	return []byte(ansi.Strip(m.View().Content))
}

func TestE2EDrawAndDiscard(t *testing.T) {
	m := newTestModel(t, 100, 30, withPlainBots)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor(t, tm, "Your turn")
	tm.Send(keyMsg("d"))
	waitFor(t, tm, "You draw")
	tm.Send(keyMsg("x"))
	waitFor(t, tm, "Your turn")
	tm.Send(keyMsg("c"))
	waitFor(t, tm, "Sorted by colour")
	tm.Send(keyMsg("q"))
	golden.RequireEqual(t, finalScreen(t, tm))
}

func TestE2EResume(t *testing.T) {
	first := newTestModel(t, 100, 30, withPlainBots)
	drain(t, first, first.Init())
	playMyTurn(t, first)
	if err := first.Flush(); err != nil {
		t.Fatal(err)
	}
	m := reopen(t, first, first.opt)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor(t, tm, "Welcome back")
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "Your turn: draw") // what to do now, not a welcome
	tm.Send(keyMsg("q"))
	golden.RequireEqual(t, finalScreen(t, tm))
}

func TestE2ETooSmallThenResize(t *testing.T) {
	m := newTestModel(t, 60, 20, withPlainBots)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(60, 20))
	waitFor(t, tm, "at least")
	tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	waitFor(t, tm, "Your turn")
	tm.Send(keyMsg("?"))
	waitFor(t, tm, "Keys and rules")
	tm.Send(keyMsg("esc"))
	tm.Send(keyMsg("v"))
	waitFor(t, tm, "Sorted by value")
	tm.Send(keyMsg("q"))
	golden.RequireEqual(t, finalScreen(t, tm))
}
