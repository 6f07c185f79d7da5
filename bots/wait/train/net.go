package main

import (
	"context"
	"encoding/json"
	"math"

	"okey/bots/belief"
	"okey/game"
)

// net is the model being trained, in float64: belief.Model's shape (a
// hidden layer of H ReLU units, or linear when H is 0), its output the
// logit of a win-feed. Features not in Use are read as 0 (their
// weights stay 0).
type net struct {
	F     int       `json:"f"`
	H     int       `json:"h"`
	Use   []bool    `json:"use"`
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// P holds every parameter: W1 (H×F), B1 (H), W2 (H, or F when
	// linear), B2 (1).
	P []float64 `json:"p"`
}

func (n *net) out() int {
	if n.H == 0 {
		return n.F
	}
	return n.H
}

func (n *net) size() int { return n.H*n.F + n.H + n.out() + 1 }

// split gives views of the parameters (or of a gradient of the same
// shape).
func (n *net) split(p []float64) (w1, b1, w2 []float64, b2 *float64) {
	nf := n.F
	w1 = p[:n.H*nf]
	b1 = p[n.H*nf : n.H*nf+n.H]
	w2 = p[n.H*nf+n.H : n.H*nf+n.H+n.out()]
	return w1, b1, w2, &p[len(p)-1]
}

// newNet starts a network on the features use (nil: all) with the
// standardisation of d's rows and weights drawn from seed; the output's
// bias starts at the logit of the base rate.
func newNet(h int, d *dataset, use []bool, seed uint64) *net {
	nf := d.F
	if use == nil {
		use = mask(nf)
	}
	n := &net{F: nf, H: h, Use: use, Mean: make([]float64, nf), Scale: make([]float64, nf)}
	sum := make([]float64, nf)
	sq := make([]float64, nf)
	for i := range d.rows() {
		for k, x := range d.x(i) {
			sum[k] += float64(x)
			sq[k] += float64(x) * float64(x)
		}
	}
	rows := float64(max(d.rows(), 1))
	for k := range nf {
		m := sum[k] / rows
		v := sq[k]/rows - m*m
		n.Scale[k] = 1
		if v > 1e-12 {
			n.Scale[k] = 1 / math.Sqrt(v)
		}
		if use[k] {
			n.Mean[k] = m
		} else {
			n.Mean[k], n.Scale[k] = 0, 0
		}
	}
	n.P = make([]float64, n.size())
	r := game.NewSeeded(seed)
	w1, _, w2, b2 := n.split(n.P)
	lim := math.Sqrt(6.0 / float64(nf))
	for i := range w1 {
		w1[i] = (2*r.Float64() - 1) * lim
		if !use[i%nf] {
			w1[i] = 0
		}
	}
	for i := range w2 {
		w2[i] = (2*r.Float64() - 1) * 0.01
		if n.H == 0 && !use[i] {
			w2[i] = 0
		}
	}
	p := min(max(d.rate(), 1e-6), 1-1e-6)
	*b2 = math.Log(p / (1 - p))
	return n
}

// scratch is the working memory of one row.
type scratch struct {
	xs [belief.MaxFeatures]float64
	a  [belief.MaxHidden]float64
}

// forward is the logit of row x (the standardised features and the
// hidden layer left in s).
func (n *net) forward(x []float32, s *scratch) float64 {
	nf := n.F
	w1, b1, w2, b2 := n.split(n.P)
	for k := range nf {
		s.xs[k] = (float64(x[k]) - n.Mean[k]) * n.Scale[k] // 0 for a feature not used (scale 0)
	}
	out := *b2
	if n.H == 0 {
		for k := range nf {
			out += w2[k] * s.xs[k]
		}
		return out
	}
	for j := range n.H {
		a := b1[j]
		wr := w1[j*nf : (j+1)*nf]
		for k := range nf {
			a += wr[k] * s.xs[k]
		}
		s.a[j] = a
		if a > 0 {
			out += w2[j] * a
		}
	}
	return out
}

