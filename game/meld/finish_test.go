package meld

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// TestCanFinishAgainstPlayingItOut compares CanFinish with the reference
// that plays every order of actions, on random small racks and tables,
// and plays every plan it returns with the meld operations.
func TestCanFinishAgainstPlayingItOut(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 101))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	if raceOn {
		n = 300
	}
	var sv Solver
	yes := 0
	for i := range n {
		a, c, table, turn := finishCase(r)
		want := refFinish(a, c, table, turn)
		p, ok := sv.CanFinish(a, c, table, turn)
		got := 0
		if ok {
			got = 1
			if p.OkeyFinish {
				got *= 2
			}
			if p.Pairs {
				got *= 2
			}
			yes++
		}
		if got != want {
			t.Fatalf("case %d: okey %v rack %v table %v turn %+v: CanFinish %d (%+v), playing it out %d", i, a.Okey(), tile.FormatTiles(c.Tiles()), table, turn, got, p, want)
		}
		if ok {
			if msg := execPlan(a, c, table, turn, p); msg != "" {
				t.Fatalf("case %d: okey %v rack %v table %v turn %+v: plan %+v: %s", i, a.Okey(), tile.FormatTiles(c.Tiles()), table, turn, p, msg)
			}
		}
	}
	t.Logf("%d cases, %d can finish", n, yes)
}
