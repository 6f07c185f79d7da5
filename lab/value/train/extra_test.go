package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// The second look's features of views of real hands match their
// definitions, computed the slow way: every draw of an unseen face, every
// discard after it asked of Distance and Outs one by one.
func TestSecondLookAgainstItsDefinition(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for i := range 4 {
		cs, _, err := handChoices(ctx, 41, i, choiceSpec{hard: true, rate: 0.5, room: 6})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			more, err := botsclassic.LeastDistance(&c.v, c.cands[0], 3)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range append([]tile.Tile{c.cands[0]}, more...) {
				w := expertclassic.After(&c.v, d)
				var got [extraFeatures]float32
				if err := secondLook(&w, &got); err != nil {
					t.Fatal(err)
				}
				want := slowSecondLook(t, &w, d)
				for k := range got {
					if math.Abs(float64(got[k]-want[k])) > 1e-4 {
						t.Errorf("hand %d, rack %s after %v: %s %v, by definition %v", i, tile.FormatTiles(w.Rack), d, extraNames[k], got[k], want[k])
					}
				}
				checked++
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d views checked", checked)
	}
}

// slowSecondLook is secondLook by its definition, one analysis at a time.
func slowSecondLook(t *testing.T, w *classic.View, d tile.Tile) [extraFeatures]float32 {
	t.Helper()
	an := &w.Analyzer
	seen := w.Counts
	for _, e := range w.History {
		if e.Kind == classic.EvDiscard && e.Tile.Valid() {
			seen[e.Tile]++
		}
	}
	live := func(f tile.Tile) int { return max(0, an.Available(f)-int(seen[f])) }
	hand := func(c tile.Counts) (int, int) { // distance and live outs
		h, err := an.HandOf(c)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range an.Outs(h).Tiles() {
			n += live(f)
		}
		return an.Distance(h), n
	}
	dist, base := hand(w.Counts)
	h, _ := an.HandOf(w.Counts)
	outs := an.Outs(h)
	var x [extraFeatures]float32
	var weight float32
	for f := range tile.Tile(tile.NumFaces) {
		u := live(f)
		if u == 0 || dist == 0 {
			continue
		}
		c := w.Counts
		c[f]++
		least, most := math.MaxInt, 0
		for g := range tile.Tile(tile.NumFaces) {
			if c[g] == 0 || an.IsOkey(g) {
				continue
			}
			c2 := c
			c2[g]--
			dg, lo := hand(c2)
			switch {
			case dg < least:
				least, most = dg, lo
			case dg == least:
				most = max(most, lo)
			}
		}
		switch {
		case outs.Has(f):
			if least > 0 {
				x[xNextOuts] += float32(u * most)
			}
			weight += float32(u)
		case least == dist && most > base:
			x[xImprovers] += float32(u)
			x[xWidening] += float32(u * (most - base))
		}
	}
	if weight > 0 {
		x[xNextOuts] /= weight
	}
	f := an.PlaysAs(d)
	if f >= tile.NumColoured || an.IsOkey(d) {
		return x
	}
	// A mate g of f: the same value in another colour, or the same
	// colour and a run of three holding both (values within two, or 1
	// beside 12 and 13).
	runMates := func(a, b int) bool {
		lo, hi := min(a, b), max(a, b)
		return hi-lo <= 2 || (lo == 1 && hi >= 12)
	}
	x[xDiscardLive] = float32(live(f))
	for g := range tile.Tile(tile.NumColoured) {
		same := g.Colour() == f.Colour()
		if g == f || (same && !runMates(g.Value(), f.Value())) || (!same && g.Value() != f.Value()) {
			continue
		}
		x[xMatesHeld] += float32(w.Counts[g])
		x[xMatesLive] += float32(live(g))
	}
	x[xRunWindows] = 3
	if v := f.Value(); v == 1 || v == 2 || v == 13 {
		x[xRunWindows] = 2
	}
	return x
}

// A rule planted on a feature of the second look is found by the line
// on both and missed by the view's line, and the table says the
// difference.
func TestSecondLookFindsAPlantedRule(t *testing.T) {
	ocs := plantedOn(600, xImprovers, 0.2, true)
	cfg := fitConfig{seed: 1, hidden: 4, epochs: 20, batch: 32, lr: 1e-2}
	fg, err := oracleMeasure(context.Background(), ocs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mean, got := meanGain, fg.byName()
	both, view := got["ridge line on the view and the rack's second look, gate 0"], got["ridge line on the view, gate 0"]
	if len(both.Gain) != len(ocs) || mean(both.Gain) < 0.045 || mean(view.Gain) > 0.02 {
		t.Errorf("on a rule of the second look, a choice: the line on both %.4f, the view's %.4f, over %d choices", mean(both.Gain), mean(view.Gain), len(both.Gain))
	}
	net := got["network on the view and the rack's second look (4 hidden), gate 0"]
	if len(net.Gain) != len(ocs) || mean(net.Gain) < 0.035 {
		t.Errorf("on a rule of the second look, the network on both gains %.4f a choice over %d", mean(net.Gain), len(net.Gain))
	}
	tb, err := secondLookTable(&fg, ocs, 1, cfg.hidden)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tb, "| 0 | +0.0") || strings.Contains(tb, "—") || !strings.Contains(tb, "| improvers | +") {
		t.Errorf("the table:\n%s", tb)
	}
}

// BenchmarkSecondLook is the second look of one view after a discard,
// what the expert would pay a candidate to read it.
func BenchmarkSecondLook(b *testing.B) {
	cs, _, err := handChoices(context.Background(), 41, 0, choiceSpec{hard: true, rate: 1, room: 8})
	if err != nil || len(cs) == 0 {
		b.Fatal(err, len(cs))
	}
	ws := make([]classic.View, len(cs))
	for i, c := range cs {
		ws[i] = expertclassic.After(&c.v, c.cands[0])
	}
	var x [extraFeatures]float32
	b.ResetTimer()
	for i := range b.N {
		if err := secondLook(&ws[i%len(cs)], &x); err != nil {
			b.Fatal(err)
		}
	}
}

// A value of the view and the second look saves, reads back and plays:
// the bot scores a view after a discard with the second look appended
// to its features, and the arena plays it.
func TestSecondLookValuePlays(t *testing.T) {
	ctx := context.Background()
	ocs := plantedOn(200, xMatesHeld, 0.2, true)
	all := make([]int, len(ocs))
	for i := range all {
		all[i] = i
	}
	n, err := fitDiff(ctx, oraclePairsOf(ocs, all, (*oracleChoice).extraRow), fitConfig{seed: 1, hidden: 4, epochs: 5, batch: 32, lr: 1e-2})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "look.json")
	if err := save(knobs{out: path}, n, "test", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	m, err := readModel(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Features != NumFeatures+extraFeatures {
		t.Fatalf("read back with %d features", m.Features)
	}
	cs, _, err := handChoices(ctx, 41, 1, choiceSpec{hard: true, rate: 1, room: 4})
	if err != nil || len(cs) == 0 {
		t.Fatal(err, len(cs))
	}
	b := &valueBot{value: m}
	var fx featurer
	for _, c := range cs {
		w := expertclassic.After(&c.v, c.cands[0])
		got, err := b.score(&w, nil)
		if err != nil {
			t.Fatal(err)
		}
		var f [NumFeatures]float32
		var ex [extraFeatures]float32
		if err := fx.Features(&w, &f); err != nil {
			t.Fatal(err)
		}
		if err := secondLook(&w, &ex); err != nil {
			t.Fatal(err)
		}
		var x, blind [smallnet.MaxFeatures]float32
		copy(x[:], f[:])
		copy(x[NumFeatures:], ex[:])
		copy(blind[:], f[:])
		if want := float64(m.Score(&x)); got != want {
			t.Errorf("scored %v, the features and the second look give %v", got, want)
		}
		if m.Score(&x) == m.Score(&blind) && ex != ([extraFeatures]float32{}) {
			t.Errorf("the second look %v moves nothing", ex)
		}
	}
	report := filepath.Join(t.TempDir(), "report.md")
	k := knobs{value: path, arena: 4, arenaSeed: 97, workers: 1, modes: []string{"gated-c3-g2"}, field: []string{"hard", "hard", "hard"}, report: report}
	if err := evaluate(ctx, k); err != nil {
		t.Fatal(err)
	}
	if raw, err := os.ReadFile(report); err != nil || !strings.Contains(string(raw), "Paired on the same hands") {
		t.Errorf("the arena's report (%v):\n%s", err, raw)
	}
}
