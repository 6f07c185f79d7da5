package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The true racks' labels depend on the seed alone, not on the workers
// or the cache, and each choice holds normal's pick and the others at
// its least distance, distinct, each read as features.
func TestOracleDataDependOnTheSeedAlone(t *testing.T) {
	ctx := context.Background()
	cfg := oracleConfig{seed: 23, hands: 3, worlds: 2, hard: true, rate: 0.3, workers: 1}
	a, da, err := oracleData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers, cfg.cache = 2, t.TempDir()
	b, db, err := oracleData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, dc, err := oracleData(ctx, cfg) // read back from the cache
	if err != nil {
		t.Fatal(err)
	}
	if len(a) == 0 || !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, c) || da != db || da != dc {
		t.Fatalf("%d choices (%.2f discards a hand) with one worker, %d (%.2f) with two, %d (%.2f) from the cache", len(a), da, len(b), db, len(c), dc)
	}
	own := 0
	for i, o := range a {
		if len(o.Tiles) < 2 || len(o.Tiles) > 3 || len(o.X) != len(o.Tiles)*NumFeatures || len(o.TX) != len(o.Tiles)*leafFeatures || len(o.EX) != len(o.Tiles)*extraFeatures {
			t.Errorf("choice %d: %d candidates, %d features, %d leaf inputs, %d of the second look", i, len(o.Tiles), len(o.X), len(o.TX), len(o.EX))
		}
		if o.Played < -1 || int(o.Played) >= len(o.Tiles) {
			t.Errorf("choice %d: played candidate %d of %d", i, o.Played, len(o.Tiles))
		}
		if o.Played >= 0 {
			own++
		}
		for j, tl := range o.Tiles {
			if slices.Index(o.Tiles, tl) != j || !tl.Valid() {
				t.Errorf("choice %d: candidates %v", i, tile.FormatTiles(o.Tiles))
			}
			for h := range o.Half {
				if v := o.Half[h][j]; math.IsNaN(float64(v)) || math.Abs(float64(v)) > 20 {
					t.Errorf("choice %d, %v, half %d: %v", i, tl, h, v)
				}
			}
		}
	}
	// Hard plays one of normal's closest candidates most of the time.
	if own < len(a)/2 {
		t.Errorf("the seat's own discard is a candidate in %d of %d choices", own, len(a))
	}
}

// plantedChoices is n choices of three candidates whose label beats
// normal's pick by rule times feature k's difference, plus noise.
func plantedChoices(n, k int, rule float64) []oracleChoice {
	return plantedOn(n, k, rule, false)
}

// plantedOn is plantedChoices, the rule on feature k of the second look
// when extra is set.
func plantedOn(n, k int, rule float64, extra bool) []oracleChoice {
	r := game.NewSeeded(5)
	out := make([]oracleChoice, n)
	for i := range out {
		o := oracleChoice{Hand: int32(i), Tiles: []tile.Tile{tile.NewTile(0, 1), tile.NewTile(0, 2), tile.NewTile(0, 3)}, Played: int8(i % 2)}
		o.X = make([]float32, 3*NumFeatures)
		o.TX = make([]float32, 3*leafFeatures)
		o.EX = make([]float32, 3*extraFeatures)
		for h := range o.Half {
			o.Half[h] = make([]float32, 3)
		}
		for c := range 3 {
			for f := range NumFeatures {
				o.X[c*NumFeatures+f] = float32(r.Float64())
			}
			for f := range extraFeatures {
				o.EX[c*extraFeatures+f] = float32(r.Float64())
			}
			d := rule * float64(o.X[c*NumFeatures+k]-o.X[k])
			if extra {
				d = rule * float64(o.EX[c*extraFeatures+k]-o.EX[k])
			}
			for h := range o.Half {
				o.Half[h][c] = float32(d + 0.05*(r.Float64()-0.5))
			}
		}
		out[i] = o
	}
	return out
}

