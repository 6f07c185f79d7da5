package search

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"okey/bots/bots101"
	"okey/bots/positions"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// match101 starts match seed of 101 (default rules) with a normal bot
// seeded seed+seat in every seat.
func match101(t *testing.T, seed uint64) (okey101.State, [okey101.NumSeats]bots101.Bot) {
	t.Helper()
	s, err := okey101.NewMatch(okey101.DefaultRules(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i := range bs {
		bs[i] = bots101.NewNormal(seed + uint64(i))
	}
	return s, bs
}

// positions101 are the states of positions.Drawn101 for each of seeds:
// every step-th start of a turn whose discard the search may search.
func positions101(t *testing.T, seeds []uint64, step int) []okey101.State {
	t.Helper()
	var out []okey101.State
	for _, seed := range seeds {
		ps, err := positions.Drawn101(seed, step)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ps...)
	}
	return out
}

// playTurn plays the seat's turn from s with p to its end and returns
// the actions.
func playTurn(t *testing.T, p bots101.Bot, s okey101.State) []okey101.Action {
	t.Helper()
	seat := s.Turn()
	var acts []okey101.Action
	for s.Phase() == game.Playing && s.Turn() == seat {
		a, err := p.Decide(context.Background(), s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
		if s, _, err = s.Apply(a); err != nil {
			t.Fatalf("illegal move %v: %v", a, err)
		}
	}
	return acts
}

func sameActs(a, b []okey101.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// TestHonest101: the 101 search decides from its view alone. In two
// worlds that differ only in the other racks and the wall (the second
// dealt anew from the first's view), players of the same seed play the
// same whole turn, and they did search.
func TestHonest101(t *testing.T) { honest101(t, Options{}) }

// TestHonest101SelfHard is TestHonest101 for the search whose seat
// plays hard in its own playouts ("-selfhard"): the hard bot in the
// playouts sees the sampled world's views, never the true racks.
func TestHonest101SelfHard(t *testing.T) { honest101(t, Options{Own: ownHard}) }

// TestHonest101Open is TestHonest101 for the search of the opening
// decision ("-open"), on turns that start with an opening decision
// (openingTurns), where it fails unless openings were searched.
func TestHonest101Open(t *testing.T) { honest101(t, Options{Open: true}) }

// openingTurns are the positions of seeds (every step-th) where the
// seat to move has not opened and either hard opens at once or the rack
// makes five pairs: the turns whose first decision "-open" searches
// when hard's first action is an opening or a discard.
func openingTurns(t *testing.T, seeds []uint64, step int) []okey101.State {
	t.Helper()
	var out []okey101.State
	for _, s := range positions101(t, seeds, step) {
		v := s.View(s.Turn())
		if v.Opened[v.Seat].Status != meld.NotOpened {
			continue
		}
		acts, err := bots101.Turn(context.Background(), "hard", v, bots101.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if acts[0].Kind == okey101.ActOpen || v.Analyzer.Pairs(v.Counts, v.Rules.OkeyPair) >= 5 {
			out = append(out, s)
		}
	}
	return out
}

// honest101 plays the same whole turn in two worlds that differ only in
// the hidden tiles with search players of options opt (seeded by the
// position) and fails if the turns differ or nothing was searched (no
// opening, with opt.Open: its positions are openingTurns').
func honest101(t *testing.T, opt Options) {
	ps := positions101(t, []uint64{3, 4}, 7)
	if opt.Open {
		ps = openingTurns(t, []uint64{3, 4, 5, 6}, 1)
	}
	if testing.Short() {
		ps = ps[:min(len(ps), 6)]
	}
	searched, differ, openings := 0, 0, 0
	for i, s := range ps {
		seat := s.Turn()
		other, moved, err := positions.Elsewhere101(s, uint64(500+i))
		if err != nil {
			t.Fatal(err)
		}
		if moved {
			differ++
		}
		opt.Seed = uint64(i)
		p1, p2 := New101(opt, nil), New101(opt, nil)
		a1, a2 := playTurn(t, p1, s), playTurn(t, p2, other)
		if !sameActs(a1, a2) {
			t.Fatalf("position %d, seat %d: %v in one world, %v in the other", i, seat, a1, a2)
		}
		searched += p1.Stats.Searched + p1.Open.Searched
		openings += p1.Open.Searched
	}
	if opt.Open && openings == 0 {
		t.Fatalf("no opening searched in %d positions", len(ps))
	}
	if searched == 0 || differ < len(ps)/2 {
		t.Fatalf("%d of %d positions searched, %d with other hidden tiles: the test proves little", searched, len(ps), differ)
	}
}

// TestOverridesOnlyOnEvidence101: with the gate shut the 101 search
// plays hard's turns exactly; with it open (the best mean wins) it
// departs from them somewhere.
func TestOverridesOnlyOnEvidence101(t *testing.T) {
	t.Parallel()
	ps := positions101(t, []uint64{5}, 3)
	ps = ps[:min(len(ps), 8)]
	shut, open := 0, 0
	for i, s := range ps {
		hard, _ := bots101.New("hard", bots101.Options{Seed: uint64(i)})
		want := playTurn(t, hard, s)
		p := New101(Options{Seed: uint64(i), Z: math.Inf(1)}, nil)
		if got := playTurn(t, p, s); !sameActs(got, want) {
			t.Fatalf("position %d: gate shut, played %v where hard plays %v", i, got, want)
		}
		shut += p.Stats.Overrode
		q := New101(Options{Seed: uint64(i), Z: -1}, nil)
		playTurn(t, q, s)
		open += q.Stats.Overrode
	}
	if shut != 0 || open == 0 {
		t.Fatalf("overrode hard %d times with the gate shut, %d with it open", shut, open)
	}
}

func TestLevel101(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"search", "search-4x", "search-z2.5", "search-16x-z3", "search-4x-uniform",
		"search-selfhard", "search-4x-selfhard", "search-4x-uniform-selfhard",
		"search-open", "search-4x-open", "search-4x-z2-open", "search-4x-open-selfhard", "search-4x-uniform-open-selfhard"} {
		opt, ok, err := Parse101(name)
		if !ok || err != nil {
			t.Fatalf("Parse101(%q): %v, %v", name, ok, err)
		}
		p := New101(opt, nil)
		if l := p.Level(); l != name {
			t.Errorf("the 101 level parsed from %q is named %q", name, l)
		}
		if uniform := p.sampler.Belief == nil; uniform != strings.Contains(name, "-uniform") {
			t.Errorf("%q deals its worlds uniformly: %v", name, uniform)
		}
		if open := strings.Contains(name, "-open"); p.open != open || opt.Open != open {
			t.Errorf("%q searches the opening: %v", name, p.open)
		}
		self := strings.HasSuffix(name, "-selfhard")
		for _, r := range p.players {
			if (r.Own == "hard") != self || (r.Own != "" && !self) {
				t.Errorf("%q plays its own seat at %q in its playouts", name, r.Own)
			}
		}
	}
	// the other worlds are classic's, and -selfhard comes last: the 101
	// search refuses these names
	for _, name := range []string{"search-plain", "search-4x-progress", "search-selfhard-4x", "search-4x-selfhard-uniform", "search-4x-plain-selfhard",
		"search-selfhard-open", "search-open-4x", "search-4x-open-uniform", "search-4x-open-open"} {
		if _, ok, err := Parse101(name); !ok || !errors.Is(err, ErrLevel) {
			t.Errorf("Parse101(%q): %v, %v", name, ok, err)
		}
	}
}

func TestCancelled101(t *testing.T) {
	t.Parallel()
	ps := positions101(t, []uint64{6}, 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for i, s := range ps[:min(len(ps), 4)] {
		if _, err := New101(Options{Seed: uint64(i)}, nil).Decide(ctx, s.View(s.Turn())); !errors.Is(err, context.Canceled) {
			t.Fatalf("position %d: cancelled decision returned %v", i, err)
		}
	}
}

// TestOpeningGate101: the search of the opening decision ("-open")
// searches the openings of openingTurns; with its gate shut it plays
// hard's turns exactly, with it open (the best mean wins) it overrides
// hard's opening decision somewhere, and every override is counted as
// a wait or an opening.
func TestOpeningGate101(t *testing.T) {
	t.Parallel()
	ps := openingTurns(t, []uint64{3, 4, 5, 6}, 1)
	searched, shut, open := 0, 0, 0
	for i, s := range ps {
		hard, _ := bots101.New("hard", bots101.Options{Seed: uint64(i)})
		want := playTurn(t, hard, s)
		p := New101(Options{Seed: uint64(i), Z: math.Inf(1), Open: true}, nil)
		if got := playTurn(t, p, s); !sameActs(got, want) {
			t.Fatalf("position %d: gate shut, played %v where hard plays %v", i, got, want)
		}
		searched += p.Open.Searched
		shut += p.Open.Overrode
		q := New101(Options{Seed: uint64(i), Z: -1, Open: true}, nil)
		playTurn(t, q, s)
		if q.Open.Waited+q.Open.Opened != q.Open.Overrode {
			t.Fatalf("position %d: %+v", i, q.Open)
		}
		open += q.Open.Overrode
	}
	if searched == 0 || shut != 0 || open == 0 {
		t.Fatalf("%d positions: %d openings searched; overrode hard %d times with the gate shut, %d with it open", len(ps), searched, shut, open)
	}
}
