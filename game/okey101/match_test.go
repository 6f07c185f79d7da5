package okey101

import (
	"testing"

	"okey/game"
	"okey/game/okey101/meld"
)

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
			if last.Phase() != game.MatchOver {
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

// TestFinishPlansPlayThrough: whenever the analysis says the seat to
// move can finish, its plan played through Apply is accepted step by step
// and ends the hand with that seat finishing (with an okey when the plan
// says so, opening with pairs when it says so).
func TestFinishPlansPlayThrough(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 3
	}
	var sv meld.Solver
	plans := 0
	for _, rs := range []string{"open=30", "open=15,okey_pair", "default"} {
		r, _ := ParseRules(rs)
		for seed := range uint64(n) {
			for _, s := range playMatch(t, r, seed, 5000) {
				if s.Phase() != game.Playing || s.Stage() != StagePlay {
					continue
				}
				seat := s.Turn()
				v := s.View(seat)
				p, ok := sv.CanFinish(v.Analyzer, v.Counts, v.Melds(), v.MeldTurn())
				if !ok {
					continue
				}
				plans++
				for _, a := range PlanActions(seat, p) {
					n, _, err := s.Apply(a)
					if err != nil {
						t.Fatalf("%s seed %d: plan %+v: %v refused: %v", rs, seed, p, a, err)
					}
					s = n
				}
				res := s.Result()
				if s.Phase() == game.Playing || res == nil || res.Finisher != seat || res.OkeyFinish != p.OkeyFinish {
					t.Fatalf("%s seed %d: the plan did not finish the hand as it said: %+v", rs, seed, res)
				}
				if p.Pairs != (s.open[seat].Status == meld.OpenedPairs && s.open[seat].Turn == s.turnNo) && v.Opened[seat].Status == meld.NotOpened {
					t.Fatalf("%s seed %d: the plan opened otherwise than it said", rs, seed)
				}
			}
		}
	}
	if plans < 20 {
		t.Fatalf("only %d finishing plans seen", plans)
	}
	t.Logf("%d finishing plans played through", plans)
}
