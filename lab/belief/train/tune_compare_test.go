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

	"okey/bots/belief101"
	"okey/bots/smallnet"
)

// This file compares 101 weights files the trainer wrote (-out) on one
// held-out set, with 95% intervals that count a hand as a cluster: each
// reading's log-loss a cell against the uniform reading's, and each
// one's difference from the first file's, paired on the same cells.
// The trainer's report gives the figures but no interval; this is what
// docs/studies/belief-101.md ("Capacity and data, measured") used.
//
//	OKEY_WEIGHTS=base=/tmp/a.json,h64=/tmp/b.json go -C lab test -tags tune \
//	  -run 'Compare101$' -v -timeout 0 ./belief/train
//
// OKEY_SUMS=path also writes each reading's sums by hand there (CSV:
// hand, then uniform's all and late, then each file's), so that weights
// of different feature sets, which no one binary reads, can be paired
// on the same cells: the cells (an opponent and a face with unseen
// copies) and the hands are the same whatever the features.
// TestPair101 pairs two such files:
//
//	OKEY_PAIR=/tmp/old.csv,/tmp/new.csv go -C lab test -tags tune \
//	  -run 'Pair101$' -v ./belief/train
//
// OKEY_SEED (default 1,000,004: the held-out seed of a training run of
// seed 1), OKEY_HANDS (3,000), OKEY_POS (0.06, 101's recipe), OKEY_HARD
// (0.3) say which positions, as the trainer deals them.

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
		m    *smallnet.Model
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
	seed := uint64(envNum(t, "OKEY_SEED", 1+smallnet.HeldOutOffset))
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
	cols := []handSums{flat}
	for i, e := range ms {
		s, _ := cellSums(te, e.m)
		cols = append(cols, s)
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
	if path := os.Getenv("OKEY_SUMS"); path != "" {
		if err := writeSums(path, cols); err != nil {
			t.Fatal(err)
		}
	}
}

// writeSums writes the sums by hand of cols (uniform's first) as CSV: a
// line a hand, its number, then each reading's all and late.
func writeSums(path string, cols []handSums) error {
	var b strings.Builder
	for h := range cols[0].all {
		b.WriteString(strconv.Itoa(h))
		for _, c := range cols {
			fmt.Fprintf(&b, ",%.17g,%.17g", c.all[h], c.late[h])
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readSums reads a file writeSums wrote.
func readSums(path string) ([]handSums, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cols []handSums
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, ",")
		if len(f) < 3 || len(f)%2 != 1 {
			return nil, fmt.Errorf("%s:%d: %d fields", path, i+1, len(f))
		}
		if cols == nil {
			cols = make([]handSums, (len(f)-1)/2)
		}
		if len(cols) != (len(f)-1)/2 || f[0] != strconv.Itoa(i) {
			return nil, fmt.Errorf("%s:%d: not the next hand's %d readings", path, i+1, len(cols))
		}
		for c := range cols {
			a, err1 := strconv.ParseFloat(f[1+2*c], 64)
			l, err2 := strconv.ParseFloat(f[2+2*c], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s:%d: %v %v", path, i+1, err1, err2)
			}
			cols[c].all, cols[c].late = append(cols[c].all, a), append(cols[c].late, l)
		}
	}
	return cols, nil
}

// TestPair101 pairs the last reading of the second OKEY_PAIR file with
// the last of the first (or the k-th, path#k, 1 the first after
// uniform), on the same hands: the difference of their
// log-loss in points of uniform's, with its 95% interval (a hand a
// cluster). The two files' uniform sums must agree: the same cells.
func TestPair101(t *testing.T) {
	spec := os.Getenv("OKEY_PAIR")
	if spec == "" {
		t.Skip("OKEY_PAIR not set")
	}
	pa, pb, ok := strings.Cut(spec, ",")
	if !ok {
		t.Fatalf("OKEY_PAIR: %q is not a,b", spec)
	}
	a, ka, err := readCol(pa)
	if err != nil {
		t.Fatal(err)
	}
	b, kb, err := readCol(pb)
	if err != nil {
		t.Fatal(err)
	}
	if len(a[0].all) != len(b[0].all) {
		t.Fatalf("%d hands against %d", len(a[0].all), len(b[0].all))
	}
	for h := range a[0].all {
		if math.Abs(a[0].all[h]-b[0].all[h]) > 1e-9*(1+a[0].all[h]) {
			t.Fatalf("hand %d: uniform %v against %v: not the same cells", h, a[0].all[h], b[0].all[h])
		}
	}
	flat, x, y := a[0], a[ka], b[kb]
	rx, lox, hix := ratioCI(x.all, flat.all, flat.all)
	ry, loy, hiy := ratioCI(y.all, flat.all, flat.all)
	d, lo, hi := ratioCI(y.all, x.all, flat.all)
	dl, lol, hil := ratioCI(y.late, x.late, flat.late)
	fmt.Printf("%d hands. %s: %+.2f%% vs uniform (%+.2f to %+.2f); %s: %+.2f%% (%+.2f to %+.2f)\n",
		len(flat.all), pa, 100*rx, 100*lox, 100*hix, pb, 100*ry, 100*loy, 100*hiy)
	fmt.Printf("second less first: %+.3f points of uniform's loss (%+.3f to %+.3f); wall ≤ 16: %+.3f (%+.3f to %+.3f)\n",
		100*d, 100*lo, 100*hi, 100*dl, 100*lol, 100*hil)
}

func sum(x []float64) (s float64) {
	for _, v := range x {
		s += v
	}
	return s
}

// readCol reads the sums of path#k (k the last reading when not given).
func readCol(spec string) ([]handSums, int, error) {
	path, ks, ok := strings.Cut(spec, "#")
	cols, err := readSums(path)
	if err != nil {
		return nil, 0, err
	}
	k := len(cols) - 1
	if ok {
		if k, err = strconv.Atoi(ks); err != nil || k < 1 || k >= len(cols) {
			return nil, 0, fmt.Errorf("%s: no reading %q among %d", path, ks, len(cols)-1)
		}
	}
	return cols, k, nil
}

// TestSums: what writeSums writes, readSums reads back to the bit.
func TestSums(t *testing.T) {
	cols := []handSums{{[]float64{1.5, 0.1}, []float64{0, 1.0 / 3}}, {[]float64{2, math.Pi}, []float64{7, 1e-17}}}
	path := t.TempDir() + "/sums.csv"
	if err := writeSums(path, cols); err != nil {
		t.Fatal(err)
	}
	got, err := readSums(path)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(cols) {
		t.Errorf("read back %v, wrote %v", got, cols)
	}
}
