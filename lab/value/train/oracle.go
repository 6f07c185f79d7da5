package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// A policy learned on the true racks: the searches before weighed the
// candidates in worlds the belief deals, and their gains there were the
// worlds' own (classic-value-6.md). Here each decision's candidates
// (normal's three closest) are labelled on the world as it is, every
// rack kept and only the wall's order dealt afresh, and a reading of
// the seat's own view is fitted to those labels. The fit learns what
// the view says of the true gain, with no world of its own to misjudge.

// oracleChoice is one discard decision labelled on the true racks: its
// candidates (normal's pick first), the view after each read as
// features, and each candidate's mean over the even and the odd worlds.
type oracleChoice struct {
	Hand  int32
	Tiles []tile.Tile
	X     []float32 // len(Tiles)×NumFeatures
	Half  [2][]float32
	// Played is the candidate the seat discarded in the hand (its own
	// level's pick: hard's in hands of four hard), −1 when it played
	// none of them.
	Played int8
	// TX is the whole world's leaf inputs (leafInputs) just after each
	// candidate's discard: what the true racks say of it, for
	// measuring how much of the ceiling simple true quantities explain.
	TX []float32 // len(Tiles)×leafFeatures
	// EX is the rack's second look just after each candidate's discard
	// (secondLook): more of the view than the features read.
	EX []float32 // len(Tiles)×extraFeatures
}

// mean is candidate c's mean over every world.
func (o *oracleChoice) mean(c int) float64 { return float64(o.Half[0][c]+o.Half[1][c]) / 2 }

// row is candidate c's features.
func (o *oracleChoice) row(c int) []float32 { return o.X[c*NumFeatures : (c+1)*NumFeatures] }

// trueRow is candidate c's leaf inputs on the true state.
func (o *oracleChoice) trueRow(c int) []float32 { return o.TX[c*leafFeatures : (c+1)*leafFeatures] }

// nextOutRow is candidate c's features and, from the true world,
// whether its discard is an out of the next player: what a perfect
// reading of that alone would add to the view.
func (o *oracleChoice) nextOutRow(c int) []float32 {
	return append(slices.Clone(o.row(c)), o.trueRow(c)[leafNextOut])
}

// leafNextOut is the leaf input that says the discard on offer is an
// out of the seat to move, the next player right after the discard.
const leafNextOut = 4*48 + 1

// bothRow is candidate c's features and leaf inputs, one row.
func (o *oracleChoice) bothRow(c int) []float32 {
	return append(slices.Clone(o.row(c)), o.trueRow(c)...)
}

// oracleBlock is the labelled decisions of hands First to End−1, and
// the discard decisions those hands had (every seat).
type oracleBlock struct {
	Seed       uint64
	First, End int
	Worlds     int
	Hard       bool
	Expert     bool
	Rate       float64
	Features   int
	Discards   int
	Choices    []oracleChoice
	BlockHands int
	// Version is oracleVersion when the block was made.
	Version int
}

// oracleVersion is the blocks' make: a block of another is made again.
const oracleVersion = 3

// oracleBlockHands is the hands of a block, the unit kept in the cache.
const oracleBlockHands = 10

// oracleConfig says which decisions to label and how.
type oracleConfig struct {
	seed    uint64
	hands   int
	worlds  int // even: halved for the ceiling's cross-validation
	hard    bool
	rate    float64
	workers int
	cache   string
	// play is the level that plays the labels' playouts out ("":
	// normal); the take's and the hold's labels read it. playHold, when
	// set, is the hold line the deciding seat holds by in them.
	play     string
	playHold *expertclassic.HoldLine
	// expert seats the shipped expert in every seat of the labelled
	// hands (-oracle-expert: a next generation's labels).
	expert bool
}

