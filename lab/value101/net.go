package main

import (
	"context"
	"fmt"
	"math"

	"okey/lab/internal/trainer"
)

// netConfig is the network's size and schedule.
type netConfig struct {
	seed          uint64
	hidden        int
	epochs, batch int
	lr, decay     float64
}

// netInputs is what the network reads of a candidate: the base terms
// and the context (it finds the products itself).
const netInputs = numBase + numContext

// netRow is candidate j's network inputs.
func netRow(c *choice, j int, buf []float32) []float32 {
	r := c.X[j*numFeatures : (j+1)*numFeatures]
	buf = append(buf[:0], r[:numBase]...)
	return append(buf, r[4*numBase:]...)
}

// labelScale brings the labels (the hand's net points) near unit size.
const labelScale = 50

// fitNet fits a network of each candidate's value on the choices train
// so that its differences within a choice follow the labels' (a squared
// error on both centred within the choice), as the classic value's
// network of differences (lab/value/train's fitDiff).
func fitNet(ctx context.Context, cs []choice, train []int, cfg netConfig) (*trainer.Net, error) {
	F := netInputs
	n := &trainer.Net{F: F, H: cfg.hidden, Mean: make([]float64, F), Scale: make([]float64, F)}
	var s, s2 [netInputs]float64
	rows := 0
	var buf []float32
	for _, i := range train {
		c := &cs[i]
		for j := range c.Tiles {
			for k, x := range netRow(c, j, buf) {
				s[k] += float64(x)
				s2[k] += float64(x) * float64(x)
			}
			rows++
		}
	}
	for k := range F {
		m := s[k] / float64(max(rows, 1))
		sd := math.Sqrt(max(s2[k]/float64(max(rows, 1))-m*m, 0))
		n.Mean[k], n.Scale[k] = m, 1
		if sd > 1e-9 {
			n.Scale[k] = 1 / sd
		}
	}
	n.Init(cfg.seed)
	const maxK = 8
	xs, a := make([][]float64, maxK), make([][]float64, maxK)
	for j := range xs {
		xs[j], a[j] = make([]float64, F), make([]float64, max(n.H, 1))
	}
	z := make([]float64, maxK)
	grad := make([]float64, n.Size())
	m, v := make([]float64, n.Size()), make([]float64, n.Size())
	order := make([]int, len(train))
	batches := (len(train) + cfg.batch - 1) / cfg.batch
	steps, step := cfg.epochs*batches, 0
	for ep := range cfg.epochs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		trainer.Order(order, cfg.seed, ep)
		for b := range batches {
			clear(grad)
			batch := order[b*cfg.batch : min((b+1)*cfg.batch, len(order))]
			for _, o := range batch {
				c := &cs[train[o]]
				k := min(len(c.Tiles), maxK)
				var zm, mm float64
				for j := range k {
					buf = netRow(c, j, buf)
					trainer.Standardize(n, buf, xs[j])
					z[j] = n.Forward(xs[j], a[j])
					zm += z[j]
					mm += c.mean(j) / labelScale
				}
				zm, mm = zm/float64(k), mm/float64(k)
				for j := range k {
					n.Backward(xs[j], a[j], (z[j]-zm)-(c.mean(j)/labelScale-mm), grad)
				}
			}
			step++
			n.AdamW(m, v, grad, step, float64(len(batch)), trainer.Cosine(cfg.lr, step, steps), cfg.decay)
		}
	}
	return n, nil
}

// netScores is n's value of each candidate of c, in points.
func netScores(n *trainer.Net, c *choice) []float64 {
	xs, a := make([]float64, n.F), make([]float64, max(n.H, 1))
	out := make([]float64, len(c.Tiles))
	var buf []float32
	for j := range c.Tiles {
		buf = netRow(c, j, buf)
		trainer.Standardize(n, buf, xs)
		out[j] = n.Forward(xs, a) * labelScale
	}
	for j := range out {
		out[j] -= out[0]
	}
	return out
}

// netReaders are the network's picks, fitted on one parity of the
// hands and scored on the other's labels.
func netReaders(ctx context.Context, cs []choice, hands int, rate float64, cfg netConfig) ([]figure, error) {
	fs := folds(cs)
	var nets [2]*trainer.Net
	for f := range 2 {
		n, err := fitNet(ctx, cs, fs[1-f], cfg)
		if err != nil {
			return nil, err
		}
		nets[f] = n
	}
	return heldOut(cs, hands, rate, fmt.Sprintf("the network on the view (%d hidden)", cfg.hidden), func(f int, c *choice) []float64 {
		return netScores(nets[f], c)
	}), nil
}
