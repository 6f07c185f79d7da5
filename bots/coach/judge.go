package coach

import (
	"context"

	"okey/bots/rollout"
)

// Options of a review.
type Options struct {
	// Seed picks the worlds and the bots' seeds: the same seed gives
	// the same review.
	Seed uint64
	// Samples is the most worlds a decision is played over (0: the
	// game's default); MinSamples the first round (0: a quarter of
	// Samples). The judge doubles the worlds while the loss's interval
	// straddles a threshold, so clear verdicts are cheap and close ones
	// get the samples.
	Samples, MinSamples int
	// Workers is the number of goroutines playing worlds (0: one a CPU).
	Workers int
	// Progress, if set, is called after each decision with the number
	// judged and the number to judge.
	Progress func(done, total int)
}

// Default sample counts: enough that the label of a decision comes out
// the same on another seed in nine decisions of ten (README, "Reviewing
// a match: okey review"), within the time asked of a hand's review.
const (
	DefaultSamplesClassic = 128
	DefaultSamples101     = 96
)

func (o *Options) samples(def int) (first, most int) {
	most = o.Samples
	if most <= 0 {
		most = def
	}
	first = o.MinSamples
	if first <= 0 {
		first = max(most/4, 8)
	}
	return min(first, most), most
}

// verdict is the outcome of comparing candidates.
type verdict struct {
	best      int
	loss      float64
	half      float64
	label     Label
	uncertain bool
	n         int
	cands     []Candidate
}

// judge plays the candidates (names[i] is candidate i's move in words;
// played is the index of the move made) over rounds of worlds until the
// label is settled or the samples are spent.
func judge(ctx context.Context, o *Options, def int, th Thresholds, names []string, played int, play rollout.Play) (verdict, error) {
	first, most := o.samples(def)
	var vals [][]float64
	n := 0
	var v verdict
	for {
		next := first
		if n > 0 {
			next = min(2*n, most)
		}
		var err error
		if vals, err = rollout.Compare(ctx, vals, n, next, o.Workers, play); err != nil {
			return v, err
		}
		n = next
		v = weigh(vals, played, th)
		if th.settled(v.best == played, v.loss, v.half) || n >= most {
			break
		}
	}
	v.n = n
	v.cands = make([]Candidate, len(names))
	for c := range names {
		l, h := rollout.Paired(vals[v.best], vals[c])
		if c == v.best {
			l, h = 0, 0
		}
		v.cands[c] = Candidate{Move: names[c], Value: rollout.Mean(vals[c]), Loss: l, Half: h}
	}
	return v, nil
}

// weigh picks the best candidate (the highest mean; a tie goes to the
// move played, then to the earlier candidate) and the played move's loss.
func weigh(vals [][]float64, played int, th Thresholds) verdict {
	best := played
	bm := rollout.Mean(vals[played])
	for c := range vals {
		if m := rollout.Mean(vals[c]); m > bm {
			best, bm = c, m
		}
	}
	v := verdict{best: best}
	if best != played {
		v.loss, v.half = rollout.Paired(vals[best], vals[played])
	}
	v.label, v.uncertain = th.label(best == played, v.loss, v.half)
	return v
}