// oracleData labels the decisions of hands 0 to cfg.hands−1 of
// cfg.seed in hand order whatever the workers, the cache's blocks read
// back; it gives the choices and the discard decisions a seat made a
// hand.
func oracleData(ctx context.Context, cfg oracleConfig) ([]oracleChoice, float64, error) {
	bh := oracleBlockHands
	name := func(b int) string {
		kind := "oracle"
		if cfg.expert {
			kind += "-expert"
		}
		return filepath.Join(cfg.cache, fmt.Sprintf("%s-s%d-w%d-h%t-r%g-b%d-%06d.gob", kind, cfg.seed, cfg.worlds, cfg.hard, cfg.rate, bh, b*bh))
	}
	blocks, _, err := cachedBlocks(ctx, cfg.hands, bh, cfg.workers, cfg.cache != "", name,
		func(ob *oracleBlock, end int) bool {
			return ob.End == end && ob.Features == NumFeatures && ob.BlockHands == bh && ob.Version == oracleVersion && ob.Expert == cfg.expert
		},
		func() func(ctx context.Context, first, end int) (*oracleBlock, error) {
			fx, p := &featurer{}, &leafPlayer{cache: botsclassic.NewTableCache()}
			return func(ctx context.Context, first, end int) (*oracleBlock, error) {
				ob := &oracleBlock{Seed: cfg.seed, First: first, End: end, Worlds: cfg.worlds,
					Hard: cfg.hard, Expert: cfg.expert, Rate: cfg.rate, Features: NumFeatures, BlockHands: bh, Version: oracleVersion}
				if err := ob.label(ctx, cfg, fx, p); err != nil {
					return nil, err
				}
				trainer.Logf("oracle: block of hands %d–%d, %d choices", first, end-1, len(ob.Choices))
				return ob, nil
			}
		})
	if err != nil {
		return nil, 0, err
	}
	var out []oracleChoice
	discards, hands := 0, 0
	for _, ob := range blocks {
		out = append(out, ob.Choices...)
		discards += ob.Discards
		hands += ob.End - ob.First
	}
	return out, float64(discards) / float64(max(hands, 1)*trainer.Seats), nil
}

// label plays the block's hands and labels the decisions kept: normal's
// three closest candidates, each played out by normal in ob.Worlds
// worlds that keep every rack as it truly is (the same worlds and bots'
// seeds for every candidate).
func (ob *oracleBlock) label(ctx context.Context, cfg oracleConfig, fx *featurer, p *leafPlayer) error {
	for i := ob.First; i < ob.End; i++ {
		cs, d, err := handChoices(ctx, cfg.seed, i, choiceSpec{hard: cfg.hard, expert: cfg.expert, rate: cfg.rate, room: math.MaxInt})
		if err != nil {
			return err
		}
		ob.Discards += d
		for n := range cs {
			c := &cs[n]
			more, err := botsclassic.LeastDistance(&c.v, c.cands[0], 3)
			if err != nil {
				return fmt.Errorf("hand %d: %w", i, err)
			}
			if len(more) == 0 {
				continue
			}
			o := oracleChoice{Hand: int32(i), Tiles: append([]tile.Tile{c.cands[0]}, more...)}
			o.Played = int8(slices.Index(o.Tiles, c.played))
			var x [NumFeatures]float32
			var lf [leafFeatures]float32
			var ex [extraFeatures]float32
			for _, t := range o.Tiles {
				w := expertclassic.After(&c.v, t)
				if err := fx.Features(&w, &x); err != nil {
					return fmt.Errorf("hand %d: %w", i, err)
				}
				o.X = append(o.X, x[:]...)
				if err := secondLook(&w, &ex); err != nil {
					return fmt.Errorf("hand %d: %w", i, err)
				}
				o.EX = append(o.EX, ex[:]...)
				s, _, err := c.s.Apply(classic.DiscardAction(c.v.Seat, t))
				if err != nil {
					return fmt.Errorf("hand %d: %w", i, err)
				}
				if err := leafInputs(&s, c.v.Seat, &lf); err != nil {
					return fmt.Errorf("hand %d: %w", i, err)
				}
				o.TX = append(o.TX, lf[:]...)
			}
			for h := range o.Half {
				o.Half[h] = make([]float32, len(o.Tiles))
			}
			acts := make([]classic.Action, len(o.Tiles))
			for j, t := range o.Tiles {
				acts[j] = classic.DiscardAction(c.v.Seat, t)
			}
			seed := cfg.seed ^ uint64(i+1)*0x0dac1e ^ uint64(n+1)*0x9e3779b97f4a7c15
			err = p.onTrueRacks(ctx, c, acts, cfg.worlds, seed, func(w, j int, x float64) {
				o.Half[w%2][j] += float32(x / float64(cfg.worlds/2))
			})
			if err != nil {
				return fmt.Errorf("hand %d: %w", i, err)
			}
			ob.Choices = append(ob.Choices, o)
		}
	}
	return nil
}

// oracleGain is the gains a choice over normal's pick of a policy, each
// scored on labels the policy did not see.
type oracleGain []float64

