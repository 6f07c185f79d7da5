package belief101

import (
	"fmt"

	"okey/bots/belief"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The features of one (opponent, face), as bots/belief's, with what the
// table says besides: each block of belief.NumRel counts the tiles in
// each relation to the face (the same face, a run's neighbours one and
// two away, the same value, the same colour further away). Recent is
// the opponent's last three discards (or passes), early its first
// three discards; laid the tiles it put down in its opening and its
// later melds, laid off those it added to the table's melds (and gave
// for an okey taken back).
const (
	fNext         = iota // the opponent's place: next, across, previous (one-hot)
	fAcross              //
	fPrev                //
	fThrown              // its discards, by relation to the face (NumRel)
	fThrownRecent = fThrown + belief.NumRel
	fThrownEarly  = fThrownRecent + belief.NumRel
	fTaken        = fThrownEarly + belief.NumRel  // the discards it took
	fPassed       = fTaken + belief.NumRel        // the discards it let go to draw
	fPassedRecent = fPassed + belief.NumRel       //
	fLaid         = fPassedRecent + belief.NumRel // the tiles it laid in melds
	fLaidOff      = fLaid + belief.NumRel         // the tiles it laid off
	fFace         = fLaidOff + belief.NumRel      // where the features of the face begin
)

const (
	fTwoUnseen   = fFace + iota // both copies unseen
	fOwn                        // copies in the seat's rack
	fThrownByAny                // copies discarded by anyone
	fOnTable                    // copies on the table
	fLiveRun1                   // unseen copies of the run neighbours one away
	fLiveRun2                   // two away
	fLiveValue                  // of the same value in other colours
	fLiveColour                 // of the same colour further away
	fRunRoom                    // how many faces run one away from it
	fWild                       // the okey (wild: no neighbours)
	fFalseJoker                 //
	fValue                      // the face's value as it plays (its points in a rack)
	fIslek                      // it could be laid off on the table now (işler taş)
	fKnownHere                  // copies the seat knows this opponent holds
	fHidden                     // the opponent's tiles the seat cannot place
	fKnownTotal                 // its tiles the seat can place
	fDraws                      // its draws from the wall this hand
	fTakes                      // its takes this hand
	fStage                      // discards so far this hand, all seats
	fWallLeft                   // tiles left in the wall
	fOpenMelds                  // it has opened with melds
	fOpenPairs                  // it has opened with pairs
	fOpenValue                  // its opening's value, or its pairs
	fSinceOpen                  // its discards since it opened
	NumFeatures
)

// FeatureNames names the features, for the trainer's report.
var FeatureNames = func() (n [NumFeatures]string) {
	n[fNext], n[fAcross], n[fPrev] = "next", "across", "previous"
	rels := [belief.NumRel]string{"same", "run1", "run2", "value", "colour"}
	for _, b := range []struct {
		at   int
		name string
	}{{fThrown, "thrown"}, {fThrownRecent, "thrown recent"}, {fThrownEarly, "thrown early"},
		{fTaken, "taken"}, {fPassed, "passed"}, {fPassedRecent, "passed recent"}, {fLaid, "laid"}, {fLaidOff, "laid off"}} {
		for r, rn := range rels {
			n[b.at+r] = b.name + " " + rn
		}
	}
	copy(n[fFace:], []string{"two unseen", "own", "thrown by any", "on the table", "live run1", "live run2", "live value",
		"live colour", "run room", "wild", "false joker", "value", "işler", "known here", "hidden", "known total",
		"draws", "takes", "stage", "wall left", "opened melds", "opened pairs", "opening", "since open"})
	return n
}()

// history is what the public history says of each opponent: the tally
// both games read alike (belief.Tally), what it laid and laid off, and
// whether it has opened and how long ago.
type history struct {
	belief.Tally
	laid, laidOff [belief.Opponents][tile.NumFaces]uint8
	sinceOpen     [belief.Opponents]int
	opened        [belief.Opponents]bool
	// onStacks is the tiles on the discard stacks, by face
	onStacks tile.Counts
}

// Reader reads views of 101 into inputs and readings. It keeps its
// working memory between calls, so a Reader serves one goroutine, and
// reads without allocating once its first read is done.
type Reader struct {
	rel   belief.Relations
	h     history
	in    belief.Input
	score belief.Reader
	melds []meld.Meld
}

// place is the opponent place of seat s seen from seat me (-1 for me).
func place(me, s int) int { return (s-me+okey101.NumSeats)%okey101.NumSeats - 1 }

// ErrView is wrapped by the errors of a view that cannot be read: no
// seat, a hand not being played, counts that do not add up.
var ErrView = fmt.Errorf("belief101: view not read")

// Fill reads view v into in: what it says of the unseen tiles, and the
// features of every (opponent, face) with unseen copies.
func (r *Reader) Fill(v *okey101.View, in *belief.Input) error {
	if v.Seat < 0 || v.Seat >= okey101.NumSeats {
		return fmt.Errorf("%w: no seat", ErrView)
	}
	if v.Phase != game.Playing || v.Result != nil {
		return fmt.Errorf("%w: the hand is not being played", ErrView)
	}
	an := &v.Analyzer
	if !r.rel.For(an.Okey(), false) {
		r.rel.Build(an.Okey(), false)
	}
	in.Seat = v.Seat
	for p := range belief.Opponents {
		in.Seats[p] = (v.Seat + p + 1) % okey101.NumSeats
		in.Known[p] = tile.Counts{}
		in.Last[p] = tile.NoTile
	}
	// the discard the seat to move took and has not laid yet is known
	// to be in its rack
	if v.Taken.Tile.Valid() && !v.Taken.Used && v.Turn != v.Seat {
		in.Known[place(v.Seat, v.Turn)][v.Taken.Tile]++
	}
	r.readHistory(v)
	if err := r.unseen(v, in); err != nil {
		return err
	}
	r.melds = r.melds[:0]
	for _, m := range v.Table {
		r.melds = append(r.melds, m.Meld)
	}
	islek := an.Islek(r.melds)
	var onTable tile.Counts
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			onTable[t]++
		}
	}
	for p := range belief.Opponents {
		for f := range tile.NumFaces {
			if in.Unseen[f] > 0 && in.Slots[p] > 0 {
				r.features(v, in, p, tile.Tile(f), islek.Has(tile.Tile(f)), onTable[f], &in.X[p][f])
			}
		}
	}
	return nil
}