// meanGain is g's mean (0 when empty).
func meanGain(g oracleGain) float64 {
	s := 0.0
	for _, x := range g {
		s += x
	}
	return s / float64(max(len(g), 1))
}

// byName is fg's policies by their names.
func (fg *oracleFigures) byName() map[string]oraclePolicy {
	got := map[string]oraclePolicy{}
	for _, p := range fg.Policies {
		got[p.Name] = p
	}
	return got
}

// The ridge line finds a planted rule, and the report's fitted
// policies gain on held-out hands what the rule gives, where normal's
// pick gains nothing.
func TestOracleFindsAPlantedRule(t *testing.T) {
	ocs := plantedChoices(600, fTopDanger, -0.2)
	all := make([]int, len(ocs))
	for i := range all {
		all[i] = i
	}
	w, _, err := oracleRidge(ocs, all, 1e-3, (*oracleChoice).row)
	if err != nil {
		t.Fatal(err)
	}
	for k, x := range w {
		want := 0.0
		if k == fTopDanger {
			want = -0.2
		}
		if math.Abs(x-want) > 0.02 {
			t.Errorf("feature %s: weight %.3f, planted %.3f", featureNames[k], x, want)
		}
	}
	if got := argmax([]float32{0, 0.03, 0.01}, 0.05); got != 0 {
		t.Errorf("a gain under the gate moved the pick to %d", got)
	}
	if got := argmax([]float32{0, 0.03, 0.09}, 0.05); got != 2 {
		t.Errorf("the best past the gate: %d, want 2", got)
	}
	cfg := fitConfig{seed: 1, hidden: 4, epochs: 20, batch: 32, lr: 1e-2}
	fg, err := oracleMeasure(context.Background(), ocs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The true pick gains 0.05 a choice over the pick (0.2 times the
	// mean of max(0, max(U1, U2) − U0), a quarter for uniform U); the
	// fitted line and network must find most of it.
	mean, got := meanGain, fg.byName()
	line, net := got["ridge line on the view, gate 0"], got["network on the view (4 hidden), gate 0"]
	ceil, truth := got["the true racks' pick (chosen on half the worlds, scored on the other), gate 0"], got["ridge line on the true world's leaf inputs, gate 0"]
	if len(line.Gain) != len(ocs) || mean(line.Gain) < 0.045 || mean(net.Gain) < 0.04 || mean(ceil.Gain) < 0.045 {
		t.Errorf("on the planted rule, a choice: the line %.4f, the network %.4f, the ceiling %.4f, over %d choices", mean(line.Gain), mean(net.Gain), mean(ceil.Gain), len(line.Gain))
	}
	// Leaf inputs all alike say nothing: that line keeps normal's pick.
	if len(truth.Gain) != len(ocs) || mean(truth.Gain) != 0 {
		t.Errorf("a line on inputs all alike gains %.4f over %d choices", mean(truth.Gain), len(truth.Gain))
	}
	// Half the choices' own pick is normal's, half the second candidate.
	if own := got["the seat's own pick in the hand"]; len(own.Gain) != len(ocs) || len(line.OverOwn) != len(ocs) || math.Abs(mean(line.OverOwn)-(mean(line.Gain)-mean(own.Gain))) > 1e-9 {
		t.Errorf("over the seat's own pick: %d choices, the line %.4f = %.4f − %.4f", len(line.OverOwn), mean(line.OverOwn), mean(line.Gain), mean(own.Gain))
	}
	if line.Agree < 0.8 {
		t.Errorf("the line orders %.2f of the pairs as the labels do", line.Agree)
	}
}

func TestParseGated(t *testing.T) {
	for _, c := range []struct {
		mode string
		want gatedConfig
		ok   bool
	}{
		{"gated-c3-g2", gatedConfig{cands: 3, gate: 0.02, takeGate: -1, holdGate: -1}, true},
		{"gated-c2-g0", gatedConfig{cands: 2, takeGate: -1, holdGate: -1}, true},
		{"gated-c6-g100", gatedConfig{cands: 6, gate: 1, takeGate: -1, holdGate: -1}, true},
		{"gated-c3-g2-t0", gatedConfig{cands: 3, gate: 0.02, holdGate: -1}, true},
		{"gated-c3-g2-t5", gatedConfig{cands: 3, gate: 0.02, takeGate: 0.05, holdGate: -1}, true},
		{"gated-c3-g2-t0-h2", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02}, true},
		{"gated-c3-g2-h0", gatedConfig{cands: 3, gate: 0.02, takeGate: -1}, true},
		{"gated-c3-g2-t0-h2-once", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02, holdOnce: true}, true},
		{"gated-c3-g2-t0-once", gatedConfig{}, false},
		{"gated-c3-g2-t0-w", gatedConfig{cands: 3, gate: 0.02, holdGate: -1, winTake: true}, true},
		{"gated-c3-g2-t0-h2-once-w", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02, holdOnce: true, winTake: true}, true},
		{"gated-c3-g2-t0-h2-w-p", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02, winTake: true, pairs: true}, true},
		{"gated-c3-g2-p", gatedConfig{cands: 3, gate: 0.02, takeGate: -1, holdGate: -1, pairs: true}, true},
		{"gated-c3-g2-t0-h2-w-p-k", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02, winTake: true, pairs: true, winNow: true}, true},
		{"gated-c3-g2-t0-h2-w-k", gatedConfig{cands: 3, gate: 0.02, holdGate: 0.02, winTake: true, winNow: true}, true},
		{"gated-c3-g2-t0-h", gatedConfig{}, false},
		{"gated-c3-g2-t0-h-2", gatedConfig{}, false},
		{"gated-c3-g2-t", gatedConfig{}, false},
		{"gated-c3-g2-t-1", gatedConfig{}, false},
		{"gated-c1-g2", gatedConfig{}, false},
		{"gated-c3-g-1", gatedConfig{}, false},
		{"gated-c3", gatedConfig{}, false},
		{"gated-3-g2", gatedConfig{}, false},
		{"gated-c3-g2x", gatedConfig{}, false},
		{"cut-c3-g2", gatedConfig{}, false},
	} {
		got, ok := parseGated(c.mode)
		if ok != c.ok || got != c.want {
			t.Errorf("parseGated(%q) = %+v, %v; want %+v, %v", c.mode, got, ok, c.want, c.ok)
		}
		if validMode(c.mode) != c.ok {
			t.Errorf("validMode(%q) = %v", c.mode, !c.ok)
		}
	}
}