// oraclePolicy is a policy's gains: over normal's pick in every choice
// scored, and over the seat's own pick (hard's, in hands of four hard)
// in those where that pick is a candidate.
type oraclePolicy struct {
	Name          string
	Gain, OverOwn oracleGain
	Agree         float64 // the share of candidates ordered against normal's pick as the labels do (NaN: not a reading)
	// Moved is the decisions where the policy left normal's.
	Moved int
}

// add scores pick j of choice o.
func (p *oraclePolicy) add(o *oracleChoice, j int) {
	p.Gain = append(p.Gain, o.mean(j)-o.mean(0))
	if o.Played >= 0 {
		p.OverOwn = append(p.OverOwn, o.mean(j)-o.mean(int(o.Played)))
	}
}

// oracleFigures is what oracleMeasure found.
type oracleFigures struct {
	Policies []oraclePolicy
}

// oracleReader is a reading fitted to the labels: a ridge line on rows,
// or the differences' network on the view's features.
type oracleReader struct {
	name string
	rows func(o *oracleChoice, c int) []float32 // nil: the network on the view
	// net fits the differences' network on rows instead of a line.
	net bool
}

// oracleCeilGates are the gates (points) the true racks' own pick is
// scored at: chosen on half the worlds, a candidate must beat normal's
// pick there by the gate, so that the half's noise does not move a pick
// the labels cannot tell apart.
var oracleCeilGates = []float64{0, 0.1, 0.2, 0.4, 0.8}

// oracleGates are the gates (points) the fitted readings are scored at.
var oracleGates = []float64{0, 0.01, 0.02, 0.05}

// oracleMeasure measures on the choices the ceiling (the candidate the
// true racks favour), the seat's own pick, and readings fitted to the
// labels of the hands of one parity and scored on the others': ridge
// lines from the differences of the view's features (and, for how much
// of the ceiling simple true quantities explain, of the whole world's
// leaf inputs) from normal's pick's, and the network fitted to the
// differences (fitDiff), each at several gates.
func oracleMeasure(ctx context.Context, ocs []oracleChoice, cfg fitConfig) (oracleFigures, error) {
	ceils := make([]oraclePolicy, len(oracleCeilGates))
	for k, gate := range oracleCeilGates {
		ceils[k] = oraclePolicy{Name: fmt.Sprintf("the true racks' pick (chosen on half the worlds, scored on the other), gate %g", gate), Agree: math.NaN()}
	}
	best := oraclePolicy{Name: "the true racks' pick on every world (biased up)", Agree: math.NaN()}
	own := oraclePolicy{Name: "the seat's own pick in the hand", Agree: math.NaN()}
	for i := range ocs {
		o := &ocs[i]
		for k, gate := range oracleCeilGates {
			g, gOwn := 0.0, 0.0
			for h := range 2 {
				j := argmax(o.Half[h], gate)
				g += float64(o.Half[1-h][j]-o.Half[1-h][0]) / 2
				if o.Played >= 0 {
					gOwn += float64(o.Half[1-h][j]-o.Half[1-h][o.Played]) / 2
				}
			}
			ceils[k].Gain = append(ceils[k].Gain, g)
			if o.Played >= 0 {
				ceils[k].OverOwn = append(ceils[k].OverOwn, gOwn)
			}
		}
		m := make([]float32, len(o.Tiles))
		for c := range m {
			m[c] = float32(o.mean(c))
		}
		best.add(o, argmax(m, 0))
		if o.Played >= 0 {
			own.add(o, int(o.Played))
		}
	}
	fg := oracleFigures{Policies: append(ceils, best, own)}
	var folds [2][]int
	for i := range ocs {
		folds[ocs[i].Hand%2] = append(folds[ocs[i].Hand%2], i)
	}
	readers := []oracleReader{
		{"ridge line on the view", (*oracleChoice).row, false},
		{fmt.Sprintf("network on the view (%d hidden)", cfg.hidden), nil, false},
		{"ridge line on the true world's leaf inputs", (*oracleChoice).trueRow, false},
		{"ridge line on the view and the true world's leaf inputs", (*oracleChoice).bothRow, false},
		{"ridge line on the view and whether the discard is truly an out of the next player", (*oracleChoice).nextOutRow, false},
		{"ridge line on the view and the rack's second look", (*oracleChoice).extraRow, false},
		{fmt.Sprintf("network on the view and the rack's second look (%d hidden)", cfg.hidden), (*oracleChoice).extraRow, true},
	}
	for _, rd := range readers {
		ps := make([]oraclePolicy, len(oracleGates))
		for k, gate := range oracleGates {
			ps[k].Name = fmt.Sprintf("%s, gate %g", rd.name, gate)
		}
		var agree float64
		var pairs int
		for f := range 2 {
			train, test := folds[1-f], folds[f]
			if len(train) == 0 || len(test) == 0 {
				continue
			}
			var score func(o *oracleChoice, c int) float64
			switch {
			case rd.net:
				n, err := fitDiff(ctx, oraclePairsOf(ocs, train, rd.rows), cfg)
				if err != nil {
					return fg, err
				}
				ns := netScore(n)
				score = func(o *oracleChoice, c int) float64 { return ns(rd.rows(o, c)) - ns(rd.rows(o, 0)) }
			case rd.rows != nil:
				w, _, err := oracleRidge(ocs, train, 1, rd.rows)
				if err != nil {
					return fg, err
				}
				score = func(o *oracleChoice, c int) float64 { return ridgeAt(w, o, c, rd.rows) }
			default:
				n, err := fitDiff(ctx, oraclePairs(ocs, train), cfg)
				if err != nil {
					return fg, err
				}
				ns := netScore(n)
				score = func(o *oracleChoice, c int) float64 { return ns(o.row(c)) - ns(o.row(0)) }
			}
			for _, i := range test {
				o := &ocs[i]
				pv := make([]float32, len(o.Tiles))
				for c := 1; c < len(o.Tiles); c++ {
					pv[c] = float32(score(o, c))
					if truth := o.mean(c) - o.mean(0); truth != 0 {
						agree += agreeOf(float64(pv[c]), truth)
						pairs++
					}
				}
				for k, gate := range oracleGates {
					ps[k].add(o, argmax(pv, gate))
				}
			}
		}
		for k := range ps {
			ps[k].Agree = agree / float64(max(pairs, 1))
		}
		fg.Policies = append(fg.Policies, ps...)
	}
	return fg, nil
}