// readHistory counts what each opponent threw, took, passed over, laid
// and laid off.
func (r *Reader) readHistory(v *okey101.View) {
	h := &r.h
	*h = history{}
	h.Reset()
	an := &v.Analyzer
	for _, e := range v.History {
		p := belief.Tell(&h.Tally, an, v.Seat, belief.Step{Kind: stepKind(e.Kind), Seat: e.Seat, Tile: e.Tile})
		switch e.Kind {
		case okey101.EvDiscard:
			if e.Tile.Valid() {
				h.onStacks[e.Tile]++
			}
			if p >= 0 && h.opened[p] {
				h.sinceOpen[p]++
			}
		case okey101.EvTake:
			if e.Tile.Valid() && h.onStacks[e.Tile] > 0 {
				h.onStacks[e.Tile]--
			}
		case okey101.EvGiveBack:
			if e.Tile.Valid() {
				h.onStacks[e.Tile]++
			}
		case okey101.EvOpen, okey101.EvLay:
			if p < 0 {
				continue
			}
			if e.Kind == okey101.EvOpen {
				h.opened[p] = true
			}
			for _, m := range e.Melds {
				for _, t := range m.Tiles {
					count(an, &h.laid[p], t)
				}
			}
		case okey101.EvLayOff, okey101.EvTakeBack:
			if p >= 0 {
				count(an, &h.laidOff[p], e.Tile)
			}
		}
	}
}

// stepKind is what a 101 event is to the tally.
func stepKind(k okey101.EventKind) belief.StepKind {
	switch k {
	case okey101.EvDiscard:
		return belief.StepDiscard
	case okey101.EvTake:
		return belief.StepTake
	case okey101.EvDraw:
		return belief.StepDraw
	}
	return belief.StepOther
}

// count adds t to c as it plays, unless it is wild.
func count(an *meld.Analyzer, c *[tile.NumFaces]uint8, t tile.Tile) { belief.CountAs(an, c, t) }

