package search

import (
	"context"
	"errors"
	"math"
	"testing"

	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		scale     int
		z         float64
		ok, isErr bool
		worlds    string
	}{
		{"search", 1, 0, true, false, ""},
		{"search-uniform", 1, 0, true, false, "uniform"},
		{"search-4x-z2.5-progress", 4, 2.5, true, false, "progress"},
		{"search-uniform-4x", 0, 0, true, true, ""},
		{"search-4x-belief", 0, 0, true, true, ""},
		{" Search ", 1, 0, true, false, ""},
		{"search-4x", 4, 0, true, false, ""},
		{"search-16x", 16, 0, true, false, ""},
		{"search-z2.5", 1, 2.5, true, false, ""},
		{"search-4x-z3", 4, 3, true, false, ""},
		{"search-0x", 0, 0, true, true, ""},
		{"search-4", 0, 0, true, true, ""},
		{"search-x", 0, 0, true, true, ""},
		{"search-1000x", 0, 0, true, true, ""},
		{"search-z0", 0, 0, true, true, ""},
		{"search-z", 0, 0, true, true, ""},
		{"search-z2-4x", 0, 0, true, true, ""},
		{"search-4x-", 0, 0, true, true, ""},
		{"hard", 0, 0, false, false, ""},
		{"searcher", 0, 0, false, false, ""},
		{"search-4x-selfhard", 0, 0, true, true, ""}, // 101 only (Parse101)
		{"search-4x-open", 0, 0, true, true, ""},     // 101 only (Parse101)
	} {
		opt, ok, err := Parse(c.name)
		if opt.Scale != c.scale || opt.Z != c.z || opt.Worlds != c.worlds || ok != c.ok || (err != nil) != c.isErr {
			t.Errorf("Parse(%q) = %+v, %v, %v; want scale %d, z %v, worlds %q, %v, error %v", c.name, opt, ok, err, c.scale, c.z, c.worlds, c.ok, c.isErr)
		}
		if err != nil && !errors.Is(err, ErrLevel) {
			t.Errorf("Parse(%q): %v does not wrap ErrLevel", c.name, err)
		}
	}
	for name, want := range map[string]bool{"search-take": true, "search-4x-z1.5-uniform-take": true, "search-4x": false,
		"search-take-4x": false, "search-4x-take-uniform": false} {
		opt, _, err := Parse(name)
		if opt.Take != want || (err == nil) != (want || name == "search-4x") {
			t.Errorf("Parse(%q) = %+v, %v: want Take %v", name, opt, err, want)
		}
	}
	for name, want := range map[string]int{"search-c2": 2, "search-4x-z2-c3-uniform": 3, "search-c15": 15,
		"search-c1": -1, "search-c16": -1, "search-c": -1, "search-c2-4x": -1, "search-uniform-c2": -1} {
		opt, ok, err := Parse(name)
		if !ok || (err != nil) != (want < 0) || (want > 0 && opt.Candidates != want) {
			t.Errorf("Parse(%q) = %+v, %v, %v: want candidates %d (-1: an error)", name, opt, ok, err, want)
		}
	}
	if _, _, err := Parse101("search-4x-c2"); !errors.Is(err, ErrLevel) {
		t.Errorf("Parse101 read -c2, classic's alone: %v", err)
	}
	if _, _, err := Parse101("search-4x-take"); !errors.Is(err, ErrLevel) {
		t.Errorf("Parse101 read -take, classic's alone: %v", err)
	}
	for _, name := range []string{"search", "search-4x", "search-z2.5", "search-16x-z3", "search-uniform", "search-2x-progress", "search-z1.5-take", "search-4x-uniform-take", "search-4x-c2", "search-z2-c3-uniform-take"} {
		opt, _, _ := Parse(name)
		if l := New(opt).Level(); l != name {
			t.Errorf("the level parsed from %q is named %q", name, l)
		}
	}
}

