package meld

import (
	"testing"

	"okey/game/tile"
)

// TestWorkIsTheSearchsOwn: Work counts what a search does, not what the
// solver did before, so that a bot held to a budget decides the same
// whatever searches shared its solver; and a crowded rack costs more
// than a thin one, or the budget would measure nothing.
func TestWorkIsTheSearchsOwn(t *testing.T) {
	a := analyzer(t, "K4")
	thin := "R1 R2 R3 Y7 B7 K7 R10 R11 R12 B1 B5"
	crowded := "R1 R2 R3 R4 R5 R6 R7 Y3 Y4 Y5 Y6 Y7 B3 B4 B5 B6 K3 K5 K5 R13 Y13 B13"
	cost := func(sv *Solver, s string) uint64 {
		t.Helper()
		var c tile.Counts
		for _, x := range tiles(t, s) {
			c[x]++
		}
		w := sv.Work()
		sv.BestOpening(a, c)
		sv.CanFinish(a, c, nil, Turn{Status: OpenedMelds, Threshold: DefaultThreshold})
		return sv.Work() - w
	}
	var fresh, used Solver
	cost(&used, crowded)
	cost(&used, thin)
	for _, rack := range []string{thin, crowded} {
		if a, b := cost(&fresh, rack), cost(&used, rack); a != b || a == 0 {
			t.Errorf("%s: %d units on a fresh solver, %d on a used one", rack, a, b)
		}
	}
	if a, b := cost(&fresh, thin), cost(&fresh, crowded); a*4 > b {
		t.Errorf("a thin rack costs %d units, a crowded one %d: the units do not follow the work", a, b)
	}
}