// oraclePairs is the choices idx as the differences' fit reads them,
// each candidate labelled by its mean over every world.
func oraclePairs(ocs []oracleChoice, idx []int) []pairPos {
	ps := make([]pairPos, 0, len(idx))
	for _, i := range idx {
		o := &ocs[i]
		p := pairPos{Hand: o.Hand, X: o.X}
		for c := range o.Tiles {
			p.Mean = append(p.Mean, float32(o.mean(c)))
		}
		ps = append(ps, p)
	}
	return ps
}

// oraclePairsOf is oraclePairs with each candidate's row read by rows.
func oraclePairsOf(ocs []oracleChoice, idx []int, rows func(o *oracleChoice, c int) []float32) []pairPos {
	ps := make([]pairPos, 0, len(idx))
	for _, i := range idx {
		o := &ocs[i]
		p := pairPos{Hand: o.Hand, F: len(rows(o, 0))}
		for c := range o.Tiles {
			p.X = append(p.X, rows(o, c)...)
			p.Mean = append(p.Mean, float32(o.mean(c)))
		}
		ps = append(ps, p)
	}
	return ps
}

// table is the figures as the report's markdown, a hand being perHand
// choices.
func (fg *oracleFigures) table(perHand float64) string {
	var b strings.Builder
	b.WriteString("| policy | choices | over normal's pick, a choice (95%) | a hand (95%) | over the seat's own pick, a hand (95%) | sign agreed |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, p := range fg.Policies {
		m, h := rollout.Paired(p.Gain, make([]float64, len(p.Gain)))
		mo, ho := rollout.Paired(p.OverOwn, make([]float64, len(p.OverOwn)))
		agree := "—"
		if !math.IsNaN(p.Agree) {
			agree = fmt.Sprintf("%.1f%%", 100*p.Agree)
		}
		fmt.Fprintf(&b, "| %s | %d | %+.4f ± %.4f | %+.3f ± %.3f | %+.3f ± %.3f | %s |\n", p.Name, len(p.Gain), m, h, m*perHand, h*perHand, mo*perHand, ho*perHand, agree)
	}
	return b.String()
}

// argmax is the candidate with the greatest v if it beats normal's pick
// (candidate 0) by more than gate, else normal's pick.
func argmax(v []float32, gate float64) int {
	j := 0
	for c := 1; c < len(v); c++ {
		if v[c] > v[j] {
			j = c
		}
	}
	if float64(v[j]-v[0]) <= gate {
		return 0
	}
	return j
}

