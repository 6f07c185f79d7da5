package main

import (
	"fmt"
	"math/bits"

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
	// NumFeatures is the features of a position.
	NumFeatures = fShown + 1
)

// featureNames names the features, for the report.
var featureNames = [NumFeatures]string{
	"discard stage", "distance", "outs", "live outs", "melds distance",
	"pairs distance", "okeys held", "false jokers", "wall left", "own takes",
	"own discards", "takes (next)", "takes (across)", "takes (previous)",
	"discards (next)", "discards (across)", "discards (previous)",
	"okeys seen thrown", "top is an out", "shown",
}

// estimateFeatures are normal's own estimate of a rack, its distance and
// its outs: the baseline the learned value is measured against.
var estimateFeatures = []int{fDistance, fOuts, fLiveOuts}

// features fills x with the features of view v (the seat to decide).
func features(v *classic.View, x *[NumFeatures]float32) error {
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
		x[fLiveOuts] += float32(max(0, an.Available(f)-int(seen[f])))
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
