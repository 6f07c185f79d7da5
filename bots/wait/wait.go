package wait

import (
	_ "embed"
	"fmt"
	"math"
	"sync"

	"okey/bots/belief"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// placeFeatures is how many of the belief's features say which opponent
// a row is of (always the next player here: left out).
const placeFeatures = 3

// nBelief is the belief's features of (next player, face) read here:
// all of them less the opponent's place.
const nBelief = belief.NumFeatures - placeFeatures

// The features of a face the seat holds, after the belief's of the next
// player and that face (nBelief of them, in the belief's order).
const (
	fReadSame  = nBelief + iota // copies of the face the belief reads in the next rack
	fReadRun1                   // of the run neighbours one away
	fReadRun2                   // two away
	fReadValue                  // of the same value in other colours
	fTenpai                     // share of the placements with the next rack one exchange from a win
	fOut                        // share in which the face is an out of the next rack
	fWin                        // share in which it lets the next player win (the belief's own chance)
	fSinceTake                  // the next player's turns since it last took (all its turns if it never did)
	NumFeatures
)

// FeatureNames names the features, for the trainer's report.
var FeatureNames = func() (n [NumFeatures]string) {
	copy(n[:], belief.FeatureNames[placeFeatures:])
	copy(n[nBelief:], []string{"read same", "read run1", "read run2", "read value", "placements tenpai", "placements out", "placements win", "turns since take"})
	return n
}()

// Placement features' indices, for the trainer's baselines and masks.
const (
	FeatTenpai = fTenpai
	FeatOut    = fOut
	FeatWin    = fWin
)

// The placements' defaults: as many as bots/reader draws, weighed as it
// weighs them toward racks near a win.
const (
	DefaultWorlds = 16
	DefaultBeta   = 1.0
)

// Input is what the model reads of one view: the next player's seat
// (-1 when there is none) and the features of every face the seat holds
// that is not the okey (Held).
type Input struct {
	Next int
	Held [tile.NumFaces]bool
	X    [tile.NumFaces][smallnet.MaxFeatures]float32
}

// Reader reads views into inputs. It keeps its working memory between
// calls, so a Reader serves one goroutine; it reads without allocating.
type Reader struct {
	// Belief is the belief read (nil: belief.Trained).
	Belief *smallnet.Model
	// Worlds is how many placements of the next rack the placement
	// features are read in (0: DefaultWorlds; negative: none, the
	// features left 0).
	Worlds int
	// Beta weighs each placement by e^(−Beta·d), d the next rack's
	// distance to a win (0: DefaultBeta).
	Beta float64

	br      belief.Reader
	in      belief.Input
	reading belief.Reading
	racks   [classic.NumSeats]tile.Counts
	rel     belief.Relations
	bx      [smallnet.MaxFeatures]float32
}

// Fill reads view v, the seat's at a discard, into out; rnd draws the
// placements. It fails on a view the belief cannot read.
func (r *Reader) Fill(v *classic.View, rnd *game.Seeded, out *Input) error {
	m := r.Belief
	if m == nil {
		m = belief.Trained()
	}
	if err := r.br.Fill(v, &r.in); err != nil {
		return err
	}
	r.br.Score(&r.in, m, &r.reading)
	out.Next = r.in.Seats[0]
	out.Held = [tile.NumFaces]bool{}
	if out.Next < 0 {
		return nil
	}
	an := &v.Analyzer
	if !r.rel.For(an.Okey(), an.Config().Wrap) {
		r.rel.Build(an.Okey(), an.Config().Wrap)
	}
	var tenpai float64
	var out1, win [tile.NumFaces]float64
	if err := r.place(v, rnd, &tenpai, &out1, &win); err != nil {
		return err
	}
	since := sinceTake(v, out.Next)
	rd := &r.reading
	for f, k := range v.Counts {
		t := tile.Tile(f)
		if k == 0 || an.IsOkey(t) {
			continue
		}
		out.Held[f] = true
		x := &out.X[f]
		*x = [smallnet.MaxFeatures]float32{}
		r.br.FaceFeatures(v, &r.in, 0, t, &r.bx)
		copy(x[:nBelief], r.bx[placeFeatures:belief.NumFeatures])
		pf := an.PlaysAs(t)
		for i, rel := range []int{belief.RelSame, belief.RelRun1, belief.RelRun2, belief.RelValue} {
			s := 0.0
			for _, g := range r.rel.Faces(pf, rel) {
				g = belief.FaceOf(an, g)
				s += rd.P[0][g] * float64(rd.Unseen[g])
			}
			x[fReadSame+i] = float32(s)
		}
		x[fTenpai] = float32(tenpai)
		x[fOut] = float32(out1[f])
		x[fWin] = float32(win[f])
		x[fSinceTake] = float32(min(since, 255))
	}
	return nil
}

// place reads the placement features: over the placements drawn from
// the reading, each weighed by how near the next rack is to a win, the
// share one exchange from a win, and for each face held the share in
// which it is an out of the next rack, and lets it win.
func (r *Reader) place(v *classic.View, rnd *game.Seeded, tenpai *float64, outs, win *[tile.NumFaces]float64) error {
	worlds, beta := r.Worlds, r.Beta
	if worlds == 0 {
		worlds = DefaultWorlds
	}
	if beta == 0 {
		beta = DefaultBeta
	}
	if worlds < 0 {
		return nil
	}
	next := r.reading.Seats[0]
	an := &v.Analyzer
	total := 0.0
	for range worlds {
		r.reading.Deal(rnd, &r.racks)
		h, err := an.HandOf(r.racks[next])
		if err != nil {
			return fmt.Errorf("wait: the next player's rack: %w", err)
		}
		d := an.Distance(h)
		w := math.Exp(-beta * float64(d))
		total += w
		if d == 1 {
			*tenpai += w
		}
		o := an.Outs(h)
		for f, k := range v.Counts {
			if k == 0 || !o.Has(tile.Tile(f)) {
				continue
			}
			outs[f] += w
			if d == 1 {
				win[f] += w
			}
		}
	}
	if total > 0 {
		*tenpai /= total
		for f := range outs {
			outs[f] /= total
			win[f] /= total
		}
	}
	return nil
}

// sinceTake is seat's turns (draws) since it last took a discard, or
// all its turns when it never took one.
func sinceTake(v *classic.View, seat int) int {
	n := 0
	for _, e := range v.History {
		if e.Seat != seat {
			continue
		}
		switch e.Kind {
		case classic.EvTake:
			n = 0
		case classic.EvDraw:
			n++
		}
	}
	return n
}

// Chance is the chance that the next player wins on the face whose
// features are x, by model m: the logistic of m's score.
func Chance(m *smallnet.Model, x *[smallnet.MaxFeatures]float32) float64 {
	return 1 / (1 + math.Exp(-float64(m.Score(x))))
}

// Chances fills p with the chance, by model m, that each face held lets
// the next player win (0 for the faces not held).
func Chances(m *smallnet.Model, in *Input, p *[tile.NumFaces]float64) {
	*p = [tile.NumFaces]float64{}
	for f, h := range in.Held {
		if h {
			p[f] = Chance(m, &in.X[f])
		}
	}
}

//go:embed weights.json
var trainedJSON []byte

// Trained is the model the trainer made (lab/wait/train), read once
// from the weights shipped with the package. It is shared and must not
// be changed.
var Trained = sync.OnceValue(func() *smallnet.Model {
	m, err := smallnet.Parse(trainedJSON, "", NumFeatures)
	if err != nil {
		panic(fmt.Sprintf("the shipped wait weights: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})