// oracleRidge fits, on the choices train, a line from the difference
// of each candidate's row (rows reads them) from normal's pick's to the
// difference of their labels, by ridge least squares (lambda on the
// standardised inputs, no intercept: a candidate equal to the pick
// gains nothing). It gives the weights and each input's spread (of the
// differences).
func oracleRidge(ocs []oracleChoice, train []int, lambda float64, rows func(o *oracleChoice, c int) []float32) ([]float64, []float64, error) {
	var sd []float64
	var n float64
	for _, i := range train {
		o := &ocs[i]
		r0 := rows(o, 0)
		if sd == nil {
			sd = make([]float64, len(r0))
		}
		for c := 1; c < len(o.Tiles); c++ {
			for k, x := range rows(o, c) {
				d := float64(x - r0[k])
				sd[k] += d * d
			}
			n++
		}
	}
	F := len(sd)
	for k := range sd {
		sd[k] = math.Sqrt(sd[k] / max(n, 1))
	}
	a := make([][]float64, F)
	for k := range a {
		a[k] = make([]float64, F)
	}
	y := make([]float64, F)
	d := make([]float64, F)
	for _, i := range train {
		o := &ocs[i]
		r0 := rows(o, 0)
		for c := 1; c < len(o.Tiles); c++ {
			for k, x := range rows(o, c) {
				d[k] = 0
				if sd[k] > 1e-9 {
					d[k] = float64(x-r0[k]) / sd[k]
				}
			}
			t := o.mean(c) - o.mean(0)
			for p := range F {
				if d[p] == 0 {
					continue
				}
				y[p] += d[p] * t
				for q := range F {
					a[p][q] += d[p] * d[q]
				}
			}
		}
	}
	for k := range F {
		a[k][k] += lambda
	}
	w, err := trainer.SolveLinear(a, y)
	if err != nil {
		return nil, nil, fmt.Errorf("ridge: %w", err)
	}
	for k := range w {
		if sd[k] > 1e-9 {
			w[k] /= sd[k]
		} else {
			w[k] = 0
		}
	}
	return w, sd, nil
}

// leafInputName names leaf input k (leafInputs' layout) for the
// reports: a seat by its place from the reader, its distance, its place
// in the turn order from the seat to move.
func leafInputName(k int) string {
	places := [...]string{"own", "next", "across", "previous"}
	switch {
	case k < 4*48:
		r, rest := k/48, k%48
		what := [...]string{"at", "outs' wall copies/8 at", "outs' wall share at"}[rest/16]
		d, order := (rest%16)/4, rest%4
		dist := fmt.Sprint(d + 1)
		if d == 3 {
			dist = "4+"
		}
		return fmt.Sprintf("%s seat: %s distance %s, %d to move", places[r], what, dist, order)
	case k < 4*48+4:
		return fmt.Sprintf("the discard on offer is an out of the %s seat (to move)", places[k-4*48])
	case k == 4*48+4:
		return "the wall's length/48"
	}
	return "one"
}

// readingCorr is how well the view reads, between a choice's
// candidates, the true quantities the true line weighs most: the
// correlation over candidates of the difference from normal's pick of
// a view feature and of the true quantity, for the copies of the seat's
// outs in the wall (read by the belief, and as every unseen copy) and
// for the discard being an out of the next player (the belief's danger
// of the discard).
func readingCorr(ocs []oracleChoice) string {
	type pair struct {
		name string
		view func(r []float32) float64
		true func(r []float32) float64
	}
	wallCopies := func(r []float32) float64 {
		s := 0.0
		for k := 16; k < 32; k++ {
			s += 8 * float64(r[k])
		}
		return s
	}
	pairs := []pair{
		{"the seat's outs' copies in the wall, read by the belief (wall outs)", func(r []float32) float64 { return float64(r[fWallOuts]) }, wallCopies},
		{"the seat's outs' copies in the wall, read as every unseen copy (live outs)", func(r []float32) float64 { return float64(r[fLiveOuts]) }, wallCopies},
		{"the discard an out of the next player, read by the belief (top's danger)", func(r []float32) float64 { return float64(r[fTopDanger]) }, func(r []float32) float64 { return float64(r[leafNextOut]) }},
	}
	var b strings.Builder
	b.WriteString("| true quantity, view's reading | candidates | correlation of the differences |\n| --- | ---: | ---: |\n")
	for _, p := range pairs {
		var n, sx, sy, sxx, syy, sxy float64
		for i := range ocs {
			o := &ocs[i]
			for c := 1; c < len(o.Tiles); c++ {
				x := p.view(o.row(c)) - p.view(o.row(0))
				y := p.true(o.trueRow(c)) - p.true(o.trueRow(0))
				n++
				sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
			}
		}
		cov := sxy/n - sx/n*sy/n
		r := cov / math.Sqrt(max((sxx/n-sx/n*sx/n)*(syy/n-sy/n*sy/n), 1e-300))
		fmt.Fprintf(&b, "| %s | %.0f | %.3f |\n", p.name, n, r)
	}
	return b.String()
}