// The gated pick leaves hard's pick only past the gate: with a gate
// no value can pass it plays hard's every discard.
func TestGatedPassesTheGateOnly(t *testing.T) {
	m := tinyValue(t)
	cs, _, err := choicesSeated(context.Background(), 31, 12, true, true)
	if err != nil {
		t.Fatal(err)
	}
	closed := (&valueBot{value: m}).withMode("gated-c3-g100000", 1)
	open := (&valueBot{value: m}).withMode("gated-c3-g0", 1)
	moved := 0
	for i := range cs {
		a := classic.DiscardAction(cs[i].v.Seat, cs[i].cands[0])
		got, err := closed.gated(&cs[i].v, a)
		if err != nil {
			t.Fatal(err)
		}
		if got != a {
			t.Errorf("choice %d: the shut gate moved %v to %v", i, a, got)
		}
		if got, err = open.gated(&cs[i].v, a); err != nil {
			t.Fatal(err)
		}
		if got != a {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("the open gate kept the pick in all %d choices, each with a second candidate", len(cs))
	}
}

// The decisions to finish or hold a win are labelled for both actions
// on the true racks, depend on the seed alone, know what the seat did,
// and carry the hold's inputs; the hold line fitted on them is read
// back as the expert reads it.
func TestOracleHoldData(t *testing.T) {
	ctx := context.Background()
	cfg := oracleConfig{seed: 31, hands: 24, worlds: 2, hard: true, rate: 1, workers: 1}
	a, err := oracleHoldData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers = 2
	b, err := oracleHoldData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) < 8 || !reflect.DeepEqual(a, b) {
		t.Fatalf("%d decisions with one worker, %d with two (or they differ)", len(a), len(b))
	}
	// Played out by hard instead: the same decisions, other labels.
	cfg.play = "hard"
	h, err := oracleHoldData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	relabelled := 0
	for i := range h {
		if i < len(a) && h[i].Hand == a[i].Hand && reflect.DeepEqual(h[i].H, a[i].H) && h[i].Half != a[i].Half {
			relabelled++
		}
	}
	if len(h) != len(a) || relabelled == 0 {
		t.Errorf("played out by hard: %d decisions of %d, %d labelled otherwise", len(h), len(a), relabelled)
	}
	// The deciding seat holding by a line that always holds: the same
	// decisions, other labels again.
	always := &expertclassic.HoldLine{Command: "this test", W: make([]float64, expertclassic.NumHoldInputs)}
	always.W[expertclassic.HoldOne] = 1
	cfg.playHold = always
	g, err := oracleHoldData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	relabelled = 0
	for i := range g {
		if i < len(h) && g[i].Hand == h[i].Hand && g[i].Half != h[i].Half {
			relabelled++
		}
	}
	if len(g) != len(h) || relabelled == 0 {
		t.Errorf("the seat holding always: %d decisions of %d, %d labelled otherwise", len(g), len(h), relabelled)
	}
	known, differ := 0, 0
	for _, o := range a {
		if len(o.H) != expertclassic.NumHoldInputs || o.H[expertclassic.HoldOne] != 1 || o.H[expertclassic.HoldQ] <= 0 || o.H[expertclassic.HoldQ] > 1 {
			t.Fatalf("the hold's inputs: %v", o.H)
		}
		if o.Took >= 0 {
			known++
		}
		if o.mean(0) != o.mean(1) {
			differ++
		}
	}
	if known < len(a)*9/10 || differ == 0 {
		t.Errorf("of %d decisions, the seat's own known in %d, finish and hold apart in %d", len(a), known, differ)
	}
	w, err := fitHoldLine(a, func(*oracleTakeChoice) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(expertclassic.HoldLine{Command: "this test", W: w})
	if err != nil {
		t.Fatal(err)
	}
	l, err := expertclassic.ParseHoldLine(js)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		in := (*[expertclassic.NumHoldInputs]float32)(a[i].H)
		if got, want := l.Gain(in), holdAt(w, &a[i]); math.Abs(got-want) > 1e-12 {
			t.Fatalf("decision %d: the line read back gives %v, fitted %v", i, got, want)
		}
	}
}

