package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sync"
	"time"

	"okey/bots/belief"
	"okey/bots/smallnet"
	"okey/lab/internal/trainer"
)

// net is the model being trained (trainer.Net: smallnet.Model's shape),
// its score added to the log of an opponent's unseen slots; its F is
// classic's belief.NumFeatures, or 101's.
type net struct{ trainer.Net }

// newNet starts a network with standardisation from the training rows
// and weights drawn from seed.
func newNet(h int, d *dataset, seed uint64) *net {
	nf := d.F
	n := &net{trainer.Net{F: nf, H: h, Mean: make([]float64, nf), Scale: make([]float64, nf)}}
	var sum, sq [smallnet.MaxFeatures]float64
	rows := 0
	for gi, g := range d.G {
		for o := range belief.Opponents {
			if g.Slots[o] == 0 {
				continue
			}
			row := d.X[gi*d.row()+o*nf:]
			for k := range nf {
				x := float64(row[k])
				sum[k] += x
				sq[k] += x * x
			}
			rows++
		}
	}
	for k := range nf {
		m := sum[k] / float64(max(rows, 1))
		v := sq[k]/float64(max(rows, 1)) - m*m
		n.Mean[k] = m
		n.Scale[k] = 1
		if v > 1e-9 {
			n.Scale[k] = 1 / math.Sqrt(v)
		}
	}
	n.Init(seed)
	return n
}

// scratch is one goroutine's working memory for a group.
type scratch struct {
	xs [belief.Opponents][smallnet.MaxFeatures]float64
	a  [belief.Opponents][smallnet.MaxHidden]float64
	g  [belief.Opponents]float64
}

// forward scores the opponents of group gi into s, and returns the
// places' logits.
func (n *net) forward(d *dataset, gi int, s *scratch) (z [belief.Places]float64) {
	g := &d.G[gi]
	nf := n.F
	for o := range belief.Places {
		z[o] = math.Inf(-1)
		if g.Slots[o] > 0 {
			z[o] = math.Log(float64(g.Slots[o]))
		}
	}
	for o := range belief.Opponents {
		if g.Slots[o] == 0 {
			continue
		}
		trainer.Standardize(&n.Net, d.X[gi*d.row()+o*nf:], s.xs[o][:])
		out := n.Forward(s.xs[o][:], s.a[o][:])
		s.g[o] = out
		z[o] += out
	}
	return z
}

// softmax of the logits (a place with no slots gets 0).
func softmax(z [belief.Places]float64) (q [belief.Places]float64) {
	top := math.Inf(-1)
	for _, v := range z {
		top = max(top, v)
	}
	sum := 0.0
	for i, v := range z {
		q[i] = math.Exp(v - top)
		sum += q[i]
	}
	for i := range q {
		q[i] /= sum
	}
	return q
}

// backward adds the gradient of group gi's loss (the copies' negative
// log-likelihood) to grad, and returns the loss.
func (n *net) backward(d *dataset, gi int, s *scratch, grad []float64) float64 {
	g := &d.G[gi]
	z := n.forward(d, gi, s)
	q := softmax(z)
	loss := 0.0
	for o := range belief.Places {
		if g.N[o] > 0 {
			loss -= float64(g.N[o]) * math.Log(max(q[o], 1e-300))
		}
	}
	for o := range belief.Opponents {
		if g.Slots[o] == 0 {
			continue
		}
		n.Backward(s.xs[o][:], s.a[o][:], float64(g.U)*q[o]-float64(g.N[o]), grad)
	}
	return loss
}

// trainConfig is the optimiser's recipe.
type trainConfig struct {
	epochs  int
	batch   int // groups a step
	lr      float64
	decay   float64 // weight decay, decoupled (AdamW)
	seed    uint64
	workers int
	// checkpoint, if set, is where the state is kept after each epoch,
	// and resumed from.
	checkpoint string
	log        func(format string, a ...any)
}

// checkpoint is the state of a training run between epochs.
type checkpoint struct {
	Epoch int       `json:"epoch"`
	Net   *net      `json:"net"`
	M     []float64 `json:"m"`
	V     []float64 `json:"v"`
	Step  int       `json:"step"`
	Loss  []float64 `json:"loss"` // mean loss a copy, epoch by epoch
	// CPU and Wall are the seconds the epochs so far took, summed over
	// the runs that made them.
	CPU  float64 `json:"cpu_s"`
	Wall float64 `json:"wall_s"`
}

