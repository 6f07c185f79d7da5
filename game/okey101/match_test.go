package okey101

import "testing"

// TestRandomMatches plays whole matches of random purposeful players
// under every option and checks the invariants and the scores after every
// action, and that matches end.
func TestRandomMatches(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	stats := map[string]int{}
	for _, rs := range []string{"default", "progressive,hands=3", "okey_pair,islek=off", "partners,hands=2", "open=61", "open=15,okey_pair", "open=30,progressive,partners"} {
		r, err := ParseRules(rs)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(n) {
			states := playMatch(t, r, seed, 100000)
			last := states[len(states)-1]
			if last.Phase() != MatchOver {
				t.Fatalf("%s seed %d: the match did not end in %d actions", rs, seed, len(states))
			}
			for _, res := range last.Results() {
				switch {
				case res.Void:
					stats["void"]++
				case res.WallOut:
					stats["wall out"]++
				default:
					stats["finished"]++
					if res.OkeyFinish {
						stats["okey finish"]++
					}
					if res.PairsFinish {
						stats["pairs finish"]++
					}
					if res.Elden {
						stats["elden"]++
					}
				}
			}
		}
	}
	t.Logf("%v", stats)
}
