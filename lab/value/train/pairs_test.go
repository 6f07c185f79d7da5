package main

import (
	"context"
	"math"
	"slices"
	"testing"

	"okey/bots/smallnet"
	"okey/game"
)

// TestPairsDependOnTheSeedAlone labels a few hands on one worker and on
// two, in blocks of two hands: the same positions and means; a cache
// given, a second run reads every block back and makes none.
func TestPairsDependOnTheSeedAlone(t *testing.T) {
	ctx := context.Background()
	cfg := pairConfig{seed: 21, hands: 5, pos: 0.3, cands: 3, worlds: 4, workers: 1, block: 2}
	a, made, err := pairData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) == 0 || made != 3 {
		t.Fatalf("%d positions, %d blocks made, want some and 3", len(a), made)
	}
	cfg.workers, cfg.cache = 2, t.TempDir()
	b, _, err := pairData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, made, err := pairData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if made != 0 {
		t.Fatalf("the second run made %d blocks, want every one read back", made)
	}
	for _, other := range [][]pairPos{b, c} {
		if len(other) != len(a) {
			t.Fatalf("%d positions, then %d", len(a), len(other))
		}
		for i := range a {
			if a[i].Hand != other[i].Hand || !slices.Equal(a[i].X, other[i].X) || !slices.Equal(a[i].Mean, other[i].Mean) {
				t.Fatalf("position %d differs", i)
			}
		}
	}
	for i := range a {
		p := &a[i]
		if p.cands() < 2 || p.cands() > 3 || len(p.X) != p.cands()*NumFeatures || p.Hand < 0 || p.Hand >= 5 {
			t.Fatalf("position %d: %d candidates, %d features, hand %d", i, p.cands(), len(p.X), p.Hand)
		}
		for c := range p.cands() {
			if m := float64(p.Mean[c]); math.IsNaN(m) || math.Abs(m) > 100 || p.row(c)[fWaiting] != 1 {
				t.Fatalf("position %d, candidate %d: mean %v, waiting %v", i, c, m, p.row(c)[fWaiting])
			}
		}
	}
}

