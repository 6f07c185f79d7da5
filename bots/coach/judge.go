package coach

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"

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
	// get the samples. A smaller first round would leave the loss per
	// decision more inflated by noise (the best of several noisy means
	// is too high).
	Samples, MinSamples int
	// Workers is the number of goroutines playing worlds (0: one a CPU).
	Workers int
	// RuleOut, when set (a hint's judge: HintOptions), is a label the
	// move played must be shown not to earn before it stands: while its
	// loss, read again on fresh worlds, is not labelled worse than good
	// but its 95% interval still reaches RuleOut's line, the fresh
	// worlds are doubled, up to Fresh of them. The review leaves it
	// unset and reads on the same way while a move it does not flag (a
	// label below mistake) has an interval that reaches the mistake
	// line: a clear error read on too few worlds is then told from a
	// small loss before it is labelled, so the label stays the same on
	// another seed. Fresh 0 is eight times the most worlds of the
	// rounds (1,024 classic, 768 in 101).
	RuleOut Label
	Fresh   int
	// Progress, if set, is called after each decision with the number
	// judged and the number to judge.
	Progress func(done, total int)
	// Judged, if set, is handed each decision of a review as soon as
	// it is judged, in order, before Progress hears of it: a review's
	// report can show each one while the next is judged (a whole
	// match's review runs for minutes on a busy machine).
	Judged func(d Decision)
	// Playouts, when set, is the most hands a plan or an advice
	// (PlanClassic, AdviseClassic) or one judgement may play out: past
	// it the judge stops with ErrOutOfWork, as it stops at its
	// context's deadline. It stands for the hint's time (a count of
	// work is the same at any load), so that a study of the hint at the
	// game's budget is not cut short by a busy machine.
	Playouts int
	// Analyser (classic Okey) is the level whose move the judge plays
	// out beside the move played and the hint keeps unless shown to
	// lose: "" the strongest (expert, Analyse), a level of
	// expertclassic.Levels for a study or a test of the hint as it was
	// on another level ("hard" before the expert was shown ahead).
	Analyser string
	// spent counts the hands played out (against Playouts), shared by
	// the judgements of one plan (nil: not counted).
	spent *int

	// sampler deals classic worlds (nil: the shared rollout.Sampler),
	// sampler101 those of 101 (nil: rollout.Shared101); the table's
	// reading (readClassic, read101) judges again on racks dealt at
	// random with them.
	sampler    *rollout.SamplerClassic
	sampler101 *rollout.Sampler101
}

// classicSampler is the sampler o deals classic worlds with.
func (o *Options) classicSampler() rollout.SamplerClassic {
	if o.sampler != nil {
		return *o.sampler
	}
	return rollout.Sampler()
}

// sampler101Of is the sampler o deals worlds of 101 with.
func (o *Options) sampler101Of() rollout.Sampler101 {
	if o.sampler101 != nil {
		return *o.sampler101
	}
	return rollout.Shared101()
}

// Default sample counts: enough that the label of a decision comes out
// the same on another seed in nine decisions of ten (docs/review.md,
// "Reviewing a match: okey review"), within the time asked of a hand's review.
const (
	DefaultSamplesClassic = 128
	DefaultSamples101     = 96
)

// ErrOutOfWork is the judge stopping at its work budget
// (Options.Playouts).
var ErrOutOfWork = errors.New("the judge's work budget is spent")

// counted gives o a count of the work spent, shared by the copies made
// from it from then on, when it has none yet.
func (o *Options) counted() {
	if o.spent == nil {
		o.spent = new(int)
	}
}

