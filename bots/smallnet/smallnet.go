// Package smallnet is the small network the bots' learned readings
// share, its weights' file format and its recipe: classic's belief of
// the racks (bots/belief), 101's (bots/belief101) and classic's reading
// of the next player's wait (bots/wait) each ship one Model in a
// weights.json of this format, made by a trainer in the lab (lab/).
// The readings import it on equal footing, so neither game's belief is
// the parent of the other's.
//
// The inference is pure Go and allocates nothing once a model is
// folded; the trainer's own network is float64, and each reading's
// fixture test checks that the shipped float32 weights score as it did.
package smallnet

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
)

// Model scores one cell of a reading (for the beliefs, how likely an
// unseen copy of a face is to lie in an opponent's rack rather than the
// wall) from that cell's features: a small network, ReLU(W1·x̂ + B1)
// then W2·h + B2, on the features standardised (x̂ = (x − Mean)·Scale);
// with no hidden layer (Hidden 0) a linear score W2·x̂ + B2.
//
// Its JSON is the weights' file format: the shipped weights are one
// Model each, embedded with go:embed by the package that reads them.
type Model struct {
	Name string `json:"name"`
	// Game is the game whose views the model reads: "" for classic
	// Okey, "101" for Okey 101. The two games' models may have as many
	// features, so the count alone cannot tell one from the other.
	Game     string    `json:"game,omitempty"`
	Features int       `json:"features"`
	Hidden   int       `json:"hidden"`
	Mean     []float32 `json:"mean"`
	Scale    []float32 `json:"scale"`
	// W1 is Hidden rows of Features, row by row.
	W1 []float32 `json:"w1,omitempty"`
	B1 []float32 `json:"b1,omitempty"`
	// W2 has Hidden weights, or Features when Hidden is 0.
	W2 []float32 `json:"w2"`
	B2 float32   `json:"b2"`
	// Recipe says how the weights were made: the trainer's command, its
	// seed, the data's commit and size, the held-out figures.
	Recipe json.RawMessage `json:"recipe,omitempty"`

	// the weights with the standardisation folded in, made once (fold)
	once sync.Once
	// w1t is W1 by feature (Features rows of Hidden), b1 its biases;
	// w2 the linear weights; b2 the output's bias
	w1t    []float32
	b1, w2 []float32
	b2     float32
}

// MaxFeatures bounds the features of one cell a reading fills: classic
// Okey's belief, and Okey 101's, which reads the table's melds as well.
// An input holds this many, so that one scorer serves both games.
const MaxFeatures = 72

// MaxHidden bounds a model's hidden layer, so that a scorer's working
// memory is an array (Hidden).
const MaxHidden = 128

// Hidden is a scorer's working memory for one score: kept by the
// caller between scores, so that scoring allocates and clears nothing.
type Hidden [MaxHidden]float32

// ErrModel is wrapped by the errors of a model that does not fit the
// features, or whose recipe does not say how it was made.
var ErrModel = errors.New("smallnet: bad model")

// Made is what a model's recipe says of how it was made, enough to make
// it again: the trainer's command, its seed, the data's commit, the
// training hands.
type Made struct {
	Command string `json:"command"`
	Seed    uint64 `json:"seed"`
	Commit  string `json:"data_commit"`
	Hands   int    `json:"hands"`
}

// Made reads m's recipe; it fails when the recipe does not say how to
// make m again (no command, commit or hands).
func (m *Model) Made() (Made, error) {
	var r Made
	if err := json.Unmarshal(m.Recipe, &r); err != nil {
		return r, fmt.Errorf("%w: recipe: %w", ErrModel, err)
	}
	if r.Command == "" || r.Commit == "" || r.Hands == 0 {
		return r, fmt.Errorf("%w: the recipe does not say how it was made: %+v", ErrModel, r)
	}
	return r, nil
}

