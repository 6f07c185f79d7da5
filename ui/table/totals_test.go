package table

import (
	"strings"
	"testing"

	"okey/ui/canvas"
	"okey/ui/layout"
)

// TestDrawTotals asserts the totals rank the seats best first (lowest
// first in 101), keep each total whole at the right edge, and give the
// log the rest of the column, or the whole of it where they would leave
// the log too few lines.
func TestDrawTotals(t *testing.T) {
	seats := []Total{{"You", "40 pts", 40}, {"Ayşe", "12 pts", 12}, {"Mehmet", "75 pts", 75}, {"Zeynep", "12 pts", 12}}
	plain := func(_ Style, s string) string { return s }
	for _, tc := range []struct {
		name    string
		r       layout.Rect
		lowWins bool
		want    []string // the lines drawn, from the column's top
		logY    int
	}{
		{"101", layout.Rect{X: 2, Y: 1, W: 20, H: 20}, true, []string{"Totals", "1. Ayşe       12 pts", "2. Zeynep     12 pts", "3. You        40 pts", "4. Mehmet     75 pts"}, 7},
		{"classic", layout.Rect{X: 2, Y: 1, W: 20, H: 20}, false, []string{"Totals", "1. Mehmet     75 pts", "2. You        40 pts", "3. Ayşe       12 pts", "4. Zeynep     12 pts"}, 7},
		{"wide", layout.Rect{X: 2, Y: 1, W: 50, H: 20}, true, []string{"Totals", "1. Ayşe" + strings.Repeat(" ", totalsMaxW-13) + "12 pts"}, 7},
		{"narrow", layout.Rect{X: 2, Y: 1, W: 12, H: 20}, true, []string{"Totals", "1. A… 12 pts"}, 7},
		{"short", layout.Rect{X: 2, Y: 1, W: 20, H: 4 + 2 + TotalsLogMin - 1}, true, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := canvas.New(60, 22)
			log := DrawTotals(c, tc.r, "Totals", seats, tc.lowWins, plain)
			if log.Y != tc.logY || log.Y+log.H != tc.r.Y+tc.r.H || log.X != tc.r.X || log.W != tc.r.W {
				t.Fatalf("the log is left %+v of %+v", log, tc.r)
			}
			lines := strings.Split(c.String(), "\n")
			for i, want := range tc.want {
				got := strings.TrimRight(lines[tc.r.Y+i], " ")
				if got != strings.Repeat(" ", tc.r.X)+want {
					t.Errorf("line %d is %q, want %q", i, got, want)
				}
			}
			if tc.want == nil && strings.TrimSpace(c.String()) != "" {
				t.Errorf("drawn where they do not fit:\n%s", c.String())
			}
		})
	}
}
