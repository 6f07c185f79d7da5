// Package positions plays the positions the bots' tests judge from:
// hands of real play by normal bots, cut where a decision is to be made.
// It is for tests only (no level plays from it), kept apart so that the
// packages whose tests need the same positions share one way of making
// them; not internal, so that the lab's harnesses (lab/search) make
// them the same way.
package positions

import (
	"context"
	"fmt"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
)

// Drawn101 plays match seed of Okey 101 (the default rules) with a
// normal bot seeded seed+seat in every seat, up to the first hand's end
// (or 600 moves), and returns every step-th state just after a seat
// drew: the start of a turn that ends in a discard.
func Drawn101(seed uint64, step int) ([]okey101.State, error) {
	s, err := okey101.NewMatch(okey101.DefaultRules(), seed)
	if err != nil {
		return nil, err
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i := range bs {
		bs[i] = bots101.NewNormal(seed + uint64(i))
	}
	var out []okey101.State
	for n := 0; s.Phase() == game.Playing && s.Moves() < 600; {
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			return nil, fmt.Errorf("seed %d, move %d: %w", seed, s.Moves(), err)
		}
		if s, _, err = s.Apply(a); err != nil {
			return nil, fmt.Errorf("seed %d, move %d, %v: %w", seed, s.Moves(), a, err)
		}
		if a.Kind == okey101.ActDraw && s.Phase() == game.Playing {
			if n%step == 0 {
				out = append(out, s)
			}
			n++
		}
	}
	return out, nil
}

// Elsewhere101 is another world of s as the seat to move sees it: the
// tiles that seat cannot see dealt anew from its view (seeded), and
// whether another seat's rack did change (a world the same as s proves
// nothing of a test that a bot's move does not depend on it).
func Elsewhere101(s okey101.State, seed uint64) (okey101.State, bool, error) {
	seat := s.Turn()
	v := s.View(seat)
	other, err := v.SampleWorld(seed)
	if err != nil {
		return okey101.State{}, false, err
	}
	for o := range okey101.NumSeats {
		if o != seat && other.View(o).Counts != s.View(o).Counts {
			return other, true, nil
		}
	}
	return other, false, nil
}
