package main

import (
	"fmt"
	"math/bits"

	"okey/bots/belief"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// The features of a position, one seat's view at a decision: normal's
// own estimate of the rack (its distance and outs), the routes' other
// distances, the wilds held, the wall, and what each opponent took and
// threw (in play order from the seat: next, across, previous).
const (
	fDiscardStage  = iota           // 1 when the seat holds 15 tiles and must discard
	fDistance                       // normal's distance: of the rack, or after its best discard
	fOuts                           // faces that bring the rack nearer a win
	fLiveOuts                       // copies of those faces not seen by the seat
	fMeldsDistance                  // the distance by runs and sets alone
	fPairsDistance                  // the distance by seven pairs alone
	fOkeys                          // okeys held
	fFalseJokers                    // false jokers held
	fWallLeft                       // tiles left to draw
	fOwnTakes                       // discards the seat took this hand
	fOwnDiscards                    // tiles the seat discarded this hand
	fTakes                          // opponents' takes, three in play order
	fDiscards      = fTakes + 3     // opponents' discards, three in play order
	fOkeysGone     = fDiscards + 3  // okeys (and the indicator's copies) the seat has seen thrown
	fTopIsOut      = fOkeysGone + 1 // 1 when the previous player's discard is an out
	fShown         = fTopIsOut + 1  // 1 when the seat showed the indicator
	// NumBase is the first step's features, all counts of the view; the
	// rest read the tiles themselves, with the belief.
	NumBase = fShown + 1
)

// The richer features: whose turn it is, and the belief's reading
// (bots/belief, the shipped model) of where the unseen copies of the
// seat's outs lie.
const (
	fWaiting   = NumBase + iota // 1 after the seat's own discard, the others to move
	fWallOuts                   // copies of the outs read to lie in the wall
	fDrawOut                    // the chance the next tile drawn is an out (the wall's outs over its unseen tiles)
	fOutsHeld                   // copies of the outs read to lie in each opponent's rack, three in play order
	fTopDanger = fOutsHeld + 3  // the next player's reading of the seat's last discard: copies of its run and set mates read in its rack
	fTopPassed = fTopDanger + 1 // 1 when the next player threw the face of the seat's last discard this hand
	// NumFeatures is the features of a position.
	NumFeatures = fTopPassed + 1
)

// featureNames names the features, for the report.
var featureNames = [NumFeatures]string{
	"discard stage", "distance", "outs", "live outs", "melds distance",
	"pairs distance", "okeys held", "false jokers", "wall left", "own takes",
	"own discards", "takes (next)", "takes (across)", "takes (previous)",
	"discards (next)", "discards (across)", "discards (previous)",
	"okeys seen thrown", "top is an out", "shown",
	"waiting", "wall outs", "draw an out", "outs held (next)", "outs held (across)",
	"outs held (previous)", "top's danger", "top passed",
}

// baseFeatures are the first step's twenty.
var baseFeatures = func() []int {
	out := make([]int, NumBase)
	for k := range out {
		out[k] = k
	}
	return out
}()

// estimateFeatures are normal's own estimate of a rack, its distance and
// its outs: the baseline the learned value is measured against.
var estimateFeatures = []int{fDistance, fOuts, fLiveOuts}

// featurer reads views into features; it keeps the belief's working
// memory, so one serves one goroutine.
type featurer struct {
	rd belief.Reader
	// read is the last reading made.
	read belief.Reading
}

// features fills x with the features of view v; it reads the belief of
// v first. See featuresRead.
func (fx *featurer) features(v *classic.View, x *[NumFeatures]float32) error {
	if err := fx.rd.Read(v, belief.Trained(), &fx.read); err != nil {
		return fmt.Errorf("belief: %w", err)
	}
	return featuresRead(v, &fx.read, x)
}

// featuresRead fills x with the features of view v (the seat to decide,
// or the seat just discarded), the unseen copies placed by reading rd:
// v's own or that of a view one move before it (a bot weighing its
// moves reads once, the chance of a face in each place barely moving
// with one tile).
func featuresRead(v *classic.View, rd *belief.Reading, x *[NumFeatures]float32) error {
	*x = [NumFeatures]float32{}
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return fmt.Errorf("rack %s: %w", tile.FormatTiles(v.Rack), err)
	}
	// seen is what the seat has seen of the copies a rack may hold: its
	// own rack and every discard of the hand's public history (the
	// indicator is never one: Available leaves it out).
	seen := v.Counts
	for _, e := range v.History {
		rel := (e.Seat - v.Seat + classic.NumSeats) % classic.NumSeats
		switch e.Kind {
		case classic.EvTake:
			if rel == 0 {
				x[fOwnTakes]++
			} else {
				x[fTakes+rel-1]++
			}
		case classic.EvDiscard:
			if rel == 0 {
				x[fOwnDiscards]++
			} else {
				x[fDiscards+rel-1]++
			}
			if e.Tile.Valid() {
				seen[e.Tile]++
				if an.IsOkey(e.Tile) {
					x[fOkeysGone]++
				}
			}
		}
	}
	var outs tile.TileSet
	if len(v.Rack) > hand.RackSize {
		x[fDiscardStage] = 1
		tb := an.DiscardTable(h, 0)
		x[fDistance] = float32(tb.Best)
		for _, o := range tb.Outs {
			outs |= o
		}
	} else {
		x[fDistance] = float32(an.Distance(h))
		outs = an.Outs(h)
	}
	x[fOuts] = float32(bits.OnesCount64(uint64(outs)))
	for _, f := range outs.Tiles() {
		u := float32(max(0, an.Available(f)-int(seen[f])))
		x[fLiveOuts] += u
		x[fWallOuts] += u * float32(rd.P[belief.Wall][f])
		for p := range belief.Opponents {
			x[fOutsHeld+p] += u * float32(rd.P[p][f])
		}
	}
	if w := rd.Slots[belief.Wall]; w > 0 {
		x[fDrawOut] = x[fWallOuts] / float32(w)
	}
	if !v.Legal.Draw && !v.Legal.Discard {
		x[fWaiting] = 1
	}
	if own := v.Discards[v.Seat]; len(own) > 0 {
		topFeatures(v, rd, own[len(own)-1], x, &seen)
	}
	x[fMeldsDistance] = float32(an.MeldsDistance(h))
	x[fPairsDistance] = float32(an.PairsDistance(h))
	if ok := an.Okey(); ok.Valid() {
		x[fOkeys] = float32(v.Counts[ok])
	}
	x[fFalseJokers] = float32(v.Counts[tile.FalseJoker])
	x[fWallLeft] = float32(v.WallLeft)
	if d := v.Discards[v.Previous]; len(d) > 0 && outs.Has(d[len(d)-1]) {
		x[fTopIsOut] = 1
	}
	if v.Shown[v.Seat] {
		x[fShown] = 1
	}
	return nil
}