// compare is rollout.Compare on o's workers, counted (Options.counted)
// against o's work budget: ErrOutOfWork once the hands played out pass
// it.
func (o *Options) compare(ctx context.Context, vals [][]float64, from, to int, live []bool, play rollout.Play) ([][]float64, error) {
	vals, err := rollout.Compare(ctx, vals, from, to, o.Workers, live, play)
	if err != nil || o.spent == nil && o.Playouts <= 0 {
		return vals, err
	}
	o.counted()
	for _, l := range live {
		if l {
			*o.spent += to - from
		}
	}
	if o.Playouts > 0 && *o.spent > o.Playouts {
		return vals, ErrOutOfWork
	}
	return vals, nil
}

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
	// weighed is the finish weighed against the move played (nil: no
	// finish was legal, or the move played finishes).
	weighed *weighed
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
func judge(ctx context.Context, o *Options, def int, th Thresholds, names []string, played int, play rollout.Play, fs *finishes) (verdict, error) {
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
		if vals, err = o.compare(ctx, vals, n, next, live, play); err != nil {
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
	// At a decision where a finish was legal and not played, the best
	// finish is weighed against the move played until the two are told
	// apart or their difference is known within fs.tol.
	across := fs.across(vals, played)
	if v.best != played {
		// The best was picked as the highest of several noisy means, so
		// on the worlds that picked it its lead over the move played is
		// too high (the winner's curse: played against the true deals,
		// small predicted losses came out near 0, docs/studies/review-judge.md). The
		// loss is read again on as many worlds again, unseen by the
		// choice, where only the two are played.
		two := make([]bool, len(names))
		two[v.best], two[played] = true, true
		fresh, err := o.compare(ctx, nil, n, 2*n, two, play)
		if err != nil {
			return v, err
		}
		playouts += 2 * n
		raw, half := rollout.Paired(fresh[v.best], fresh[played])
		v.loss, v.half = max(raw, 0), half
		v.label, v.uncertain = th.label(v.loss, v.half, false)
		most2 := o.fresh(most)
		if across == v.best {
			most2 = max(most2, fs.most(most))
		}
		m := n
		for ; (o.undecided(v.label, v.loss+v.half, th) && m < o.fresh(most) || across == v.best && !fs.settled(raw, v.half, m, most)) && m < most2; m *= 2 {
			// A hint's judge: the move played is neither shown to lose
			// nor shown to stay under RuleOut. A loss between the two lines
			// is told from both only by more worlds; on too few, the hint
			// could keep a move the review calls a mistake.
			more := min(m, most2-m)
			if fresh, err = o.compare(ctx, fresh, n+m, n+m+more, two, play); err != nil {
				return v, err
			}
			playouts += 2 * more
			raw, v.half = rollout.Paired(fresh[v.best], fresh[played])
			v.loss = max(raw, 0)
			v.label, v.uncertain = th.label(v.loss, v.half, false)
		}
		v.sure = th.certainty(v.loss, v.half, false, v.uncertain)
		if across == v.best {
			v.weighed = &weighed{across: across, more: raw, half: v.half, samples: rollout.Played(fresh[played]), settled: fs.settled(raw, v.half, m, most)}
		}
	}
	if across >= 0 && across != v.best {
		w, extra, err := fs.weigh(ctx, o, vals, n, most, across, played, play)
		if err != nil {
			return v, err
		}
		playouts += extra
		v.weighed = &w
		if shownWorse(w.more, w.half) && (v.best == played || w.more > v.loss) {
			// The finish is shown better than the move played, by more
			// than the best found was: it is the best.
			v.best, v.loss, v.half = across, w.more, w.half
			v.label, v.uncertain = th.label(v.loss, v.half, false)
			v.sure = th.certainty(v.loss, v.half, false, v.uncertain)
		}
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
		if w := v.weighed; w != nil && c == w.across && (v.best == played || v.label == Best) {
			// weighed against the move played, the best (or as good as
			// the best found, which the decision then shows as the
			// best: Decision.fill)
			l, h = max(-w.more, 0), w.half
		}
		v.cands[c] = Candidate{Move: names[c], Value: rollout.Mean(vals[c]), Loss: l, Half: h, Samples: rollout.Played(vals[c]), Ahead: ahead(vals[c])}
	}
	return v, nil
}

// finishes mark, at a decision where a finish was legal, the
// candidates that finish (in 101: that go out this turn, or keep the
// rack able to) and how closely a finish and the move played must be
// weighed: the judge reads on until the two are told apart (the 95%
// interval of their difference excludes 0) or their difference is
// known within ±tol, since a few dozen worlds can put either ahead by
// noise. A nil *finishes weighs nothing.
type finishes struct {
	out  []bool
	tol  float64
	mult int
}

// finishTolClassic and finishTol101 are how closely a finish is weighed
// against the move played: a tenth of a point in classic (the
// inaccuracy line), five points in 101; finishMostClassic and
// finishMost101 the most worlds, in rounds' worth (finishes.most).
const (
	finishTolClassic  = 0.1
	finishTol101      = 5
	finishMostClassic = 16
	finishMost101     = 32
)

// across is the finish with the highest mean, when the move played does
// not finish; −1 when there is none (no finish was legal, or the move
// played finishes: a finish played is judged as any move, and never
// shown a worse "best" that does not finish unless it lost an
// inaccuracy or more, in both games).
func (fs *finishes) across(vals [][]float64, played int) int {
	if fs == nil || played >= len(fs.out) || fs.out[played] {
		return -1
	}
	best, bm := -1, math.Inf(-1)
	for c := range fs.out {
		if !fs.out[c] || c >= len(vals) {
			continue
		}
		if m := rollout.Mean(vals[c]); rollout.Played(vals[c]) > 0 && m > bm {
			best, bm = c, m
		}
	}
	return best
}

// most is the most worlds a finish is weighed on: mult times the
// rounds' (classic 16: 2,048 worlds; 101 32: 3,072). The difference
// between holding and finishing spreads about 0.6 points a world in
// classic, so a tenth of a point takes about 140 worlds, a spread of
// 2.3 the 2,048; in 101 a spread of 125 points a world (a finish
// against a discard that goes out next turn, 15 tiles left) takes
// 2,400 worlds to ±5. A difference still not settled then is reported
// as such (Weighed.Settled false).
func (fs *finishes) most(rounds int) int { return fs.mult * rounds }

// settled reports whether a difference with its 95% half-width, read on
// n worlds, is known well enough: within ±tol, or told apart from 0 on
// at least least worlds (the rounds' most: a 95% interval looked at
// after every doubling from 16 worlds on tells two moves apart by
// chance too often).
func (fs *finishes) settled(more, half float64, n, least int) bool {
	return half <= fs.tol || n >= least && math.Abs(more) > half
}

// weighed is a finish weighed against the move played.
type weighed struct {
	across     int
	more, half float64
	samples    int
	settled    bool
}

// weigh reads across (a candidate) against played over the rounds'
// n worlds, then over more worlds, doubled, until settled or fs.most
// of them; extra is the playouts it added.
func (fs *finishes) weigh(ctx context.Context, o *Options, vals [][]float64, n, most, across, played int, play rollout.Play) (w weighed, extra int, err error) {
	col := make([][]float64, len(vals))
	col[across] = slices.Clone(vals[across][:n])
	col[played] = slices.Clone(vals[played][:n])
	for c := range col {
		if col[c] == nil {
			col[c] = make([]float64, n)
			for i := range col[c] {
				col[c][i] = math.NaN()
			}
		}
	}
	two := make([]bool, len(vals))
	two[across], two[played] = true, true
	m := n
	for {
		w.more, w.half = rollout.Paired(col[across], col[played])
		if fs.settled(w.more, w.half, m, most) || m >= fs.most(most) {
			break
		}
		next := min(2*m, fs.most(most))
		if col, err = o.compare(ctx, col, m, next, two, play); err != nil {
			return w, extra, err
		}
		extra += 2 * (next - m)
		m = next
	}
	w.across, w.samples, w.settled = across, min(rollout.Played(col[across]), rollout.Played(col[played])), fs.settled(w.more, w.half, m, most)
	return w, extra, nil
}

// undecided reports whether the judge must read the loss of the move
// played on more worlds. A hint's (RuleOut set): the loss is not
// labelled worse than good (the hint would keep the move) and its 95%
// upper end high still reaches RuleOut's line (the review might call it
// that). A review's: the move is not flagged (labelled below a mistake)
// and high reaches the mistake line, so whether it is flagged is not
// yet settled — the one question on which two seeds must agree.
func (o *Options) undecided(l Label, high float64, th Thresholds) bool {
	if o.RuleOut != "" {
		return !worse(l) && high >= th.line(o.RuleOut)
	}
	return !Flagged(l) && high >= th.Mistake
}

// fresh is the most fresh worlds the loss of the move played is read on,
// after rounds of at most most worlds.
func (o *Options) fresh(most int) int {
	if o.Fresh > 0 {
		return o.Fresh
	}
	return 8 * most
}

// Flagged reports whether a label says the move was an error to learn
// from: a mistake or a blunder. An inaccuracy is a small loss, shown but
// not flagged.
func Flagged(l Label) bool { return l == Mistake || l == Blunder }

// stands reports whether the move judged in d stands as the hint: it
// is not labelled worse than good and, when RuleOut is set, its 95%
// interval lies under RuleOut's line. A move still undecided when the
// fresh worlds ran out gives way to the best found (whose mean is then
// ahead by more than the inaccuracy line).
func (o *Options) stands(d Decision, th Thresholds) bool {
	return !worse(d.Label) && (o.RuleOut == "" || d.High < th.line(o.RuleOut))
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
// analyser's move, each named by move, with its index among cands, −1
// for an): when the move played is the
// only one, d says so and judged is false; else the candidates are
// played out g's way, a finish weighed against the move played as fs
// says (nil: none), and d gets the verdict.
func playOut[A, P any](ctx context.Context, d *Decision, o *Options, cands []A, an A, move func(int, A) string, g playout[A, P], fs *finishes) (vd verdict, judged bool, err error) {
	names := make([]string, len(cands))
	for i, a := range cands {
		names[i] = move(i, a)
	}
	d.Played, d.Analyser = names[0], move(-1, an)
	if len(cands) == 1 {
		d.Best, d.Label, d.Accuracy = d.Played, Only, 100
		d.Candidates = []Candidate{{Move: d.Played}}
		return verdict{}, false, nil
	}
	players := make([]P, workers(o.Workers))
	for i := range players {
		players[i] = g.newPlayer()
	}
	if vd, err = judge(ctx, o, g.samples, g.th, names, 0, g.play(cands, players), fs); err != nil {
		return vd, false, err
	}
	d.fill(vd, g.th)
	return vd, true, nil
}

// fill copies a verdict into the decision.
func (d *Decision) fill(vd verdict, th Thresholds) {
	d.Best = vd.cands[vd.best].Move
	d.Loss, d.Label, d.Uncertain, d.Samples, d.Playouts, d.Candidates = vd.loss, vd.label, vd.uncertain, vd.n, vd.playouts, slices.Clone(vd.cands)
	d.Certainty = vd.sure
	if w := vd.weighed; w != nil {
		d.Weighed = &Weighed{Move: vd.cands[w.across].Move, More: w.more, Half: w.half, Samples: w.samples, Settled: w.settled}
	}
	// A loss is never below 0 (the best found loses nothing): the
	// interval's lower end is cut there.
	d.Low, d.High = max(vd.loss-vd.half, 0), vd.loss+vd.half
	d.Accuracy = th.Accuracy(vd.loss)
	switch {
	case d.Label == Best && d.Best != d.Played:
		// Not shown worse than the best found: as good as any, shown as
		// the best.
		d.asGood()
	case d.Label == Best && tied(d.Candidates, vd.best):
		// The best found, but another move cannot be told from it: the
		// best, as good as that one — whether the move played or its
		// twin comes out on top is a coin toss between seeds.
		d.Certainty = TooClose
	}
	slices.SortStableFunc(d.Candidates, func(a, b Candidate) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
}

// workers is the number of goroutines asked for (0: one a CPU).
func workers(n int) int {
	if n <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}

// viewSeed is the seed of a decision's worlds: the review's seed and
// where the decision stands in the hand, all of it public.
func viewSeed(seed uint64, hand, events int, stage uint8) uint64 {
	return seed ^ uint64(hand)<<40 ^ uint64(events)<<8 ^ uint64(stage)
}

// tied reports whether a candidate other than best cannot be told from
// it: its 95% interval reaches 0.
func tied(cs []Candidate, best int) bool {
	for i, c := range cs {
		if i != best && c.Samples > 1 && !shownWorse(c.Loss, c.Half) {
			return true
		}
	}
	return false
}

// asGood makes d's move the best, as good as any: the coach does not
// show another move better, so it names none, and counts no loss
// against it (a "best" move beside a loss would read as a loss of the
// move against itself). The loss found stays in the candidates' rows
// (--json), and High keeps the 95% interval's upper end, how much the
// move might have lost: the hint's rule (Options.stands) reads it.
func (d *Decision) asGood() {
	d.Label, d.Best, d.Uncertain, d.Certainty = Best, d.Played, false, TooClose
	d.Loss, d.Low, d.Accuracy = 0, 0, 100
}
