package coach

import (
	"strings"
	"testing"

	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// givenUpOkeyFinish finds, in hands of 101 played by four hard bots
// (seeds from 1), a decision at which the rack could go out with an
// okey as its last discard (the score doubled) and a move that still
// goes out, or keeps the way out, without it: the view and that move.
func givenUpOkeyFinish(t *testing.T) (okey101.View, okey101.Action, bool) {
	t.Helper()
	sv := new(meld.Solver)
	var v okey101.View
	var played okey101.Action
	found := false
	eachHard101(t, 80, func() bool { return !found }, func(_ uint64, seat int, ps []Point101, i int) {
		p := ps[i]
		if found {
			return
		}
		w := p.State.View(seat)
		if pl, ok := finishPlan101(&w, sv); !ok || !pl.OkeyFinish {
			return
		}
		for _, c := range candidates101(&w, sv, p.Played, p.Played, p.Played) {
			if legalIn101(&w, c) && finishing101(&w, sv, c) && !okeyFinishing101(&w, sv, c) {
				v, played, found = w, c, true
				return
			}
		}
	})
	return v, played, found
}

// TestGivenUpOkeyFinishNamed (issue 93, point 3 in 101): a move that
// goes out, or keeps the way out, without the okey finish the rack had
// (the okey as the last discard doubles the hand) gives up a finish:
// the way out that keeps the okey finish is weighed against it and
// named, whatever the label, as an okey finish ("an okey finish was
// open (…): worth N more than this move"), in Weighed.Doubles and the
// words; an elden finish likewise where no one has opened.
func TestGivenUpOkeyFinishNamed(t *testing.T) {
	t.Parallel()
	if raceOn {
		t.Skip("judged by the run without -race")
	}
	v, played, ok := givenUpOkeyFinish(t)
	if !ok {
		t.Fatal("no hand of seeds 1 to 79 has an okey finish given up by a move that still goes out")
	}
	d, err := Judge101(ctx, v, played, Options{Seed: 1, Workers: 2, Samples: 64, MinSamples: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s (rack %s, %d left): %s; open finish %q", d.Played, d.Rack, d.WallLeft, show(d), d.OpenFinish)
	w := d.Weighed
	if w == nil || w.Doubles != "okey" {
		t.Fatalf("%s: the okey finish given up is not weighed as one: %+v", d.Played, w)
	}
	if !strings.HasPrefix(d.OpenFinish, "an okey finish was open ("+w.Move+"): worth "+amount(w.More)) {
		t.Errorf("%s labelled %s: the open finish reads %q", d.Played, d.Label, d.OpenFinish)
	}
}
