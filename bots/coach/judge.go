package coach

import (
	"context"
	"math"

	"okey/bots/rollout"
)

// Options of a review.
type Options struct {
	// Seed picks the worlds and the bots' seeds: the same seed gives
	// the same review.
	Seed uint64
	// Samples is the most worlds a decision is played over (0: the
	// game's default); MinSamples the first round (0: a quarter of
	// Samples, at least 16). The judge doubles the worlds while the
	// label is not settled, so clear verdicts are cheap and close ones
	// get the samples. A first round of an eighth (16 classic) was half
	// as costly but left the loss per decision more inflated by noise
	// (the best of several noisy means is too high): in 101 it blurred
	// easy apart from normal.
	Samples, MinSamples int
	// Workers is the number of goroutines playing worlds (0: one a CPU).
	Workers int
	// Progress, if set, is called after each decision with the number
	// judged and the number to judge.
	Progress func(done, total int)
}

// Default sample counts: enough that the label of a decision comes out
// the same on another seed in nine decisions of ten (docs/review.md,
// "Reviewing a match: okey review"), within the time asked of a hand's review.
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
		first = max(most/4, 16)
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
	sure      Certainty
	n         int
	// playouts is the number of hands played out (worlds × candidates
	// still in question in each).
	playouts int
	cands    []Candidate
}

// pruneSE is how many standard errors behind the best a candidate must
// be to be played in no more worlds: gnubg stops a rollout at 3
// deviations (wrong under 6% of the time, where 2 was wrong over 40%).
// A pruned candidate is most unlikely to be the best, so only its own
// row in the report is less precise.
const pruneSE = 3

// judge plays the candidates (names[i] is candidate i's move in words;
// played is the index of the move made) over rounds of worlds, doubling
// them while the label is not settled, up to the samples asked; after
// each round it stops playing the candidates far behind the best.
func judge(ctx context.Context, o *Options, def int, th Thresholds, names []string, played int, play rollout.Play) (verdict, error) {
	first, most := o.samples(def)
	var vals [][]float64
	live := make([]bool, len(names))
	for c := range live {
		live[c] = true
	}
	n, playouts := 0, 0
	var v verdict
	for {
		next := first
		if n > 0 {
			next = min(2*n, most)
		}
		var err error
		if vals, err = rollout.Compare(ctx, vals, n, next, o.Workers, live, play); err != nil {
			return v, err
		}
		for c := range live {
			if live[c] {
				playouts += next - n
			}
		}
		n = next
		v = weigh(vals, live, played, th)
		if v.best == played || th.settled(v.loss, v.half, n, most) || n >= most {
			break
		}
		prune(vals, live, v.best, played)
	}
	if v.best != played {
		// The best was picked as the highest of several noisy means, so
		// on the worlds that picked it its lead over the move played is
		// too high (the winner's curse: played against the true deals,
		// small predicted losses came out near 0, docs/review.md). The
		// loss is read again on as many worlds again, unseen by the
		// choice, where only the two are played.
		two := make([]bool, len(names))
		two[v.best], two[played] = true, true
		fresh, err := rollout.Compare(ctx, nil, n, 2*n, o.Workers, two, play)
		if err != nil {
			return v, err
		}
		playouts += 2 * n
		v.loss, v.half = rollout.Paired(fresh[v.best], fresh[played])
		v.loss = max(v.loss, 0)
		v.label, v.uncertain = th.label(v.loss, v.half, false)
		v.sure = th.certainty(v.loss, v.half, false, v.uncertain)
	}
	v.n, v.playouts = n, playouts
	v.cands = make([]Candidate, len(names))
	for c := range names {
		l, h := rollout.Paired(vals[v.best], vals[c])
		if c == v.best {
			l, h = 0, 0
		}
		l = max(l, 0) // the best's mean is the highest: below 0 is rounding
		if c == played && c != v.best {
			l, h = v.loss, v.half // read on the fresh worlds, as the verdict
		}
		v.cands[c] = Candidate{Move: names[c], Value: rollout.Mean(vals[c]), Loss: l, Half: h, Samples: rollout.Played(vals[c]), Ahead: ahead(vals[c])}
	}
	return v, nil
}

// prune takes out of live the candidates, other than the move played and
// the best, that are pruneSE standard errors behind the best.
func prune(vals [][]float64, live []bool, best, played int) {
	for c := range live {
		if !live[c] || c == best || c == played {
			continue
		}
		if m, h := rollout.Paired(vals[best], vals[c]); m-h*pruneSE/1.96 > 0 {
			live[c] = false
		}
	}
}

// tieEps is how much higher a mean must be to beat another: means that
// are equal but for rounding (the same points summed in another order)
// are a tie, which goes to the move played.
const tieEps = 1e-9

// weigh picks the best candidate among those still played (the highest
// mean; a tie goes to the move played, then to the earlier candidate)
// and the played move's loss.
func weigh(vals [][]float64, live []bool, played int, th Thresholds) verdict {
	best := played
	bm := rollout.Mean(vals[played])
	for c := range vals {
		if m := rollout.Mean(vals[c]); live[c] && m > bm+tieEps {
			best, bm = c, m
		}
	}
	v := verdict{best: best}
	if best != played {
		v.loss, v.half = rollout.Paired(vals[best], vals[played])
		v.loss = max(v.loss, 0)
	}
	v.label, v.uncertain = th.label(v.loss, v.half, best == played)
	v.sure = th.certainty(v.loss, v.half, best == played, v.uncertain)
	return v
}

// ahead is the share of the worlds played (NaN left out) with a value
// above 0.
func ahead(xs []float64) float64 {
	n, up := 0, 0
	for _, x := range xs {
		if math.IsNaN(x) {
			continue
		}
		n++
		if x > 0 {
			up++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(up) / float64(n)
}

// playout is one game's way of playing candidates out: its default
// number of worlds, its thresholds, a rollout player (one a worker) and
// the playouts of candidates by those players. A is the game's action,
// P its rollout player.
type playout[A, P any] struct {
	samples   int
	th        Thresholds
	newPlayer func() P
	play      func(cands []A, players []P) rollout.Play
}

// playOut judges cands for d (cands[0] the move played, an the
// analyser's move, each named by move): when the move played is the
// only one, d says so and judged is false; else the candidates are
// played out g's way and d gets the verdict.
func playOut[A, P any](ctx context.Context, d *Decision, o *Options, cands []A, an A, move func(A) string, g playout[A, P]) (vd verdict, judged bool, err error) {
	names := make([]string, len(cands))
	for i, a := range cands {
		names[i] = move(a)
	}
	d.Played, d.Analyser = names[0], move(an)
	if len(cands) == 1 {
		d.Best, d.Label, d.Accuracy = d.Played, Only, 100
		d.Candidates = []Candidate{{Move: d.Played}}
		return verdict{}, false, nil
	}
	players := make([]P, workers(o.Workers))
	for i := range players {
		players[i] = g.newPlayer()
	}
	if vd, err = judge(ctx, o, g.samples, g.th, names, 0, g.play(cands, players)); err != nil {
		return vd, false, err
	}
	d.fill(vd, g.th)
	return vd, true, nil
}