// The draw-or-take decisions are labelled for both actions on the
// true racks, depend on the seed alone, and know what the seat did.
func TestOracleTakeData(t *testing.T) {
	ctx := context.Background()
	cfg := oracleConfig{seed: 29, hands: 4, worlds: 2, hard: true, rate: 1, workers: 1}
	a, err := oracleTakeData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers = 2
	b, err := oracleTakeData(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) < 20 || !reflect.DeepEqual(a, b) {
		t.Fatalf("%d decisions with one worker, %d with two (or they differ)", len(a), len(b))
	}
	known, differ := 0, 0
	for _, o := range a {
		if len(o.X) != 2*NumFeatures || o.X[fDiscardStage] != 0 || o.X[NumFeatures+fDiscardStage] != 1 {
			t.Fatalf("the features before the decision and after the take: %d, discard stages %v and %v", len(o.X), o.X[fDiscardStage], o.X[NumFeatures+fDiscardStage])
		}
		if o.Took >= 0 {
			known++
		}
		if o.mean(0) != o.mean(1) {
			differ++
		}
	}
	if known < len(a)*9/10 || differ == 0 {
		t.Errorf("of %d decisions, the seat's own known in %d, draw and take apart in %d", len(a), known, differ)
	}
	if tb := oracleTakeTable(context.Background(), a, 1, fitConfig{}); !strings.Contains(tb, "| normal's | ") || !strings.Contains(tb, "| ridge line on the view, gate 0 (held out) | ") {
		t.Errorf("the table:\n%s", tb)
	}
}

