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
	"okey/game"
)

// net is the model being trained, in float64: the same shape as
// belief.Model (a hidden layer of H ReLU units, or linear when H is 0).
type net struct {
	// F is the features a row: classic's belief.NumFeatures, or 101's.
	F     int       `json:"f"`
	H     int       `json:"h"`
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

// views of the parameters (or of a gradient of the same shape)
func (n *net) split(p []float64) (w1, b1, w2 []float64, b2 *float64) {
	nf := n.F
	w1 = p[:n.H*nf]
	b1 = p[n.H*nf : n.H*nf+n.H]
	w2 = p[n.H*nf+n.H : n.H*nf+n.H+n.out()]
	return w1, b1, w2, &p[len(p)-1]
}

// newNet starts a network with standardisation from the training rows
// and weights drawn from seed.
func newNet(h int, d *dataset, seed uint64) *net {
	nf := d.F
	n := &net{F: nf, H: h, Mean: make([]float64, nf), Scale: make([]float64, nf)}
	var sum, sq [belief.MaxFeatures]float64
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
	n.P = make([]float64, n.size())
	r := game.NewSeeded(seed)
	w1, _, w2, _ := n.split(n.P)
	lim := math.Sqrt(6.0 / float64(nf))
	for i := range w1 {
		w1[i] = (2*r.Float64() - 1) * lim
	}
	for i := range w2 {
		w2[i] = (2*r.Float64() - 1) * 0.01
	}
	return n
}

// scratch is one goroutine's working memory for a group.
type scratch struct {
	xs [belief.Opponents][belief.MaxFeatures]float64
	a  [belief.Opponents][belief.MaxHidden]float64
	g  [belief.Opponents]float64
}

// forward scores the opponents of group gi into s, and returns the
// places' logits.
func (n *net) forward(d *dataset, gi int, s *scratch) (z [belief.Places]float64) {
	g := &d.G[gi]
	nf := n.F
	w1, b1, w2, b2 := n.split(n.P)
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
		row := d.X[gi*d.row()+o*nf:]
		xs := &s.xs[o]
		for k := range nf {
			xs[k] = (float64(row[k]) - n.Mean[k]) * n.Scale[k]
		}
		out := *b2
		if n.H == 0 {
			for k := range nf {
				out += w2[k] * xs[k]
			}
		} else {
			for j := range n.H {
				a := b1[j]
				wr := w1[j*nf : (j+1)*nf]
				for k := range nf {
					a += wr[k] * xs[k]
				}
				s.a[o][j] = a
				if a > 0 {
					out += w2[j] * a
				}
			}
		}
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
	nf := n.F
	w1, _, w2, _ := n.split(n.P)
	gw1, gb1, gw2, gb2 := n.split(grad)
	for o := range belief.Opponents {
		if g.Slots[o] == 0 {
			continue
		}
		dg := float64(g.U)*q[o] - float64(g.N[o])
		*gb2 += dg
		xs := &s.xs[o]
		if n.H == 0 {
			for k := range nf {
				gw2[k] += dg * xs[k]
			}
			continue
		}
		for j := range n.H {
			a := s.a[o][j]
			if a <= 0 {
				continue
			}
			gw2[j] += dg * a
			da := dg * w2[j]
			gb1[j] += da
			gr := gw1[j*nf : (j+1)*nf]
			for k := range nf {
				gr[k] += da * xs[k]
			}
		}
	}
	_ = w1
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
	ck := &checkpoint{Net: n, M: make([]float64, n.size()), V: make([]float64, n.size())}
	if cfg.checkpoint != "" {
		if b, err := os.ReadFile(cfg.checkpoint); err == nil {
			var old checkpoint
			if err := json.Unmarshal(b, &old); err != nil {
				return nil, fmt.Errorf("reading %s: %w", cfg.checkpoint, err)
			}
			if old.Net != nil && old.Net.F == 0 {
				old.Net.F = belief.NumFeatures // a checkpoint from before 101's belief
			}
			if old.Net != nil && old.Net.F == n.F && old.Net.H == n.H && len(old.Net.P) == n.size() {
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
		grads[i] = make([]float64, n.size())
	}
	total := make([]float64, n.size())
	for ep := ck.Epoch; ep < cfg.epochs; ep++ {
		c0, t0 := cpu(), time.Now()
		for i := range order {
			order[i] = i
		}
		r := game.NewSeeded(cfg.seed ^ uint64(ep+1)*0x9e3779b97f4a7c15)
		for i := len(order) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			order[i], order[j] = order[j], order[i]
		}
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
			lr := cfg.lr * 0.5 * (1 + math.Cos(math.Pi*float64(ck.Step)/float64(steps)))
			adam(n, ck, total, nc, lr, cfg.decay)
		}
		ck.Epoch = ep + 1
		ck.Loss = append(ck.Loss, epLoss/epCopies)
		ck.CPU += (cpu() - c0).Seconds()
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

// adam takes one AdamW step on the mean gradient a copy.
func adam(n *net, ck *checkpoint, grad []float64, copies, lr, decay float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(ck.Step))
	c2 := 1 - math.Pow(b2, float64(ck.Step))
	nf := n.F
	biasFrom := n.H * nf // W1 is decayed; B1, W2's... see below
	w2From := n.H*nf + n.H
	for i := range n.P {
		g := grad[i] / copies
		ck.M[i] = b1*ck.M[i] + (1-b1)*g
		ck.V[i] = b2*ck.V[i] + (1-b2)*g*g
		step := lr * (ck.M[i] / c1) / (math.Sqrt(ck.V[i]/c2) + eps)
		if i < biasFrom || (i >= w2From && i < len(n.P)-1) {
			step += lr * decay * n.P[i]
		}
		n.P[i] -= step
	}
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