// CheckFeatures reports whether m fits a reading of n features a cell.
func (m *Model) CheckFeatures(n int) error {
	out := m.Hidden
	if m.Hidden == 0 {
		out = m.Features
	}
	switch {
	case n > MaxFeatures:
		return fmt.Errorf("%w: %d features, more than an input holds (%d)", ErrModel, n, MaxFeatures)
	case m.Features != n:
		return fmt.Errorf("%w: %d features, not %d", ErrModel, m.Features, n)
	case m.Hidden < 0 || m.Hidden > MaxHidden:
		return fmt.Errorf("%w: %d hidden units (0 to %d)", ErrModel, m.Hidden, MaxHidden)
	case len(m.Mean) != m.Features || len(m.Scale) != m.Features:
		return fmt.Errorf("%w: the standardisation has %d and %d values, not %d", ErrModel, len(m.Mean), len(m.Scale), m.Features)
	case len(m.W1) != m.Hidden*m.Features || len(m.B1) != m.Hidden:
		return fmt.Errorf("%w: the hidden layer has %d weights and %d biases", ErrModel, len(m.W1), len(m.B1))
	case len(m.W2) != out:
		return fmt.Errorf("%w: the output has %d weights, not %d", ErrModel, len(m.W2), out)
	}
	for _, s := range [][]float32{m.Mean, m.Scale, m.W1, m.B1, m.W2, {m.B2}} {
		for _, w := range s {
			if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
				return fmt.Errorf("%w: a weight is not finite", ErrModel)
			}
		}
	}
	return nil
}

// Parse reads a model of game (Model.Game: "" for classic) of n
// features from its JSON and checks it.
func Parse(b []byte, game string, n int) (*Model, error) {
	var m Model
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrModel, err)
	}
	if m.Game != game {
		return nil, fmt.Errorf("%w: a model of game %q, not %q", ErrModel, m.Game, game)
	}
	if err := m.CheckFeatures(n); err != nil {
		return nil, err
	}
	return &m, nil
}

// fold folds the standardisation into the first layer's weights and
// biases (a·((x−mean)·scale) = (a·scale)·x − a·scale·mean), and lays W1
// out by feature, so that scoring skips the features that are 0 (most
// are: a face's relations to an opponent's few discards).
func (m *Model) fold() {
	m.once.Do(func() {
		if m.Hidden == 0 {
			m.w2 = make([]float32, m.Features)
			b := float64(m.B2)
			for k := range m.Features {
				w := float64(m.W2[k]) * float64(m.Scale[k])
				m.w2[k] = float32(w)
				b -= w * float64(m.Mean[k])
			}
			m.b2 = float32(b)
			return
		}
		m.w1t = make([]float32, m.Features*m.Hidden)
		m.b1 = make([]float32, m.Hidden)
		for j := range m.Hidden {
			b := float64(m.B1[j])
			for k := range m.Features {
				w := float64(m.W1[j*m.Features+k]) * float64(m.Scale[k])
				m.w1t[k*m.Hidden+j] = float32(w)
				b -= w * float64(m.Mean[k])
			}
			m.b1[j] = float32(b)
		}
		m.w2, m.b2 = m.W2, m.B2
	})
}

// Score is the model's score of one cell with features x, for a caller
// that scores seldom (a test against the trainer, the wait's chance).
func (m *Model) Score(x *[MaxFeatures]float32) float32 {
	var h Hidden
	return m.ScoreWith(x, &h)
}

// ScoreWith is the model's score of one cell with features x, h its
// working memory: a reader scoring every cell of a view keeps one h
// rather than clear one a score.
func (m *Model) ScoreWith(x *[MaxFeatures]float32, h *Hidden) float32 {
	m.fold()
	if m.Hidden == 0 {
		s := m.b2
		for k, w := range m.w2[:m.Features] {
			if x[k] != 0 {
				s += float32(w * x[k])
			}
		}
		return s
	}
	a := h[:m.Hidden]
	copy(a, m.b1)
	for k, xk := range x[:m.Features] {
		if xk == 0 {
			continue
		}
		col := m.w1t[k*m.Hidden : (k+1)*m.Hidden]
		for j, w := range col {
			a[j] += float32(w * xk)
		}
	}
	s := m.b2
	for j, w := range m.w2[:m.Hidden] {
		s += float32(w * max(a[j], 0))
	}
	return s
}

// Uniform is the model of n features that scores 0 everywhere: for the
// beliefs, the uniform sampler's belief, a start for a sampler that
// weighs placements and for a reading set by hand.
func Uniform(n int) *Model {
	m := &Model{Name: "uniform", Features: n, Mean: make([]float32, n),
		Scale: make([]float32, n), W2: make([]float32, n)}
	for k := range m.Scale {
		m.Scale[k] = 1
	}
	return m
}
