package bots101

import (
	"cmp"
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// discardStyle is how a level weighs its discard.
type discardStyle struct {
	// history counts the discards of the whole hand as seen; without it
	// only what the view shows of the stacks.
	history bool
	// random picks at random among the tiles outside the kept melds
	// (the easy level), instead of weighing them.
	random bool
	// keep is the weight of a tile's potential against its value for a
	// player who has opened, early in the hand (late, it falls to 1).
	keep float64
	// danger drops keep to 1 at once when the hand nears its end (see
	// dumpWall): the high tiles go first.
	danger bool
	// watch, when the işler taş rule is off, keeps back a tile the next
	// player could lay off, once that player has opened: taking it would
	// cost them nothing.
	watch bool
	// feed, once the seat has opened, adds to each tile the points that
	// letting the next player open with it would cost (feedOdds).
	feed bool
	// finish, once the seat has opened, weighs the best few discards
	// again by the chance of finishing with the next tile, or the next
	// two while the wall lasts (finishOdds).
	finish bool
}

// discard picks the tile to throw: never one that costs 101 (an okey, an
// işler taş) while another is free, never a tile of the melds the rack
// makes while another is left, and among the rest the one the level
// values least. For a player who has not opened the value of a tile is
// its potential (the melds it may grow into, for the opening), ties
// going to the lower value; for one who has, its potential against the
// points it would cost if someone else finished, the points weighing
// more as the wall runs down.
func (p *player) discard(v *okey101.View, b *board, ds discardStyle) tile.Tile {
	return p.discardOrder(v, b, ds)[0]
}

// discardOrder is every tile of the rack as discard weighs it, its pick
// first and the others by the same score (the lower the better, equals
// by face); a random style ranks only its pick.
func (p *player) discardOrder(v *okey101.View, b *board, ds discardStyle) []tile.Tile {
	an := b.an
	islek := okey101.IslekTiles(an, v.Rules, b.table)
	var kept []meld.Meld
	switch b.status {
	case meld.NotOpened:
		kept = p.best(an, &b.rack).Melds
	case meld.OpenedMelds:
		_, kept = p.unmelded(an, &b.rack)
	case meld.OpenedPairs:
		kept = an.PairMelds(b.rack, b.okp)
	}
	pool := minus(b.rack, used(kept))
	if ds.random {
		return []tile.Tile{p.randomDiscard(b, &pool, islek)}
	}
	s := seen(v, ds.history)
	live := liveOf(&s)
	late := float64(v.WallLeft) / okey101.WallSize
	w := 1 + float64((ds.keep-1)*late)
	if ds.danger && near(v, dumpWall, dumpTiles) {
		w = 1
	}
	var feeds tile.TileSet // tiles the next player could lay off
	if next := (v.Seat + 1) % okey101.NumSeats; ds.watch && !v.Rules.Islek && v.Opened[next].Status != meld.NotOpened {
		feeds = an.Islek(b.table)
	}
	var feedP [tile.NumFaces]float64 // the chance each face lets the next player open
	if ds.feed && b.status != meld.NotOpened {
		var cands []tile.Tile
		for f, n := range pool {
			if t := tile.Tile(f); n > 0 && b.cost(t, v.Rules.Islek, islek) == 0 {
				cands = append(cands, t)
			}
		}
		for i, q := range p.feedOdds(v, b, &live, cands) {
			feedP[cands[i]] = q
		}
	}
	var order []tile.Tile
	var scores [tile.NumFaces]float64
	for f, n := range b.rack {
		t := tile.Tile(f)
		if n == 0 {
			continue
		}
		score := float64(float64(b.cost(t, v.Rules.Islek, islek)) * 1000)
		if feeds.Has(t) {
			score += 500
		}
		score += feedWeight(v, t) + float64(feedCost*feedP[t])
		val := float64(value(an, t))
		switch {
		case pool[t] == 0:
			score += 1e4 + val
		case b.status == meld.NotOpened:
			score += float64(float64(potential(an, &pool, &live, t))*10) + val
		case b.status == meld.OpenedPairs:
			score += float64(float64(live[t])*w) - float64(2*val)
		default:
			score += float64(float64(potential(an, &pool, &live, t))*w) - val
		}
		order, scores[t] = append(order, t), score
	}
	if len(order) == 0 {
		return []tile.Tile{tile.NoTile}
	}
	slices.SortStableFunc(order, func(t, u tile.Tile) int { return cmp.Compare(scores[t], scores[u]) })
	if ds.finish && b.status != meld.NotOpened && len(order) > 1 {
		// The best few again, by the chance of finishing next turn (or
		// the one after).
		n := min(len(order), finishCands)
		var rnd *game.Seeded
		if v.WallLeft >= finishTwoWall {
			rnd = p.stream(v, streamFinish)
		}
		fo := p.finishOdds(b, &live, order[:n], rnd)
		for i, t := range order[:n] {
			scores[t] -= float64(finishWeight * fo[i])
		}
		slices.SortStableFunc(order[:n], func(t, u tile.Tile) int { return cmp.Compare(scores[t], scores[u]) })
	}
	return order
}

// randomDiscard throws a tile at random from pool, avoiding the okey and
// işler taş while it can (and pool's tiles while any other is free).
func (p *player) randomDiscard(b *board, pool *tile.Counts, islek tile.TileSet) tile.Tile {
	var free, loose, any []tile.Tile
	for f, n := range b.rack {
		t := tile.Tile(f)
		if n == 0 {
			continue
		}
		any = append(any, t)
		if b.an.IsOkey(t) || islek.Has(t) {
			continue
		}
		free = append(free, t)
		if pool[t] > 0 {
			loose = append(loose, t)
		}
	}
	for _, ts := range [][]tile.Tile{loose, free, any} {
		if len(ts) > 0 {
			return ts[p.rnd.Intn(len(ts))]
		}
	}
	return tile.NoTile
}

var hardDiscard = discardStyle{keep: 6, history: true, watch: true, danger: true, feed: true, finish: true}

// The hard player's discard stops keeping tiles for their potential and
// throws its highest once the wall is down to dumpWall tiles or another
// seat that has opened holds dumpTiles or fewer (earlier than danger: on
// seeds 3 and 4, with the two changes beside it, 0.9 and 0.3 points a
// hand, and 1.4 and 0.1 on seeds 5 and 6; see docs/studies/bots-101-hard.md).
const (
	dumpWall  = 8
	dumpTiles = 9
)

// near reports whether the hand is near its end: another seat that has
// opened holds tiles or fewer, or the wall is down to wall tiles.
func near(v *okey101.View, wall, tiles int) bool {
	if v.WallLeft <= wall {
		return true
	}
	for s := range okey101.NumSeats {
		if s != v.Seat && v.Opened[s].Status != meld.NotOpened && v.TileCounts[s] <= tiles {
			return true
		}
	}
	return false
}
