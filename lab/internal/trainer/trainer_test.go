package trainer

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"okey/game"
	"okey/game/classic"
)

// TestChunksKeepTheOrder: the parts come back in the order of the
// chunks, each with its hands, whatever the workers; each goroutine gets
// its own play; a play's error is the run's.
func TestChunksKeepTheOrder(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 9} {
		var made atomic.Int32
		parts, err := Chunks(context.Background(), 23, 5, workers, func() func(first, end int) ([]int, error) {
			made.Add(1)
			return func(first, end int) ([]int, error) {
				var hs []int
				for i := first; i < end; i++ {
					hs = append(hs, i)
				}
				return hs, nil
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		var all []int
		for _, p := range parts {
			all = append(all, p...)
		}
		want := make([]int, 23)
		for i := range want {
			want[i] = i
		}
		if len(parts) != 5 || !slices.Equal(all, want) {
			t.Fatalf("%d workers: %d parts, hands %v", workers, len(parts), all)
		}
		if int(made.Load()) != max(workers, 1) {
			t.Fatalf("%d workers: %d plays made", workers, made.Load())
		}
	}
	bad := errors.New("hand 7")
	_, err := Chunks(context.Background(), 20, 4, 2, func() func(first, end int) (int, error) {
		return func(first, end int) (int, error) {
			if first <= 7 && 7 < end {
				return 0, bad
			}
			return first, nil
		}
	})
	if !errors.Is(err, bad) {
		t.Fatalf("error %v, want %v", err, bad)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Chunks(ctx, 20, 4, 2, func() func(first, end int) (int, error) {
		return func(first, end int) (int, error) { return first, nil }
	}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled run: error %v", err)
	}
}

// TestClassicHandIsTheSeeds: a hand's deal and bots are its seed's: the
// same seed plays the same moves, another seed another deal, and PlayOut
// stops at the moves asked, showing each view of the seat to move.
func TestClassicHandIsTheSeeds(t *testing.T) {
	ctx := context.Background()
	play := func(seed uint64, i int) (classic.State, int) {
		st, bots, _, err := ClassicHand(seed, i, 0x5a17, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		views := 0
		st, err = PlayOut(ctx, st, &bots, 30, func(st *classic.State, v *classic.View) error {
			if v.Seat != st.Turn() {
				t.Fatalf("a view of seat %d, seat %d to move", v.Seat, st.Turn())
			}
			views++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return st, views
	}
	a, na := play(4, 2)
	b, _ := play(4, 2)
	if a.Moves() != 30 || na != 30 {
		t.Fatalf("%d moves, %d views: want 30", a.Moves(), na)
	}
	if !reflect.DeepEqual(a.View(0), b.View(0)) {
		t.Fatal("the same hand played twice differs")
	}
	a0, _, _, err := ClassicHand(4, 2, 0x5a17, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	c0, _, _, err := ClassicHand(4, 3, 0x5a17, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(a0.View(0).Counts, c0.View(0).Counts) {
		t.Fatal("hands 2 and 3 dealt the same rack")
	}
}

// net is a small net for the tests, its parameters drawn.
func testNet(h int, use []bool) *Net {
	const f = 5
	n := &Net{F: f, H: h, Use: use, Mean: make([]float64, f), Scale: make([]float64, f)}
	for k := range f {
		n.Mean[k], n.Scale[k] = float64(k)/10, 1+float64(k)/5
		if use != nil && !use[k] {
			n.Mean[k], n.Scale[k] = 0, 0
		}
	}
	n.Init(7)
	r := game.NewSeeded(3)
	for i := range n.P { // biases too, so that every path is taken
		if n.P[i] != 0 || use == nil {
			n.P[i] += 0.3 * (2*r.Float64() - 1)
		}
	}
	return n
}

// TestBackwardIsTheGradient: Backward adds dz times the score's gradient,
// as finite differences of Forward find it, linear and with a hidden
// layer.
func TestBackwardIsTheGradient(t *testing.T) {
	row := []float32{1, 0, 3, 2, 5}
	for _, h := range []int{0, 4} {
		n := testNet(h, nil)
		xs, a := make([]float64, n.F), make([]float64, max(n.H, 1))
		Standardize(n, row, xs)
		score := func() float64 { return n.Forward(xs, a) }
		score()
		grad := make([]float64, n.Size())
		n.Backward(xs, a, 2, grad)
		for i := range n.P {
			p := n.P[i]
			n.P[i] = p + 1e-6
			up := score()
			n.P[i] = p - 1e-6
			down := score()
			n.P[i] = p
			if num := 2 * (up - down) / 2e-6; math.Abs(num-grad[i]) > 1e-5 {
				t.Fatalf("H %d, parameter %d: Backward %g, finite differences %g", h, i, grad[i], num)
			}
		}
	}
}

// TestFeaturesNotUsedStayZero: a feature left out of Use has weights 0
// from Init and after AdamW's steps, and its value moves no score; the
// others' weights move.
func TestFeaturesNotUsedStayZero(t *testing.T) {
	use := []bool{true, false, true, true, false}
	for _, h := range []int{0, 3} {
		n := testNet(h, use)
		before := slices.Clone(n.P)
		m, v := make([]float64, n.Size()), make([]float64, n.Size())
		xs, a := make([]float64, n.F), make([]float64, max(n.H, 1))
		for step := 1; step <= 5; step++ {
			grad := make([]float64, n.Size())
			Standardize(n, []float32{1, 9, 2, 3, 9}, xs)
			n.Forward(xs, a)
			n.Backward(xs, a, 1, grad)
			for i := range grad {
				grad[i] += 0.1 // a gradient on every parameter, used or not
			}
			n.AdamW(m, v, grad, step, 1, Cosine(0.01, step, 10), 1e-2)
		}
		w1, _, w2, _ := n.Split(n.P)
		for i, w := range w1 {
			if !use[i%n.F] && w != 0 {
				t.Fatalf("H %d: W1[%d] of a feature not used is %g", h, i, w)
			}
		}
		if h == 0 && (w2[1] != 0 || w2[4] != 0) {
			t.Fatalf("linear: W2 of the features not used %g, %g", w2[1], w2[4])
		}
		if slices.Equal(before, n.P) {
			t.Fatalf("H %d: no parameter moved", h)
		}
		Standardize(n, []float32{1, 0, 2, 3, 0}, xs)
		s1 := n.Forward(xs, a)
		Standardize(n, []float32{1, 200, 2, 3, 77}, xs)
		if s2 := n.Forward(xs, a); s1 != s2 {
			t.Fatalf("H %d: the features not used moved the score from %g to %g", h, s1, s2)
		}
	}
}

// TestOrderAndCosine: an epoch's order is a permutation of the rows, the
// seed's and the epoch's; the step size falls from lr to 0.
func TestOrderAndCosine(t *testing.T) {
	o1, o2, o3 := make([]int, 50), make([]int, 50), make([]int, 50)
	Order(o1, 9, 0)
	Order(o2, 9, 0)
	Order(o3, 9, 1)
	sorted := slices.Sorted(slices.Values(o1))
	for i, x := range sorted {
		if x != i {
			t.Fatalf("not a permutation: %v", o1)
		}
	}
	if !slices.Equal(o1, o2) || slices.Equal(o1, o3) {
		t.Fatalf("epoch 0 twice %v and %v, epoch 1 %v", o1, o2, o3)
	}
	if c := Cosine(0.4, 5, 10); math.Abs(c-0.2) > 1e-12 {
		t.Fatalf("half way: %g, want 0.2", c)
	}
	if c := Cosine(0.4, 10, 10); math.Abs(c) > 1e-12 {
		t.Fatalf("at the end: %g, want 0", c)
	}
}

// TestModelIsTheNet: the Model scores a row as the Net does, to float32's
// precision.
func TestModelIsTheNet(t *testing.T) {
	for _, h := range []int{0, 4} {
		n := testNet(h, nil)
		m := n.Model("t", nil)
		if err := m.CheckFeatures(n.F); err != nil {
			t.Fatal(err)
		}
		if m.Hidden != h || len(m.W2) != n.out() || len(m.W1) != h*n.F {
			t.Fatalf("H %d: a model of %d hidden, %d W1, %d W2", h, m.Hidden, len(m.W1), len(m.W2))
		}
		if float64(m.B2) != float64(float32(n.P[len(n.P)-1])) {
			t.Fatalf("B2 %g, the net's %g", m.B2, n.P[len(n.P)-1])
		}
	}
}

// TestSaveLoad: what Save writes Load reads back, and no temporary file
// is left.
func TestSaveLoad(t *testing.T) {
	type data struct {
		X []uint8
		F int
	}
	path := filepath.Join(t.TempDir(), "d.gob")
	in := data{X: []uint8{1, 2, 3}, F: 9}
	if err := Save(path, &in); err != nil {
		t.Fatal(err)
	}
	var out data
	if err := Load(path, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("saved %v, loaded %v", in, out)
	}
	if m, _ := filepath.Glob(path + ".tmp"); len(m) != 0 {
		t.Fatalf("left %v", m)
	}
	if err := Load(path+"-none", &out); err == nil {
		t.Fatal("loaded a file that is not there")
	}
}

// TestAverageScoresTheMean: the averaged network scores every row as the
// mean of its networks' scores, and refuses networks that read their
// features differently or have no hidden layer.
func TestAverageScoresTheMean(t *testing.T) {
	a, b := testNet(4, nil), testNet(3, nil)
	b.Init(11)
	r := game.NewSeeded(5)
	for i := range b.P {
		b.P[i] += 0.3 * (2*r.Float64() - 1)
	}
	avg, err := Average([]*Net{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if avg.H != 7 || len(avg.P) != avg.Size() {
		t.Fatalf("H %d with %d parameters, want 7 and %d", avg.H, len(avg.P), avg.Size())
	}
	xs, ha, hb, hv := make([]float64, 5), make([]float64, 4), make([]float64, 3), make([]float64, 7)
	for _, row := range [][]float32{{1, 0, 3, 2, 5}, {0, 0, 0, 0, 0}, {4, 1, 0, 7, 2}} {
		Standardize(a, row, xs)
		want := (a.Forward(xs, ha) + b.Forward(xs, hb)) / 2
		if got := avg.Forward(xs, hv); math.Abs(got-want) > 1e-12 {
			t.Errorf("row %v: %g, want the mean %g", row, got, want)
		}
	}
	other := testNet(4, nil)
	other.Mean[2] += 1
	for name, nets := range map[string][]*Net{
		"none":                nil,
		"linear":              {a, testNet(0, nil)},
		"another standardise": {a, other},
	} {
		if _, err := Average(nets); err == nil {
			t.Errorf("%s: averaged", name)
		}
	}
}

// TestRecipeNamesNoPlace: a recipe keeps the flags that make the
// weights and drops those that name where the run kept or wrote things.
func TestRecipeNamesNoPlace(t *testing.T) {
	got := Recipe([]string{"-game", "101", "-cache", "/tmp/c", "-hands=300", "--report=/tmp/r.md", "-out", "w.json", "-fixture", "f.json", "-hand-loss", "h.json", "-commit", "abc"})
	want := []string{"-game", "101", "-hands=300", "-commit", "abc"}
	if !slices.Equal(got, want) {
		t.Fatalf("recipe %q, want %q", got, want)
	}
}

// TestProductIsAboveTheLab: the product's module is found from inside
// the lab, with the packages a trainer writes into.
func TestProductIsAboveTheLab(t *testing.T) {
	root, err := Product()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"bots/belief", "bots/belief101", "bots/wait"} {
		if _, err := os.Stat(filepath.Join(root, pkg, "weights.json")); err != nil {
			t.Error(err)
		}
	}
}

// SolveLinear solves a system whose answer is known, pivoting past a
// zero on the diagonal, and refuses a singular one.
func TestSolveLinear(t *testing.T) {
	a := [][]float64{{0, 2, 1}, {1, 1, 0}, {2, 0, 3}}
	want := []float64{1, -2, 3}
	b := make([]float64, 3)
	for r := range a {
		for c := range a[r] {
			b[r] += a[r][c] * want[c]
		}
	}
	x, err := SolveLinear(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(x[i]-want[i]) > 1e-12 {
			t.Fatalf("x = %v, want %v", x, want)
		}
	}
	if _, err := SolveLinear([][]float64{{1, 2}, {2, 4}}, []float64{1, 2}); err == nil {
		t.Error("a singular system solved")
	}
}
