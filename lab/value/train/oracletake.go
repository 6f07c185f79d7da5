package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/lab/internal/trainer"
)

// The draw or the take on the true racks: what seeing every rack would
// gain at the decision to take the previous player's discard or draw
// from the wall, beside normal's and the seat's own decision. A door
// -oracle leaves open: if sight gains little here, no reading of the
// view can gain more.

// oracleTakeChoice is one draw-or-take decision: each action's mean
// (draw 0, take 1) over the even and the odd worlds that keep every
// rack as it truly is, normal's decision and the seat's in the hand.
type oracleTakeChoice struct {
	Hand        int32
	Half        [2][2]float32
	NormalTakes bool
	Took        int8 // −1: the seat did neither (it cannot: kept for the check)
	// X is the view's features before the decision, then after the
	// take (15 tiles, the discard to make): what a reading of the view
	// has to decide by.
	X []float32 // 2×NumFeatures
	// H is, at a hold decision (oraclehold.go), the hold's own inputs
	// (expertclassic.HoldInputs); TH what the true racks say of it
	// (holdTruth), for measuring what the ceiling is made of.
	H, TH []float32
}

// mean is action a's mean over every world.
func (o *oracleTakeChoice) mean(a int) float64 { return float64(o.Half[0][a]+o.Half[1][a]) / 2 }

// oracleTakeBlock is the labelled decisions of hands First to End−1.
type oracleTakeBlock struct {
	Seed               uint64
	First, End, Worlds int
	Hard               bool
	Rate               float64
	Choices            []oracleTakeChoice
	Features           int
}

// oracleTakeData labels the draw-or-take decisions of hands 0 to
// cfg.hands−1 of cfg.seed, in hand order whatever the workers.
func oracleTakeData(ctx context.Context, cfg oracleConfig) ([]oracleTakeChoice, error) {
	return twoActionData(ctx, cfg, "take", choiceSpec{hard: cfg.hard, expert: cfg.expert, take: true, rate: cfg.rate, room: math.MaxInt}, labelTake)
}

// twoActionData labels the decisions of two actions spec keeps in hands
// 0 to cfg.hands−1 of cfg.seed with label, in hand order whatever the
// workers; the cache's blocks are named after kind.
func twoActionData(ctx context.Context, cfg oracleConfig, kind string, spec choiceSpec,
	label func(ctx context.Context, p *leafPlayer, fx *featurer, c *choice, cfg oracleConfig, i, n int) (oracleTakeChoice, error)) ([]oracleTakeChoice, error) {
	bh := oracleBlockHands
	if cfg.play != "" {
		kind += "-" + cfg.play
	}
	if cfg.expert {
		kind += "-expert"
	}
	if cfg.playHold != nil {
		kind += fmt.Sprintf("-hold%x", holdDigest(cfg.playHold))
	}
	name := func(b int) string {
		return filepath.Join(cfg.cache, fmt.Sprintf("%s-s%d-w%d-h%t-r%g-b%d-%06d.gob", kind, cfg.seed, cfg.worlds, cfg.hard, spec.rate, bh, b*bh))
	}
	blocks, _, err := cachedBlocks(ctx, cfg.hands, bh, cfg.workers, cfg.cache != "", name,
		func(ob *oracleTakeBlock, end int) bool {
			return ob.End == end && ob.Worlds == cfg.worlds && ob.Features == NumFeatures
		},
		func() func(ctx context.Context, first, end int) (*oracleTakeBlock, error) {
			p, fx := &leafPlayer{cache: botsclassic.NewTableCache(), level: cfg.play, hold: cfg.playHold}, &featurer{}
			return func(ctx context.Context, first, end int) (*oracleTakeBlock, error) {
				ob := &oracleTakeBlock{Seed: cfg.seed, First: first, End: end, Worlds: cfg.worlds, Hard: cfg.hard, Rate: spec.rate, Features: NumFeatures}
				for i := first; i < end; i++ {
					cs, _, err := handChoices(ctx, cfg.seed, i, spec)
					if err != nil {
						return nil, err
					}
					for n := range cs {
						o, err := label(ctx, p, fx, &cs[n], cfg, i, n)
						if err != nil {
							return nil, fmt.Errorf("hand %d: %w", i, err)
						}
						ob.Choices = append(ob.Choices, o)
					}
				}
				trainer.Logf("oracle %s: block of hands %d–%d, %d choices", kind, first, end-1, len(ob.Choices))
				return ob, nil
			}
		})
	if err != nil {
		return nil, err
	}
	var out []oracleTakeChoice
	for _, ob := range blocks {
		out = append(out, ob.Choices...)
	}
	return out, nil
}

