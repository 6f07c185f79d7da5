package main

import (
	"context"
	"math"
	"testing"
)

// Every hold position of hands of four hard is a win that may finish
// without the okey and hold with another discard that keeps the win;
// q counts the unseen tiles that would free the okey, and the inputs
// say the same.
func TestHoldPosition(t *testing.T) {
	found := 0
	for i := range 40 {
		cs, _, err := handChoices(context.Background(), 41, i, choiceSpec{hard: true, hold: true, rate: 1, room: math.MaxInt})
		if err != nil {
			t.Fatal(err)
		}
		for n := range cs {
			v := &cs[n].v
			fin, hold, q, ok := holdPosition(v)
			if !ok || fin != cs[n].cands[0] || hold != cs[n].cands[1] {
				t.Fatalf("hand %d: the position read again: %v %v %v, kept as %v", i, fin, hold, ok, cs[n].cands)
			}
			found++
			an := &v.Analyzer
			h, err := an.HandOf(v.Counts)
			if err != nil {
				t.Fatal(err)
			}
			rest := h
			rest.Remove(fin)
			if an.IsOkey(fin) || !an.IsWin(rest) {
				t.Fatalf("hand %d: the finish %v (okey %v) does not win", i, fin, an.Okey())
			}
			held := h
			held.Remove(hold)
			if an.IsOkey(hold) || !an.IsWin(held) {
				t.Fatalf("hand %d: the hold %v does not keep the win", i, hold)
			}
			unseen := v.Unseen()
			if k := freeing(an, held, &unseen); q <= 0 || q > 1 || math.Abs(q-float64(k)/float64(unseen.Total())) > 1e-12 {
				t.Fatalf("hand %d: q %v for %d freeing copies of %d unseen", i, q, k, unseen.Total())
			}
			in := holdInputsOf(v, fin, hold, q)
			if in[holdOne] != 1 || in[holdQ] != float32(q) || in[holdPoints] <= 0 || in[holdOkeys] < 1 || in[holdRisk] < 0 || in[holdRisk] >= 1 {
				t.Fatalf("hand %d: inputs %v", i, in)
			}
		}
	}
	if found < 10 {
		t.Errorf("%d hold positions in 40 hands of four hard", found)
	}
}

// A hold line of another shape, or with no recipe, is refused with an
// error, never read.
func TestHoldLineRefusesBadWeights(t *testing.T) {
	for _, bad := range []string{`{`, `null`, `{"command":"x","w":[1,2]}`, `{"w":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}`} {
		if _, err := parseHoldLine([]byte(bad)); err == nil {
			t.Errorf("hold line %s read", bad)
		}
	}
	l, err := parseHoldLine([]byte(`{"command":"x","w":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1]}`))
	if err != nil {
		t.Fatal(err)
	}
	var in [numHoldInputs]float32
	in[holdOne] = 1
	if g := l.Gain(&in); g != -1 {
		t.Errorf("gain %v, want −1", g)
	}
}
