package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// The next player's need for a discard: the one true quantity the
// discard's ceiling leans on that the view reads worst (the belief's
// danger of a discard correlates 0.13 with whether it is truly an out
// of the next player, between a decision's candidates;
// classic-value-7.md). Knowing it exactly adds +0.025 a hand over
// hard's pick there. This reads it from the next player's public
// history tile by tile (what it threw, took and let pass near the
// discard) and measures how much closer that comes, with no playout.

// The inputs of a candidate discard x for the next player's need.
const (
	needOne         = iota // 1
	needThrewFace          // the next player threw x's face
	needThrew1             // … a tile of x's colour one away
	needThrew2             // … two away
	needThrewValue         // … x's value in another colour
	needTook1              // the next player took x's face or one of x's colour one away
	needTook2              // … two away
	needTookValue          // … x's value in another colour
	needPassedFace         // the next player drew past the seat's discard of x's face
	needPassed1            // … of x's colour one away
	needPassed2            // … two away
	needPassedValue        // … x's value in another colour
	needDiscards           // the next player's discards, over 10
	needTakes              // the next player's takes
	needDanger             // the belief's danger of x (the mates read in the next rack)
	needDanger1            // … of the mates one away
	needDangerValue        // … of the mates of x's value
	needUnseen1            // unseen copies of the mates one away, over 4
	needUnseen2            // … two away, over 4
	needUnseenValue        // … of x's value in the other colours, over 6
	needEdge               // 1 when x is a 1 or a 13
	needLate               // draws and takes so far, over 28
	needSeenFace           // copies of x's face the seat has seen
	needInputs
)

// needOf reads the inputs of discard x at view v (the seat about to
// throw), the unseen copies placed by rd.
func needOf(v *classic.View, rd *belief.Reading, x tile.Tile) [needInputs]float32 {
	var in [needInputs]float32
	in[needOne] = 1
	an := &v.Analyzer
	f := an.PlaysAs(x)
	if f >= tile.NumColoured || an.IsOkey(x) {
		return in
	}
	c, n := f.Colour(), f.Value()
	// rel is how g stands to x: 0 the face, 1 or 2 of the colour that
	// far, 3 the value in another colour, −1 none of those.
	rel := func(g tile.Tile) int {
		if !g.Valid() {
			return -1
		}
		g = an.PlaysAs(g)
		if g >= tile.NumColoured {
			return -1
		}
		gc, gn := g.Colour(), g.Value()
		switch d := gn - n; {
		case gc == c && d == 0:
			return 0
		case gc == c && (d == 1 || d == -1):
			return 1
		case gc == c && (d == 2 || d == -2):
			return 2
		case gc != c && d == 0:
			return 3
		}
		return -1
	}
	next := (v.Seat + 1) % classic.NumSeats
	seen := v.Counts
	draws := 0
	var lastOwn tile.Tile = tile.NoTile // the seat's discard on offer to the next player
	for _, e := range v.History {
		switch e.Kind {
		case classic.EvDraw, classic.EvTake:
			draws++
		}
		switch {
		case e.Kind == classic.EvDiscard && e.Seat == v.Seat:
			lastOwn = e.Tile
		case e.Kind == classic.EvDiscard && e.Seat == next:
			in[needDiscards] += 0.1
			switch rel(e.Tile) {
			case 0:
				in[needThrewFace]++
			case 1:
				in[needThrew1]++
			case 2:
				in[needThrew2]++
			case 3:
				in[needThrewValue]++
			}
		case e.Kind == classic.EvTake && e.Seat == next:
			in[needTakes]++
			switch rel(e.Tile) {
			case 0, 1:
				in[needTook1]++
			case 2:
				in[needTook2]++
			case 3:
				in[needTookValue]++
			}
		case e.Kind == classic.EvDraw && e.Seat == next && lastOwn != tile.NoTile:
			switch rel(lastOwn) {
			case 0:
				in[needPassedFace]++
			case 1:
				in[needPassed1]++
			case 2:
				in[needPassed2]++
			case 3:
				in[needPassedValue]++
			}
		}
		if e.Kind == classic.EvDraw || e.Kind == classic.EvTake {
			lastOwn = tile.NoTile
		}
		if e.Kind == classic.EvDiscard && e.Tile.Valid() {
			seen[e.Tile]++
		}
	}
	for g := range tile.Tile(tile.NumColoured) {
		r := rel(g)
		if r <= 0 {
			continue
		}
		u := float32(max(0, an.Available(g)-int(seen[g])))
		p := u * float32(rd.P[0][g])
		in[needDanger] += p
		switch r {
		case 1:
			in[needDanger1] += p
			in[needUnseen1] += u / 4
		case 2:
			in[needUnseen2] += u / 4
		case 3:
			in[needDangerValue] += p
			in[needUnseenValue] += u / 6
		}
	}
	if n == 1 || n == tile.NumValues {
		in[needEdge] = 1
	}
	in[needLate] = float32(draws) / 28
	in[needSeenFace] = float32(seen[f])
	return in
}