// topFeatures reads what the next player makes of t, the seat's last
// discard: the copies of the faces t shares a run or a set with (as it
// plays, okeys apart) that the reading places in the next player's rack,
// and whether the next player threw t's face itself this hand.
func topFeatures(v *classic.View, rd *belief.Reading, t tile.Tile, x *[NumFeatures]float32, seen *tile.Counts) {
	an := &v.Analyzer
	f := an.PlaysAs(t)
	if f >= tile.NumColoured || an.IsOkey(t) {
		return
	}
	next := (v.Seat + 1) % classic.NumSeats // the next player is place 0
	mate := func(g tile.Tile) {
		if g == f || !g.Valid() {
			return
		}
		u := float32(max(0, an.Available(g)-int(seen[g])))
		x[fTopDanger] += u * float32(rd.P[0][g])
	}
	c, n := f.Colour(), f.Value()
	for d := -2; d <= 2; d++ {
		if m := n + d; d != 0 && m >= 1 && m <= tile.NumValues {
			mate(tile.NewTile(c, m))
		}
	}
	for oc := range tile.Colour(tile.NumColours) {
		if oc != c {
			mate(tile.NewTile(oc, n))
		}
	}
	for _, e := range v.History {
		if e.Kind == classic.EvDiscard && e.Seat == next && e.Tile.Valid() && an.PlaysAs(e.Tile) == f {
			x[fTopPassed] = 1
		}
	}
}
