package main

import (
	"fmt"
	"math"
	"strings"

	"okey/lab/internal/trainer"
)

// A policy's figure: what it gains over hard's pick, in the hand's net
// points a seat a hand (rollout.Value101), scored on labels it did not
// choose by. Each labelled choice's gain is summed by hand, and the
// hands' sums give the mean and its interval (the choices of one hand
// are not independent): a seat meets rate × its discards' labelled
// choices a hand, so the gain a seat a hand is the sum over hands over
// hands × 4 × rate.
type figure struct {
	name       string
	mean, half float64
	changed    float64 // the share of choices where it left hard's pick
}

// perHand turns each choice's gain (NaN: not scored) into a figure.
func perHand(name string, cs []choice, gain []float64, changed []bool, hands int, rate float64) figure {
	sums := map[int32]float64{}
	n, ch := 0, 0
	for i := range cs {
		if math.IsNaN(gain[i]) {
			continue
		}
		sums[cs[i].Hand] += gain[i]
		n++
		if changed != nil && changed[i] {
			ch++
		}
	}
	// every hand counts, those with no choice scored as 0
	s, ss := 0.0, 0.0
	for _, v := range sums {
		s += v
		ss += v * v
	}
	h := float64(hands)
	mean := s / h
	sd := math.Sqrt(max(0, ss/h-mean*mean) * h / max(h-1, 1))
	k := 4 * rate
	return figure{name: name, mean: mean / k, half: 1.96 * sd / math.Sqrt(h) / k, changed: float64(ch) / float64(max(n, 1))}
}

// argmax is the candidate of the highest score, hard's pick (0) unless
// another beats it by more than gate.
func argmax(score []float64, gate float64) int {
	best := 0
	for j := 1; j < len(score); j++ {
		if score[j] > score[best] && score[j]-score[0] > gate {
			best = j
		}
	}
	return best
}

// ceilings are what sight of every rack gains over hard's pick (and over
// the expert's): the best candidate on half the worlds, scored on the
// other half, both ways.
func ceilings(cs []choice, hands int, rate float64) []figure {
	var out []figure
	for _, gate := range []float64{0, 2, 5} {
		g, ge := make([]float64, len(cs)), make([]float64, len(cs))
		chg := make([]bool, len(cs))
		for i := range cs {
			c := &cs[i]
			ge[i] = math.NaN()
			for h := range 2 {
				s := make([]float64, len(c.Tiles))
				for j := range s {
					s[j] = float64(c.Half[h][j])
				}
				j := argmax(s, gate)
				chg[i] = chg[i] || j != 0
				g[i] += float64(c.Half[1-h][j]-c.Half[1-h][0]) / 2
				if c.Expert >= 0 {
					if h == 0 {
						ge[i] = 0
					}
					ge[i] += float64(c.Half[1-h][j]-c.Half[1-h][c.Expert]) / 2
				}
			}
		}
		out = append(out, perHand(fmt.Sprintf("sight's pick (chosen on half the worlds, scored on the other), gate %g, over hard's", gate), cs, g, chg, hands, rate))
		out = append(out, perHand(fmt.Sprintf("sight's pick, gate %g, over the expert's (where the expert threw a candidate)", gate), cs, ge, nil, hands, rate))
	}
	ex := make([]float64, len(cs))
	chg := make([]bool, len(cs))
	other := 0
	for i := range cs {
		c := &cs[i]
		ex[i] = math.NaN()
		switch {
		case c.Expert >= 0:
			ex[i] = c.mean(int(c.Expert)) - c.mean(0)
			chg[i] = c.Expert != 0
		case c.Expert == -1:
			other++
		}
	}
	f := perHand("the expert's pick over hard's (where it threw a candidate)", cs, ex, chg, hands, rate)
	f.name += fmt.Sprintf("; it did otherwise in %d of %d choices", other, len(cs))
	return append(out, f)
}

