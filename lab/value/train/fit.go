package main

import (
	"context"
	"encoding/json"
	"math"

	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// fitConfig is the network and its optimiser.
type fitConfig struct {
	seed          uint64
	hidden        int
	epochs, batch int
	lr, decay     float64
	// use is the features the network reads (nil: all).
	use []int
}

// fit trains a network on d to the points of the hand (a squared
// error), the features standardised by d's own mean and spread; every
// sum runs in a fixed order, so the same data and config give the same
// weights bit for bit.
func fit(ctx context.Context, d *dataset, cfg fitConfig) (*trainer.Net, error) {
	n := &trainer.Net{F: NumFeatures, H: cfg.hidden, Mean: make([]float64, NumFeatures), Scale: make([]float64, NumFeatures)}
	if cfg.use != nil {
		n.Use = make([]bool, NumFeatures)
		for _, k := range cfg.use {
			n.Use[k] = true
		}
	}
	rows := d.Len()
	for k := range NumFeatures {
		if n.Use != nil && !n.Use[k] {
			continue
		}
		var s, s2 float64
		for i := range rows {
			x := float64(d.X[i*NumFeatures+k])
			s += x
			s2 += x * x
		}
		mean := s / float64(max(rows, 1))
		sd := math.Sqrt(max(s2/float64(max(rows, 1))-mean*mean, 0))
		n.Mean[k] = mean
		n.Scale[k] = 1
		if sd > 1e-9 {
			n.Scale[k] = 1 / sd
		}
	}
	n.Init(cfg.seed)
	// The output's bias starts at the labels' mean, so the first steps
	// learn the shape rather than the level.
	_, _, _, b2 := n.Split(n.P)
	var ys float64
	for _, y := range d.Y {
		ys += float64(y)
	}
	*b2 = ys / float64(max(rows, 1))

	xs := make([]float64, NumFeatures)
	a := make([]float64, max(n.H, 1))
	err := descend(ctx, n, cfg, rows, func(i int, grad []float64) {
		trainer.Standardize(n, d.row(i), xs)
		dz := n.Forward(xs, a) - float64(d.Y[i])
		n.Backward(xs, a, dz, grad)
	})
	if err != nil {
		return nil, err
	}
	return n, nil
}

// descend fits n by AdamW over rows examples for cfg's epochs, in
// batches shuffled by cfg's seed, the rate on a cosine: each adds
// example i's gradient to grad. Both fits, to values and to
// differences, differ only in that gradient.
func descend(ctx context.Context, n *trainer.Net, cfg fitConfig, rows int, each func(i int, grad []float64)) error {
	grad := make([]float64, n.Size())
	m := make([]float64, n.Size())
	v := make([]float64, n.Size())
	order := make([]int, rows)
	batches := (rows + cfg.batch - 1) / cfg.batch
	steps := cfg.epochs * batches
	step := 0
	for ep := range cfg.epochs {
		if err := ctx.Err(); err != nil {
			return err
		}
		trainer.Order(order, cfg.seed, ep)
		for b := range batches {
			clear(grad)
			batch := order[b*cfg.batch : min((b+1)*cfg.batch, rows)]
			for _, i := range batch {
				each(i, grad)
			}
			step++
			n.AdamW(m, v, grad, step, float64(len(batch)), trainer.Cosine(cfg.lr, step, steps), cfg.decay)
		}
	}
	return nil
}

// predict is n's value of every position of d.
func predict(n *trainer.Net, d *dataset) []float64 {
	out := make([]float64, d.Len())
	xs := make([]float64, NumFeatures)
	a := make([]float64, max(n.H, 1))
	for i := range out {
		trainer.Standardize(n, d.row(i), xs)
		out[i] = n.Forward(xs, a)
	}
	return out
}

// shipped is n as the product reads it: a smallnet.Model written to its
// JSON with recipe and read back, checked for the value's features.
func shipped(n *trainer.Net, recipe []byte) (*smallnet.Model, error) {
	js, err := json.Marshal(n.Model("classic value", recipe))
	if err != nil {
		return nil, err
	}
	return smallnet.Parse(js, "", NumFeatures)
}