// trueWeights is the inputs that weigh most in the line on the true
// world's leaf inputs fitted on every choice: each's weight times its
// spread, the gain a candidate one spread above normal's pick there
// is given.
func trueWeights(ocs []oracleChoice, top int) (string, error) {
	all := make([]int, len(ocs))
	for i := range all {
		all[i] = i
	}
	w, sd, err := oracleRidge(ocs, all, 1, (*oracleChoice).trueRow)
	if err != nil {
		return "", err
	}
	idx := make([]int, len(w))
	for k := range idx {
		idx[k] = k
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(math.Abs(w[b]*sd[b]), math.Abs(w[a]*sd[a])) })
	var b strings.Builder
	b.WriteString("| leaf input (after the candidate's discard) | weight × spread | spread |\n| --- | ---: | ---: |\n")
	for _, k := range idx[:min(top, len(idx))] {
		fmt.Fprintf(&b, "| %s | %+.4f | %.3f |\n", leafInputName(k), w[k]*sd[k], sd[k])
	}
	return b.String(), nil
}

// ridgeAt is the line w's gain of candidate c over normal's pick, the
// rows read by rows.
func ridgeAt(w []float64, o *oracleChoice, c int, rows func(o *oracleChoice, c int) []float32) float64 {
	r0, rc := rows(o, 0), rows(o, c)
	s := 0.0
	for k, wk := range w {
		s += wk * float64(rc[k]-r0[k])
	}
	return s
}

// oracleConfig is the labels the flags ask for.
func (k knobs) oracleConfig() oracleConfig {
	return oracleConfig{seed: k.oracleSeed, hands: k.oracle, worlds: k.oracleWorlds,
		hard: k.leafHard, expert: k.oracleExpert, rate: k.oracleRate, workers: k.workers, cache: k.cache, play: k.oraclePlay, playHold: k.playHold}
}

// oracleField names the hands' seats for the reports.
func (k knobs) oracleField() string {
	if k.oracleExpert {
		return "four of the shipped expert"
	}
	if k.leafHard {
		return "four hard"
	}
	return "the data's mix of styles"
}

