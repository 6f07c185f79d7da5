package bots101

import (
	"okey/game/meld"
	"okey/game/tile"
)

// After opening, the discard looks one draw ahead: the best finishCands
// discards by discard's score are weighed again by the chance that the
// rack less each, with the next tile drawn (over the faces not seen,
// weighted by their live copies), finishes next turn on the table as it
// is, at finishWeight points a chance (a finish is −101 for the seat,
// and the others pay their racks). On seeds 3 to 10 (400 matches each)
// it is worth 0.9 points a hand and 1.1 points of match share, better on
// every seed (docs/bots-101-hard.md, the sixth session); 300 points did
// as well.
const (
	finishWeight = 150.0
	finishCands  = 6
	// finishOkeyDouble counts a finish with an okey twice (it doubles the
	// hand).
	finishOkeyDouble = false
)

// finishOdds is, for each candidate discard, the chance that the rack
// less it finishes with the next tile.
func (p *player) finishOdds(b *board, live *tile.Counts, cands []tile.Tile) []float64 {
	out := make([]float64, len(cands))
	t := meld.Turn{Status: b.status, Threshold: b.thr, OkeyPair: b.okp, Taken: tile.NoTile}
	nb := *b
	nb.owed = tile.NoTile
	var tot float64
	for _, k := range live {
		tot += float64(k)
	}
	if tot == 0 {
		return out
	}
	for ci, d := range cands {
		if b.rack[d] == 0 {
			continue
		}
		for f, k := range live {
			if k == 0 {
				continue
			}
			c := b.rack
			c[d]--
			c[f]++
			if b.an.Check(c) != nil {
				continue
			}
			nb.rack = c
			if p.hopeless(&nb) {
				continue
			}
			if plan, ok := p.sv.CanFinish(b.an, c, b.table, t); ok {
				out[ci] += float64(k)
				if finishOkeyDouble && plan.OkeyFinish {
					out[ci] += float64(k)
				}
			}
		}
		out[ci] /= tot
	}
	return out
}