// With expert, every seat of the labelled hands is the shipped expert:
// the seat's own take in the hand is the expert's at that view, and
// hands of four hard would not all agree with it.
func TestTakeChoicesOfTheExpert(t *testing.T) {
	ctx := context.Background()
	spec := choiceSpec{expert: true, take: true, rate: 1, room: math.MaxInt}
	agree, total, hardAgrees := 0, 0, 0
	hard, err := botsclassic.New("hard", botsclassic.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		cs, _, err := handChoices(ctx, 31, i, spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.style != styleValue || c.took < 0 {
				continue
			}
			total++
			a, err := expertclassic.NewExpert(botsclassic.Options{Seed: 1}).Decide(ctx, c.v)
			if err != nil {
				t.Fatal(err)
			}
			if (a.Kind == classic.ActTake) == (c.took == 1) {
				agree++
			}
			if h, err := hard.Decide(ctx, c.v); err == nil && (h.Kind == classic.ActTake) == (c.took == 1) {
				hardAgrees++
			}
		}
	}
	if total < 30 || agree != total || hardAgrees == total {
		t.Errorf("of %d take decisions of the expert's hands, the expert's own %d, hard's %d", total, agree, hardAgrees)
	}
}

// takeWins says a take wins exactly where the engine, given the take,
// accepts a finish with some tile of the rack.
func TestTakeWinsAsTheEngine(t *testing.T) {
	ctx := context.Background()
	spec := choiceSpec{hard: true, take: true, rate: 1, room: math.MaxInt}
	wins, total := 0, 0
	for i := 0; i < 300 && wins < 3; i++ {
		cs, _, err := handChoices(ctx, 37, i, spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			total++
			taken, _, err := c.s.Apply(classic.TakeAction(c.v.Seat))
			if err != nil {
				t.Fatal(err)
			}
			engine := false
			for f, n := range taken.View(c.v.Seat).Counts {
				if n == 0 {
					continue
				}
				if _, _, err := taken.Apply(classic.FinishAction(c.v.Seat, tile.Tile(f))); err == nil {
					engine = true
					break
				}
			}
			if got := takeWins(&c.v); got != engine {
				t.Fatalf("hand %d: takeWins %v, the engine %v", i, got, engine)
			}
			if engine {
				wins++
			}
		}
	}
	if wins < 3 {
		t.Errorf("%d takes that win in %d decisions", wins, total)
	}
}

func TestParseTaker(t *testing.T) {
	for _, c := range []struct {
		mode string
		gate float64
		ok   bool
	}{
		{"taker-g0", 0, true},
		{"taker-g25", 0.25, true},
		{"taker-g-1", 0, false},
		{"taker-25", 0, false},
		{"taker-g", 0, false},
		{"cut-g2", 0, false},
	} {
		g, ok := parseTaker(c.mode)
		if ok != c.ok || g != c.gate || validMode(c.mode) != c.ok {
			t.Errorf("parseTaker(%q) = %v, %v (valid %v); want %v, %v", c.mode, g, ok, validMode(c.mode), c.gate, c.ok)
		}
	}
}

