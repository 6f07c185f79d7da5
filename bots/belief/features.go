package belief

import (
	"fmt"
	"slices"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Places is where an unseen tile may lie: one of the opponents' racks
// (0 to Opponents-1, in play order) or the wall (Wall).
const (
	Wall   = Opponents
	Places = Opponents + 1
)

// How a tile thrown, taken or passed over bears on a face, both as they
// play (a false joker as the okey's face): the same face, the same
// colour one or two values away (a run's neighbours), the same value in
// another colour (a set's), the same colour further away. Okey 101's
// reading (bots/belief101) counts by the same relations.
const (
	RelSame = iota
	RelRun1
	RelRun2
	RelValue
	RelColour
	NumRel
)

// The features of one (opponent, face): what the public history says of
// that opponent and that face, what the seat knows of the face, and how
// far the hand has gone. They are small counts, whole numbers under 256,
// so the trainer keeps them in bytes. Each block of NumRel counts the
// tiles in each relation to the face: recent is the opponent's last
// three discards (or passes: draws when its previous player's discard
// lay on top), early its first three discards, after a take the
// discards it made right after taking.
const (
	fNext            = iota // the opponent's place: next, across, previous (one-hot)
	fAcross                 //
	fPrev                   //
	fThrown                 // its discards, by relation to the face (NumRel)
	fThrownRecent    = fThrown + NumRel
	fThrownEarly     = fThrownRecent + NumRel
	fThrownAfterTake = fThrownEarly + NumRel
	fTaken           = fThrownAfterTake + NumRel // the discards it took
	fPassed          = fTaken + NumRel           // the discards it let go to draw
	fPassedRecent    = fPassed + NumRel          //
	fFace            = fPassedRecent + NumRel    // where the features of the face begin
)

const (
	fTwoUnseen   = fFace + iota // both copies unseen
	fOwn                        // copies in the seat's rack
	fThrownByAny                // copies discarded by anyone
	fLiveRun1                   // unseen copies of the run neighbours one away
	fLiveRun2                   // two away
	fLiveValue                  // of the same value in other colours
	fLiveColour                 // of the same colour further away
	fRunRoom                    // how many faces run one away from it
	fWild                       // the okey (wild: no neighbours)
	fFalseJoker                 //
	fKnownHere                  // copies the seat knows this opponent holds
	fHidden                     // the opponent's tiles the seat cannot place
	fKnownTotal                 // its tiles the seat can place
	fDraws                      // its draws from the wall this hand
	fTakes                      // its takes this hand
	fStage                      // discards so far this hand, all seats
	fWallLeft                   // tiles left in the wall
	NumFeatures
)

// FeatureNames names the features, for the trainer's report and the
// weights file.
var FeatureNames = func() (n [NumFeatures]string) {
	n[fNext], n[fAcross], n[fPrev] = "next", "across", "previous"
	rels := [NumRel]string{"same", "run1", "run2", "value", "colour"}
	for _, b := range []struct {
		at   int
		name string
	}{{fThrown, "thrown"}, {fThrownRecent, "thrown recent"}, {fThrownEarly, "thrown early"},
		{fThrownAfterTake, "thrown after a take"}, {fTaken, "taken"}, {fPassed, "passed"}, {fPassedRecent, "passed recent"}} {
		for r, rn := range rels {
			n[b.at+r] = b.name + " " + rn
		}
	}
	copy(n[fFace:], []string{"two unseen", "own", "thrown by any", "live run1", "live run2", "live value", "live colour",
		"run room", "wild", "false joker", "known here", "hidden", "known total", "draws", "takes", "stage", "wall left"})
	return n
}()

// Seen is what a seat's view says of the tiles it cannot place, which
// a reading must agree with: whose they could be, how many of each
// face, and how many each place holds.
type Seen struct {
	// Seat is the view's seat; Seats the opponents' seats in play order
	// (-1 for a seat that has left the match).
	Seat  int
	Seats [Opponents]int
	// Unseen is the copies of each face whose place the seat cannot know
	// (classic.View.Unseen).
	Unseen tile.Counts
	// Known is what the seat knows each opponent holds
	// (classic.View.Known), by place.
	Known [Opponents]tile.Counts
	// Slots is how many unseen tiles each place holds: an opponent's
	// rack less the tiles the seat knows are there, and the wall's
	// unseen tiles (the indicator, when it is the wall's last tile, is
	// not unseen).
	Slots [Places]int
	// Last is the tile each opponent threw last, when its rack is still
	// the one it threw from less that tile (it has not drawn since);
	// NoTile otherwise.
	Last [Opponents]tile.Tile
}

// Input is what a model reads of one view: what the view says of the
// unseen tiles, and the features of every (opponent, face) whose copies
// are unseen. It is filled in place (Reader.Fill) so that reading
// allocates nothing.
type Input struct {
	Seen
	// X is the features of each (opponent, face); only faces with
	// unseen copies are filled.
	// Features past the game's count are 0.
	X [Opponents][tile.NumFaces][smallnet.MaxFeatures]float32
}

// neighbours is the faces a face (as it plays) shares a run or a set
// with, for one deal's okey and wrap rule.
type neighbours struct {
	n    [NumRel]int8
	face [NumRel][tile.NumValues]tile.Tile
}

// Relations are the neighbours of every face as it plays, for one deal's
// okey and wrap rule (Build). The zero value is built for no deal.
type Relations struct {
	okey tile.Tile
	wrap bool
	nb   [tile.NumFaces]neighbours
}

// For reports whether t was built for okey and wrap.
func (t *Relations) For(okey tile.Tile, wrap bool) bool {
	return t.okey == okey && t.wrap == wrap && t.nb[0].n[RelSame] != 0
}

// Faces are the faces in relation rel (RelSame to RelColour) to face f
// as it plays (f below the false joker).
func (t *Relations) Faces(f tile.Tile, rel int) []tile.Tile {
	nb := &t.nb[f]
	return nb.face[rel][:nb.n[rel]]
}

// Build makes the relations of every face for a deal whose okey is okey,
// where a run may wrap from 13 to 1 when wrap is set.
func (t *Relations) Build(okey tile.Tile, wrap bool) {
	t.okey, t.wrap = okey, wrap
	for f := range tile.Tile(tile.FalseJoker) {
		nb := &t.nb[f]
		*nb = neighbours{}
		nb.face[RelSame][0], nb.n[RelSame] = f, 1
		botsclassic.RunMates(f, t.wrap, func(g tile.Tile, d int) {
			r := RelRun1
			if d == 2 {
				r = RelRun2
			}
			nb.face[r][nb.n[r]] = g
			nb.n[r]++
		})
		for c := range tile.NumColours {
			if g := tile.NewTile(tile.Colour(c), f.Value()); g != f {
				nb.face[RelValue][nb.n[RelValue]] = g
				nb.n[RelValue]++
			}
		}
		for v := 1; v <= tile.NumValues; v++ {
			g := tile.NewTile(f.Colour(), v)
			if g != f && !slices.Contains(nb.face[RelRun1][:nb.n[RelRun1]], g) && !slices.Contains(nb.face[RelRun2][:nb.n[RelRun2]], g) {
				nb.face[RelColour][nb.n[RelColour]] = g
				nb.n[RelColour]++
			}
		}
	}
}

// history is what the public history says of each opponent: the
// tally both games read alike, and the discards each made right after
// a take.
type history struct {
	Tally
	afterTake  [Opponents][tile.NumFaces]uint8
	justTook   [Opponents]bool
	takenByAny tile.Counts
}

// Reader reads views into inputs. It keeps its working memory between
// calls, so a Reader serves one goroutine, and reads without allocating.
type Reader struct {
	tb  Relations
	h   history
	in  Input
	hid smallnet.Hidden
}

// Fill reads view v into in. It fails on a view with no seat or a hand
// not being played, and on a view whose counts do not add up.
func (r *Reader) Fill(v *classic.View, in *Input) error {
	if v.Seat < 0 || v.Seat >= classic.NumSeats {
		return fmt.Errorf("belief: the view has no seat")
	}
	an := &v.Analyzer
	if !r.tb.For(an.Okey(), an.Config().Wrap) {
		r.tb.Build(an.Okey(), an.Config().Wrap)
	}
	in.Seat = v.Seat
	for p := range Opponents {
		s := (v.Seat + p + 1) % classic.NumSeats
		in.Seats[p] = s
		if !v.Active[s] {
			in.Seats[p] = -1
		}
	}
	r.readHistory(v)
	known := v.Known()
	for p := range Opponents {
		in.Known[p] = tile.Counts{}
		if s := in.Seats[p]; s >= 0 {
			in.Known[p] = known[s]
		}
	}
	if err := r.unseen(v, in); err != nil {
		return err
	}
	for p, s := range in.Seats {
		in.Last[p] = tile.NoTile
		if s >= 0 && v.TileCounts[s] == hand.RackSize {
			in.Last[p] = r.h.LastThrown[p][recentN-1]
		}
	}
	for p := range Opponents {
		for f := range tile.NumFaces {
			if in.Unseen[f] > 0 && in.Slots[p] > 0 {
				r.features(v, in, p, tile.Tile(f), &in.X[p][f])
			}
		}
	}
	return nil
}

// readHistory counts what each opponent threw, took and passed over.
func (r *Reader) readHistory(v *classic.View) {
	h := &r.h
	*h = history{}
	h.Reset()
	an := &v.Analyzer
	for _, e := range v.History {
		p := Tell(&h.Tally, an, v.Seat, Step{Kind: stepKind(e.Kind), Seat: e.Seat, Tile: e.Tile})
		switch e.Kind {
		case classic.EvDiscard:
			if p >= 0 {
				if h.justTook[p] {
					count(an, &h.afterTake[p], e.Tile)
				}
				h.justTook[p] = false
			}
		case classic.EvTake:
			if e.Tile.Valid() {
				h.takenByAny[e.Tile]++
			}
			if p >= 0 {
				h.justTook[p] = true
			}
		}
	}
}

// stepKind is what a classic event is to the tally.
func stepKind(k classic.EventKind) StepKind {
	switch k {
	case classic.EvDiscard:
		return StepDiscard
	case classic.EvTake:
		return StepTake
	case classic.EvDraw:
		return StepDraw
	}
	return StepOther
}

// count adds t to c as it plays, unless it is wild (a wild tile says
// nothing of the faces around it).
func count(an *hand.Analyzer, c *[tile.NumFaces]uint8, t tile.Tile) { CountAs(an, c, t) }

// unseen fills in.Unseen and in.Slots from the view, as
// classic.View.Unseen counts it but without building the discard
// stacks: the tiles on the stacks are those thrown less those taken.
func (r *Reader) unseen(v *classic.View, in *Input) error {
	var u [tile.NumFaces]int
	for f := range u {
		u[f] = 2
	}
	if !v.Rules.HasOkey() {
		u[tile.FalseJoker] = 0
	}
	for f := range u {
		u[f] -= int(v.Counts[f])
		u[f] -= int(r.h.ThrownByAny[f]) - int(r.h.takenByAny[f])
		for p := range Opponents {
			u[f] -= int(in.Known[p][f])
		}
	}
	if v.Indicator.Valid() && !indicatorDrawn(v) {
		u[v.Indicator]--
	}
	total := 0
	for f, n := range u {
		in.Unseen[f] = uint8(max(n, 0))
		total += max(n, 0)
	}
	rest := total
	for p := range Opponents {
		in.Slots[p] = 0
		if s := in.Seats[p]; s >= 0 {
			in.Slots[p] = v.TileCounts[s] - in.Known[p].Total()
			rest -= in.Slots[p]
		}
		if in.Slots[p] < 0 {
			return fmt.Errorf("belief: seat %d holds fewer tiles than the seat knows it holds", in.Seats[p])
		}
	}
	if rest < 0 {
		return fmt.Errorf("belief: the racks hold more tiles than are unseen")
	}
	in.Slots[Wall] = rest
	return nil
}

// indicatorDrawn reports whether the indicator has left the table: under
// indicator_last, drawn as the wall's last tile.
func indicatorDrawn(v *classic.View) bool {
	return v.Rules.IndicatorLast && v.WallLeft == 0 && lastDraw(v)
}

// lastDraw reports whether the hand has had a draw (the one that emptied
// the wall, when the wall is out).
func lastDraw(v *classic.View) bool {
	for i := len(v.History) - 1; i >= 0; i-- {
		if v.History[i].Kind == classic.EvDraw {
			return true
		}
	}
	return false
}

// FaceFeatures fills x with the features of opponent place p and face
// f, from view v and the input in that r.Fill last filled from v,
// whether or not f has unseen copies (Fill fills only the faces that
// do): the reading of a face the seat holds, which bots/wait reads of
// the next player.
func (r *Reader) FaceFeatures(v *classic.View, in *Input, p int, f tile.Tile, x *[smallnet.MaxFeatures]float32) {
	r.features(v, in, p, f, x)
}

// features fills x, the features of opponent place p and face f.
func (r *Reader) features(v *classic.View, in *Input, p int, f tile.Tile, x *[smallnet.MaxFeatures]float32) {
	*x = [smallnet.MaxFeatures]float32{}
	h := &r.h
	an := &v.Analyzer
	x[fNext+p] = 1
	wild := an.IsOkey(f)
	if wild {
		x[fWild] = 1
	} else {
		pf := an.PlaysAs(f)
		nb := &r.tb.nb[pf]
		for rel := range NumRel {
			var thrown, early, after, taken, passed, live int
			for _, g := range nb.face[rel][:nb.n[rel]] {
				thrown += int(h.Thrown[p][g])
				early += int(h.Early[p][g])
				after += int(h.afterTake[p][g])
				taken += int(h.Taken[p][g])
				passed += int(h.Passed[p][g])
				if rel != RelSame {
					live += int(in.Unseen[faceOf(an, g)])
				}
			}
			x[fThrown+rel] = float32(thrown)
			x[fThrownEarly+rel] = float32(early)
			x[fThrownAfterTake+rel] = float32(after)
			x[fTaken+rel] = float32(taken)
			x[fPassed+rel] = float32(passed)
			x[fThrownRecent+rel] = float32(recent(an, &h.LastThrown[p], nb, rel))
			x[fPassedRecent+rel] = float32(recent(an, &h.LastPassed[p], nb, rel))
			switch rel {
			case RelRun1:
				x[fLiveRun1] = float32(live)
				x[fRunRoom] = float32(nb.n[rel])
			case RelRun2:
				x[fLiveRun2] = float32(live)
			case RelValue:
				x[fLiveValue] = float32(live)
			case RelColour:
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
	x[fOwn] = float32(v.Counts[f])
	x[fThrownByAny] = float32(h.ThrownByAny[f])
	x[fKnownHere] = float32(in.Known[p][f])
	x[fHidden] = float32(in.Slots[p])
	x[fKnownTotal] = float32(in.Known[p].Total())
	x[fDraws] = float32(min(h.Draws[p], 255))
	x[fTakes] = float32(min(h.Takes[p], 255))
	x[fStage] = float32(min(h.Stage, 255))
	x[fWallLeft] = float32(min(v.WallLeft, 255))
}

// recent counts the tiles of window w in relation rel to the face whose
// neighbours are nb.
func recent(an *hand.Analyzer, w *[recentN]tile.Tile, nb *neighbours, rel int) int {
	n := 0
	for _, t := range w {
		if !t.Valid() || an.IsOkey(t) {
			continue
		}
		pt := an.PlaysAs(t)
		for _, g := range nb.face[rel][:nb.n[rel]] {
			if g == pt {
				n++
			}
		}
	}
	return n
}

// faceOf is the tile that plays as face g: g itself, or the false joker
// when g is the okey's face (whose own tiles are wild).
func faceOf(an *hand.Analyzer, g tile.Tile) tile.Tile { return FaceOf(an, g) }

// FaceOf is the tile that plays as face g: g itself, or the false joker
// when g is the okey's face (whose own tiles are wild).
func FaceOf[A Wilds](an A, g tile.Tile) tile.Tile {
	if an.IsOkey(g) {
		return tile.FalseJoker
	}
	return g
}
