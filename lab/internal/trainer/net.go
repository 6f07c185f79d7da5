package trainer

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"okey/bots/smallnet"
	"okey/game"
)

// Net is a network being trained, in float64: smallnet.Model's shape, a
// hidden layer of H ReLU units (linear when H is 0) on F features
// standardised by Mean and Scale. What its score means (a logit, or a
// term of a softmax) is the trainer's.
type Net struct {
	F int `json:"f"`
	H int `json:"h"`
	// Use, when set, is the features the net reads: one not used is read
	// as 0 (its Mean and Scale 0) and its weights stay 0. Nil: all.
	Use   []bool    `json:"use,omitempty"`
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// P holds every parameter: W1 (H×F), B1 (H), W2 (H, or F when
	// linear), B2 (1).
	P []float64 `json:"p"`
}

func (n *Net) out() int {
	if n.H == 0 {
		return n.F
	}
	return n.H
}

// Size is the number of parameters.
func (n *Net) Size() int { return n.H*n.F + n.H + n.out() + 1 }

// Split gives views of the parameters p (or of a gradient of the same
// shape): W1, B1, W2 and B2.
func (n *Net) Split(p []float64) (w1, b1, w2 []float64, b2 *float64) {
	nf := n.F
	w1 = p[:n.H*nf]
	b1 = p[n.H*nf : n.H*nf+n.H]
	w2 = p[n.H*nf+n.H : n.H*nf+n.H+n.out()]
	return w1, b1, w2, &p[len(p)-1]
}

// uses reports whether feature k is read.
func (n *Net) uses(k int) bool { return n.Use == nil || n.Use[k] }

// Init makes the parameters and draws the weights from seed: W1 within
// ±√(6/F), W2 within ±0.01, the biases 0. A weight of a feature not used
// is drawn all the same and set to 0, so that Use moves no other weight.
func (n *Net) Init(seed uint64) {
	n.P = make([]float64, n.Size())
	r := game.NewSeeded(seed)
	w1, _, w2, _ := n.Split(n.P)
	lim := math.Sqrt(6.0 / float64(n.F))
	for i := range w1 {
		w1[i] = (2*r.Float64() - 1) * lim
		if !n.uses(i % n.F) {
			w1[i] = 0
		}
	}
	for i := range w2 {
		w2[i] = (2*r.Float64() - 1) * 0.01
		if n.H == 0 && !n.uses(i) {
			w2[i] = 0
		}
	}
}

// Standardize fills xs with the features of row standardised,
// (x − Mean)·Scale: 0 for a feature not used (its Scale 0).
func Standardize[T uint8 | float32](n *Net, row []T, xs []float64) {
	for k := range n.F {
		xs[k] = (float64(row[k]) - n.Mean[k]) * n.Scale[k]
	}
}

// Forward is the score of a row standardised in xs: W2·ReLU(W1·xs + B1)
// + B2, or W2·xs + B2 when linear. It leaves the hidden units' sums (the
// ReLU's inputs) in a, for Backward.
func (n *Net) Forward(xs, a []float64) float64 {
	nf := n.F
	w1, b1, w2, b2 := n.Split(n.P)
	out := *b2
	if n.H == 0 {
		for k := range nf {
			out += w2[k] * xs[k]
		}
		return out
	}
	for j := range n.H {
		s := b1[j]
		wr := w1[j*nf : (j+1)*nf]
		for k := range nf {
			s += wr[k] * xs[k]
		}
		a[j] = s
		if s > 0 {
			out += w2[j] * s
		}
	}
	return out
}

// Backward adds to grad the gradient of a row's loss whose derivative in
// the row's score is dz, xs and a being what Forward read and left.
func (n *Net) Backward(xs, a []float64, dz float64, grad []float64) {
	nf := n.F
	_, _, w2, _ := n.Split(n.P)
	gw1, gb1, gw2, gb2 := n.Split(grad)
	*gb2 += dz
	if n.H == 0 {
		for k := range nf {
			gw2[k] += dz * xs[k]
		}
		return
	}
	for j := range n.H {
		aj := a[j]
		if aj <= 0 {
			continue
		}
		gw2[j] += dz * aj
		da := dz * w2[j]
		gb1[j] += da
		gr := gw1[j*nf : (j+1)*nf]
		for k := range nf {
			gr[k] += da * xs[k]
		}
	}
}