// ridge fits, on the choices train, a line from the difference of each
// candidate's row from hard's pick's to the difference of their labels
// (standardised inputs, lambda on them, no intercept).
func ridge(cs []choice, train []int, lambda float64, rd rowReader) ([]float64, error) {
	F, row := rd.width, rd.row
	sd := make([]float64, F)
	n := 0.0
	for _, i := range train {
		c := &cs[i]
		for j := 1; j < len(c.Tiles); j++ {
			for k, x := range row(c, j) {
				d := float64(x - row(c, 0)[k])
				sd[k] += d * d
			}
			n++
		}
	}
	for k := range sd {
		sd[k] = math.Sqrt(sd[k] / max(n, 1))
	}
	a := make([][]float64, F)
	for k := range a {
		a[k] = make([]float64, F)
		a[k][k] = lambda
	}
	y := make([]float64, F)
	d := make([]float64, F)
	for _, i := range train {
		c := &cs[i]
		for j := 1; j < len(c.Tiles); j++ {
			for k, x := range row(c, j) {
				d[k] = 0
				if sd[k] > 1e-9 {
					d[k] = float64(x-row(c, 0)[k]) / sd[k]
				}
			}
			t := c.mean(j) - c.mean(0)
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
		if sd[k] <= 1e-9 {
			a[k][k] = 1 // an input that never differs keeps a zero weight
		}
	}
	w, err := trainer.SolveLinear(a, y)
	if err != nil {
		return nil, fmt.Errorf("ridge: %w", err)
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

// rowReader is what a line reads of a candidate.
type rowReader struct {
	name  string
	width int
	row   func(c *choice, j int) []float32
}

// The lines' readings: the view; the view and the true facts (what a
// perfect reading of them would add); the true facts alone.
var (
	viewRows = rowReader{"the view", numFeatures, func(c *choice, j int) []float32 { return c.X[j*numFeatures : (j+1)*numFeatures] }}
	bothRows = rowReader{"the view and the true facts", numFeatures + numTrue, func(c *choice, j int) []float32 {
		return append(c.X[j*numFeatures:(j+1)*numFeatures:(j+1)*numFeatures], c.TX[j*numTrue:(j+1)*numTrue]...)
	}}
	trueRows = rowReader{"the true facts", numTrue, func(c *choice, j int) []float32 { return c.TX[j*numTrue : (j+1)*numTrue] }}
)

// folds splits the choices by the parity of their hand.
func folds(cs []choice) [2][]int {
	var out [2][]int
	for i := range cs {
		out[cs[i].Hand%2] = append(out[cs[i].Hand%2], i)
	}
	return out
}

// heldOut scores a reading fitted on each fold's other: score(f, c) is
// the reading fitted without fold f's value of each candidate of c
// less hard's pick's; at each gate (points) it picks and is scored on
// c's labels (all worlds).
func heldOut(cs []choice, hands int, rate float64, name string, score func(f int, c *choice) []float64) []figure {
	fs := folds(cs)
	var out []figure
	for _, gate := range []float64{0, 2, 5, 10} {
		g := make([]float64, len(cs))
		chg := make([]bool, len(cs))
		for f := range 2 {
			for _, i := range fs[f] {
				c := &cs[i]
				j := argmax(score(f, c), gate)
				chg[i] = j != 0
				g[i] = c.mean(j) - c.mean(0)
			}
		}
		out = append(out, perHand(fmt.Sprintf("%s, held out by hand, gate %g points", name, gate), cs, g, chg, hands, rate))
	}
	// atop the expert: its pick kept unless the reading puts another
	// above it by the gate, scored against the expert's own pick
	for _, gate := range []float64{0, 5, 10} {
		g := make([]float64, len(cs))
		chg := make([]bool, len(cs))
		for f := range 2 {
			for _, i := range fs[f] {
				c := &cs[i]
				if c.Expert < 0 {
					g[i] = math.NaN()
					continue
				}
				e := int(c.Expert)
				s := score(f, c)
				j := e
				for k := range s {
					if s[k] > s[j] && s[k]-s[e] > gate {
						j = k
					}
				}
				chg[i] = j != e
				g[i] = c.mean(j) - c.mean(e)
			}
		}
		f := perHand(fmt.Sprintf("%s atop the expert, held out by hand, gate %g points", name, gate), cs, g, chg, hands, rate)
		f.name += " (over the expert's pick)"
		out = append(out, f)
	}
	return out
}

// readers are the line's picks, fitted on one parity of the hands and
// scored on the other's labels.
func readers(cs []choice, hands int, rate float64, lambda float64, rd rowReader) ([]figure, error) {
	fs := folds(cs)
	var ws [2][]float64
	for f := range 2 {
		w, err := ridge(cs, fs[1-f], lambda, rd)
		if err != nil {
			return nil, err
		}
		ws[f] = w
	}
	return heldOut(cs, hands, rate, fmt.Sprintf("the line on %s (ridge %g)", rd.name, lambda), func(f int, c *choice) []float64 {
		s := make([]float64, len(c.Tiles))
		r0 := rd.row(c, 0)
		for j := 1; j < len(c.Tiles); j++ {
			for k, x := range rd.row(c, j) {
				s[j] += ws[f][k] * float64(x-r0[k])
			}
		}
		return s
	}), nil
}

func table(fs []figure) string {
	var b strings.Builder
	b.WriteString("| policy | over hard's pick, points a seat a hand (95%) | left hard's pick |\n| --- | ---: | ---: |\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "| %s | %+.2f ± %.2f | %.1f%% |\n", f.name, f.mean, f.half, 100*f.changed)
	}
	return b.String()
}

// reliability is the correlation, over the choices, of the second
// candidate's label less hard's pick's on the even worlds with the same
// on the odd worlds: how much of a label's difference is the hand's
// truth rather than the worlds' luck; and the differences' spread.
func reliability(cs []choice) (r, sd float64) {
	var sx, sy, sxx, syy, sxy, n float64
	for i := range cs {
		c := &cs[i]
		x, y := float64(c.Half[0][1]-c.Half[0][0]), float64(c.Half[1][1]-c.Half[1][0])
		sx, sy, sxx, syy, sxy, n = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y, n+1
	}
	cov := sxy/n - sx/n*sy/n
	vx, vy := sxx/n-sx/n*sx/n, syy/n-sy/n*sy/n
	return cov / math.Sqrt(vx*vy), math.Sqrt((vx + vy) / 2)
}

// baseNames names the base terms, for the reports.
var baseNames = [numBase]string{"value", "wild", "penalty", "worth", "deficit", "pairs", "unmelded", "deadwood",
	"layoffs", "live", "mates live", "mates held", "next threw", "next mates", "rank",
	"next mates read", "next face read", "wall mates read", "others mates read", "outs live", "raisers live"}

// correlations is each base term's difference (a candidate less hard's
// pick) correlated with the labels' difference, over every candidate
// pair, alone and where the seat has opened or not.
func correlations(cs []choice) string {
	var b strings.Builder
	b.WriteString("| term | correlation | where the seat has not opened | where it has |\n| --- | ---: | ---: | ---: |\n")
	for k := range numBase {
		var acc [3][6]float64
		for i := range cs {
			c := &cs[i]
			op := 1
			if c.X[4*numBase+cOpened] > 0 {
				op = 2
			}
			for j := 1; j < len(c.Tiles); j++ {
				x := float64(c.X[j*numFeatures+k] - c.X[k])
				y := c.mean(j) - c.mean(0)
				for _, g := range []int{0, op} {
					a := &acc[g]
					a[0], a[1], a[2], a[3], a[4], a[5] = a[0]+x, a[1]+y, a[2]+x*x, a[3]+y*y, a[4]+x*y, a[5]+1
				}
			}
		}
		fmt.Fprintf(&b, "| %s |", baseNames[k])
		for _, a := range acc {
			n := a[5]
			vx, vy := a[2]/n-a[0]/n*a[0]/n, a[3]/n-a[1]/n*a[1]/n
			fmt.Fprintf(&b, " %+.3f |", (a[4]/n-a[0]/n*a[1]/n)/math.Sqrt(vx*vy))
		}
		b.WriteString("\n")
	}
	return b.String()
}
