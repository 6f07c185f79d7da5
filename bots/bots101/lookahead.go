package bots101

import (
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// pairsWorth is what an opening with pairs is worth against one with
// runs and sets, in the odds of opening: measured with normal bots, a
// seat that opens with runs and sets scores -11 a hand on average, one
// that opens with pairs +48 (its rack counts double and it seldom
// finishes), one that never opens 205; so pairs save 157 points where
// melds save 216.
const pairsWorth = 0.7

// openOdds weighs the discards of a player who has not opened by what
// the next tile may bring: for each discard d, over every face u the
// seat has not seen (weighted by its live copies), whether the rack less
// d with u makes an opening (runs and sets worth the threshold; five
// pairs count half as much, a pairs opener paying double), and the mean
// value of the best opening it would make. The best opening of the rack
// with each u is searched once; it is the answer for every d it does not
// use; and a u with no tile of the rack to meld with (none of its colour
// within two values, none of its value, fewer than two okeys) changes no
// opening, so it is not searched at all. For a d it uses, the rack less
// d with u opens at least as well as the rack less d and at most as well
// as the rack with u, so it is searched again only when those two fall
// on either side of the threshold; otherwise the odds are known and the
// mean takes the lower bound. That keeps the odds exact and spares most
// searches of a long rack (a dealer's first discard of 22 tiles: a third
// of the time of the slowest decisions), at no cost in play
// (docs/studies/bots-101-hard.md, the ninth session).
func (p *player) openOdds(b *board, live *tile.Counts, cands []tile.Tile) (odds, mean [tile.NumFaces]float64) {
	return p.openOddsW(b, live, cands, pairsWorth)
}

// openOddsW is openOdds with a pairs opening worth pw.
func (p *player) openOddsW(b *board, live *tile.Counts, cands []tile.Tile, pw float64) (odds, mean [tile.NumFaces]float64) {
	an := b.an
	type probe struct {
		u    tile.Tile
		w    float64
		val  int
		uses tile.Counts
		all  bool // the opening melds every tile of the rack less one
		idle bool // u melds with nothing: the rack's openings are the answer
	}
	o0 := p.best(an, &b.rack)
	uses0 := used(o0.Melds)
	var without [tile.NumFaces]int // the best opening of the rack less d
	for _, d := range cands {
		c := b.rack
		c[d]--
		if uses0[d] > c[d] || o0.Tiles() >= c.Total() {
			without[d] = p.sv.BestOpening(an, c).Value
		} else {
			without[d] = o0.Value
		}
	}
	wild := int(b.rack[an.Okey()])
	var probes [tile.NumFaces]probe
	np := 0
	rd := p.look()
	var ww [tile.NumFaces]float64
	if rd != nil {
		ww = rd.wallWeights()
	}
	for f, k := range live {
		w := float64(k)
		if rd != nil {
			w = ww[f]
		}
		if w <= 0 {
			continue
		}
		u := tile.Tile(f)
		c := b.rack
		c[u]++
		if an.Check(c) != nil {
			continue
		}
		pr := probe{u: u, w: w, idle: wild < 2 && !an.IsOkey(u) && !hasPartner(an, &b.rack, u)}
		if !pr.idle {
			o := p.sv.BestOpening(an, c)
			pr.val, pr.uses, pr.all = o.Value, used(o.Melds), o.Tiles() >= c.Total()-1
		}
		probes[np] = pr
		np++
	}
	for _, d := range cands {
		var hit, sum, tot float64
		for i := range probes[:np] {
			pr := &probes[i]
			c := b.rack
			c[d]--
			c[pr.u]++
			val := pr.val
			switch {
			case pr.idle:
				val = without[d]
			case pr.uses[d] > c[d] || pr.all:
				// The rack less d with u opens at least as well as the rack
				// less d and at most as well as the rack with u: when both
				// sides of the threshold agree, the odds need no search, and
				// the mean takes the lower bound.
				if without[d] >= b.thr || pr.val < b.thr {
					val = without[d]
				} else {
					val = p.sv.BestOpening(an, c).Value
				}
			}
			switch {
			case val >= b.thr:
				hit += pr.w
			case pw > 0 && pairCount(an, &c, b.okp) >= 5:
				hit += float64(pr.w * pw)
			}
			sum += float64(pr.w * float64(val))
			tot += pr.w
		}
		if tot > 0 {
			odds[d], mean[d] = hit/tot, sum/tot
		}
	}
	return odds, mean
}

// lookDiscard is the discard of a player who has not opened, weighed by
// openOdds: never an okey or an işler taş while another tile is free;
// among the rest the one whose loss leaves the best chance of opening
// with the next tile, then the best mean opening, then the lowest tile.
func (p *player) lookDiscard(v *okey101.View, b *board, live *tile.Counts) tile.Tile {
	return p.lookOrder(v, b, live)[0]
}

// lookOrder is every discard lookDiscard weighs, its pick first, then
// the others as it ranks them: the ones weighed over more draws by that
// score, then the rest by the next tile's odds. With no free tile it is
// discardOrder's.
func (p *player) lookOrder(v *okey101.View, b *board, live *tile.Counts) []tile.Tile {
	an := b.an
	islek := okey101.IslekTiles(an, v.Rules, b.table)
	var free []tile.Tile
	for f, n := range b.rack {
		t := tile.Tile(f)
		if n > 0 && b.cost(t, v.Rules.Islek, islek) == 0 {
			free = append(free, t)
		}
	}
	if len(free) == 0 {
		return p.discardOrder(v, b, hardDiscard)
	}
	odds, mean := p.openOdds(b, live, free)
	for _, t := range free { // under the feed option, a chance of paying 101 weighs against it
		odds[t] -= feedRisk(v, t)
	}
	better := func(t, u tile.Tile) bool {
		switch {
		case odds[t] > odds[u]+1e-12:
			return true
		case odds[t] < odds[u]-1e-12:
		case mean[t] > mean[u]+1e-9:
			return true
		case mean[t] < mean[u]-1e-9:
		case value(an, t) < value(an, u):
			return true
		}
		return false
	}
	slices.SortStableFunc(free, func(t, u tile.Tile) int {
		switch {
		case better(t, u):
			return -1
		case better(u, t):
			return 1
		}
		return 0
	})
	cands := free[:min(len(free), twoDrawCands)]
	var two []float64
	if v.WallLeft >= twoDrawWall && len(cands) > 1 {
		two = p.twoDraws(b, live, cands, v.WallLeft, p.stream(v, streamLook))
	}
	score := func(i int) float64 {
		s := odds[cands[i]]
		if two != nil {
			s += two[i]
		}
		return s
	}
	// The candidates by their score, best first (the first of equals
	// keeps its place), then the rest of the free tiles as sorted.
	order := slices.Clone(cands)
	var scores [tile.NumFaces]float64
	for i, t := range cands {
		scores[t] = score(i)
	}
	slices.SortStableFunc(order, func(t, u tile.Tile) int {
		switch {
		case scores[t] > scores[u]+1e-12:
			return -1
		case scores[u] > scores[t]+1e-12:
			return 1
		}
		return 0
	})
	order = append(order, free[len(cands):]...)
	if scores[order[0]] < hopeOdds {
		// No discard leaves a real chance of opening: the rack will pay
		// 202 whatever it throws, so it throws what least helps the next
		// player open.
		if fo := p.feedOdds(v, b, live, free); fo != nil {
			low := 0
			for i := range fo {
				if fo[i] < fo[low]-1e-12 {
					low = i
				}
			}
			i := slices.Index(order, free[low])
			order = slices.Insert(slices.Delete(order, i, i+1), 0, free[low])
		}
	}
	return order
}

// hopeOdds is the chance of opening below which a player who has not
// opened gives up on it and only guards the next player's opening. At
// 0.01 rather than 0.02 it plays on for slim chances a little longer,
// which scored better; never giving up scored worse
// (docs/studies/bots-101-hard.md, the ninth session).
const hopeOdds = 0.01

// The look-ahead over more draws: while the wall holds at least
// twoDrawWall tiles (two more draws each), the best twoDrawCands
// discards by the next tile's odds are weighed again by the chance of
// opening with the next two tiles, and with the next three while the
// wall holds twice that, over twoDrawSamples draws of unseen tiles made
// from the bot's seed (the same draws for every discard, from the
// look-ahead's own source: stream).
const (
	twoDrawWall    = 8
	twoDrawCands   = 8
	twoDrawSamples = 64
	// twoDrawLeast is the fewest draws made when the decision has spent
	// its budget (decideBudget).
	twoDrawLeast = 16
)

// twoDraws estimates, for each candidate discard, the chance that the
// rack less it opens with the next two unseen tiles, plus (while the
// wall is long enough) the chance it opens with the next three; an
// opening with five pairs counts pairsWorth. The best opening of the
// rack with the tiles drawn is searched once a sample: when it falls
// short no discard can reach the threshold, and when it does not use a
// discard it is that discard's answer too.
func (p *player) twoDraws(b *board, live *tile.Counts, cands []tile.Tile, wall int, rnd *game.Seeded) []float64 {
	return p.twoDrawsW(b, live, cands, wall, rnd, pairsWorth)
}

// twoDrawsW is twoDraws with a pairs opening worth pw.
func (p *player) twoDrawsW(b *board, live *tile.Counts, cands []tile.Tile, wall int, rnd *game.Seeded, pw float64) []float64 {
	an := b.an
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
	out := make([]float64, len(cands))
	draws := 2
	if wall >= 2*twoDrawWall {
		draws = 3
	}
	if len(pool) < draws {
		return out
	}
	n := 0
	for ; n < twoDrawSamples && (n < twoDrawLeast || !p.spent()); n++ {
		// The first draws of a shuffle of the pool (weighed by the
		// belief when there is one).
		if pw8 != nil {
			if !drawWeighted(pool, pw8, draws, rnd) {
				break
			}
		} else {
			for k := range draws {
				j := k + rnd.Intn(len(pool)-k)
				pool[k], pool[j] = pool[j], pool[k]
			}
		}
		c := b.rack
		c[pool[0]]++
		for k := 1; k < draws; k++ {
			c[pool[k]]++
			if an.Check(c) != nil {
				break
			}
			o := p.sv.BestOpening(an, c)
			uses := used(o.Melds)
			all := o.Tiles() >= c.Total()-2
			for ci, d := range cands {
				cd := c
				cd[d]--
				switch {
				case o.Value >= b.thr && uses[d] <= cd[d] && !all:
					out[ci]++
				case o.Value >= b.thr && p.sv.BestOpening(an, cd).Value >= b.thr:
					out[ci]++
				case pw > 0 && pairCount(an, &cd, b.okp) >= 5:
					out[ci] += pw
				}
			}
		}
	}
	if n == 0 {
		return out
	}
	for i := range out {
		out[i] /= float64(n)
	}
	return out
}
