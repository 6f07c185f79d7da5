package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestSeat101ClockShowsAt80: at a served table of Okey 101 on an 80×24
// terminal, the panel of the seat to move keeps its turn clock whole,
// in both languages. The dealer moves first, and its name line ("> alice
// < (dağıtan) · 14 sn", with "oyuncu" moved up beside it) was wider than
// the panel's 26 columns: played over SSH, it read "> alice < (dağıtan)
// · …", the clock gone while the timer ran. The header names
// the dealer; the panel drops that mark before the clock.
func TestSeat101ClockShowsAt80(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		m := seatBenchIn(t, true, lang)
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		turn := table101(m).View.Turn
		if turn == 0 || turn != table101(m).View.Dealer {
			t.Fatalf("the test wants a bot dealer to move: turn %d, dealer %d", turn, table101(m).View.Dealer)
		}
		clock := strings.TrimPrefix(m.seatClock(turn), " · ")
		if clock == "" {
			t.Fatal("no clock")
		}
		top := strings.Join(strings.Split(plain(m), "\n")[:4], "\n")
		if !strings.Contains(top, clock) {
			t.Errorf("%s: the panel of seat %d, to move, does not show its clock %q:\n%s", lang, turn, clock, top)
		}
		if strings.Contains(top, " …") {
			t.Errorf("%s: a panel is cut:\n%s", lang, top)
		}
	}
}
