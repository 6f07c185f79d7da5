package bots101

import (
	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// After opening, the discard looks one draw ahead: the best finishCands
// discards by discard's score are weighed again by the chance that the
// rack less each, with the next tile drawn (over the faces not seen,
// weighted by their live copies), finishes next turn on the table as it
// is, at finishWeight points a chance (a finish is −101 for the seat,
// and the others pay their racks): worth about a point a hand, better
// on every seed measured (docs/studies/bots-101-hard.md, the sixth
// session). While the wall holds finishTwoWall tiles (two more draws of
// the seat), the chance adds that of finishing with the second tile
// when the first does not, the discard between chosen at best (knowing
// the second: a shade hopeful), over finishTwoSamples pairs of unseen
// tiles drawn from the finish look's own source (stream), for each rack
// that leaves at most finishTwoLoose tiles out of its melds and the
// table's (the seventh session).
const (
	finishWeight = 150.0
	finishCands  = 6
	// finishOkeyDouble counts a finish with an okey twice (it doubles the
	// hand).
	finishOkeyDouble = false
	finishTwoSamples = 32
	finishTwoWall    = 5
	finishTwoLoose   = 5
	// finishTwoLeast is the fewest pairs drawn when the decision has
	// spent its budget (decideBudget).
	finishTwoLeast = 8
)

// finishOdds is, for each candidate discard, the chance that the rack
// less it finishes with the next tile, and with rnd (the finish look's
// source) the chance that it finishes with the next two (finishTwo).
func (p *player) finishOdds(b *board, live *tile.Counts, cands []tile.Tile, rnd *game.Seeded) []float64 {
	out := make([]float64, len(cands))
	fin := make([]tile.TileSet, len(cands)) // the faces that finish, a candidate each
	t := meld.Turn{Status: b.status, Threshold: b.thr, OkeyPair: b.okp, Taken: tile.NoTile}
	nb := *b
	nb.owed = tile.NoTile
	var wts [tile.NumFaces]float64 // the next tile's weights: live copies, or the wall's expected copies
	if rd := p.look(); rd != nil {
		wts = rd.wallWeights()
	} else {
		for f, k := range live {
			wts[f] = float64(k)
		}
	}
	var tot float64
	for _, w := range wts {
		tot += w
	}
	if tot == 0 {
		return out
	}
	for ci, d := range cands {
		if b.rack[d] == 0 {
			continue
		}
		for f, k := range wts {
			if k <= 0 {
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
				fin[ci] = fin[ci].With(tile.Tile(f))
				out[ci] += k
				if finishOkeyDouble && plan.OkeyFinish {
					out[ci] += k
				}
			}
		}
		out[ci] /= tot
	}
	if rnd != nil {
		p.finishTwo(b, live, cands, fin, out, rnd)
	}
	return out
}

// finishTwo adds to out the chance, over finishTwoSamples pairs of
// unseen tiles, that the rack less each candidate does not finish with
// the first tile but does with the second, after the best discard.
// fin is each candidate's finishing faces of one draw. The search
// spares itself the racks that cannot finish less any one tile
// (hopelessBy, one spare tile) and the candidates far from a finish.
func (p *player) finishTwo(b *board, live *tile.Counts, cands []tile.Tile, fin []tile.TileSet, out []float64, rnd *game.Seeded) {
	var pool []tile.Tile
	var pw8 []float64 // with a belief, each copy's chance of lying in the wall
	if rd := p.look(); rd != nil {
		pool, pw8 = rd.copyPool(&rd.Wall)
	} else {
		for f, k := range live {
			for range k {
				pool = append(pool, tile.Tile(f))
			}
		}
	}
	if len(pool) < 2 {
		return
	}
	t := meld.Turn{Status: b.status, Threshold: b.thr, OkeyPair: b.okp, Taken: tile.NoTile}
	nb := *b
	nb.owed = tile.NoTile
	two := make([]float64, len(cands))
	// A rack that leaves more than finishTwoLoose tiles out of its melds
	// and the table's is too far from a finish to look at.
	far := make([]bool, len(cands))
	for ci, d := range cands {
		c := b.rack
		c[d]--
		nb.rack = c
		if b.status == meld.OpenedMelds {
			u, _ := p.unmelded(b.an, &c)
			far[ci] = u-tableable(&nb) > finishTwoLoose
		}
	}
	n := 0
	for ; n < finishTwoSamples && (n < finishTwoLeast || !p.spent()); n++ {
		if pw8 != nil {
			if !drawWeighted(pool, pw8, 2, rnd) {
				break
			}
		} else {
			for k := range 2 {
				j := k + rnd.Intn(len(pool)-k)
				pool[k], pool[j] = pool[j], pool[k]
			}
		}
		t1, t2 := pool[0], pool[1]
		for ci, d := range cands {
			if b.rack[d] == 0 || fin[ci].Has(t1) || far[ci] {
				continue
			}
			c := b.rack
			c[d]--
			c[t1]++
			c[t2]++
			if b.an.Check(c) != nil {
				continue
			}
			if nb.rack = c; p.hopelessBy(&nb, 1) {
				continue
			}
			for f, n := range c {
				e := tile.Tile(f)
				if n == 0 || e == t2 || b.an.IsOkey(e) {
					continue
				}
				ce := c
				ce[e]--
				nb.rack = ce
				if p.hopeless(&nb) {
					continue
				}
				if _, ok := p.sv.CanFinish(b.an, ce, b.table, t); ok {
					two[ci]++
					break
				}
			}
		}
	}
	if n == 0 {
		return
	}
	for i := range out {
		out[i] += two[i] / float64(n)
	}
}
