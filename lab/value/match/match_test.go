package main

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
)

func TestTopTwo(t *testing.T) {
	for _, c := range []struct {
		s    [seats]int
		want float64
	}{
		{[seats]int{5, 1, 2, 0}, 1},
		{[seats]int{2, 5, 3, 0}, 0},
		{[seats]int{3, 5, 3, 0}, 0.5},     // one place left, two tied for it
		{[seats]int{3, 3, 3, 0}, 2.0 / 3}, // two places, three tied
		{[seats]int{3, 3, 1, 0}, 1},
		{[seats]int{0, 0, 0, 0}, 0.5},
	} {
		if got := topTwo(c.s); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("topTwo(%v) = %v, want %v", c.s, got, c.want)
		}
	}
}

// The exact solution against the model played out: seat 0's share of
// the top two at the start and the hands a match, within four standard
// errors of 40,000 matches (seeded: the same draw every run).
func TestSolverAgreesWithPlay(t *testing.T) {
	r := rates{none: 0.01, okey: 0.05, pairs: 0.02, pairsOkey: 0.01, gosterme: 0.15}
	for _, points := range []int{3, 7} {
		m, err := newMatch(points, r)
		if err != nil {
			t.Fatal(err)
		}
		var start [seats]int
		for j := range start {
			start[j] = points
		}
		total := 0.0
		for _, h := range m.hands() {
			total += h
		}
		const n = 40000
		top, hands := m.simulate(n, 7)
		if v := m.at(start); math.Abs(v-0.5) > 1e-9 {
			t.Errorf("points %d: seat 0's chance at an even start %v, want 0.5 (four equal seats)", points, v)
		}
		if math.Abs(top-0.5) > 4*0.5/math.Sqrt(n) {
			t.Errorf("points %d: the model played out gives seat 0 %.4f of the top two, want 0.5", points, top)
		}
		if math.Abs(hands-total) > 4*total/math.Sqrt(n) {
			t.Errorf("points %d: %.3f hands a match played out, %.3f solved", points, hands, total)
		}
		// A state off the start: seat 0 ahead, against the play from there.
		s := start
		s[1], s[2] = max(points-2, 1), max(points-3, 1)
		if v := m.at(s); v <= 0.5 {
			t.Errorf("points %d: seat 0 ahead at %v has %v of the top two, want more than half", points, s, v)
		}
	}
}

// The report's figures where they can be told by hand: with no
// gösterme, no okey finish and no hand without a winner, the match
// from 2 points ends at the first win, and each result's worth is its
// place: an own win is the top two for sure, another's leaves a three-
// way tie for one place.
func TestStakesOfAOneHandMatch(t *testing.T) {
	m, err := newMatch(2, rates{})
	if err != nil {
		t.Fatal(err)
	}
	st := m.stakesAt([seats]int{2, 2, 2, 2})
	if st.win != 1 || math.Abs(st.lose[1]-1.0/3) > 1e-12 || math.Abs(st.none-0.5) > 1e-12 {
		t.Fatalf("stakes %+v: want an own win 1, another's 1/3, none as the start (1/2)", st)
	}
	f := st.figures()
	if math.Abs(f.stake-2.0/3) > 1e-12 || f.spread != 0 {
		t.Fatalf("figures %+v: want the stake 2/3 and no spread", f)
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-points", "0"}, {"-okey", "1.5"}, {"stray"}, {"-nope"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-points", "5"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "which opponent wins") {
		t.Fatalf("exit %d, report:\n%s%s", code, out.String(), errb.String())
	}
}

// The feeds' count on a few hands: every count within the one before,
// some wins, and the same counts from the same seed.
func TestFeedsCounted(t *testing.T) {
	a, err := playFeeds(context.Background(), 8, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !(a.fed <= a.tookAny && a.tookAny <= a.wins && a.wins <= a.hands && a.hands == 8 && a.wins > 0) {
		t.Fatalf("counts %+v: want fed ≤ took any ≤ wins ≤ hands = 8, some wins", a)
	}
	if b, err := playFeeds(context.Background(), 8, 3); err != nil || b != a {
		t.Fatalf("again from the same seed: %+v (%v), first %+v", b, err, a)
	}
}
