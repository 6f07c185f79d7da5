package smallnet

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

// model is a small network of 3 features and 2 hidden units, with a
// standardisation that is not the identity.
func model() *Model {
	return &Model{Name: "test", Features: 3, Hidden: 2,
		Mean: []float32{1, 0, -2}, Scale: []float32{0.5, 2, 1},
		W1: []float32{1, -1, 0.5, -0.25, 2, 1}, B1: []float32{0.1, -0.2},
		W2: []float32{1.5, -0.75}, B2: 0.3}
}

// unfolded is m's score of x as the network is written down, in
// float64 and without folding the standardisation in.
func unfolded(m *Model, x []float64) float64 {
	xs := make([]float64, m.Features)
	for k := range xs {
		xs[k] = (x[k] - float64(m.Mean[k])) * float64(m.Scale[k])
	}
	s := float64(m.B2)
	if m.Hidden == 0 {
		for k, v := range xs {
			s += float64(m.W2[k]) * v
		}
		return s
	}
	for j := range m.Hidden {
		a := float64(m.B1[j])
		for k, v := range xs {
			a += float64(m.W1[j*m.Features+k]) * v
		}
		s += float64(m.W2[j]) * max(a, 0)
	}
	return s
}

// TestScoreIsTheNetwork: the folded score is the network's, with a
// hidden layer and without one.
func TestScoreIsTheNetwork(t *testing.T) {
	linear := &Model{Name: "linear", Features: 3, Mean: []float32{1, 0, -2},
		Scale: []float32{0.5, 2, 1}, W2: []float32{0.5, -1, 2}, B2: -0.4}
	for _, m := range []*Model{model(), linear} {
		if err := m.CheckFeatures(3); err != nil {
			t.Fatal(err)
		}
		for _, x := range [][]float64{{0, 0, 0}, {1, 2, 3}, {-1, 0.5, 0}, {4, 0, -1}} {
			var in [MaxFeatures]float32
			for k, v := range x {
				in[k] = float32(v)
			}
			want := unfolded(m, x)
			var h Hidden
			for _, got := range []float32{m.Score(&in), m.ScoreWith(&in, &h)} {
				if math.Abs(float64(got)-want) > 1e-5 {
					t.Errorf("%s %v: score %v, the network's %v", m.Name, x, got, want)
				}
			}
		}
	}
}

// TestUniformScoresNothing: the uniform model scores 0 everywhere.
func TestUniformScoresNothing(t *testing.T) {
	m := Uniform(5)
	if err := m.CheckFeatures(5); err != nil {
		t.Fatal(err)
	}
	x := [MaxFeatures]float32{1, -2, 3, 4, 5}
	if s := m.Score(&x); s != 0 {
		t.Fatalf("the uniform model scores %v", s)
	}
}

// TestParseChecksTheGameAndShape: a model is read only as the game and
// the number of features it was made for.
func TestParseChecksTheGameAndShape(t *testing.T) {
	m := model()
	m.Game = "101"
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(b, "101", 3); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game string
		n    int
	}{{"", 3}, {"101", 4}, {"101", MaxFeatures + 1}} {
		if _, err := Parse(b, c.game, c.n); !errors.Is(err, ErrModel) {
			t.Errorf("read as game %q of %d features: %v", c.game, c.n, err)
		}
	}
	if _, err := Parse([]byte(`{"features": 3, "hidden": 999}`), "", 3); !errors.Is(err, ErrModel) {
		t.Errorf("a model of 999 hidden units: %v", err)
	}
	if _, err := m.Made(); !errors.Is(err, ErrModel) {
		t.Errorf("a model with no recipe reads as made: %v", err)
	}
}

// TestScoreWithAllocatesNothing: scoring with kept working memory
// allocates nothing once the model is folded.
func TestScoreWithAllocatesNothing(t *testing.T) {
	m := model()
	var x [MaxFeatures]float32
	var h Hidden
	x[0], x[2] = 1, 2
	m.ScoreWith(&x, &h)
	if n := testing.AllocsPerRun(100, func() { m.ScoreWith(&x, &h) }); n != 0 {
		t.Fatalf("a score allocates %v times", n)
	}
}