// The take line is fitted to a planted rule, and the take line's mode
// takes exactly where the line clears the gate.
func TestTakeLine(t *testing.T) {
	r := game.NewSeeded(9)
	ocs := make([]oracleTakeChoice, 400)
	for i := range ocs {
		o := oracleTakeChoice{Hand: int32(i), X: make([]float32, 2*NumFeatures)}
		for k := range o.X {
			o.X[k] = float32(r.Float64())
		}
		gain := float32(0.3*float64(o.X[NumFeatures+fDistance]) - 0.1)
		for h := range o.Half {
			o.Half[h] = [2]float32{0, gain}
		}
		ocs[i] = o
	}
	l, err := fitTakeLine(ocs, func(*oracleTakeChoice) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	// The planted input's weight is found; the constant is shared with
	// the inputs' means by the ridge, so the line is checked by what it
	// says.
	if w := l.W[NumFeatures+fDistance]; math.Abs(w-0.3) > 0.02 {
		t.Errorf("the planted input's weight %.3f, planted 0.3", w)
	}
	var se float64
	for i := range ocs {
		o := &ocs[i]
		d := at(&l, o) - o.mean(1)
		se += d * d
	}
	if rmse := math.Sqrt(se / float64(len(ocs))); rmse > 0.01 {
		t.Errorf("the line errs by %.4f on the planted gains", rmse)
	}
	cs, _, err := handChoices(context.Background(), 31, 0, choiceSpec{hard: true, take: true, rate: 1, room: 6})
	if err != nil || len(cs) == 0 {
		t.Fatalf("%d draw decisions: %v", len(cs), err)
	}
	always := &takeLine{W: make([]float64, takeLineInputs)}
	always.W[takeLineInputs-1] = 0.5
	for _, c := range []struct {
		gate float64
		want classic.ActionKind
	}{{0.2, classic.ActTake}, {0.9, classic.ActDraw}} {
		b := (&valueBot{take: &takeRule{line: always}}).withMode(fmt.Sprintf("taker-g%.0f", 100*c.gate), 1)
		for i := range cs {
			a, err := b.taker(&cs[i].v, classic.DrawAction(cs[i].v.Seat))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != c.want {
				t.Errorf("gate %g, a line of 0.5: %v, want %v", c.gate, a.Kind, c.want)
			}
		}
	}
	// Every other decision is hard's: the discards of a hand of four
	// hard, decided by a taker and by hard seeded alike.
	ds, _, err := handChoices(context.Background(), 31, 1, choiceSpec{hard: true, rate: 1, room: 8})
	if err != nil || len(ds) == 0 {
		t.Fatalf("%d discard decisions: %v", len(ds), err)
	}
	for i := range ds {
		h1, err1 := botsclassic.New("hard", botsclassic.Options{Seed: 5})
		h2, err2 := botsclassic.New("hard", botsclassic.Options{Seed: 5})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		tb := (&valueBot{hard: h1, value: tinyValue(t), take: &takeRule{line: always}}).withMode("taker-g0", 1)
		got, err1 := tb.Decide(context.Background(), ds[i].v)
		want, err2 := h2.Decide(context.Background(), ds[i].v)
		if err1 != nil || err2 != nil || got != want {
			t.Errorf("discard %d: the taker %v (%v), hard %v (%v)", i, got, err1, want, err2)
		}
	}
	if _, err := (&valueBot{}).withMode("taker-g0", 1).taker(&cs[0].v, classic.DrawAction(cs[0].v.Seat)); err == nil {
		t.Error("the take line's mode played with no line")
	}
}

// The take network finds a planted rule a line cannot draw (a rack one
// tile from a win is worth 0.4 more than any other, so the take pays
// when it brings the rack there and costs when it leaves there), held
// out as -oracle-take measures it, and the rule read from a file plays
// as the network says.
func TestTakeNetwork(t *testing.T) {
	r := game.NewSeeded(11)
	ocs := make([]oracleTakeChoice, 1200)
	var best float64
	for i := range ocs {
		o := oracleTakeChoice{Hand: int32(i), X: make([]float32, 2*NumFeatures), Took: 0}
		// The distances before and after, one more feature of noise.
		for _, k := range []int{fDistance, NumFeatures + fDistance, fOwnTakes, NumFeatures + fOwnTakes} {
			o.X[k] = float32(r.Intn(6))
		}
		one := func(d float32) float32 {
			if d == 1 {
				return 0.4
			}
			return 0
		}
		gain := one(o.X[NumFeatures+fDistance]) - one(o.X[fDistance])
		best += max(float64(gain), 0)
		for h := range o.Half {
			o.Half[h] = [2]float32{0, gain}
		}
		ocs[i] = o
	}
	best /= float64(len(ocs))
	cfg := fitConfig{seed: 3, hidden: 16, epochs: 100, batch: 32, lr: 1e-2, decay: 1e-4}
	ps, err := takeReading(context.Background(), ocs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var line, net float64
	for _, p := range ps {
		var g float64
		for _, x := range p.Gain {
			g += x
		}
		g /= float64(len(p.Gain))
		switch p.Name {
		case "ridge line on the view, gate 0":
			line = g
		case "network on the view (the take's difference), gate 0":
			net = g
		}
	}
	if net < 0.85*best || net <= line {
		t.Errorf("held out, the network gains %.3f a choice, the line %.3f, the rule %.3f", net, line, best)
	} else {
		t.Logf("held out, the network gains %.3f a choice, the line %.3f, the rule %.3f", net, line, best)
	}
	// Written as -oracle-take writes it and read back as the modes read it.
	n, err := fitDiff(context.Background(), takePairs(ocs, func(*oracleTakeChoice) bool { return true }), cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "take.json")
	if err := save(knobs{out: path}, n, "classic take's difference", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	rule, err := readTakeLine(path)
	if err != nil || rule.net == nil {
		t.Fatalf("read back: %v (a network: %v)", err, err == nil && rule.net != nil)
	}
	ns := netScore(n)
	for i := range ocs[:50] {
		o := &ocs[i]
		x, y := (*[NumFeatures]float32)(o.X[:NumFeatures]), (*[NumFeatures]float32)(o.X[NumFeatures:])
		if got, want := rule.gain(x, y), ns(o.X[NumFeatures:])-ns(o.X[:NumFeatures]); math.Abs(got-want) > 1e-4 {
			t.Fatalf("choice %d: the rule read back says %v, the network %v", i, got, want)
		}
	}
}

// Take rules joined by + in -take-line gain the mean of their gains.
func TestTakeRulesAveraged(t *testing.T) {
	dir := t.TempDir()
	var names []string
	lines := make([]takeLine, 2)
	for i := range lines {
		lines[i].W = make([]float64, takeLineInputs)
		for k := range lines[i].W {
			lines[i].W[k] = float64((k*7+i*3)%5) - 2
		}
		b, err := json.Marshal(lines[i])
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Join(dir, fmt.Sprintf("line%d.json", i)))
		if err := os.WriteFile(names[i], b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	both, err := readTakeLine(strings.Join(names, "+"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readTakeLine(names[0] + "+" + filepath.Join(dir, "none.json")); err == nil {
		t.Error("a missing part read without an error")
	}
	r := game.NewSeeded(5)
	for range 20 {
		var x, y [NumFeatures]float32
		for k := range x {
			x[k], y[k] = float32(r.Intn(9)), float32(r.Intn(9))
		}
		want := (lines[0].At(&x, &y) + lines[1].At(&x, &y)) / 2
		if got := both.gain(&x, &y); math.Abs(got-want) > 1e-9 || lines[0].At(&x, &y) == lines[1].At(&x, &y) {
			t.Fatalf("the mean rule gains %v, the lines' mean %v (the lines %v and %v)", got, want, lines[0].At(&x, &y), lines[1].At(&x, &y))
		}
	}
}
