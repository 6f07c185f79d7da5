package expertclassic

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
	FeatDiscardStage  = iota              // 1 when the seat holds 15 tiles and must discard
	FeatDistance                          // normal's distance: of the rack, or after its best discard
	FeatOuts                              // faces that bring the rack nearer a win
	FeatLiveOuts                          // copies of those faces not seen by the seat
	FeatMeldsDistance                     // the distance by runs and sets alone
	FeatPairsDistance                     // the distance by seven pairs alone
	FeatOkeys                             // okeys held
	FeatFalseJokers                       // false jokers held
	FeatWallLeft                          // tiles left to draw
	FeatOwnTakes                          // discards the seat took this hand
	FeatOwnDiscards                       // tiles the seat discarded this hand
	FeatTakes                             // opponents' takes, three in play order
	FeatDiscards      = FeatTakes + 3     // opponents' discards, three in play order
	FeatOkeysGone     = FeatDiscards + 3  // okeys (and the indicator's copies) the seat has seen thrown
	FeatTopIsOut      = FeatOkeysGone + 1 // 1 when the previous player's discard is an out
	FeatShown         = FeatTopIsOut + 1  // 1 when the seat showed the indicator
	// NumBase is the first step's features, all counts of the view; the
	// rest read the tiles themselves, with the belief.
	NumBase = FeatShown + 1
)

// The richer features: whose turn it is, and the belief's reading
// (bots/belief, the shipped model) of where the unseen copies of the
// seat's outs lie.
const (
	FeatWaiting   = NumBase + iota    // 1 after the seat's own discard, the others to move
	FeatWallOuts                      // copies of the outs read to lie in the wall
	FeatDrawOut                       // the chance the next tile drawn is an out (the wall's outs over its unseen tiles)
	FeatOutsHeld                      // copies of the outs read to lie in each opponent's rack, three in play order
	FeatTopDanger = FeatOutsHeld + 3  // the next player's reading of the seat's last discard: copies of its run and set mates read in its rack
	FeatTopPassed = FeatTopDanger + 1 // 1 when the next player threw the face of the seat's last discard this hand
	// NumFeatures is the features of a position.
	NumFeatures = FeatTopPassed + 1
)

// FeatureNames names the features, for the report.
var FeatureNames = [NumFeatures]string{
	"discard stage", "distance", "outs", "live outs", "melds distance",
	"pairs distance", "okeys held", "false jokers", "wall left", "own takes",
	"own discards", "takes (next)", "takes (across)", "takes (previous)",
	"discards (next)", "discards (across)", "discards (previous)",
	"okeys seen thrown", "top is an out", "shown",
	"waiting", "wall outs", "draw an out", "outs held (next)", "outs held (across)",
	"outs held (previous)", "top's danger", "top passed",
}

// Featurer reads views into features; it keeps the belief's working
// memory, so one serves one goroutine. Its zero value is ready.
type Featurer struct {
	r belief.Reader
	// read is the last reading made.
	read belief.Reading
}

// Read reads the belief of view v (the shipped model, belief.Trained)
// and gives the reading, which the next call overwrites.
func (fx *Featurer) Read(v *classic.View) (*belief.Reading, error) {
	if err := fx.r.Read(v, belief.Trained(), &fx.read); err != nil {
		return nil, fmt.Errorf("belief: %w", err)
	}
	return &fx.read, nil
}

// Features fills x with the features of view v; it reads the belief of
// v first. See FeaturesRead.
func (fx *Featurer) Features(v *classic.View, x *[NumFeatures]float32) error {
	rd, err := fx.Read(v)
	if err != nil {
		return err
	}
	return FeaturesRead(v, rd, x)
}

// FeaturesRead fills x with the features of view v (the seat to decide,
// or the seat just discarded), the unseen copies placed by reading rd:
// v's own or that of a view one move before it (a bot weighing its
// moves reads once, the chance of a face in each place barely moving
// with one tile).
func FeaturesRead(v *classic.View, rd *belief.Reading, x *[NumFeatures]float32) error {
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
				x[FeatOwnTakes]++
			} else {
				x[FeatTakes+rel-1]++
			}
		case classic.EvDiscard:
			if rel == 0 {
				x[FeatOwnDiscards]++
			} else {
				x[FeatDiscards+rel-1]++
			}
			if e.Tile.Valid() {
				seen[e.Tile]++
				if an.IsOkey(e.Tile) {
					x[FeatOkeysGone]++
				}
			}
		}
	}
	var outs tile.TileSet
	if len(v.Rack) > hand.RackSize {
		x[FeatDiscardStage] = 1
		tb := an.DiscardTable(h, 0)
		x[FeatDistance] = float32(tb.Best)
		for _, o := range tb.Outs {
			outs |= o
		}
	} else {
		x[FeatDistance] = float32(an.Distance(h))
		outs = an.Outs(h)
	}
	x[FeatOuts] = float32(bits.OnesCount64(uint64(outs)))
	for _, f := range outs.Tiles() {
		u := float32(max(0, an.Available(f)-int(seen[f])))
		x[FeatLiveOuts] += u
		x[FeatWallOuts] += u * float32(rd.P[belief.Wall][f])
		for p := range belief.Opponents {
			x[FeatOutsHeld+p] += u * float32(rd.P[p][f])
		}
	}
	if w := rd.Slots[belief.Wall]; w > 0 {
		x[FeatDrawOut] = x[FeatWallOuts] / float32(w)
	}
	if !v.Legal.Draw && !v.Legal.Discard {
		x[FeatWaiting] = 1
	}
	if own := v.Discards[v.Seat]; len(own) > 0 {
		topFeatures(v, rd, own[len(own)-1], x, &seen)
	}
	x[FeatMeldsDistance] = float32(an.MeldsDistance(h))
	x[FeatPairsDistance] = float32(an.PairsDistance(h))
	if ok := an.Okey(); ok.Valid() {
		x[FeatOkeys] = float32(v.Counts[ok])
	}
	x[FeatFalseJokers] = float32(v.Counts[tile.FalseJoker])
	x[FeatWallLeft] = float32(v.WallLeft)
	if d := v.Discards[v.Previous]; len(d) > 0 && outs.Has(d[len(d)-1]) {
		x[FeatTopIsOut] = 1
	}
	if v.Shown[v.Seat] {
		x[FeatShown] = 1
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
		x[FeatTopDanger] += u * float32(rd.P[0][g])
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
			x[FeatTopPassed] = 1
		}
	}
}