// labelTake plays the draw and the take of c out by normal in
// cfg.worlds worlds that keep every rack (the same worlds and seeds for
// both).
func labelTake(ctx context.Context, p *leafPlayer, fx *featurer, c *choice, cfg oracleConfig, i, n int) (oracleTakeChoice, error) {
	o := oracleTakeChoice{Hand: int32(i), NormalTakes: c.normalTakes, Took: c.took}
	var x [NumFeatures]float32
	tw := expertclassic.Taken(&c.v, c.v.Top(c.v.Previous))
	for _, w := range []*classic.View{&c.v, &tw} {
		if err := fx.Features(w, &x); err != nil {
			return o, err
		}
		o.X = append(o.X, x[:]...)
	}
	acts := []classic.Action{classic.DrawAction(c.v.Seat), classic.TakeAction(c.v.Seat)}
	seed := cfg.seed ^ uint64(i+1)*0x7a4e ^ uint64(n+1)*0x9e3779b97f4a7c15
	err := p.onTrueRacks(ctx, c, acts, cfg.worlds, seed, func(w, a int, x float64) {
		o.Half[w%2][a] += float32(x / float64(cfg.worlds/2))
	})
	return o, err
}

// oracleTakeTable is the decisions' figures: the true racks' decision
// (chosen on half the worlds at each gate, scored on the other) and the
// seat's own, each over normal's and the seat's own, with how often
// each takes.
func oracleTakeTable(ctx context.Context, ocs []oracleTakeChoice, perHand float64, cfg fitConfig) string {
	var own []float64
	ceil := make([][]float64, len(oracleCeilGates))
	ceilOwn := make([][]float64, len(oracleCeilGates))
	ceilTakes := make([]int, len(oracleCeilGates))
	var normalTakes, ownTakes int
	for i := range ocs {
		o := &ocs[i]
		nt := 0
		if o.NormalTakes {
			nt = 1
			normalTakes++
		}
		for k, gate := range oracleCeilGates {
			g, gOwn := 0.0, 0.0
			for h := range 2 {
				// The other decision than normal's, when it beats
				// normal's on this half by more than the gate.
				a := nt
				if float64(o.Half[h][1-nt]-o.Half[h][nt]) > gate {
					a = 1 - nt
				}
				if a == 1 {
					ceilTakes[k]++
				}
				g += float64(o.Half[1-h][a]-o.Half[1-h][nt]) / 2
				if o.Took >= 0 {
					gOwn += float64(o.Half[1-h][a]-o.Half[1-h][o.Took]) / 2
				}
			}
			ceil[k] = append(ceil[k], g)
			if o.Took >= 0 {
				ceilOwn[k] = append(ceilOwn[k], gOwn)
			}
		}
		if o.Took >= 0 {
			own = append(own, o.mean(int(o.Took))-o.mean(nt))
			if o.Took == 1 {
				ownTakes++
			}
		}
	}
	var b strings.Builder
	b.WriteString("| decision | choices | takes | over normal's, a choice (95%) | a hand (95%) | over the seat's own, a hand (95%) |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
	row := func(name string, g, overOwn []float64, took float64) {
		m, h := rollout.Paired(g, make([]float64, len(g)))
		mo, ho := rollout.Paired(overOwn, make([]float64, len(overOwn)))
		share := "—"
		if !math.IsNaN(took) {
			share = fmt.Sprintf("%.1f%%", 100*took)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %+.4f ± %.4f | %+.3f ± %.3f | %+.3f ± %.3f |\n", name, len(g), share, m, h, m*perHand, h*perHand, mo*perHand, ho*perHand)
	}
	n := float64(max(len(ocs), 1))
	row("normal's", make([]float64, len(ocs)), nil, float64(normalTakes)/n)
	row("the seat's own in the hand", own, make([]float64, len(own)), float64(ownTakes)/float64(max(len(own), 1)))
	for k, gate := range oracleCeilGates {
		row(fmt.Sprintf("the true racks' (chosen on half the worlds, scored on the other), gate %g", gate), ceil[k], ceilOwn[k], float64(ceilTakes[k])/(2*n))
	}
	if ps, err := takeReading(ctx, ocs, cfg); err != nil {
		fmt.Fprintf(&b, "\nThe view's reading could not be fitted: %v.\n", err)
	} else {
		for _, p := range ps {
			row(p.Name+" (held out)", p.Gain, p.OverOwn, float64(p.Moved)/n)
		}
	}
	return b.String()
}

// takeLineInputs is a take line's inputs: the view's features before
// the decision and after the take, and a constant.
const takeLineInputs = 2*NumFeatures + 1

// takeLine is a ridge line from the view's features before a draw (x)
// and after the take (y) to the take's gain over the draw on the true
// racks, in points of the hand: its weights on the raw features, the
// constant last. The expert played one until the take network
// replaced it (docs/studies/classic-value-7.md).
type takeLine struct {
	Command string    `json:"command"`
	W       []float64 `json:"w"`
}

// At is the line's gain of the take.
func (l *takeLine) At(x, y *[NumFeatures]float32) float64 {
	s := l.W[takeLineInputs-1]
	for k, v := range x {
		s += l.W[k] * float64(v)
	}
	for k, v := range y {
		s += l.W[NumFeatures+k] * float64(v)
	}
	return s
}

// takeRule is what the take modes read: a take line, or a network
// whose score after the take less its score before the draw is the
// take's gain (expertclassic.TakeGain: what the expert plays).
type takeRule struct {
	line *takeLine
	net  *smallnet.Model
	// mean, when set, is the rules whose gains are averaged (a+b in
	// -take-line: an ensemble of two generations).
	mean []*takeRule
}

// gain is the reading's gain of the take, from the features before the
// draw (x) and after the take (y).
func (r *takeRule) gain(x, y *[NumFeatures]float32) float64 {
	if len(r.mean) > 0 {
		g := 0.0
		for _, m := range r.mean {
			g += m.gain(x, y)
		}
		return g / float64(len(r.mean))
	}
	if r.net != nil {
		return expertclassic.TakeGain(r.net, x, y)
	}
	return r.line.At(x, y)
}

// at is l's gain of the take for the features of o's decision.
func at(l *takeLine, o *oracleTakeChoice) float64 {
	return l.At((*[NumFeatures]float32)(o.X[:NumFeatures]), (*[NumFeatures]float32)(o.X[NumFeatures:]))
}

// fitTakeLine fits a takeLine on the choices keep says, by ridge least
// squares on the standardised inputs (lambda 1).
func fitTakeLine(ocs []oracleTakeChoice, keep func(o *oracleTakeChoice) bool) (takeLine, error) {
	w, err := fitGainLine(ocs, keep, takeLineInputs, func(o *oracleTakeChoice, r []float64) {
		for k, x := range o.X {
			r[k] = float64(x)
		}
		r[takeLineInputs-1] = 1
	})
	if err != nil {
		return takeLine{}, fmt.Errorf("take's ridge: %w", err)
	}
	return takeLine{W: w}, nil
}

// fitGainLine fits a line from F inputs (row fills them) to the second
// action's gain over the first on the choices keep says, by ridge
// least squares on the standardised inputs (lambda 1); the weights are
// on the raw inputs.
func fitGainLine(ocs []oracleTakeChoice, keep func(o *oracleTakeChoice) bool, F int, row func(o *oracleTakeChoice, r []float64)) ([]float64, error) {
	sd := make([]float64, F)
	r := make([]float64, F)
	n := 0.0
	for i := range ocs {
		if keep(&ocs[i]) {
			row(&ocs[i], r)
			for k, x := range r {
				sd[k] += x * x
			}
			n++
		}
	}
	a := make([][]float64, F)
	for k := range a {
		a[k] = make([]float64, F)
		sd[k] = math.Sqrt(sd[k] / max(n, 1))
	}
	y := make([]float64, F)
	for i := range ocs {
		o := &ocs[i]
		if !keep(o) {
			continue
		}
		row(o, r)
		for k := range r {
			if sd[k] > 1e-9 {
				r[k] /= sd[k]
			}
		}
		t := o.mean(1) - o.mean(0)
		for p := range F {
			y[p] += r[p] * t
			for q := range F {
				a[p][q] += r[p] * r[q]
			}
		}
	}
	for k := range F {
		a[k][k]++
	}
	w, err := trainer.SolveLinear(a, y)
	if err != nil {
		return nil, err
	}
	for k := range w {
		if sd[k] > 1e-9 {
			w[k] /= sd[k]
		} else {
			w[k] = 0
		}
	}
	return w, nil
}

// takeReading fits a takeLine, and a network to the take's difference
// (takePairs), on the hands of one parity and scores on the other
// hands' labels the decision each gives at each gate (take when it says
// the take gains more than the gate): over normal's decision and over
// the seat's own. The network needs cfg's epochs above zero.
func takeReading(ctx context.Context, ocs []oracleTakeChoice, cfg fitConfig) ([]oraclePolicy, error) {
	readings := []string{"ridge line on the view", "network on the view (the take's difference)"}
	if cfg.epochs <= 0 {
		readings = readings[:1]
	}
	var ps []oraclePolicy
	for r, name := range readings {
		rp := make([]oraclePolicy, len(oracleGates))
		for k, gate := range oracleGates {
			rp[k] = oraclePolicy{Name: fmt.Sprintf("%s, gate %g", name, gate), Agree: math.NaN()}
		}
		for f := range int32(2) {
			keep := func(o *oracleTakeChoice) bool { return o.Hand%2 != f }
			var gain func(o *oracleTakeChoice) float64
			if r == 0 {
				l, err := fitTakeLine(ocs, keep)
				if err != nil {
					return nil, err
				}
				gain = func(o *oracleTakeChoice) float64 { return at(&l, o) }
			} else {
				n, err := fitDiff(ctx, takePairs(ocs, keep), cfg)
				if err != nil {
					return nil, err
				}
				ns := netScore(n)
				gain = func(o *oracleTakeChoice) float64 { return ns(o.X[NumFeatures:]) - ns(o.X[:NumFeatures]) }
			}
			for i := range ocs {
				o := &ocs[i]
				if keep(o) {
					continue
				}
				pred := gain(o)
				nt := 0
				if o.NormalTakes {
					nt = 1
				}
				for k, gate := range oracleGates {
					a := 0
					if pred > gate {
						a = 1
					}
					rp[k].Gain = append(rp[k].Gain, o.mean(a)-o.mean(nt))
					if a == 1 {
						rp[k].Moved++ // here: the takes
					}
					if o.Took >= 0 {
						rp[k].OverOwn = append(rp[k].OverOwn, o.mean(a)-o.mean(int(o.Took)))
					}
				}
			}
		}
		ps = append(ps, rp...)
	}
	return ps, nil
}

// takePairs is the choices keep says as the differences' fit reads
// them: the view before the draw (the draw's candidate) and the view
// after the take, each labelled by its action's mean over every world;
// so the network's value after the take less its value before is
// fitted to the take's gain.
func takePairs(ocs []oracleTakeChoice, keep func(o *oracleTakeChoice) bool) []pairPos {
	var ps []pairPos
	for i := range ocs {
		o := &ocs[i]
		if keep(o) {
			ps = append(ps, pairPos{Hand: o.Hand, X: o.X, Mean: []float32{float32(o.mean(0)), float32(o.mean(1))}})
		}
	}
	return ps
}

// modeTaker is hard with its draw or take by a take line (-take-line):
// taker-g<hundredths> takes the previous discard when the line puts the
// take more than the gate above the draw, and draws otherwise.
const modeTaker = "taker"

// parseTaker reads a mode taker-g<hundredths>: its gate in points; not
// ok for any other.
func parseTaker(mode string) (float64, bool) {
	g, ok := strings.CutPrefix(mode, modeTaker+"-g")
	n, err := strconv.Atoi(g)
	if !ok || err != nil || n < 0 {
		return 0, false
	}
	return float64(n) / 100, true
}

// taker is the take line's decision at a draw where the previous
// discard may be taken (hard's a elsewhere).
func (b *valueBot) taker(v *classic.View, a classic.Action) (classic.Action, error) {
	if b.take == nil {
		return a, fmt.Errorf("the take line's mode has no line (-take-line)")
	}
	top := v.Top(v.Previous)
	if !top.Valid() {
		return a, nil
	}
	var x, y [NumFeatures]float32
	if err := b.fx.Features(v, &x); err != nil {
		return a, err
	}
	tw := expertclassic.Taken(v, top)
	if err := b.fx.Features(&tw, &y); err != nil {
		return a, err
	}
	if b.take.gain(&x, &y) > b.takeGate {
		return classic.TakeAction(v.Seat), nil
	}
	return classic.DrawAction(v.Seat), nil
}

// takeWins is whether taking the previous discard at v leaves a rack
// that wins by throwing one of its tiles.
func takeWins(v *classic.View) bool {
	top := v.Top(v.Previous)
	if !top.Valid() {
		return false
	}
	tw := expertclassic.Taken(v, top)
	an := &tw.Analyzer
	h, err := an.HandOf(tw.Counts)
	return err == nil && an.BestDiscard(h).Wins
}

// readTakeLine reads what an -oracle-take run wrote with -out: a take
// network (smallnet's format, the value's features), or a take line
// (the runs before the network's); names joined by + give the mean of
// their gains.
func readTakeLine(name string) (*takeRule, error) {
	if parts := strings.Split(name, "+"); len(parts) > 1 {
		r := &takeRule{}
		for _, p := range parts {
			m, err := readTakeLine(p)
			if err != nil {
				return nil, err
			}
			r.mean = append(r.mean, m)
		}
		return r, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if m, err := expertclassic.ParseTake(b); err == nil {
		return &takeRule{net: m}, nil
	}
	var l takeLine
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("%s: neither a take network nor a take line: %w", name, err)
	}
	if len(l.W) != takeLineInputs {
		return nil, fmt.Errorf("%s: a take line of %d weights, this build reads %d", name, len(l.W), takeLineInputs)
	}
	return &takeRule{line: &l}, nil
}