// unseen fills in.Unseen and in.Slots: the 106 tiles less the seat's
// rack, the indicator, the table, the discard stacks and the tiles it
// knows an opponent holds; each opponent's slots its rack less those,
// the wall's the rest (which the view's wall must match).
func (r *Reader) unseen(v *okey101.View, in *belief.Input) error {
	var u [tile.NumFaces]int
	for f := range u {
		u[f] = 2 - int(v.Counts[f]) - int(r.h.onStacks[f])
		for p := range belief.Opponents {
			u[f] -= int(in.Known[p][f])
		}
	}
	if v.Indicator.Valid() {
		u[v.Indicator]--
	}
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			if t.Valid() {
				u[t]--
			}
		}
	}
	total := 0
	for f, n := range u {
		if n < 0 {
			return fmt.Errorf("%w: %d copies of %v seen", ErrView, 2-n, tile.Tile(f))
		}
		in.Unseen[f] = uint8(n)
		total += n
	}
	rest := total
	for p, s := range in.Seats {
		in.Slots[p] = v.TileCounts[s] - in.Known[p].Total()
		if in.Slots[p] < 0 {
			return fmt.Errorf("%w: seat %d holds fewer tiles than the seat knows it holds", ErrView, s)
		}
		rest -= in.Slots[p]
	}
	if rest != v.WallLeft {
		return fmt.Errorf("%w: %d unseen tiles left for a wall of %d", ErrView, rest, v.WallLeft)
	}
	in.Slots[belief.Wall] = rest
	return nil
}

// features fills x, the features of opponent place p and face f.
func (r *Reader) features(v *okey101.View, in *belief.Input, p int, f tile.Tile, islek bool, onTable uint8, x *[smallnet.MaxFeatures]float32) {
	*x = [smallnet.MaxFeatures]float32{}
	h := &r.h
	an := &v.Analyzer
	x[fNext+p] = 1
	if an.IsOkey(f) {
		x[fWild] = 1
	} else {
		pf := an.PlaysAs(f)
		x[fValue] = float32(pf.Value())
		for rel := range belief.NumRel {
			var thrown, early, taken, passed, laid, laidOff, live, rt, rp int
			faces := r.rel.Faces(pf, rel)
			for _, g := range faces {
				thrown += int(h.Thrown[p][g])
				early += int(h.Early[p][g])
				taken += int(h.Taken[p][g])
				passed += int(h.Passed[p][g])
				laid += int(h.laid[p][g])
				laidOff += int(h.laidOff[p][g])
				if rel != belief.RelSame {
					live += int(in.Unseen[faceOf(an, g)])
				}
				rt += inWindow(an, &h.LastThrown[p], g)
				rp += inWindow(an, &h.LastPassed[p], g)
			}
			x[fThrown+rel] = float32(thrown)
			x[fThrownEarly+rel] = float32(early)
			x[fTaken+rel] = float32(taken)
			x[fPassed+rel] = float32(passed)
			x[fLaid+rel] = float32(min(laid, 255))
			x[fLaidOff+rel] = float32(laidOff)
			x[fThrownRecent+rel] = float32(rt)
			x[fPassedRecent+rel] = float32(rp)
			switch rel {
			case belief.RelRun1:
				x[fLiveRun1] = float32(live)
				x[fRunRoom] = float32(len(faces))
			case belief.RelRun2:
				x[fLiveRun2] = float32(live)
			case belief.RelValue:
				x[fLiveValue] = float32(live)
			case belief.RelColour:
				x[fLiveColour] = float32(live)
			}
		}
	}
	if f == tile.FalseJoker {
		x[fFalseJoker] = 1
	}
	if in.Unseen[f] >= 2 {
		x[fTwoUnseen] = 1
	}
	if islek {
		x[fIslek] = 1
	}
	x[fOwn] = float32(v.Counts[f])
	x[fThrownByAny] = float32(h.ThrownByAny[f])
	x[fOnTable] = float32(onTable)
	x[fKnownHere] = float32(in.Known[p][f])
	x[fHidden] = float32(in.Slots[p])
	x[fKnownTotal] = float32(in.Known[p].Total())
	x[fDraws] = float32(min(h.Draws[p], 255))
	x[fTakes] = float32(min(h.Takes[p], 255))
	x[fStage] = float32(min(h.Stage, 255))
	x[fWallLeft] = float32(min(v.WallLeft, 255))
	switch o := v.Opened[in.Seats[p]]; o.Status {
	case meld.OpenedMelds:
		x[fOpenMelds] = 1
		x[fOpenValue] = float32(min(o.Value, 255))
	case meld.OpenedPairs:
		x[fOpenPairs] = 1
		x[fOpenValue] = float32(min(o.Value, 255))
	}
	x[fSinceOpen] = float32(min(h.sinceOpen[p], 255))
}

// inWindow counts the tiles of window w that play as face g.
func inWindow(an *meld.Analyzer, w *[belief.RecentN]tile.Tile, g tile.Tile) int {
	n := 0
	for _, t := range w {
		if t.Valid() && !an.IsOkey(t) && an.PlaysAs(t) == g {
			n++
		}
	}
	return n
}

// faceOf is the tile that plays as face g (belief.FaceOf).
func faceOf(an *meld.Analyzer, g tile.Tile) tile.Tile { return belief.FaceOf(an, g) }