// needSample is one candidate discard: its inputs and whether it is
// truly an out of the next player; Hand and Choice place it.
type needSample struct {
	Hand, Choice int32
	Cand         int8
	In           [needInputs]float32
	Out          bool
}

// needData replays hands 0 to hands−1 of seed (four hard) and reads, at
// each discard decision kept (a quarter), normal's pick and the next two
// at its least distance.
func needData(ctx context.Context, seed uint64, hands int) ([]needSample, error) {
	var out []needSample
	var r belief.Reader
	var rd belief.Reading
	for i := range hands {
		cs, _, err := handChoices(ctx, seed, i, choiceSpec{hard: true, rate: 0.25, room: math.MaxInt})
		if err != nil {
			return nil, err
		}
		for n := range cs {
			c := &cs[n]
			more, err := botsclassic.LeastDistance(&c.v, c.cands[0], 3)
			if err != nil {
				return nil, err
			}
			if len(more) == 0 {
				continue
			}
			if err := r.Read(&c.v, belief.Trained(), &rd); err != nil {
				return nil, err
			}
			next := (c.v.Seat + 1) % classic.NumSeats
			an := &c.v.Analyzer
			nh, err := an.HandOf(c.s.View(next).Counts)
			if err != nil {
				return nil, err
			}
			outs := an.Outs(nh)
			for k, t := range append([]tile.Tile{c.cands[0]}, more...) {
				out = append(out, needSample{Hand: int32(i), Choice: int32(n), Cand: int8(k), In: needOf(&c.v, &rd, t), Out: outs.Has(t)})
			}
		}
		if i%1000 == 999 {
			trainer.Logf("need: %d hands, %d candidates", i+1, len(out))
		}
	}
	return out, nil
}

