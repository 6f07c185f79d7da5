//go:build tune

package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/internal/trainer"
)

// This file compares 101 weights files the trainer wrote (-out) on one
// held-out set, with 95% intervals that count a hand as a cluster: each
// reading's log-loss a cell against the uniform reading's, and each
// one's difference from the first file's, paired on the same cells.
// The trainer's report gives the figures but no interval; this is what
// docs/belief-101.md ("Capacity and data, measured") used.
//
//	OKEY_WEIGHTS=base=/tmp/a.json,h64=/tmp/b.json go test -tags tune \
//	  -run 'Compare101$' -v -timeout 0 ./bots/belief/train
//
// OKEY_SEED (default 1,000,004: the held-out seed of a training run of
// seed 1), OKEY_HANDS (3,000), OKEY_POS (0.06, 101's recipe), OKEY_HARD
// (0.3) say which positions, as the trainer deals them.

// handSums are one reading's sums by hand: its log-loss over the cells
// (an opponent and a face with unseen copies and unseen slots in that
// rack), all and with the wall at 16 tiles or fewer.
type handSums struct{ all, late []float64 }

// cellSums reads every position of d with m (nil: uniform) and sums the
// cells' log-loss by hand; cells counts them (all, late).
func cellSums(d *dataset, m *belief.Model) (s handSums, cells [2]float64) {
	s = handSums{make([]float64, d.Hands), make([]float64, d.Hands)}
	var (
		rd  belief.Reader
		in  belief.Input
		out belief.Reading
	)
	for p := range d.Pos {
		d.input(p, &in)
		rd.Score(&in, m, &out)
		pos := d.Pos[p]
		late := stageOf(pos.WallLeft) == 2
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := &d.G[gi]
			for o := range belief.Opponents {
				if g.Slots[o] == 0 {
					continue
				}
				l := belief.CellLoss(out.P[o][g.Face], g.U, g.N[o])
				s.all[pos.Hand] += l
				cells[0]++
				if late {
					s.late[pos.Hand] += l
					cells[1]++
				}
			}
		}
	}
	return s, cells
}

// ratioCI is (Σa − Σc) / Σb with its 95% interval, the hands clusters
// (the delta method: each hand's residual a − c − r·b).
func ratioCI(a, c, b []float64) (r, lo, hi float64) {
	var sa, sc, sb float64
	for h := range a {
		sa, sc, sb = sa+a[h], sc+c[h], sb+b[h]
	}
	r = (sa - sc) / sb
	n := float64(len(a))
	var v float64
	for h := range a {
		e := a[h] - c[h] - r*b[h]
		v += e * e
	}
	se := math.Sqrt(v*n/(n-1)) / sb
	return r, r - 1.96*se, r + 1.96*se
}

// TestRatioCI: a reading compared with itself differs by nothing, with
// no width; one a tenth lower in every hand is 10% lower, with none.
func TestRatioCI(t *testing.T) {
	b := []float64{3, 5, 2, 7}
	zero := make([]float64, len(b))
	if r, lo, hi := ratioCI(b, b, b); r != 0 || lo != 0 || hi != 0 {
		t.Errorf("itself: %v (%v to %v), want 0 (0 to 0)", r, lo, hi)
	}
	a := make([]float64, len(b))
	for h := range b {
		a[h] = 0.9 * b[h]
	}
	if r, lo, hi := ratioCI(a, b, b); math.Abs(r+0.1) > 1e-12 || math.Abs(hi-lo) > 1e-12 {
		t.Errorf("a tenth lower: %v (%v to %v), want −0.1 with no width", r, lo, hi)
	}
	a[0] = 0.5 * b[0]
	if _, lo, hi := ratioCI(a, zero, b); !(lo < hi) {
		t.Errorf("unequal hands: %v to %v, want a width", lo, hi)
	}
}

func envNum(t *testing.T, k string, def float64) float64 {
	s := os.Getenv(k)
	if s == "" {
		return def
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%s: %v", k, err)
	}
	return x
}

// TestCompare101 measures the weights files of OKEY_WEIGHTS (name=path,
// comma-separated) on one held-out set of 101 hands.
func TestCompare101(t *testing.T) {
	spec := os.Getenv("OKEY_WEIGHTS")
	if spec == "" {
		t.Skip("OKEY_WEIGHTS not set")
	}
	type entry struct {
		name string
		m    *belief.Model
	}
	var ms []entry
	for _, kv := range strings.Split(spec, ",") {
		name, path, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("OKEY_WEIGHTS: %q is not name=path", kv)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := belief101.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ms = append(ms, entry{name, m})
	}
	seed := uint64(envNum(t, "OKEY_SEED", 1+trainer.HeldOutOffset))
	cfg := genConfig{seed: seed, hands: int(envNum(t, "OKEY_HANDS", 3000)), workers: 2,
		pos: envNum(t, "OKEY_POS", 0.06), hardShare: envNum(t, "OKEY_HARD", 0.3), maxActions: 500, game101: true}
	te, err := generate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	flat, cells := cellSums(te, nil)
	fmt.Printf("Held out: %d hands (seed %d), %d positions, %d cells (%d with the wall at 16 or fewer); uniform %.5f a cell (late %.5f). 95%% intervals, a hand a cluster.\n\n",
		te.Hands, seed, len(te.Pos), int(cells[0]), int(cells[1]), sum(flat.all)/cells[0], sum(flat.late)/cells[1])
	fmt.Println("| weights | log-loss a cell | vs uniform | wall ≤ 16 vs uniform | vs " + ms[0].name + " (points of uniform's loss) | wall ≤ 16 vs " + ms[0].name + " |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	var first handSums
	for i, e := range ms {
		s, _ := cellSums(te, e.m)
		if i == 0 {
			first = s
		}
		r, lo, hi := ratioCI(s.all, flat.all, flat.all)
		rl, lol, hil := ratioCI(s.late, flat.late, flat.late)
		d, dlo, dhi := ratioCI(s.all, first.all, flat.all)
		dl, dlol, dhil := ratioCI(s.late, first.late, flat.late)
		fmt.Printf("| %s | %.5f | %+.2f%% (%+.2f to %+.2f) | %+.2f%% (%+.2f to %+.2f) | %+.2f (%+.2f to %+.2f) | %+.2f (%+.2f to %+.2f) |\n",
			e.name, sum(s.all)/cells[0], 100*r, 100*lo, 100*hi, 100*rl, 100*lol, 100*hil,
			100*d, 100*dlo, 100*dhi, 100*dl, 100*dlol, 100*dhil)
	}
}

func sum(x []float64) (s float64) {
	for _, v := range x {
		s += v
	}
	return s
}
