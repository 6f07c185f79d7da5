package main

import (
	"context"
	"math"

	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// net is the model being trained (trainer.Net: smallnet.Model's shape),
// its output the logit of a win-feed.
type net struct{ trainer.Net }

// newNet starts a network on the features use (nil: all) with the
// standardisation of d's rows and weights drawn from seed; the output's
// bias starts at the logit of the base rate.
func newNet(h int, d *dataset, use []bool, seed uint64) *net {
	nf := d.F
	if use == nil {
		use = mask(nf)
	}
	n := &net{trainer.Net{F: nf, H: h, Use: use, Mean: make([]float64, nf), Scale: make([]float64, nf)}}
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
	n.Init(seed)
	_, _, _, b2 := n.Split(n.P)
	p := min(max(d.rate(), 1e-6), 1-1e-6)
	*b2 = math.Log(p / (1 - p))
	return n
}

// scratch is the working memory of one row.
type scratch struct {
	xs [smallnet.MaxFeatures]float64
	a  [smallnet.MaxHidden]float64
}

// forward is the logit of row x (the standardised features and the
// hidden layer left in s).
func (n *net) forward(x []float32, s *scratch) float64 {
	trainer.Standardize(&n.Net, x, s.xs[:])
	return n.Forward(s.xs[:], s.a[:])
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
	n.Backward(s.xs[:], s.a[:], p-float64(y), grad)
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
	m, v := make([]float64, n.Size()), make([]float64, n.Size())
	grad := make([]float64, n.Size())
	order := make([]int, d.rows())
	steps := cfg.epochs * ((len(order) + cfg.batch - 1) / cfg.batch)
	step := 0
	var s scratch
	var losses []float64
	for ep := range cfg.epochs {
		trainer.Order(order, cfg.seed, ep)
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
			n.AdamW(m, v, grad, step, float64(len(batch)), trainer.Cosine(cfg.lr, step, steps), cfg.decay)
		}
		losses = append(losses, epLoss/float64(len(order)))
		cfg.log("epoch %d: %.5f nats a row (training)", ep+1, epLoss/float64(len(order)))
	}
	return losses, nil
}

// prob is the net's chance of a win-feed for each of d's rows.
func (n *net) prob(d *dataset) func(int) float64 {
	var s scratch
	return func(i int) float64 { return logistic(n.forward(d.x(i), &s)) }
}
