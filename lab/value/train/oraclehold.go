package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// The hold on the true racks (the hold's position and inputs are
// expertclassic's: HoldPosition, HoldInputs): a seat whose rack wins but not with the
// okey thrown may finish now (2 points a loser, 4 with seven pairs) or
// hold the win a round for a tile that lets the okey go (an okey
// finish doubles it). Hard and normal hold by a one-round count
// (botsclassic's okeyHold); this labels both actions on the racks as
// they are, to say what seeing them would gain there and what a
// reading of the view takes of it.

// fitHoldLine fits, by ridge least squares on the standardised inputs
// (lambda 1), the hold's gain over the finish on the choices keep says.
func fitHoldLine(ocs []oracleTakeChoice, keep func(o *oracleTakeChoice) bool) ([]float64, error) {
	w, err := fitGainLine(ocs, keep, expertclassic.NumHoldInputs, func(o *oracleTakeChoice, r []float64) {
		for k, x := range o.H {
			r[k] = float64(x)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("hold's ridge: %w", err)
	}
	return w, nil
}

// holdAt is the line w's gain of the hold over the finish at o.
func holdAt(w []float64, o *oracleTakeChoice) float64 {
	s := 0.0
	for k, x := range o.H {
		s += w[k] * float64(x)
	}
	return s
}

// holdReading fits the hold line on the hands of one parity and scores
// on the others' labels the decision it gives at each gate.
func holdReading(ocs []oracleTakeChoice) ([]oraclePolicy, []float64, error) {
	rp := make([]oraclePolicy, len(oracleGates)+1)
	for k, gate := range oracleGates {
		rp[k] = oraclePolicy{Name: fmt.Sprintf("the hold line, gate %g", gate), Agree: math.NaN()}
	}
	rp[len(oracleGates)] = oraclePolicy{Name: "hard's rule alone (its margin above 0)", Agree: math.NaN()}
	for _, a := range holdRiskScales {
		rp = append(rp, oraclePolicy{Name: fmt.Sprintf("hard's rule, its risk × %g", a), Agree: math.NaN()})
	}
	for f := range int32(2) {
		keep := func(o *oracleTakeChoice) bool { return o.Hand%2 != f }
		w, err := fitHoldLine(ocs, keep)
		if err != nil {
			return nil, nil, err
		}
		for i := range ocs {
			o := &ocs[i]
			if keep(o) {
				continue
			}
			nt := 0
			if o.NormalTakes {
				nt = 1
			}
			score := func(p *oraclePolicy, a int) {
				p.Gain = append(p.Gain, o.mean(a)-o.mean(nt))
				if a == 1 {
					p.Moved++
				}
				if o.Took >= 0 {
					p.OverOwn = append(p.OverOwn, o.mean(a)-o.mean(int(o.Took)))
				}
			}
			pred := holdAt(w, o)
			for k, gate := range oracleGates {
				score(&rp[k], b2i(pred > gate))
			}
			score(&rp[len(oracleGates)], b2i(o.H[expertclassic.HoldMargin] > 0))
			q, r, pts := float64(o.H[expertclassic.HoldQ]), float64(o.H[expertclassic.HoldRisk]), 4*float64(o.H[expertclassic.HoldPoints])
			for k, a := range holdRiskScales {
				score(&rp[len(oracleGates)+1+k], b2i((1-a*r)*q*pts > a*r*(pts+0.75)))
			}
		}
	}
	all, err := fitHoldLine(ocs, func(*oracleTakeChoice) bool { return true })
	return rp, all, err
}

// heldOutLine fits a line of F inputs (row) to the hold's gain on the
// hands of one parity and scores on the other hands' labels the
// decision it gives at the gate.
func heldOutLine(ocs []oracleTakeChoice, name string, F int, row func(o *oracleTakeChoice, r []float64), gate float64) (oraclePolicy, error) {
	p := oraclePolicy{Name: name, Agree: math.NaN()}
	r := make([]float64, F)
	for f := range int32(2) {
		keep := func(o *oracleTakeChoice) bool { return o.Hand%2 != f }
		w, err := fitGainLine(ocs, keep, F, row)
		if err != nil {
			return p, err
		}
		for i := range ocs {
			o := &ocs[i]
			if keep(o) {
				continue
			}
			row(o, r)
			pred := 0.0
			for k := range w {
				pred += w[k] * r[k]
			}
			a, nt := b2i(pred > gate), b2i(o.NormalTakes)
			p.Gain = append(p.Gain, o.mean(a)-o.mean(nt))
			if a == 1 {
				p.Moved++
			}
			if o.Took >= 0 {
				p.OverOwn = append(p.OverOwn, o.mean(a)-o.mean(int(o.Took)))
			}
		}
	}
	return p, nil
}

// holdPairs is the choices keep says for the differences' fit: a row
// of zeros for the finish and the hold's inputs (padded to the
// features' width) for the hold, so the network's value of the inputs
// less its value of nothing is fitted to the hold's gain.
func holdPairs(ocs []oracleTakeChoice, keep func(o *oracleTakeChoice) bool) []pairPos {
	var ps []pairPos
	for i := range ocs {
		o := &ocs[i]
		if keep(o) {
			x := make([]float32, 2*NumFeatures)
			copy(x[NumFeatures:], o.H[:expertclassic.NumHoldInputs-1])
			ps = append(ps, pairPos{Hand: o.Hand, X: x, Mean: []float32{float32(o.mean(0)), float32(o.mean(1))}})
		}
	}
	return ps
}

// holdNetReading is holdReading's network: fitted on one parity,
// scored on the other at each gate.
func holdNetReading(ctx context.Context, ocs []oracleTakeChoice, cfg fitConfig) ([]oraclePolicy, error) {
	rp := make([]oraclePolicy, len(oracleGates))
	for k, gate := range oracleGates {
		rp[k] = oraclePolicy{Name: fmt.Sprintf("a network on the hold's inputs, gate %g", gate), Agree: math.NaN()}
	}
	zero := make([]float32, NumFeatures)
	for f := range int32(2) {
		keep := func(o *oracleTakeChoice) bool { return o.Hand%2 != f }
		n, err := fitDiff(ctx, holdPairs(ocs, keep), cfg)
		if err != nil {
			return nil, err
		}
		ns := netScore(n)
		base := ns(zero)
		x := make([]float32, NumFeatures)
		for i := range ocs {
			o := &ocs[i]
			if keep(o) {
				continue
			}
			copy(x, o.H[:expertclassic.NumHoldInputs-1])
			pred := ns(x) - base
			nt := b2i(o.NormalTakes)
			for k, gate := range oracleGates {
				a := b2i(pred > gate)
				rp[k].Gain = append(rp[k].Gain, o.mean(a)-o.mean(nt))
				if a == 1 {
					rp[k].Moved++
				}
				if o.Took >= 0 {
					rp[k].OverOwn = append(rp[k].OverOwn, o.mean(a)-o.mean(int(o.Took)))
				}
			}
		}
	}
	return rp, nil
}

// holdRiskScales are the scales of hard's risk its rule is scored at.
var holdRiskScales = []float64{0.25, 0.5, 0.75, 1.5}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// oracleHoldData labels the hold decisions of hands 0 to cfg.hands−1
// of cfg.seed (every one), in hand order whatever the workers: each is
// an oracleTakeChoice whose two actions are the finish (0) and the hold
// (1); NormalTakes says normal holds, Took what the seat did.
func oracleHoldData(ctx context.Context, cfg oracleConfig) ([]oracleTakeChoice, error) {
	return twoActionData(ctx, cfg, "holdt", choiceSpec{hard: cfg.hard, hold: true, rate: 1, room: math.MaxInt}, labelHold)
}

// labelHold plays the finish and the hold of c out in cfg.worlds worlds
// that keep every rack (the same worlds and seeds for both); the view's
// features are those after the finish's discard and after the hold's.
func labelHold(ctx context.Context, p *leafPlayer, fx *featurer, c *choice, cfg oracleConfig, i, n int) (oracleTakeChoice, error) {
	o := oracleTakeChoice{Hand: int32(i), NormalTakes: c.normalTakes, Took: c.took}
	fin, hold, q, _ := expertclassic.HoldPosition(&c.v)
	if fin != c.cands[0] || hold != c.cands[1] {
		return o, fmt.Errorf("hold position read twice differently: %v %v against %v", fin, hold, c.cands)
	}
	var x [NumFeatures]float32
	for _, t := range c.cands {
		w := expertclassic.After(&c.v, t)
		if err := fx.Features(&w, &x); err != nil {
			return o, err
		}
		o.X = append(o.X, x[:]...)
	}
	h := expertclassic.HoldInputs(&c.v, fin, hold, q)
	o.H = h[:]
	th, err := holdTruth(c, hold)
	if err != nil {
		return o, err
	}
	o.TH = th[:]
	acts := []classic.Action{classic.FinishAction(c.v.Seat, c.cands[0]), classic.DiscardAction(c.v.Seat, c.cands[1])}
	seed := cfg.seed ^ uint64(i+1)*0x401d ^ uint64(n+1)*0x9e3779b97f4a7c15
	err = p.onTrueRacks(ctx, c, acts, cfg.worlds, seed, func(w, a int, x float64) {
		o.Half[w%2][a] += float32(x / float64(cfg.worlds/2))
	})
	return o, err
}

// holdTruths is the true inputs of a hold (holdTruth).
const holdTruths = 6

// holdTruth is what the true racks say of holding c's win by throwing
// hold: the share of the wall that frees the okey, the least distance
// of an opponent and the next player's, how many opponents are one
// tile from a win, and whether the held discard is an out of the next
// player.
func holdTruth(c *choice, hold tile.Tile) ([holdTruths]float32, error) {
	var out [holdTruths]float32
	v := &c.v
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return out, err
	}
	held := h
	held.Remove(hold)
	wall := v.Unseen()
	minD, nextD, at1 := 99, 99, 0
	next := (v.Seat + 1) % classic.NumSeats
	for q := range classic.NumSeats {
		if q == v.Seat {
			continue
		}
		rack := c.s.View(q).Counts
		for f, n := range rack {
			wall[f] -= n
		}
		oh, err := an.HandOf(rack)
		if err != nil {
			return out, err
		}
		d := an.Distance(oh)
		minD = min(minD, d)
		if d <= 1 {
			at1++
		}
		if q == next {
			nextD = d
			if an.Outs(oh).Has(hold) {
				out[4] = 1
			}
		}
	}
	free := expertclassic.Freeing(an, held, &wall)
	out[0] = float32(free) / float32(max(v.WallLeft, 1))
	out[1], out[2], out[3], out[5] = float32(minD)/4, float32(nextD)/4, float32(at1), 1
	return out, nil
}

// runOracleHold labels k.oracle hands' hold decisions on the true racks
// and reports what sight gains there.
func runOracleHold(ctx context.Context, k knobs) error {
	cpu0 := trainer.CPU()
	cfg := k.oracleConfig()
	ocs, err := oracleHoldData(ctx, cfg)
	if err != nil {
		return fmt.Errorf("oracle hold: %w", err)
	}
	perHand := float64(len(ocs)) / float64(k.oracle*trainer.Seats)
	var b strings.Builder
	fmt.Fprintf(&b, "## the hold for an okey finish on the true racks, seed %d\n\n", k.oracleSeed)
	fmt.Fprintf(&b, "%d hands of %s, every decision where a seat's rack wins without throwing the okey and a discard that keeps the win leaves tiles that would let the okey go: %d choices (%.3f a seat a hand); the finish (0) and the hold (1) played out by %s in %d worlds that keep every rack as it truly is; \"normal's\" is normal's rule, \"takes\" here the holds; commit %s.\n\n",
		k.oracle, k.oracleField(), len(ocs), perHand, cmp.Or(k.oraclePlay, "normal"), k.oracleWorlds, k.commit)
	b.WriteString(oracleTakeTable(ctx, ocs, perHand, k.fitConfig()))
	ps, w, err := holdReading(ocs)
	if err != nil {
		return err
	}
	for _, tr := range []struct {
		name string
		F    int
		row  func(o *oracleTakeChoice, r []float64)
	}{
		{"a line on the true inputs alone (holdTruth)", holdTruths, func(o *oracleTakeChoice, r []float64) {
			for k, x := range o.TH {
				r[k] = float64(x)
			}
		}},
		{"a line on the hold's inputs and the true ones", expertclassic.NumHoldInputs + holdTruths, func(o *oracleTakeChoice, r []float64) {
			for k, x := range o.H {
				r[k] = float64(x)
			}
			for k, x := range o.TH {
				r[expertclassic.NumHoldInputs+k] = float64(x)
			}
		}},
	} {
		p, err := heldOutLine(ocs, tr.name+", gate 0.02", tr.F, tr.row, 0.02)
		if err != nil {
			return err
		}
		ps = append(ps, p)
	}
	if k.epochs > 0 {
		np, err := holdNetReading(ctx, ocs, k.fitConfig())
		if err != nil {
			return err
		}
		ps = append(ps, np...)
	}
	b.WriteString("\nA line on the hold's own inputs (expertclassic.HoldInputs), held out by the hands' parity:\n\n| decision | choices | holds | over normal's, a hand (95%) | over the seat's own, a hand (95%) |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, p := range ps {
		m, h := rollout.Paired(p.Gain, make([]float64, len(p.Gain)))
		mo, ho := rollout.Paired(p.OverOwn, make([]float64, len(p.OverOwn)))
		fmt.Fprintf(&b, "| %s | %d | %.1f%% | %+.4f ± %.4f | %+.4f ± %.4f |\n", p.Name, len(p.Gain), 100*float64(p.Moved)/float64(max(len(p.Gain), 1)), m*perHand, h*perHand, mo*perHand, ho*perHand)
	}
	fmt.Fprintf(&b, "\nThe line fitted on every choice: %.4g\n", w)
	if k.out != "" {
		l := expertclassic.HoldLine{Command: "go -C lab run ./value/train " + strings.Join(trainer.Recipe(os.Args[1:]), " "), Commit: k.commit, W: w}
		js, err := json.MarshalIndent(l, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(k.out, append(js, '\n'), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&b, "\nThe hold line written: %s (play it with -hold-line and -mode gated-…-h<hundredths>).\n", k.out)
	}
	fmt.Fprintf(&b, "\nCPU: %.0f s in all.\n", (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	return writeReport(k, &b)
}

// holder is the hold line's decision at a hold position (ok false
// elsewhere): hold when the line puts the hold more than the gate above
// the finish, finish otherwise (hard's finish when hard finishes).
func (b *valueBot) holder(v *classic.View, a classic.Action) (classic.Action, bool) {
	fin, hold, q, ok := expertclassic.HoldPosition(v)
	if !ok {
		return a, false
	}
	if b.hold == nil {
		return a, false
	}
	in := expertclassic.HoldInputs(v, fin, hold, q)
	if b.hold.Gain(&in) > b.gatedCfg.holdGate && !(b.gatedCfg.holdOnce && heldLastTurn(v)) {
		return classic.DiscardAction(v.Seat, hold), true
	}
	if a.Kind == classic.ActFinish {
		return a, true
	}
	return classic.FinishAction(v.Seat, fin), true
}

// heldLastTurn reports whether the seat held a win on its last turn:
// its rack before the tile it last drew or took (its own draws are in
// its history) already won.
func heldLastTurn(v *classic.View) bool {
	for i := len(v.History) - 1; i >= 0; i-- {
		e := v.History[i]
		if e.Seat != v.Seat || (e.Kind != classic.EvDraw && e.Kind != classic.EvTake) {
			continue
		}
		if !e.Tile.Valid() || v.Counts[e.Tile] == 0 {
			return false
		}
		c := v.Counts
		c[e.Tile]--
		h, err := v.Analyzer.HandOf(c)
		return err == nil && v.Analyzer.IsWin(h)
	}
	return false
}

// holdBot is a bot that holds a win for an okey finish by a hold line
// (at the gate 0.02, every turn) and otherwise plays as inner: the
// seat's own policy in labels whose playouts go on with the line
// (-oracle-play-hold), so that a label values the line's holds rather
// than one hold followed by another rule.
type holdBot struct {
	inner botsclassic.Bot
	line  *expertclassic.HoldLine
}

func (b *holdBot) Level() string { return b.inner.Level() + "+hold" }

func (b *holdBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := b.inner.Decide(ctx, v)
	if err != nil || (a.Kind != classic.ActDiscard && a.Kind != classic.ActFinish) {
		return a, err
	}
	fin, hold, q, ok := expertclassic.HoldPosition(&v)
	if !ok {
		return a, nil
	}
	in := expertclassic.HoldInputs(&v, fin, hold, q)
	if b.line.Gain(&in) > 0.02 {
		return classic.DiscardAction(v.Seat, hold), nil
	}
	if a.Kind == classic.ActFinish {
		return a, nil
	}
	return classic.FinishAction(v.Seat, fin), nil
}

// holdDigest names a hold line's weights, for the labels' cache.
func holdDigest(l *expertclassic.HoldLine) uint64 {
	h := fnv.New64a()
	for _, w := range l.W {
		fmt.Fprintf(h, "%x,", math.Float64bits(w))
	}
	return h.Sum64()
}