// subBatch is the groups one gradient buffer sums: batches are cut into
// sub-batches of this size and their gradients added in order, so the
// result does not depend on the number of workers.
const subBatch = 32

// train fits n to d with Adam, deterministically for the seed.
func train(ctx context.Context, n *net, d *dataset, cfg trainConfig) (*checkpoint, error) {
	ck := &checkpoint{Net: n, M: make([]float64, n.Size()), V: make([]float64, n.Size())}
	if cfg.checkpoint != "" {
		if b, err := os.ReadFile(cfg.checkpoint); err == nil {
			var old checkpoint
			if err := json.Unmarshal(b, &old); err != nil {
				return nil, fmt.Errorf("reading %s: %w", cfg.checkpoint, err)
			}
			if old.Net != nil && old.Net.F == 0 {
				old.Net.F = belief.NumFeatures // a checkpoint from before 101's belief
			}
			if old.Net != nil && old.Net.F == n.F && old.Net.H == n.H && len(old.Net.P) == n.Size() {
				ck = &old
				n = old.Net
				cfg.log("resumed from %s after epoch %d", cfg.checkpoint, ck.Epoch)
			}
		}
	}
	order := make([]int, len(d.G))
	steps := cfg.epochs * ((len(order) + cfg.batch - 1) / cfg.batch)
	nsub := (cfg.batch + subBatch - 1) / subBatch
	grads := make([][]float64, nsub)
	losses := make([]float64, nsub)
	copies := make([]float64, nsub)
	scr := make([]scratch, max(cfg.workers, 1))
	for i := range grads {
		grads[i] = make([]float64, n.Size())
	}
	total := make([]float64, n.Size())
	for ep := ck.Epoch; ep < cfg.epochs; ep++ {
		c0, t0 := trainer.CPU(), time.Now()
		trainer.Order(order, cfg.seed, ep)
		epLoss, epCopies := 0.0, 0.0
		for lo := 0; lo < len(order); lo += cfg.batch {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			batch := order[lo:min(lo+cfg.batch, len(order))]
			subs := (len(batch) + subBatch - 1) / subBatch
			var wg sync.WaitGroup
			var mu sync.Mutex
			nextSub := 0
			for w := range scr {
				wg.Add(1)
				go func(s *scratch) {
					defer wg.Done()
					for {
						mu.Lock()
						k := nextSub
						nextSub++
						mu.Unlock()
						if k >= subs {
							return
						}
						gr := grads[k]
						clear(gr)
						losses[k], copies[k] = 0, 0
						for _, gi := range batch[k*subBatch : min((k+1)*subBatch, len(batch))] {
							losses[k] += n.backward(d, gi, s, gr)
							copies[k] += float64(d.G[gi].U)
						}
					}
				}(&scr[w])
			}
			wg.Wait()
			clear(total)
			nc := 0.0
			for k := range subs {
				for i, v := range grads[k] {
					total[i] += v
				}
				epLoss += losses[k]
				nc += copies[k]
			}
			epCopies += nc
			ck.Step++
			n.AdamW(ck.M, ck.V, total, ck.Step, nc, trainer.Cosine(cfg.lr, ck.Step, steps), cfg.decay)
		}
		ck.Epoch = ep + 1
		ck.Loss = append(ck.Loss, epLoss/epCopies)
		ck.CPU += (trainer.CPU() - c0).Seconds()
		ck.Wall += time.Since(t0).Seconds()
		cfg.log("epoch %d: %.5f nats a copy (training)", ep+1, epLoss/epCopies)
		if cfg.checkpoint != "" {
			b, err := json.Marshal(ck)
			if err != nil {
				return nil, err
			}
			if err := os.WriteFile(cfg.checkpoint+".tmp", b, 0o644); err != nil {
				return nil, err
			}
			if err := os.Rename(cfg.checkpoint+".tmp", cfg.checkpoint); err != nil {
				return nil, err
			}
		}
	}
	ck.Net = n
	return ck, nil
}