// discardPositions plays hands from seeds with normal bots and returns
// every step-th state where the seat on turn is to discard: the
// positions the search searches.
func discardPositions(t *testing.T, seeds []uint64, step int) []classic.State {
	t.Helper()
	return statesWhere(t, seeds, step, func(v *classic.View) bool { return v.Stage == classic.MustDiscard })
}

// drawPositions are the states where the seat on turn may take the
// previous discard or draw: the positions -take searches.
func drawPositions(t *testing.T, seeds []uint64, step int) []classic.State {
	t.Helper()
	return statesWhere(t, seeds, step, func(v *classic.View) bool { return v.Stage == classic.MustDraw && v.Legal.Take && v.Legal.Draw })
}

// statesWhere plays hands from seeds with normal bots and returns every
// step-th state whose mover's view is wanted.
func statesWhere(t *testing.T, seeds []uint64, step int, want func(*classic.View) bool) []classic.State {
	t.Helper()
	var out []classic.State
	for _, seed := range seeds {
		s, err := classic.NewMatch(classic.DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewNormal(seed + uint64(i))
		}
		for n := 0; s.Phase() == game.Playing && s.Moves() < 200; n++ {
			v := s.View(s.Turn())
			if want(&v) && n%step == 0 {
				out = append(out, s)
			}
			a, err := bs[s.Turn()].Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestHonest: the search decides from its view alone. Two worlds that
// differ only in the other racks and the wall (the second dealt anew
// from the first's view) get the same move from players of the same
// seed, and the search did search in some of them.
func TestHonest(t *testing.T) {
	t.Parallel()
	honestClassic(t, discardPositions(t, []uint64{3, 4}, 5), Options{}, 77, func(p *Player) int { return p.Stats.Searched })
}

// TestHonestTake: the draw's search (Options.Take) decides from the
// view alone too.
func TestHonestTake(t *testing.T) {
	t.Parallel()
	honestClassic(t, drawPositions(t, []uint64{3, 4}, 4), Options{Take: true}, 78, func(p *Player) int { return p.Take.Searched })
}

// honestClassic plays each position of ps (the first 8 under -short)
// and the same position dealt anew from the mover's view with players
// of options opt, and fails unless they move alike, legally, most
// positions' other racks differ and searched counts a search somewhere.
func honestClassic(t *testing.T, ps []classic.State, opt Options, seed uint64, searched func(*Player) int) {
	t.Helper()
	if testing.Short() {
		ps = ps[:min(len(ps), 8)]
	}
	rnd := game.NewSeeded(seed)
	n, differ := 0, 0
	for i, s := range ps {
		seat := s.Turn()
		v := s.View(seat)
		other, err := v.SampleWorld(rnd, [classic.NumSeats]*tile.Counts{})
		if err != nil {
			t.Fatal(err)
		}
		for o := range classic.NumSeats {
			if o != seat && other.View(o).Counts != s.View(o).Counts {
				differ++
				break
			}
		}
		opt.Seed = uint64(i)
		p1, p2 := New(opt), New(opt)
		a1, err1 := p1.Decide(context.Background(), v)
		a2, err2 := p2.Decide(context.Background(), other.View(seat))
		if err1 != nil || err2 != nil || a1 != a2 {
			t.Fatalf("position %d, seat %d: %v (%v) in one world, %v (%v) in the other", i, seat, a1, err1, a2, err2)
		}
		if _, _, err := s.Apply(a1); err != nil {
			t.Fatalf("position %d: illegal move %v: %v", i, a1, err)
		}
		n += searched(p1)
	}
	if n == 0 || differ < len(ps)/2 {
		t.Fatalf("%d of %d positions searched, %d with other hidden tiles: the test proves little", n, len(ps), differ)
	}
}

// TestOverridesOnlyOnEvidence: with the gate shut (a candidate must beat
// hard's pick by more standard errors than any will) the search plays
// hard's moves exactly; with it open (the best mean wins) it departs
// from them somewhere.
func TestOverridesOnlyOnEvidence(t *testing.T) {
	t.Parallel()
	ps := discardPositions(t, []uint64{5}, 3)
	ps = ps[:min(len(ps), 10)]
	shut, open := 0, 0
	for i, s := range ps {
		v := s.View(s.Turn())
		p := shutPlaysHard(t, i, &v, Options{})
		shut += p.Stats.Overrode
		q := New(Options{Seed: uint64(i), Z: -1})
		if _, err := q.Decide(context.Background(), v); err != nil {
			t.Fatal(err)
		}
		open += q.Stats.Overrode
	}
	if shut != 0 || open == 0 {
		t.Fatalf("overrode hard %d times with the gate shut, %d with it open", shut, open)
	}
}

// shutPlaysHard decides position i's view v with a player of options
// opt (seeded i) whose gate is shut, fails unless it plays hard's move
// (hard seeded i), and returns the player for its counts.
func shutPlaysHard(t *testing.T, i int, v *classic.View, opt Options) *Player {
	t.Helper()
	hard, _ := botsclassic.New("hard", botsclassic.Options{Seed: uint64(i)})
	want, err := hard.Decide(context.Background(), *v)
	if err != nil {
		t.Fatal(err)
	}
	opt.Seed, opt.Z = uint64(i), math.Inf(1)
	p := New(opt)
	got, err := p.Decide(context.Background(), *v)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("position %d: gate shut, played %v where hard plays %v", i, got, want)
	}
	return p
}

func TestCancelled(t *testing.T) {
	t.Parallel()
	ps := discardPositions(t, []uint64{6}, 4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for i, s := range ps {
		v := s.View(s.Turn())
		if _, err := New(Options{Seed: uint64(i)}).Decide(ctx, v); !errors.Is(err, context.Canceled) {
			t.Fatalf("position %d: cancelled decision returned %v", i, err)
		}
	}
}

// TestPickGate: a candidate ahead by the same margin in every world has
// no spread and passes any finite gate (a sure gain is evidence); one
// ahead on noise does not pass a high gate; +Inf shuts the gate.
func TestPickGate(t *testing.T) {
	t.Parallel()
	hard := []float64{0, 0, 0, 0}
	sure := []float64{1, 1, 1, 1}
	noisy := []float64{9, -8, 7, -7}
	tests := []struct {
		name string
		vals [][]float64
		z    float64
		want int
	}{
		{"a sure gain, high gate", [][]float64{hard, sure}, 1e9, 1},
		{"noise, high gate", [][]float64{hard, noisy}, 3, 0},
		{"noise, any margin", [][]float64{hard, noisy}, -1, 1},
		{"a sure gain, shut gate", [][]float64{hard, sure}, math.Inf(1), 0},
	}
	for _, tc := range tests {
		if got := pick(tc.vals, tc.z); got != tc.want {
			t.Errorf("%s: pick %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestTakeSearchesTheDraw: with Options.Take the search weighs hard's
// choice at the draw (take the previous discard, or draw) against the
// other: with the gate shut it plays hard's choice and overrides none,
// with it open it departs from hard somewhere, and without the option
// no draw is searched.
func TestTakeSearchesTheDraw(t *testing.T) {
	t.Parallel()
	ps := drawPositions(t, []uint64{5, 6}, 3)
	ps = ps[:min(len(ps), 12)]
	searched, shut, open, plain := 0, 0, 0, 0
	for i, s := range ps {
		v := s.View(s.Turn())
		p := shutPlaysHard(t, i, &v, Options{Take: true})
		searched += p.Take.Searched
		shut += p.Take.Overrode
		q := New(Options{Seed: uint64(i), Z: -1, Take: true})
		a, err := q.Decide(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Apply(a); err != nil {
			t.Fatalf("position %d: illegal move %v: %v", i, a, err)
		}
		open += q.Take.Overrode
		r := New(Options{Seed: uint64(i), Z: -1})
		if _, err := r.Decide(context.Background(), v); err != nil {
			t.Fatal(err)
		}
		plain += r.Take.Searched
	}
	if searched != len(ps) || shut != 0 || open == 0 || plain != 0 {
		t.Fatalf("%d positions: %d draws searched, %d overridden with the gate shut, %d with it open, %d searched without the option",
			len(ps), searched, shut, open, plain)
	}
}
