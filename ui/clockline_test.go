package ui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TestClockTickDrawsTheSameFrame: a tick of the turn's clock changes only
// the clock's text in the frame kept from before (draw), and the frame
// is the same as one drawn whole (render), second by second from 30 s
// to past 0 (the width changing at 9 s), in both games, at 100×30 and
// 80×24, with a key between ticks now and then; most ticks that change
// the clock are spliced where the clock is shown whole (everywhere
// now).
func TestClockTickDrawsTheSameFrame(t *testing.T) {
	for _, o101 := range []bool{false, true} {
		for _, size := range [][2]int{{100, 30}, {80, 24}} {
			t.Run(fmt.Sprintf("101=%v/%dx%d", o101, size[0], size[1]), func(t *testing.T) {
				m := seatBench(t, o101)
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				start := m.now()
				spliced, changed := 0, 0
				for i := range 34 {
					now := start.Add(time.Duration(i)*time.Second + 300*time.Millisecond)
					m.now = func() time.Time { return now }
					if i%7 == 3 {
						m.Update(keyMsg("right"))
						m.View()
					}
					was, valid := m.kept, m.kept.valid
					m.Update(seatTickMsg{})
					got := m.View().Content
					if want := m.render(); got != want {
						t.Fatalf("second %d: the frame after a tick is not the frame drawn whole:\n%s\nwant:\n%s", i, got, want)
					}
					if valid {
						var clocks [4]string
						for s := range clocks {
							clocks[s] = m.seatClock(s)
						}
						if was.clocks == clocks {
							continue
						}
						changed++
						if _, ok := spliceClocks(was.frame, was.clocks, clocks); ok {
							spliced++
						}
					}
				}
				// Okey 101 at 80 columns too: the moving seat's panel
				// drops the dealer's mark to keep its clock whole
				// (TestSeat101ClockShowsAt80).
				if changed < 8 || spliced < changed-2 {
					t.Errorf("%d ticks of the %d that changed the clock changed only its text; want most", spliced, changed)
				}
			})
		}
	}
}
