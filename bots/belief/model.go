package belief

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
)

// Model scores how likely an unseen copy of a face is to lie in an
// opponent's rack rather than the wall, from the features of that
// (opponent, face): a small network, ReLU(W1·x̂ + B1) then W2·h + B2,
// on the features standardised (x̂ = (x − Mean)·Scale); with no hidden
// layer (Hidden 0) a linear score W2·x̂ + B2. The score is added to the
// log of the opponent's share of the unseen tiles, so a model that
// scores 0 everywhere is the uniform sampler's belief (see Reading).
//
// The trained model ships in the package (weights.json, go:embed:
// Trained); the hand-written reading (Handwritten) is a linear Model
// with coefficients set by hand.
type Model struct {
	Name string `json:"name"`
	// Game is the game whose views the model reads: "" for classic
	// Okey, "101" for Okey 101 (bots/belief101). The two games' models
	// may have as many features, so the count alone cannot tell one
	// from the other.
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

// MaxHidden bounds a model's hidden layer, so that a Reader's working
// memory is an array.
const MaxHidden = 128

// ErrModel is wrapped by the errors of a model that does not fit the
// features.
var ErrModel = errors.New("belief: bad model")

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

// Check reports whether m fits the features this package computes.
func (m *Model) Check() error { return m.CheckFeatures(NumFeatures) }

// CheckFeatures reports whether m fits a reading of n features a
// (opponent, face): classic's (Check) or another game's (bots/belief101).
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

// Parse reads a model from its JSON and checks it.
func Parse(b []byte) (*Model, error) { return ParseFeatures(b, NumFeatures) }

// ParseFeatures reads a classic model of n features from its JSON and
// checks it.
func ParseFeatures(b []byte, n int) (*Model, error) { return ParseGame(b, "", n) }

// ParseGame reads a model of game (Model.Game) of n features from its
// JSON and checks it.
func ParseGame(b []byte, game string, n int) (*Model, error) {
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

//go:embed weights.json
var trainedJSON []byte

// Trained is the model the trainer made (bots/belief/train), read once
// from the weights shipped with the package. It is shared and must not
// be changed.
var Trained = sync.OnceValue(func() *Model {
	m, err := Parse(trainedJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped belief weights: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})

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

// Score is the model's score of one (opponent, face) with features x:
// what a reading adds to the log of the place's share (for another
// game's reader, and the tests that check it against the trainer).
func (m *Model) Score(x *[MaxFeatures]float32) float32 {
	var h [MaxHidden]float32
	return m.score(x, &h)
}

// score is the model's score of one (opponent, face) with features x,
// h its working memory.
func (m *Model) score(x *[MaxFeatures]float32, h *[MaxHidden]float32) float32 {
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

// Uniform is the uniform belief as a model (every score 0): a reading
// with it is the one Read gives with no model, and a sampler that
// weighs placements (Reading.DealWeighed) can start from it.
func Uniform() *Model { return UniformOf(NumFeatures) }

// UniformOf is the uniform belief as a model of n features.
func UniformOf(n int) *Model {
	m := &Model{Name: "uniform", Features: n, Mean: make([]float32, n),
		Scale: make([]float32, n), W2: make([]float32, n)}
	for k := range m.Scale {
		m.Scale[k] = 1
	}
	return m
}
