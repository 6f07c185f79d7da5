package meld

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// checkRacks is how many racks of each kind the brute-force check runs:
// dealt racks of 21 and 22 tiles, dealt racks of 3 to 14 tiles (what is
// left late in a hand) and constructed racks crowded into few colours
// and values with okeys and false jokers.
func checkRacks() int {
	if raceOn {
		return 150
	}
	if testing.Short() {
		return 700
	}
	return 17000
}

func randomRack(r *rand.Rand, kind int) (Analyzer, tile.Counts) {
	switch kind {
	case 0:
		return dealtRack(r, 21+r.IntN(2))
	case 1:
		return dealtRack(r, 3+r.IntN(12))
	}
	return constructedRack(r, 4+r.IntN(18))
}

// TestSearchAgainstBruteForce checks the best opening and the fewest
// tiles left unmelded against the reference on random, dealt and
// constructed racks, and that the melds returned are real: read as
// melds, held by the rack, disjoint, worth the value claimed, and leaving
// a tile in the rack.
func TestSearchAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 101))
	var sv Solver
	n := checkRacks()
	racks := 0
	for kind := range 3 {
		for range n {
			a, c := randomRack(r, kind)
			racks++
			o := sv.BestOpening(a, c)
			want := refBest(a, c, false)
			if want == refNone {
				want = 0
			}
			if o.Value != want {
				t.Fatalf("okey %v rack %v: best opening %d, brute force %d (%v)", a.Okey(), tile.FormatTiles(c.Tiles()), o.Value, want, o.Melds)
			}
			checkMelds(t, a, c, o.Melds, o.Value)
			left, melds := sv.Unmelded(a, c)
			most := refBest(a, c, true)
			if most == refNone {
				most = 0
			}
			if left != c.Total()-most {
				t.Fatalf("okey %v rack %v: %d left unmelded, brute force %d", a.Okey(), tile.FormatTiles(c.Tiles()), left, c.Total()-most)
			}
			checkMelds(t, a, c, melds, -1)
		}
	}
	t.Logf("%d racks checked against the brute force", racks)
}

// checkMelds verifies melds found in rack c: each reads as the meld it
// claims, they use only tiles the rack holds, at least one tile stays,
// and (value >= 0) they are worth value together.
func checkMelds(t *testing.T, a Analyzer, c tile.Counts, melds []Meld, value int) {
	t.Helper()
	var used tile.Counts
	sum := 0
	for _, m := range melds {
		got, err := a.Read(m.Tiles)
		if err != nil || !got.Equal(m) {
			t.Fatalf("rack %v: meld %v does not read as itself (%v, %v)", tile.FormatTiles(c.Tiles()), m, got, err)
		}
		sum += m.Value()
		for _, x := range m.Tiles {
			used[x]++
		}
	}
	for f := range used {
		if used[f] > c[f] {
			t.Fatalf("rack %v: melds %v use %v more often than held", tile.FormatTiles(c.Tiles()), melds, tile.Tile(f))
		}
	}
	if c.Total() > 0 && used.Total() >= c.Total() {
		t.Fatalf("rack %v: melds %v keep no tile", tile.FormatTiles(c.Tiles()), melds)
	}
	if value >= 0 && sum != value {
		t.Fatalf("rack %v: melds %v are worth %d, not %d", tile.FormatTiles(c.Tiles()), melds, sum, value)
	}
}