// runOracle labels k.oracle hands' decisions on the true racks and
// measures what a reading of the view fitted to them takes.
func runOracle(ctx context.Context, k knobs) error {
	if k.oracleTake {
		return runOracleTake(ctx, k)
	}
	if k.oracleHold {
		return runOracleHold(ctx, k)
	}
	cpu0 := trainer.CPU()
	ocs, discards, err := oracleData(ctx, k.oracleConfig())
	if err != nil {
		return fmt.Errorf("oracle: %w", err)
	}
	field := k.oracleField()
	fg, err := oracleMeasure(ctx, ocs, k.fitConfig())
	if err != nil {
		return err
	}
	// A hand's figure counts the decisions that had a choice: the
	// choices kept, over the share kept and the seats' hands.
	perHand := float64(len(ocs)) / (k.oracleRate * float64(k.oracle*trainer.Seats))
	table := fg.table(perHand)
	tw, err := trueWeights(ocs, 10)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## a policy learned on the true racks, seed %d\n\n", k.oracleSeed)
	fmt.Fprintf(&b, "%d hands of %s, a share %g of the discard decisions kept where normal has a second candidate at its least distance: %d choices, normal's three closest candidates played out by normal in %d worlds that keep every rack as it truly is; readings fitted on the hands of one parity, scored on the others'; a seat discards %.2f times a hand, %.2f of them with a choice (a hand's figure counts those); commit %s.\n\n",
		k.oracle, field, k.oracleRate, len(ocs), k.oracleWorlds, discards, perHand, k.commit)
	b.WriteString(table)
	fmt.Fprintf(&b, "\nThe line on the true world's leaf inputs, fitted on every choice: the inputs that weigh most.\n\n%s", tw)
	fmt.Fprintf(&b, "\nHow the view reads those true quantities, between a choice's candidates:\n\n%s", readingCorr(ocs))
	sl, err := secondLookTable(&fg, ocs, perHand, k.hidden)
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nWhat the rack's second look adds to the view's line, held out, and its features' weights in the line on both fitted on every choice:\n\n%s", sl)
	if k.out != "" {
		recipe := map[string]any{
			"label": "normal's three closest candidates on the true racks, the wall's order dealt afresh", "choices": len(ocs),
			"hands": k.oracle, "worlds": k.oracleWorlds, "oracle_seed": k.oracleSeed, "hard": k.leafHard, "expert": k.oracleExpert}
		train := ocs
		if k.oracleMix > 0 && k.leafHard {
			// The hands of mixed styles join the fit (point 7 of the
			// issue: a reading trained against several styles).
			cfg := k.oracleConfig()
			cfg.hands, cfg.hard = k.oracleMix, false
			mix, _, err := oracleData(ctx, cfg)
			if err != nil {
				return fmt.Errorf("oracle, mixed styles: %w", err)
			}
			train = append(slices.Clip(ocs), mix...)
			recipe["mixed_hands"], recipe["mixed_choices"] = k.oracleMix, len(mix)
			fmt.Fprintf(&b, "\nThe network is fitted on %d hands of the data's mix of styles too: %d choices more.\n", k.oracleMix, len(mix))
		}
		all := make([]int, len(train))
		for i := range all {
			all[i] = i
		}
		ps := oraclePairs(train, all)
		if k.secondLook {
			ps, recipe["second_look"] = oraclePairsOf(train, all, (*oracleChoice).extraRow), true
		}
		n, err := fitDiff(ctx, ps, k.fitConfig())
		if err != nil {
			return err
		}
		if err := save(k, n, "classic value of the true racks' differences", recipe); err != nil {
			return err
		}
		fmt.Fprintf(&b, "\nThe network fitted on every choice: %s (play it with -value and -mode gated-c3-g<hundredths>).\n", k.out)
	}
	fmt.Fprintf(&b, "\nCPU: %.0f s in all.\n", (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	return writeReport(k, &b)
}

// modeGated is the value's pick among few candidates, behind a gate:
// gated-c<k>-g<hundredths>[-t<hundredths>][-h<hundredths>[-once]][-w][-p][-k]
// weighs hard's pick and the k−1 others at
// the least distance (botsclassic.LeastDistance), the view after each
// scored by the value, and leaves hard's pick only for a candidate the
// value puts more than the gate (in points) above it. It plays a value
// fitted to the true racks' differences (-oracle's -out) as measured.
// With -t, the draw or the take is the take line's (-take-line) at
// that gate, as modeTaker's; with -h, the finish or the hold of a win
// for an okey finish the hold line's (-hold-line, oraclehold.go); -w,
// -p and -k as gatedConfig says.
const modeGated = "gated"

// gatedConfig is a gated pick's candidates and gate (points), and the
// take line's gate when the mode ends in -t<hundredths> (−1: none, the
// draw or the take hard's).
type gatedConfig struct {
	cands    int
	gate     float64
	takeGate float64
	// holdGate is the hold line's gate when the mode ends in
	// -h<hundredths> (−1: none, the hold hard's).
	holdGate float64
	// holdOnce (-h<n>-once) holds a win one turn at most: a seat that
	// held on its last turn finishes, as the labels' playouts mostly do
	// after the hold they label.
	holdOnce bool
	// winTake (-w) leaves the draw or the take to hard while the seat
	// holds a winning rack with an okey (hard takes a tile that frees
	// the okey; the take's reading was fitted where holds are rare).
	winTake bool
	// pairs (-p, last) keeps hard's discard while seven pairs is as
	// near a win as melds: the discard's network was fitted where hard
	// mostly plays melds.
	pairs bool
	// winNow (-k, after -p) keeps hard's take of a discard that makes
	// the rack a win: the take network never declines one then.
	winNow bool
}

// parseGated reads a mode gated-c<k>-g<hundredths>; not ok for any
// other.
func parseGated(mode string) (gatedConfig, bool) {
	rest, ok := strings.CutPrefix(mode, modeGated+"-c")
	if !ok {
		return gatedConfig{}, false
	}
	c, g, ok := strings.Cut(rest, "-g")
	g, winNow := strings.CutSuffix(g, "-k")
	g, pairs := strings.CutSuffix(g, "-p")
	g, winTake := strings.CutSuffix(g, "-w")
	g, once := strings.CutSuffix(g, "-once")
	g, hg, withHold := strings.Cut(g, "-h")
	g, t, withTake := strings.Cut(g, "-t")
	cands, err1 := strconv.Atoi(c)
	gate, err2 := strconv.Atoi(g)
	if !ok || err1 != nil || err2 != nil || cands < 2 || gate < 0 {
		return gatedConfig{}, false
	}
	gc := gatedConfig{cands: cands, gate: float64(gate) / 100, takeGate: -1, holdGate: -1, holdOnce: once, winTake: winTake, pairs: pairs, winNow: winNow}
	if once && !withHold {
		return gatedConfig{}, false
	}
	if withHold {
		h, err := strconv.Atoi(hg)
		if err != nil || h < 0 {
			return gatedConfig{}, false
		}
		gc.holdGate = float64(h) / 100
	}
	if withTake {
		tg, err := strconv.Atoi(t)
		if err != nil || tg < 0 {
			return gatedConfig{}, false
		}
		gc.takeGate = float64(tg) / 100
	}
	return gc, true
}

// gated is the gated pick's discard (hard's a when nothing else is at
// the least distance).
func (b *valueBot) gated(v *classic.View, a classic.Action) (classic.Action, error) {
	if b.gatedCfg.pairs {
		an := &v.Analyzer
		h, err := an.HandOf(v.Counts)
		if err != nil {
			return a, err
		}
		if an.PairsDistance(h) <= an.MeldsDistance(h) {
			return a, nil
		}
	}
	more, err := botsclassic.LeastDistance(v, a.Tile, b.gatedCfg.cands)
	if err != nil || len(more) == 0 {
		return a, err
	}
	vals := make([]float32, 0, len(more)+1)
	cands := append([]tile.Tile{a.Tile}, more...)
	for _, t := range cands {
		w := expertclassic.After(v, t)
		s, err := b.score(&w, nil)
		if err != nil {
			return a, err
		}
		vals = append(vals, float32(s))
	}
	return classic.DiscardAction(v.Seat, cands[argmax(vals, b.gatedCfg.gate)]), nil
}

// runOracleTake labels k.oracle hands' draw-or-take decisions on the
// true racks and reports what sight gains there.
func runOracleTake(ctx context.Context, k knobs) error {
	cpu0 := trainer.CPU()
	ocs, err := oracleTakeData(ctx, k.oracleConfig())
	if err != nil {
		return fmt.Errorf("oracle take: %w", err)
	}
	field := k.oracleField()
	perHand := float64(len(ocs)) / (k.oracleRate * float64(k.oracle*trainer.Seats))
	var b strings.Builder
	fmt.Fprintf(&b, "## the draw or the take on the true racks, seed %d\n\n", k.oracleSeed)
	fmt.Fprintf(&b, "%d hands of %s, a share %g of the decisions to draw or take the previous discard kept: %d choices (%.2f a seat a hand), both played out by normal in %d worlds that keep every rack as it truly is; commit %s.\n\n",
		k.oracle, field, k.oracleRate, len(ocs), perHand, k.oracleWorlds, k.commit)
	b.WriteString(oracleTakeTable(ctx, ocs, perHand, k.fitConfig()))
	if k.out != "" {
		// The network, as the expert plays it (the line was written
		// here before it: docs/studies/classic-value-7.md).
		n, err := fitDiff(ctx, takePairs(ocs, func(*oracleTakeChoice) bool { return true }), k.fitConfig())
		if err != nil {
			return err
		}
		recipe := map[string]any{"label": "the take's gain over the draw on the true racks, the wall's order dealt afresh", "choices": len(ocs),
			"hands": k.oracle, "worlds": k.oracleWorlds, "oracle_seed": k.oracleSeed, "hard": k.leafHard, "expert": k.oracleExpert}
		if err := save(k, n, "classic take's difference", recipe); err != nil {
			return err
		}
		fmt.Fprintf(&b, "\nThe take network fitted on every choice: %s (play it with -take-line and -mode taker-g<hundredths>).\n", k.out)
	}
	fmt.Fprintf(&b, "\nCPU: %.0f s in all.\n", (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	return writeReport(k, &b)
}
