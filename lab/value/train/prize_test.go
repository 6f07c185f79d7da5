package main

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"
)

// Each prize choice plays every distinct tile of its rack; the gains
// agree with what the means say: none when the pick is the best of all
// the worlds' means, the worst never above the pick, and the blocks read
// back from the cache are the ones made.
func TestPrizePlaysEveryTile(t *testing.T) {
	ctx := context.Background()
	cs, discards, err := choicesOf(ctx, 5, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	if discards < 5 || discards > 20 {
		t.Errorf("%.2f discards a seat a hand", discards)
	}
	dir := t.TempDir()
	ps, _, err := prizes(ctx, cs, 5, 16, 2, dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		var distinct []int
		for _, tl := range cs[i].v.Rack {
			if !slices.Contains(distinct, int(tl)) {
				distinct = append(distinct, int(tl))
			}
		}
		if p.Cands != len(distinct) {
			t.Errorf("choice %d: %d candidates, the rack has %d distinct tiles", i, p.Cands, len(distinct))
		}
		if p.Naive < 0 || (p.PickBest != (p.Naive == 0)) || p.Worst > 0 {
			t.Errorf("choice %d: %+v", i, p)
		}
		if len(p.Tiles) != p.Cands || len(p.Means) != p.Cands || p.Tiles[p.Pick] != cs[i].cands[0] ||
			math.Abs(slices.Max(p.Means)-p.Means[p.Pick]-p.Naive) > 1e-9 {
			t.Errorf("choice %d: the means kept do not say what the figures do: %+v", i, p)
		}
	}
	again, _, err := prizes(ctx, cs, 5, 16, 1, dir)
	if err != nil || !reflect.DeepEqual(ps, again) {
		t.Errorf("read back from the cache: %+v (%v), made %+v", again, err, ps)
	}
}

// A value's picks are scored on the prize's worlds: each choice counted
// once, its gain the means' difference between its pick and normal's,
// and a choice whose means were not kept (a block made before they
// were) left out.
func TestValuePicksScored(t *testing.T) {
	ctx := context.Background()
	cs, discards, err := choicesOf(ctx, 5, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	ps, _, err := prizes(ctx, cs, 5, 8, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := generate(ctx, genConfig{seed: 4, hands: 2, workers: 1, pos: 1, maxActions: 400})
	if err != nil {
		t.Fatal(err)
	}
	n, err := fit(ctx, d, fitConfig{seed: 4, hidden: 4, epochs: 1, batch: 16, lr: 1e-2})
	if err != nil {
		t.Fatal(err)
	}
	m, err := shipped(n, []byte(`{"command":"test","data_commit":"test","hands":2}`))
	if err != nil {
		t.Fatal(err)
	}
	ps[0].Means = nil // as a block made before the means were kept
	vp, err := scoreValue(cs, ps, m, discards)
	if err != nil {
		t.Fatal(err)
	}
	if vp.Choices != len(ps)-1 || vp.Best < 0 || vp.Best > 1 || vp.Same < 0 || vp.Same > 1 {
		t.Fatalf("%+v", vp)
	}
	lo, hi := 0.0, 0.0
	for _, p := range ps[1:] {
		lo += slices.Min(p.Means) - p.Means[p.Pick]
		hi += slices.Max(p.Means) - p.Means[p.Pick]
	}
	k := float64(vp.Choices)
	if vp.Gain < lo/k-1e-9 || vp.Gain > hi/k+1e-9 || math.Abs(vp.PerHand-vp.Gain*discards) > 1e-9 {
		t.Errorf("gain %+.4f outside what the means allow (%+.4f to %+.4f), or a hand's %+.4f", vp.Gain, lo/k, hi/k, vp.PerHand)
	}
	// A value fitted to the means themselves, two folds: every choice
	// with means picked once, by the fold that did not see it, within
	// what the means allow; the same config gives the same picks.
	cfg := fitConfig{seed: 6, hidden: 4, epochs: 3, batch: 2, lr: 1e-2}
	fv, err := prizeFit(ctx, cs, ps, cfg, 2, discards)
	if err != nil {
		t.Fatal(err)
	}
	if fv.Choices != len(ps)-1 || fv.Gain < lo/k-1e-9 || fv.Gain > hi/k+1e-9 {
		t.Errorf("fitted to the means: %+v (means allow %+.4f to %+.4f)", fv, lo/k, hi/k)
	}
	if again, err := prizeFit(ctx, cs, ps, cfg, 2, discards); err != nil || again != fv {
		t.Errorf("fitted again: %+v (%v), first %+v", again, err, fv)
	}
}

// The budget's curve scores a search on the worlds it did not choose
// on: a search of half the worlds over the whole rack is the prize's own
// cross-validated gain, an impassable gate never leaves normal's pick,
// a search of normal's two weighs only those, and each spends k
// playouts a candidate.
func TestBudgetCurve(t *testing.T) {
	ctx := context.Background()
	cs, discards, err := choicesOf(ctx, 7, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	const worlds = 32
	ps, _, err := prizes(ctx, cs, 7, worlds, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for i := range ps {
		c, p := &cs[i], &ps[i]
		if len(p.Vals) != p.Cands || len(p.Vals[0]) != worlds {
			t.Fatalf("choice %d: values of %d candidates kept, %d wanted", i, len(p.Vals), p.Cands)
		}
		okey := slices.ContainsFunc(p.Tiles, c.v.Analyzer.IsOkey)
		g, _, playouts, ok := choiceGain(c, p, worlds/2, scopeRack, 0)
		if !ok {
			t.Fatalf("choice %d not scored", i)
		}
		if !okey && uniqueBest(p) {
			compared++
			if math.Abs(g-p.Gain) > 1e-4 {
				t.Errorf("choice %d: the search of half the worlds gains %+.5f, the prize says %+.5f", i, g, p.Gain)
			}
		}
		if want := float64(worlds / 2 * len(candidatesOf(c, p, scopeRack))); playouts != want {
			t.Errorf("choice %d: %v playouts, want %v", i, playouts, want)
		}
		if g, ch, _, _ := choiceGain(c, p, 8, scopeRack, 1e9); g != 0 || ch != 0 {
			t.Errorf("choice %d: an impassable gate gained %v and left the pick %v", i, g, ch)
		}
		for _, j := range candidatesOf(c, p, scopeTwo) {
			if tl := p.Tiles[j]; tl != c.cands[0] && tl != c.cands[1] {
				t.Errorf("choice %d: normal's two are %v, the search weighs %v", i, c.cands, tl)
			}
		}
	}
	if compared == 0 {
		t.Error("no choice compared with the prize's gain")
	}
	rows := budgetCurve(cs, ps, discards, []int{8, 16, 32})
	if len(rows) != 2*3*2 {
		t.Errorf("%d rows, want 12 (32 worlds a candidate is past half the worlds)", len(rows))
	}
}

// uniqueBest is whether each half's best mean is one candidate's alone,
// so that no tie is broken differently by the prize and the curve.
func uniqueBest(p *prizeChoice) bool {
	for half := range 2 {
		n, best := 0, math.Inf(-1)
		for j := range p.Vals {
			switch m := meanOf(p.Vals[j], half, len(p.Vals[j])); {
			case m > best+1e-9:
				n, best = 1, m
			case math.Abs(m-best) <= 1e-9:
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	return true
}