// TestFitDiffLearnsTheDifference fits positions whose candidates differ
// by one feature (the outs, worth 0.5 each) on top of a level drawn at
// random for each position: the fit orders held-out candidates by that
// feature and ignores the level, and the same data give the same
// weights.
func TestFitDiffLearnsTheDifference(t *testing.T) {
	r := game.NewSeeded(5)
	deal := func(n int) []pairPos {
		ps := make([]pairPos, n)
		for i := range ps {
			level := 10 * (r.Float64() - 0.5)
			for range 3 {
				var x [NumFeatures]float32
				for k := range x {
					x[k] = float32(r.Intn(6))
				}
				ps[i].X = append(ps[i].X, x[:]...)
				ps[i].Mean = append(ps[i].Mean, float32(level+0.5*float64(x[fOuts])))
			}
		}
		return ps
	}
	train, test := deal(400), deal(100)
	cfg := fitConfig{seed: 5, hidden: 8, epochs: 40, batch: 16, lr: 1e-2}
	n, err := fitDiff(context.Background(), train, cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := fitDiff(context.Background(), train, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(n.P, again.P) {
		t.Fatal("the same data gave other weights")
	}
	score := netScore(n)
	got := diffErrors(test, func(p *pairPos, c int) float64 { return score(p.row(c)) })
	flat := diffErrors(test, nil)
	if got.Agree < 0.9 || got.RMSE > flat.RMSE/3 {
		t.Fatalf("held out: agrees %.2f (want 0.9 or more), RMSE %.3f against %.3f for every candidate alike", got.Agree, got.RMSE, flat.RMSE)
	}
}

// TestOrderAgainst checks the ordering's sums on choices made by hand:
// one the reading gets right, one wrong, one a tie, one the playouts
// cannot tell apart (left out).
func TestOrderAgainst(t *testing.T) {
	ts := []truth{{Diff: 0.5, Half: 0.1}, {Diff: -0.2, Half: 0.3}, {Diff: 0.1, Half: 0.05}, {Diff: 0}}
	tests := []struct {
		name          string
		d             []float64
		all, decisive float64
		regret        float64
	}{
		{"right, wrong, a tie", []float64{1, 1, 0, 1}, 1.5 / 3, 1.5 / 2, (0 + 0.2 + 0.05) / 3},
		{"all right", []float64{2, -1, 3, -5}, 1, 1, 0},
	}
	for _, tt := range tests {
		a := orderAgainst(tt.name, ts, tt.d)
		p, _, n := a.share(false)
		pd, _, nd := a.share(true)
		if n != 3 || nd != 2 || math.Abs(p-tt.all) > 1e-12 || math.Abs(pd-tt.decisive) > 1e-12 || math.Abs(a.Regret-tt.regret) > 1e-12 {
			t.Errorf("%s: %v of %d, decisive %v of %d, regret %v; want %v, %v, %v", tt.name, p, n, pd, nd, a.Regret, tt.all, tt.decisive, tt.regret)
		}
	}
	a, b := orderAgainst("a", ts, []float64{2, -1, 3, 0}), orderAgainst("b", ts, []float64{1, 1, 1, 1})
	if g, _ := pairedGap(&a, &b); math.Abs(g-1.0/3) > 1e-12 {
		t.Errorf("paired gap %v, want 1/3", g)
	}
}

// TestTruths plays two choices out: the first 32 worlds' difference is
// kept beside the whole's, and a second run reads the cache back.
func TestTruths(t *testing.T) {
	ctx := context.Background()
	cs, err := choices(ctx, 9, 2)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, _, err := truths(ctx, cs, 9, 40, 2, dir)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := truths(ctx, cs, 9, 40, 1, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 2 || len(b) != 2 {
		t.Fatalf("%d and %d truths, want 2", len(a), len(b))
	}
	for i := range a {
		if len(a[i].Prefix) != 1 || math.IsNaN(a[i].Diff) || a[i].Half < 0 || a[i].Diff != b[i].Diff || a[i].Prefix[0] != b[i].Prefix[0] {
			t.Fatalf("choice %d: %+v, then %+v", i, a[i], b[i])
		}
	}
	d, err := scoreChoices(cs, func(x []float32) float64 { return float64(x[fOuts]) })
	if err != nil || len(d) != 2 {
		t.Fatalf("%v, %v", d, err)
	}
}

// TestPairedArenaIsThePlayFigure plays two deals of hard in the value
// bot's seat against three hard: the paired gap, replayed from the
// hands' records, is the arena's own play figure.
func TestPairedArenaIsThePlayFigure(t *testing.T) {
	r, gap, half, _, err := pairedArena(context.Background(), smallnet.Uniform(NumFeatures), botInputs{}, modeHard, []string{"hard", "hard", "hard"}, nil, "", 8, 3, 2, "hard")
	if err != nil {
		t.Fatal(err)
	}
	if play := r.Bots[0].PlayPointsPerHand; math.Abs(gap-play) > 1e-9 || half < 0 {
		t.Fatalf("paired gap %v ± %v, the arena's play figure %v", gap, half, play)
	}
}

// dealGaps averages each deal's four hands and gives the mean over the
// deals with its half-width; against a base it measures the
// difference hand by hand, nothing where the two agree.
func TestDealGaps(t *testing.T) {
	gaps := []float64{1, 1, 1, 1, 3, 3, 3, 3}
	if m, h := dealGaps(gaps, nil); m != 2 || math.Abs(h-1.96*math.Sqrt(2.0/2)) > 1e-12 {
		t.Errorf("mean %v, half-width %v", m, h)
	}
	if m, h := dealGaps(gaps, gaps); m != 0 || h != 0 {
		t.Errorf("against itself: mean %v, half-width %v", m, h)
	}
	base := []float64{1, 1, 1, 1, 3, 3, 3, -1}
	if m, _ := dealGaps(gaps, base); m != 0.5 {
		t.Errorf("one hand apart by 4 in two deals: %v, want 0.5", m)
	}
}
