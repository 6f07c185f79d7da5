package tourneyform

import (
	"testing"
	"time"

	"okey/server/tables"
)

// The form's classic match: from the points chosen, or those the rules'
// preset names (points=10), or simple104's one hand; 101's hands.
func TestFormMatchLength(t *testing.T) {
	now := time.Now()
	for gi, g := range tables.GameKinds() {
		for ri, rules := range g.Rules {
			f := Page{game: gi, rules: ri, points: 2, hands: 2}
			want := tourneyHands[2]
			switch {
			case g.Name == "classic" && rules == "simple104":
				want = 1
			case g.Name == "classic" && rules == "points=10":
				want = 10
			case g.Name == "classic":
				want = tourneyPoints[2]
			}
			if got := f.config("ann", now).Hands; got != want {
				t.Errorf("%s %s: a match of %d, want %d", g.Name, rules, got, want)
			}
		}
	}
}

// The form's start is at least the time it says after now, on a whole
// minute, whatever the second it is created at: "in 1 min" created at
// 21:21:52 started at 21:22:00, before three players could join.
func TestTourneyFormStartsNoSoonerThanItSays(t *testing.T) {
	base := time.Date(2026, 11, 25, 21, 21, 0, 0, time.UTC)
	for _, sec := range []int{0, 1, 30, 52, 59} {
		now := base.Add(time.Duration(sec) * time.Second)
		for i, d := range tourneyStarts {
			f := Page{start: i}
			got := f.config("mehmet", now).Start
			if got.Before(now.Add(d)) || got.After(now.Add(d+time.Minute)) || got.Second() != 0 {
				t.Errorf("created at %s, starting in %v: starts at %s", now.Format("15:04:05"), d, got.Format("15:04:05"))
			}
		}
	}
}