// runNeed measures how well the next player's need reads: the belief's
// danger alone and a line on every input (fitted on the hands of one
// parity, scored on the other), each by its correlation with the truth
// between a decision's candidates (as classic-value-7.md measured the
// danger) and by its AUC over the candidates.
func runNeed(ctx context.Context, k knobs) error {
	cpu0 := trainer.CPU()
	ss, err := needData(ctx, k.oracleSeed, k.need)
	if err != nil {
		return fmt.Errorf("need: %w", err)
	}
	pred := make([][]float64, 3) // the danger, the line held out, the line on every hand
	for p := range pred {
		pred[p] = make([]float64, len(ss))
	}
	for i := range ss {
		pred[0][i] = float64(ss[i].In[needDanger])
	}
	row := func(s *needSample, r []float64) {
		for k, x := range s.In {
			r[k] = float64(x)
		}
	}
	for f := range int32(2) {
		w, err := needLine(ss, func(s *needSample) bool { return s.Hand%2 != f }, row)
		if err != nil {
			return err
		}
		for i := range ss {
			if ss[i].Hand%2 == f {
				pred[1][i] = needAt(w, &ss[i])
			}
		}
	}
	w, err := needLine(ss, func(*needSample) bool { return true }, row)
	if err != nil {
		return err
	}
	for i := range ss {
		pred[2][i] = needAt(w, &ss[i])
	}
	outs := 0
	for i := range ss {
		if ss[i].Out {
			outs++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## the next player's need for a discard, seed %d\n\n%d hands of four hard, a quarter of the discard decisions with a second candidate: %d candidates, %.1f%% of them an out of the next player; commit %s.\n\n", k.oracleSeed, k.need, len(ss), 100*float64(outs)/float64(max(len(ss), 1)), k.commit)
	b.WriteString("| reading | correlation with the truth, between a decision's candidates | AUC over the candidates |\n| --- | ---: | ---: |\n")
	for p, name := range []string{"the belief's danger (the value's feature)", "a line on the need's inputs (held out)", "the same line fitted on every hand (not held out)"} {
		fmt.Fprintf(&b, "| %s | %.3f | %.3f |\n", name, needCorr(ss, pred[p]), auc(ss, pred[p]))
	}
	fmt.Fprintf(&b, "\nThe line fitted on every hand: %.3g\n\nCPU: %.0f s in all.\n", w, (trainer.CPU() - cpu0).Seconds())
	fmt.Print(b.String())
	return writeReport(k, &b)
}

// needLine fits a ridge line from the inputs to the truth (0 or 1) on
// the samples keep says.
func needLine(ss []needSample, keep func(s *needSample) bool, row func(s *needSample, r []float64)) ([]float64, error) {
	const F = needInputs
	a := make([][]float64, F)
	for k := range a {
		a[k] = make([]float64, F)
		a[k][k] = 1
	}
	y := make([]float64, F)
	r := make([]float64, F)
	for i := range ss {
		if !keep(&ss[i]) {
			continue
		}
		row(&ss[i], r)
		t := 0.0
		if ss[i].Out {
			t = 1
		}
		for p := range F {
			y[p] += r[p] * t
			for q := range F {
				a[p][q] += r[p] * r[q]
			}
		}
	}
	return trainer.SolveLinear(a, y)
}

func needAt(w []float64, s *needSample) float64 {
	x := 0.0
	for k, v := range s.In {
		x += w[k] * float64(v)
	}
	return x
}

// needCorr is the correlation, over every candidate but the first of
// its decision, of pred's difference from the first's with the truth's.
func needCorr(ss []needSample, pred []float64) float64 {
	var n, sx, sy, sxx, syy, sxy float64
	first := 0
	for i := range ss {
		if ss[i].Cand == 0 {
			first = i
			continue
		}
		x := pred[i] - pred[first]
		y := b2f(ss[i].Out) - b2f(ss[first].Out)
		n++
		sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
	}
	cov := sxy/n - sx/n*sy/n
	return cov / math.Sqrt(max((sxx/n-sx/n*sx/n)*(syy/n-sy/n*sy/n), 1e-300))
}

// auc is the chance a candidate that is an out is read above one that
// is not (ties half), over every candidate.
func auc(ss []needSample, pred []float64) float64 {
	var pos, neg []float64
	for i := range ss {
		if ss[i].Out {
			pos = append(pos, pred[i])
		} else {
			neg = append(neg, pred[i])
		}
	}
	if len(pos) == 0 || len(neg) == 0 {
		return math.NaN()
	}
	slices.Sort(pos)
	slices.Sort(neg)
	var wins float64
	j, k := 0, 0
	for _, p := range pos {
		for j < len(neg) && neg[j] < p {
			j++
		}
		for k < len(neg) && neg[k] <= p {
			k++
		}
		wins += float64(j) + float64(k-j)/2
	}
	return wins / (float64(len(pos)) * float64(len(neg)))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