// logistic is 1/(1+e^−z).
func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// backward adds the gradient of row x's loss (label y's negative
// log-likelihood) to grad, and returns the loss.
func (n *net) backward(x []float32, y uint8, s *scratch, grad []float64) float64 {
	z := n.forward(x, s)
	p := logistic(z)
	var loss float64
	if y == 1 {
		loss = math.Log1p(math.Exp(-z))
	} else {
		loss = math.Log1p(math.Exp(z))
	}
	if math.IsInf(loss, 1) { // |z| huge: the loss is |z|
		loss = math.Abs(z)
	}
	dz := p - float64(y)
	nf := n.F
	_, _, w2, _ := n.split(n.P)
	gw1, gb1, gw2, gb2 := n.split(grad)
	*gb2 += dz
	if n.H == 0 {
		for k := range nf {
			gw2[k] += dz * s.xs[k]
		}
		return loss
	}
	for j := range n.H {
		a := s.a[j]
		if a <= 0 {
			continue
		}
		gw2[j] += dz * a
		da := dz * w2[j]
		gb1[j] += da
		gr := gw1[j*nf : (j+1)*nf]
		for k := range nf {
			gr[k] += da * s.xs[k]
		}
	}
	return loss
}

// trainConfig is the optimiser's recipe.
type trainConfig struct {
	epochs int
	batch  int
	lr     float64
	decay  float64 // weight decay, decoupled (AdamW), on the weights not the biases
	seed   uint64
	log    func(format string, a ...any)
}

// train fits n to d with AdamW, deterministically for the seed, and
// returns the mean training loss of each epoch.
func train(ctx context.Context, n *net, d *dataset, cfg trainConfig) ([]float64, error) {
	m, v := make([]float64, n.size()), make([]float64, n.size())
	grad := make([]float64, n.size())
	order := make([]int, d.rows())
	steps := cfg.epochs * ((len(order) + cfg.batch - 1) / cfg.batch)
	step := 0
	var s scratch
	var losses []float64
	for ep := range cfg.epochs {
		for i := range order {
			order[i] = i
		}
		r := game.NewSeeded(cfg.seed ^ uint64(ep+1)*0x9e3779b97f4a7c15)
		for i := len(order) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			order[i], order[j] = order[j], order[i]
		}
		epLoss := 0.0
		for lo := 0; lo < len(order); lo += cfg.batch {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			batch := order[lo:min(lo+cfg.batch, len(order))]
			clear(grad)
			for _, i := range batch {
				epLoss += n.backward(d.x(i), d.Y[i], &s, grad)
			}
			step++
			lr := cfg.lr * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps)))
			n.adam(m, v, grad, step, float64(len(batch)), lr, cfg.decay)
		}
		losses = append(losses, epLoss/float64(len(order)))
		cfg.log("epoch %d: %.5f nats a row (training)", ep+1, epLoss/float64(len(order)))
	}
	return losses, nil
}

// adam takes one AdamW step on the mean gradient a row; a feature not
// used keeps its weights at 0.
func (n *net) adam(m, v, grad []float64, step int, rows, lr, decay float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(step))
	c2 := 1 - math.Pow(b2, float64(step))
	nf := n.F
	biasFrom := n.H * nf
	w2From := n.H*nf + n.H
	for i := range n.P {
		if (i < biasFrom && !n.Use[i%nf]) || (n.H == 0 && i >= w2From && i < len(n.P)-1 && !n.Use[i-w2From]) {
			continue
		}
		g := grad[i] / rows
		m[i] = b1*m[i] + (1-b1)*g
		v[i] = b2*v[i] + (1-b2)*g*g
		st := lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		if i < biasFrom || (i >= w2From && i < len(n.P)-1) {
			st += lr * decay * n.P[i]
		}
		n.P[i] -= st
	}
}

// prob is the net's chance of a win-feed for each of d's rows.
func (n *net) prob(d *dataset) func(int) float64 {
	var s scratch
	return func(i int) float64 { return logistic(n.forward(d.x(i), &s)) }
}

// model is the network as the package reads it, in float32.
func (n *net) model(name string, recipe json.RawMessage) *belief.Model {
	m := &belief.Model{Name: name, Features: n.F, Hidden: n.H, Recipe: recipe}
	f32 := func(s []float64) []float32 {
		out := make([]float32, len(s))
		for i, v := range s {
			out[i] = float32(v)
		}
		return out
	}
	w1, b1, w2, b2 := n.split(n.P)
	m.Mean, m.Scale, m.W2, m.B2 = f32(n.Mean), f32(n.Scale), f32(w2), float32(*b2)
	if n.H > 0 {
		m.W1, m.B1 = f32(w1), f32(b1)
	} else {
		m.W1, m.B1 = []float32{}, []float32{}
	}
	return m
}