// AdamW takes step number step (from 1) of AdamW (β₁ 0.9, β₂ 0.999,
// ε 1e-8), of size lr, on the gradient grad divided by denom (the mean a
// row, or a copy), m and v being the moments; the weights (W1, W2), not
// the biases, decay by lr·decay. A weight of a feature not used is left
// at 0.
func (n *Net) AdamW(m, v, grad []float64, step int, denom, lr, decay float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(step))
	c2 := 1 - math.Pow(b2, float64(step))
	nf := n.F
	biasFrom := n.H * nf
	w2From := n.H*nf + n.H
	for i := range n.P {
		if (i < biasFrom && !n.uses(i%nf)) || (n.H == 0 && i >= w2From && i < len(n.P)-1 && !n.uses(i-w2From)) {
			continue
		}
		g := grad[i] / denom
		m[i] = b1*m[i] + (1-b1)*g
		v[i] = b2*v[i] + (1-b2)*g*g
		st := lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		if i < biasFrom || (i >= w2From && i < len(n.P)-1) {
			st += lr * decay * n.P[i]
		}
		n.P[i] -= st
	}
}

// Order sets order to 0, 1, … shuffled for epoch ep (from 0) of a run of
// seed: the order in which the epoch takes the rows.
func Order(order []int, seed uint64, ep int) {
	for i := range order {
		order[i] = i
	}
	r := game.NewSeeded(seed ^ uint64(ep+1)*0x9e3779b97f4a7c15)
	for i := len(order) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
}

// Cosine is the size of step number step (from 1) of steps from lr:
// lr·½(1 + cos(π·step/steps)), to 0 at the last.
func Cosine(lr float64, step, steps int) float64 {
	return lr * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps)))
}

// Model is the network as the packages read it, in float32, named name
// with its recipe.
func (n *Net) Model(name string, recipe json.RawMessage) *smallnet.Model {
	m := &smallnet.Model{Name: name, Features: n.F, Hidden: n.H, Recipe: recipe}
	f32 := func(s []float64) []float32 {
		out := make([]float32, len(s))
		for i, v := range s {
			out[i] = float32(v)
		}
		return out
	}
	w1, b1, w2, b2 := n.Split(n.P)
	m.Mean, m.Scale, m.W2, m.B2 = f32(n.Mean), f32(n.Scale), f32(w2), float32(*b2)
	if n.H > 0 {
		m.W1, m.B1 = f32(w1), f32(b1)
	} else {
		m.W1, m.B1 = []float32{}, []float32{}
	}
	return m
}

// Average is the network whose score is the mean of nets' scores: their
// hidden units side by side, each output weight divided by their number.
// Networks trained alike from different seeds err differently, so their
// mean reads better than any one (an ensemble), and as one network it
// ships and runs as any model does, costing as many units as they have
// together. The nets must read the same features, standardised alike
// (one training set's), each with a hidden layer.
func Average(nets []*Net) (*Net, error) {
	if len(nets) == 0 {
		return nil, fmt.Errorf("trainer: no network to average")
	}
	first := nets[0]
	out := &Net{F: first.F, Use: first.Use, Mean: first.Mean, Scale: first.Scale}
	for i, n := range nets {
		if n.H == 0 || n.F != first.F || !slices.Equal(n.Mean, first.Mean) || !slices.Equal(n.Scale, first.Scale) || !slices.Equal(n.Use, first.Use) {
			return nil, fmt.Errorf("trainer: network %d of %d does not read the first's features alike, or has no hidden layer", i+1, len(nets))
		}
		out.H += n.H
	}
	k := float64(len(nets))
	var w1s, b1s, w2s []float64
	b2 := 0.0
	for _, n := range nets {
		w1, b1, w2, nb2 := n.Split(n.P)
		w1s, b1s = append(w1s, w1...), append(b1s, b1...)
		for _, w := range w2 {
			w2s = append(w2s, w/k)
		}
		b2 += *nb2 / k
	}
	out.P = slices.Concat(w1s, b1s, w2s, []float64{b2})
	return out, nil
}
