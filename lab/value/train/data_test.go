package main

import (
	"context"
	"math"
	"okey/bots/expertclassic"
	"slices"
	"testing"

	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// TestDataDependOnTheSeedAlone plays a handful of hands on one worker
// and on three: the same recipe gives the same bytes.
func TestDataDependOnTheSeedAlone(t *testing.T) {
	cfg := genConfig{seed: 5, hands: 6, workers: 1, pos: 0.5, maxActions: 400}
	a, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers = 3
	b, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() == 0 || a.digest() != b.digest() {
		t.Fatalf("%d positions, digest %s on one worker, %s on three", a.Len(), a.digest(), b.digest())
	}
	cfg.seed = 6
	c, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if c.digest() == a.digest() {
		t.Fatal("another seed gave the same data")
	}
	for i := range a.Len() {
		if a.Style[i] >= numStyles || math.Abs(float64(a.Y[i])) > 100 {
			t.Fatalf("position %d: style %d, label %v", i, a.Style[i], a.Y[i])
		}
	}
}

// TestPlayNet checks the label: play's net, gösterme apart, sums to 0.
func TestPlayNet(t *testing.T) {
	tests := []struct {
		name string
		r    classic.HandResult
		want [classic.NumSeats]float64
	}{
		{"a plain win", classic.HandResult{Winner: 0, Lost: [4]int{0, 2, 2, 2}}, [4]float64{2, -2.0 / 3, -2.0 / 3, -2.0 / 3}},
		{"gösterme apart", classic.HandResult{Winner: 1, Lost: [4]int{4, 0, 2, 2}, ShowLost: [4]int{2, 0, 0, 0}}, [4]float64{-2.0 / 3, 2, -2.0 / 3, -2.0 / 3}},
		{"the wall out", classic.HandResult{Winner: -1, WallOut: true}, [4]float64{}},
	}
	for _, tt := range tests {
		got := playNet(&tt.r)
		for s := range got {
			if math.Abs(got[s]-tt.want[s]) > 1e-12 {
				t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}

// TestFeaturesOfTheDeal reads the dealer's first view: 15 tiles, nothing
// taken or thrown, normal's distance of its best discard.
func TestFeaturesOfTheDeal(t *testing.T) {
	for seed := range uint64(5) {
		st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		v := st.View(st.Turn())
		var x [NumFeatures]float32
		var fx featurer
		if err := fx.Features(&v, &x); err != nil {
			t.Fatal(err)
		}
		h, err := v.Analyzer.HandOf(v.Counts)
		if err != nil {
			t.Fatal(err)
		}
		tb := v.Analyzer.DiscardTable(h, 0)
		if x[fDiscardStage] != 1 || x[fDistance] != float32(tb.Best) || x[fWallLeft] != float32(v.WallLeft) {
			t.Errorf("seed %d: stage %v, distance %v (want %d), wall %v (want %d)", seed, x[fDiscardStage], x[fDistance], tb.Best, x[fWallLeft], v.WallLeft)
		}
		for k := fOwnTakes; k < fOkeysGone; k++ {
			if x[k] != 0 {
				t.Errorf("seed %d: %s is %v before anyone played", seed, featureNames[k], x[k])
			}
		}
		if x[fLiveOuts] > 2*x[fOuts] || x[fDistance] > hand.RackSize {
			t.Errorf("seed %d: %v live outs of %v outs, distance %v", seed, x[fLiveOuts], x[fOuts], x[fDistance])
		}
		// the belief places every live copy of the outs somewhere: in the
		// wall or in one of the three racks
		held := x[fWallOuts] + x[fOutsHeld] + x[fOutsHeld+1] + x[fOutsHeld+2]
		if math.Abs(float64(held-x[fLiveOuts])) > 1e-3*(1+float64(x[fLiveOuts])) || x[fWaiting] != 0 || x[fDrawOut] < 0 || x[fDrawOut] > 1 {
			t.Errorf("seed %d: %v live outs, placed %v; waiting %v; draw an out %v", seed, x[fLiveOuts], held, x[fWaiting], x[fDrawOut])
		}
	}
}

// TestValueAsShipped fits a small value on a handful of hands and checks
// that the product's scorer (smallnet, float32, read back from the
// weights' JSON) scores every position as the trainer does, without
// allocating.
func TestValueAsShipped(t *testing.T) {
	d, err := generate(context.Background(), genConfig{seed: 3, hands: 4, workers: 1, pos: 1, maxActions: 400})
	if err != nil {
		t.Fatal(err)
	}
	n, err := fit(context.Background(), d, fitConfig{seed: 3, hidden: 8, epochs: 2, batch: 16, lr: 1e-2})
	if err != nil {
		t.Fatal(err)
	}
	m, err := shipped(n, []byte(`{"command":"test","data_commit":"test","hands":4}`))
	if err != nil {
		t.Fatal(err)
	}
	want := predict(n, d)
	var x [smallnet.MaxFeatures]float32
	var h smallnet.Hidden
	for i, w := range want {
		copy(x[:], d.row(i))
		if got := float64(m.ScoreWith(&x, &h)); math.Abs(got-w) > 1e-4*(1+math.Abs(w)) {
			t.Fatalf("position %d: the scorer gives %v, the trainer %v", i, got, w)
		}
	}
	if a := testing.AllocsPerRun(100, func() { m.ScoreWith(&x, &h) }); a != 0 {
		t.Errorf("a score allocates %v times", a)
	}
}

// TestAfterLeavesTheViewAlone discards from the dealer's first view: the
// view after has 14 tiles and the discard on top, the view before is
// unchanged.
func TestAfterLeavesTheViewAlone(t *testing.T) {
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(11))
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(st.Turn())
	rack, hist, counts := len(v.Rack), len(v.History), v.Counts
	d := v.Rack[0]
	w := expertclassic.After(&v, d)
	if len(v.Rack) != rack || len(v.History) != hist || v.Counts != counts || len(v.Discards[v.Seat]) != 0 {
		t.Fatal("after changed the view it was given")
	}
	own := w.Discards[w.Seat]
	if len(w.Rack) != rack-1 || len(own) != 1 || own[0] != d || w.History[len(w.History)-1].Tile != d {
		t.Fatalf("after discarding %v: %d tiles, own stack %v", d, len(w.Rack), own)
	}
	var x [NumFeatures]float32
	var fx featurer
	if err := fx.Features(&w, &x); err != nil {
		t.Fatal(err)
	}
	if x[fDiscardStage] != 0 || x[fOwnDiscards] != 1 || x[fWaiting] != 1 {
		t.Fatalf("features after the discard: stage %v, own discards %v, waiting %v", x[fDiscardStage], x[fOwnDiscards], x[fWaiting])
	}
}

// TestValueBotPlays plays one deal in its four rotations of the value
// bot (on a value fitted to a handful of hands) against three hard.
func TestValueBotPlays(t *testing.T) {
	m := tinyValue(t)
	for _, mode := range append(slices.Clone(modes), "deep-4w-c2", "gated-c3-g0", "gated-c2-g5") {
		r, err := arena(context.Background(), m, mode, []string{"hard", "perturbed", "easy"}, 4, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hands != 4 || r.Bots[0].Name != "value" || r.Bots[0].Decisions == 0 {
			t.Fatalf("mode %s: %d hands, first bot %q with %d decisions", mode, r.Hands, r.Bots[0].Name, r.Bots[0].Decisions)
		}
	}
	// The cut search, on leaves of zeros, over every tile and over
	// hard's two; without leaves it says so.
	ls := &leafSet{Features: leafFeatures, Turns: leafTurns[:], Models: make([]leafModel, len(leafTurns))}
	for _, mode := range []string{"cut-2t-2w", "cut-2t-2w-c2"} {
		r, err := arenaWith(context.Background(), m, botInputs{leaf: ls}, mode, []string{"hard", "perturbed", "easy"}, nil, "", 4, 1, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hands != 4 || r.Bots[0].Name != "value" || r.Bots[0].Decisions == 0 {
			t.Fatalf("mode %s: %d hands, first bot %q with %d decisions", mode, r.Hands, r.Bots[0].Name, r.Bots[0].Decisions)
		}
	}
	// The take line's mode, with a line that always takes.
	always := &takeLine{W: make([]float64, takeLineInputs)}
	always.W[takeLineInputs-1] = 1
	for _, mode := range []string{"taker-g0", "gated-c3-g0-t0"} {
		r, err := arenaWith(context.Background(), m, botInputs{take: &takeRule{line: always}}, mode, []string{"hard", "perturbed", "easy"}, nil, "", 4, 1, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hands != 4 || r.Bots[0].Decisions == 0 {
			t.Fatalf("mode %s: %d hands, %d decisions", mode, r.Hands, r.Bots[0].Decisions)
		}
	}
	if _, err := arena(context.Background(), m, "cut-2t-2w", []string{"hard", "hard", "hard"}, 4, 1, 1); err == nil {
		t.Error("the cut search played with no leaves")
	}
}

// TestTakenAndDrawn checks the views after a take and after a draw: 15
// tiles, the discard to make, the taken tile off the previous stack and
// in the rack, the wall one shorter after a draw; the view given is
// left alone.
func TestTakenAndDrawn(t *testing.T) {
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(12))
	if err != nil {
		t.Fatal(err)
	}
	dealer := st.Turn()
	v := st.View(dealer)
	if st, _, err = st.Apply(classic.DiscardAction(dealer, v.Rack[0])); err != nil {
		t.Fatal(err)
	}
	v = st.View(st.Turn())
	if !v.Legal.Take {
		t.Fatal("the second player may not take")
	}
	top := v.Top(v.Previous)
	counts, prev, wall := v.Counts, len(v.Discards[v.Previous]), v.WallLeft
	tw := expertclassic.Taken(&v, top)
	if v.Counts != counts || len(v.Discards[v.Previous]) != prev {
		t.Fatal("taken changed the view it was given")
	}
	if len(tw.Rack) != 15 || tw.Counts[top] != counts[top]+1 || len(tw.Discards[v.Previous]) != prev-1 || tw.WallLeft != wall {
		t.Fatalf("after taking %v: %d tiles, %d on the stack, wall %d", top, len(tw.Rack), len(tw.Discards[v.Previous]), tw.WallLeft)
	}
	f := tile.NoTile
	for g, u := range v.Unseen() {
		if u > 0 {
			f = tile.Tile(g)
			break
		}
	}
	dw := expertclassic.Drawn(&v, f)
	if len(dw.Rack) != 15 || dw.Counts[f] != counts[f]+1 || dw.WallLeft != wall-1 || v.Counts != counts || v.WallLeft != wall {
		t.Fatalf("after drawing %v: %d tiles, wall %d", f, len(dw.Rack), dw.WallLeft)
	}
	var x [NumFeatures]float32
	var fx featurer
	for _, w := range []*classic.View{&tw, &dw} {
		if err := fx.Features(w, &x); err != nil {
			t.Fatal(err)
		}
		if x[fDiscardStage] != 1 || x[fWaiting] != 0 {
			t.Fatalf("stage %v, waiting %v", x[fDiscardStage], x[fWaiting])
		}
	}
	if err := fx.Features(&tw, &x); err != nil || x[fTakes+2] != 0 || x[fOwnTakes] != 1 {
		t.Fatalf("after the take: own takes %v (%v)", x[fOwnTakes], err)
	}
}

// TestAGenerationPlaysTheOneBefore deals hands whose every seat is the
// value bot of a value fitted to a handful of hands: every position is
// the value bot's, and the data still depend on the seed alone.
func TestAGenerationPlaysTheOneBefore(t *testing.T) {
	d, err := generate(context.Background(), genConfig{seed: 7, hands: 2, workers: 1, pos: 1, maxActions: 400})
	if err != nil {
		t.Fatal(err)
	}
	n, err := fit(context.Background(), d, fitConfig{seed: 7, hidden: 4, epochs: 1, batch: 16, lr: 1e-2})
	if err != nil {
		t.Fatal(err)
	}
	m, err := shipped(n, []byte(`{"command":"test","data_commit":"test","hands":2}`))
	if err != nil {
		t.Fatal(err)
	}
	cfg := genConfig{seed: 8, hands: 2, workers: 1, pos: 0.5, maxActions: 400, prev: m, prevMode: modeDraw, prevShare: 1}
	a, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers = 2
	b, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() == 0 || a.digest() != b.digest() {
		t.Fatalf("%d positions, digest %s on one worker, %s on two", a.Len(), a.digest(), b.digest())
	}
	for i, s := range a.Style {
		if s != styleValue {
			t.Fatalf("position %d is of style %s", i, styleNames[s])
		}
	}
}

// TestFloor plays a few positions out: a perfect reading's error is
// positive, each position's mean a finite label of a view after a
// discard, and the value's against each world's outcome is no smaller
// than against the worlds' mean less the spread (the two are a sum of
// squares apart).
func TestFloor(t *testing.T) {
	cs, err := choices(context.Background(), 9, 3)
	if err != nil {
		t.Fatal(err)
	}
	nz, err := floor(context.Background(), cs, smallnet.Uniform(NumFeatures), 8, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	if nz.Positions != 3 || nz.Floor <= 0 || nz.ValueOutcome < nz.ValueMean {
		t.Fatalf("%+v", nz)
	}
	d, err := means(context.Background(), cs, 8, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 3 || len(d.X) != 3*NumFeatures {
		t.Fatalf("%d positions labelled, %d features", d.Len(), len(d.X))
	}
	for i, y := range d.Y {
		if math.IsNaN(float64(y)) || math.Abs(float64(y)) > 100 || d.row(i)[fWaiting] != 1 {
			t.Fatalf("position %d: mean %v, waiting %v", i, y, d.row(i)[fWaiting])
		}
	}
}

// TestParseDeep reads the deeper search's modes and refuses the others.
func TestParseDeep(t *testing.T) {
	for _, c := range []struct {
		mode string
		want deepConfig
		ok   bool
	}{
		{"deep", deepDefault, true},
		{"deep-256w-c3", deepConfig{worlds: 256, cands: 3}, true},
		{"deep-1w-c2", deepConfig{}, false},
		{"deep-64w-c1", deepConfig{}, false},
		{"deep-64w", deepConfig{}, false},
		{"deep-xw-c2", deepConfig{}, false},
		{"ties", deepConfig{}, false},
	} {
		got, ok := parseDeep(c.mode)
		if got != c.want || ok != c.ok {
			t.Errorf("parseDeep(%q) = %v, %v; want %v, %v", c.mode, got, ok, c.want, c.ok)
		}
		if validMode(c.mode) != (c.ok || slices.Contains(modes, c.mode)) {
			t.Errorf("validMode(%q) = %v", c.mode, validMode(c.mode))
		}
	}
}

// tinyValue is a value fitted on three hands for an epoch: weights a
// bot can play, for the tests of how it plays them.
func tinyValue(t *testing.T) *smallnet.Model {
	t.Helper()
	d, err := generate(context.Background(), genConfig{seed: 4, hands: 3, workers: 1, pos: 1, maxActions: 400})
	if err != nil {
		t.Fatal(err)
	}
	n, err := fit(context.Background(), d, fitConfig{seed: 4, hidden: 4, epochs: 1, batch: 16, lr: 1e-2})
	if err != nil {
		t.Fatal(err)
	}
	m, err := shipped(n, []byte(`{"command":"test","data_commit":"test","hands":3}`))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
