package bots101

import (
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

// pairCount is the most pairs counts c can lay keeping a tile (as
// meld.Analyzer.Pairs, without building the pairs).
func pairCount(an meld.Analyzer, c *tile.Counts, okp bool) int {
	twins, singles, w := 0, 0, 0
	for f, n := range c {
		if an.IsOkey(tile.Tile(f)) {
			w += int(n)
			continue
		}
		twins += int(n) / 2
		singles += int(n) % 2
	}
	p := twins + min(w, singles)
	if okp && w-min(w, singles) >= 2 {
		p++
	}
	if 2*p >= c.Total() && p > 0 {
		p--
	}
	return p
}

// hasPartner reports whether rack holds a tile u could share a run or
// set with: of u's colour within two values, or of its value in another
// colour.
func hasPartner(an meld.Analyzer, rack *tile.Counts, u tile.Tile) bool {
	pu := an.PlaysAs(u)
	c, v := pu.Colour(), pu.Value()
	for _, d := range [...]int{-2, -1, 1, 2} {
		if count(an, rack, c, v+d) > 0 {
			return true
		}
	}
	for k := range tile.Colour(tile.NumColours) {
		if k != c && count(an, rack, k, v) > 0 {
			return true
		}
	}
	return false
}
