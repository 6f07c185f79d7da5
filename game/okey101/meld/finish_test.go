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

// TestFinishRunOnAnOkeyReachesThirteen: a position of okey sim (seed 3, a
// search player's playout) where a player not yet open takes K10, frees
// the okey standing for R11 on the table and opens. A run that starts on
// an okey must reach 13 whatever other runs of its colour go on: the
// referee reads Y4 K8 K9 K10 as K8-K11, never K7-K10, so a plan laying K5
// off below it would be refused.
func TestFinishRunOnAnOkeyReachesThirteen(t *testing.T) {
	a, err := New(tile.NewTile(tile.Yellow, 3))
	if err != nil {
		t.Fatal(err)
	}
	rack, err := tile.ParseTiles("R5 R6 R8 R11 Y1 Y4 Y5 Y6 B3 B4 B5 B11 K5 K5 K6 K8 K9 K10 K10 K11 K12 K13")
	if err != nil {
		t.Fatal(err)
	}
	var c tile.Counts
	for _, x := range rack {
		c[x]++
	}
	var table []Meld
	for _, s := range []string{"Y10 Y11 Y12", "R4 J K4", "Y11 B11 K11", "R13 Y13 B13 K13", "R9 R10 Y4 R12 R13", "Y6 Y7 Y8", "B7 B8 B9 B10", "R1 Y1 B1", "R4 J B4"} {
		table = append(table, mustRead(t, a, s))
	}
	turn := Turn{Status: NotOpened, Threshold: 101, Taken: tile.NewTile(tile.Black, 10)}
	var sv Solver
	p, ok := sv.CanFinish(a, c, table, turn)
	if !ok {
		return // no finish is an answer; a wrong plan is not
	}
	if msg := execPlan(a, c, table, turn, p); msg != "" {
		t.Fatalf("plan %+v: %s", p, msg)
	}
}
