package bots101

import (
	"cmp"
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// The moves every level makes from the same few building blocks; each
// plays on a board and reports whether it did anything. An error is a
// plan the board refused: a bug, which Decide reports rather than play.

// finish plays the finish the exact search finds, if any.
func (p *player) finish(b *board) (bool, error) {
	if p.hopeless(b) {
		return false, nil
	}
	plan, ok := p.sv.CanFinish(b.an, b.rack, b.table, b.turn())
	if !ok {
		return false, nil
	}
	c := b.clone()
	for _, a := range okey101.PlanActions(b.seat, plan) {
		if err := c.apply(a); err != nil {
			return false, err
		}
	}
	*b = *c
	return true, nil
}

// hopeless reports, far more cheaply than the exact search, that the
// board cannot finish this turn (see stuckBy). Without okeys to take back,
// a finish puts every tile but the discard into new melds (or pairs) of
// rack tiles or onto the table's melds. So with runs and sets, the
// fewest tiles the rack leaves unmelded, less the tiles that could go
// onto the table, must be one at most, and with pairs the tiles left
// unpaired less those; a player who has not opened must also reach the
// threshold (or five pairs). The tiles that could go onto the table
// are, without an okey in the rack, those that fit it or have a chain
// of rack tiles of their colour to one that does; with one (which may
// bridge a gap to a run), the okeys, the tiles that fit a set and any
// tile of a colour the table has a run of.
func (p *player) hopeless(b *board) bool { return p.hopelessBy(b, 0) }

// hopelessBy is hopeless for a rack that may leave spare more tiles
// than the discard out of its melds (a rack with a tile more than it
// will hold: one hopeless by a spare tile is hopeless less any one).
func (p *player) hopelessBy(b *board, spare int) bool {
	if stuckBy(b, spare) {
		return true
	}
	an := b.an
	melds, pairs := b.status == meld.OpenedMelds, b.status == meld.OpenedPairs
	if b.status == meld.NotOpened {
		melds = p.best(an, &b.rack).Reaches(b.thr)
		pairs = pairCount(an, &b.rack, b.okp) >= 5
	}
	if !melds && !pairs {
		return true // it cannot even open
	}
	if len(an.TakeBacks(b.rack, b.table)) > 0 {
		return false
	}
	tab := tableable(b)
	if melds {
		if u, _ := p.unmelded(an, &b.rack); u-tab <= 1+spare {
			return false
		}
	}
	if pairs && unpaired(an, &b.rack, b.okp)-tab <= 1+spare {
		return false
	}
	return true
}

// unpaired is the fewest tiles of c left over when pairing as many as
// possible (twins, an okey with any tile, two okeys with okp).
func unpaired(an meld.Analyzer, c *tile.Counts, okp bool) int {
	singles, w := 0, 0
	for f, n := range c {
		if an.IsOkey(tile.Tile(f)) {
			w += int(n)
		} else {
			singles += int(n) % 2
		}
	}
	used := min(w, singles)
	left := singles - used + w - used
	if okp {
		left = singles - used + (w-used)%2
	}
	return left
}

// tableable counts the rack's tiles that could go onto the table's
// melds this turn (see hopeless).
func tableable(b *board) int {
	an := b.an
	islek := an.Islek(b.table)
	wild := b.rack[an.Okey()] > 0
	var runs [tile.NumColours]bool
	for _, m := range b.table {
		if m.Kind == meld.Run && len(m.As) > 0 {
			runs[m.RunColour()] = true
		}
	}
	k := 0
	for f, n := range b.rack {
		t := tile.Tile(f)
		if n == 0 {
			continue
		}
		if islek.Has(t) || an.IsOkey(t) {
			k += int(n)
			continue
		}
		if wild {
			if runs[an.PlaysAs(t).Colour()] {
				k += int(n)
			}
			continue
		}
		pt := an.PlaysAs(t)
		c, v := pt.Colour(), pt.Value()
	chain:
		for _, dir := range [...]int{-1, 1} {
			for d := dir; count(an, &b.rack, c, v+d) > 0; d += dir {
				if islek.Has(tileAt(an, c, v+d)) {
					k += int(n)
					break chain
				}
			}
		}
	}
	return k
}

// stuckBy is a quick sufficient condition for the rack to be unable to
// finish this turn, which spares most turns the exact search. Every
// tile but the discard must go down. Without okeys, a tile goes down
// only into a meld with a rack tile one value away in its colour or of
// its value in another colour, as a pair with its twin, onto a table
// meld (at once, or after such a neighbour), or in the place of a table
// okey; a tile with none of these is dead. An okey (in the rack, or
// freed by a take-back) also saves a tile with a partner two values away
// or two values from a table run's end; the tiles dead even so need two
// okeys to a meld (t, okey, okey, or t okey okey u three apart), so two
// okeys save at most two of them, and one none, unless pairs may be
// laid, where an okey pairs with any one tile.
//
// spare: how many more tiles than the discard the rack may leave out
// of its melds (0: none, the finish this turn); removing a tile makes
// no other tile less dead, so a rack stuck by one spare is stuck less
// any one tile.
func stuckBy(b *board, spare int) bool {
	an := b.an
	w := int(b.rack[an.Okey()])
	var freeing tile.TileSet
	for _, tb := range an.TakeBacks(b.rack, b.table) {
		w++ // each copy of a tile may free another okey
		freeing = freeing.With(tb.Tile)
	}
	w = min(w, 2)
	islek := an.Islek(b.table)
	var near [tile.NumColours]uint16 // values two from a table run's end
	if w > 0 {
		for _, m := range b.table {
			if m.Kind != meld.Run || len(m.As) == 0 {
				continue
			}
			c := m.RunColour()
			if lo := m.Low() - 2; lo >= 1 {
				near[c] |= 1 << lo
			}
			if hi := m.High() + 2; hi <= tile.NumValues {
				near[c] |= 1 << hi
			}
		}
	}
	dead := 0
	for f, n := range b.rack {
		t := tile.Tile(f)
		if n == 0 || n >= 2 || an.IsOkey(t) || islek.Has(t) || freeing.Has(t) {
			continue
		}
		pt := an.PlaysAs(t)
		c, v := pt.Colour(), pt.Value()
		if count(an, &b.rack, c, v-1) > 0 || count(an, &b.rack, c, v+1) > 0 || sameValue(an, &b.rack, c, v) {
			continue
		}
		if w > 0 && (count(an, &b.rack, c, v-2) > 0 || count(an, &b.rack, c, v+2) > 0 || near[c]&(1<<v) != 0) {
			continue
		}
		dead++
	}
	if b.status != meld.OpenedMelds {
		return dead >= w+2+spare // each okey may pair with one dead tile
	}
	switch w {
	case 0, 1:
		return dead >= 2+spare
	}
	return dead >= 4+spare
}

// sameValue reports whether rack holds a tile of value v in a colour
// other than c.
func sameValue(an meld.Analyzer, rack *tile.Counts, c tile.Colour, v int) bool {
	for k := range tile.Colour(tile.NumColours) {
		if k != c && count(an, rack, k, v) > 0 {
			return true
		}
	}
	return false
}

// openMelds opens with runs and sets when the rack's best opening
// reaches the threshold: with every meld the rack makes when those
// reach it too (the most tiles down), else with the most valuable
// opening. A taken discard must be in it: when neither holds it, the
// bot does not open.
func (p *player) openMelds(b *board) bool {
	o := p.best(b.an, &b.rack)
	if !o.Reaches(b.thr) {
		return false
	}
	if _, ms := p.unmelded(b.an, &b.rack); meld.Worth(ms) >= b.thr {
		if c := b.clone(); c.open(ms, false) == nil {
			*b = *c
			return true
		}
	}
	if c := b.clone(); c.open(o.Melds, false) == nil {
		*b = *c
		return true
	}
	return false
}

// openPairs opens with every pair the rack makes, when they are five or
// more.
func (p *player) openPairs(b *board) bool {
	ps := b.an.PairMelds(b.rack, b.okp)
	if len(ps) < 5 {
		return false
	}
	if c := b.clone(); c.open(ps, true) == nil {
		*b = *c
		return true
	}
	return false
}

// layAll lays down every meld the rack makes (the most tiles), or every
// pair for a pair opener.
func (p *player) layAll(b *board) bool {
	var ms []meld.Meld
	if b.status == meld.OpenedPairs {
		ms = b.an.PairMelds(b.rack, b.okp)
	} else {
		_, ms = p.unmelded(b.an, &b.rack)
	}
	if len(ms) == 0 {
		return false
	}
	c := b.clone()
	if c.lay(ms) != nil {
		return false
	}
	*b = *c
	return true
}

// layOffs lays off tiles one by one while any fits: the taken discard
// first, then real tiles, and okeys only with okeys set.
func (p *player) layOffs(b *board, okeys bool) bool {
	did := false
	for {
		los := b.an.LayOffs(b.rack, b.table)
		best := -1
		for i, lo := range los {
			if b.owes() && lo.Tile == b.owed {
				best = i
				break
			}
			if best < 0 && (okeys || !b.an.IsOkey(lo.Tile)) {
				best = i
			}
		}
		if best < 0 {
			return did
		}
		lo := los[best]
		if b.layOff(lo.Tile, lo.Meld, lo.End) != nil {
			// Keeping a tile in the rack forbids it; no other lay-off
			// is open either.
			return did
		}
		did = true
	}
}

// takeBacks takes okeys back from the table where the okey lets more of
// the rack be melded than the tile it replaces.
func (p *player) takeBacks(b *board) bool { return p.takeOkeys(b, false) }

// takeOkeys takes okeys back from the table: with all, every one the
// rack can (the tile goes down, the okey comes up and may go anywhere
// later); else only where the okey lets more of the rack be melded.
func (p *player) takeOkeys(b *board, all bool) bool {
	did := false
	for range 2 {
		tbs := b.an.TakeBacks(b.rack, b.table)
		if len(tbs) == 0 {
			break
		}
		now, _ := p.unmelded(b.an, &b.rack)
		took := false
		for _, tb := range tbs {
			c := b.clone()
			if c.takeBack(tb.Tile, tb.Meld) != nil {
				continue
			}
			if after, _ := p.unmelded(c.an, &c.rack); all || after < now {
				*b = *c
				did, took = true, true
				break
			}
		}
		if !took {
			break
		}
	}
	return did
}

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
