package hand

import (
	"okey/game/tile"
)

// meldsSeated is the most naturals of p a melds structure seats, exact:
// the relaxed optimum when a witness shows the tiles in existence can
// fill it (always, in practice), else the exact search.
func (a *Analyzer) meldsSeated(p *played) int {
	var r relaxed
	r.init(a.wraps(), p)
	m := r.solve()
	var s seatMap
	if a.stock.witness(&r, &s) {
		return m
	}
	x := a.newSearch(p)
	return x.meldsSeated()
}

// seated is the most naturals of h a winning structure seats (melds or
// pairs), with h's wild count.
func (a *Analyzer) seated(h *Hand) (m, w int) {
	p := a.play(h)
	m = max(a.meldsSeated(&p), a.pairsSeated(&p))
	return m, p.w
}

// Distance is the least number of exchanges (one tile in, one out) that
// make a 14-tile hand a winning one, counting only tiles that exist
// outside the table, and both melds and seven pairs. A winning hand has
// distance 0.
//
// For other sizes it is 14 minus the most tiles of h a winning hand can
// share, so a 15-tile hand gets the distance left after its best discard
// and a short hand counts the tiles it lacks as well.
func (a *Analyzer) Distance(h Hand) int {
	m, w := a.seated(&h)
	return RackSize - min(RackSize, m+w)
}

// MeldsDistance is Distance by runs and sets alone, PairsDistance by
// seven pairs alone; Distance is the smaller. A rack shown to a person is
// laid out by the nearer route.
func (a *Analyzer) MeldsDistance(h Hand) int {
	p := a.play(&h)
	return RackSize - min(RackSize, a.meldsSeated(&p)+p.w)
}

// PairsDistance is Distance by seven pairs alone (see MeldsDistance).
func (a *Analyzer) PairsDistance(h Hand) int {
	p := a.play(&h)
	return RackSize - min(RackSize, a.pairsSeated(&p)+p.w)
}

// DiscardDistances analyses a 15-tile hand: for every face it holds, the
// distance of the 14 tiles left after discarding one copy of it; -1 for
// faces it does not hold. Other sizes are analysed the same way.
func (a *Analyzer) DiscardDistances(h Hand) [tile.NumFaces]int8 {
	var out [tile.NumFaces]int8
	for f := range out {
		out[f] = -1
	}
	p := a.play(&h)
	var o optimal
	o.solveAll(a, &p, false)
	var w seatMap
	if o.full || !a.stock.witness(&o.r, &w) {
		return a.discardDistancesSlow(h)
	}
	a.discardDistancesOf(h, &p, &o, &w, &out, nil)
	return out
}

// discardDistancesOf is DiscardDistances from the solve o of h (played
// p, every optimal config kept, with or without the dominated options)
// and the witness w of its best config: out gets the distance of every
// face h holds. When ws is not nil it gets, for the faces f that leave
// the optimum of melds, a structure seating it without f (w itself when
// w leaves f out), and ws.has those faces.
func (a *Analyzer) discardDistancesOf(h Hand, p *played, o *optimal, w *seatMap, out *[tile.NumFaces]int8, ws *withouts) {
	nat := p.nat()
	pc := a.pairCounts(p)
	for t := tile.Tile(0); t < tile.NumFaces; t++ {
		if h.Count(t) == 0 {
			continue
		}
		if a.IsOkey(t) {
			out[t] = int8(RackSize - min(RackSize, max(o.best, pc.seated(a.stock.budget()))+p.w-1))
			continue
		}
		f := a.PlaysAs(t)
		q := *p
		q.remove(f)
		m := o.best - 1 // the optimum without t's seat
		switch {
		case w.slotsAt(f) < nat[f]:
			m = o.best // t is not seated: nothing is lost
			if ws != nil {
				ws.has |= 1 << t
				ws.m[t] = *w
			}
		default:
			if i := o.spare(int(f)/tile.NumValues, int8(f%tile.NumValues+1)); i >= 0 {
				var s seatMap
				if a.stock.witnessOf(&o.r, &o.opts[i].choice, o.best, int(f)/tile.NumValues, int8(f%tile.NumValues+1), -1, &s) {
					m = o.best
					if ws != nil {
						ws.has |= 1 << t
						ws.m[t] = s
					}
				} else {
					m = a.meldsSeated(&q)
				}
			}
		}
		out[t] = int8(RackSize - min(RackSize, max(m, pc.without(a, f, int(nat[f])).seated(a.stock.budget()))+q.w))
	}
}

// withouts are structures of a rack less one tile, by the tile's face.
type withouts struct {
	has tile.TileSet
	m   [tile.NumFaces]seatMap
}

func (a *Analyzer) discardDistancesSlow(h Hand) [tile.NumFaces]int8 {
	var out [tile.NumFaces]int8
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		out[f] = -1
		if h.Count(f) == 0 {
			continue
		}
		rest := h
		rest.Remove(f)
		out[f] = int8(a.Distance(rest))
	}
	return out
}

// Outs lists the faces t of which a copy still exists outside the
// 14-tile hand h such that the best 14 of h+t are nearer a win than h.
// For a winning hand it is empty. Other sizes are analysed the same way.
func (a *Analyzer) Outs(h Hand) tile.TileSet {
	out, _ := a.outsAmong(h, allFaces, nil)
	return out
}

// allFaces is the set of every face.
const allFaces = tile.TileSet(1)<<tile.NumFaces - 1

// outsAmong is Outs asked only about the faces of among (the others are
// never in the answer), with the distance of h as well. When cover is not
// nil, cover[t] gains, for some of the outs t, the faces of h a copy of
// which a structure proving t an out leaves unseated (every face for an
// okey): for such a face g, t is an out of h-g as well when h-g is as
// near a win as h (and of any rack that differs from h by a tile such a
// structure leaves unseated, as the structure seats the same there).
func (a *Analyzer) outsAmong(h Hand, among tile.TileSet, cover *[tile.NumFaces]tile.TileSet) (tile.TileSet, int) {
	p := a.play(&h)
	var o optimal
	o.solveAll(a, &p, true)
	var w seatMap
	if o.full || !a.stock.witness(&o.r, &w) {
		return a.outsSlow(h, among)
	}
	return a.outsOf(h, &p, &o, &w, among, cover)
}

// outsOf is outsAmong from the solve o of h (played p, every optimal
// config kept with every set option) and the witness w of its best
// config.
func (a *Analyzer) outsOf(h Hand, p *played, o *optimal, w *seatMap, among tile.TileSet, cover *[tile.NumFaces]tile.TileSet) (tile.TileSet, int) {
	pc := a.pairCounts(p)
	base := max(o.best, pc.seated(a.stock.budget()))
	if base+p.w >= RackSize {
		return 0, 0
	}
	dist := RackSize - (base + p.w)
	nat := p.nat()
	// Values where a natural could sit alone in a meld of three, worked
	// out for a value when a face asked about needs it.
	var lonely [tile.NumValues + 1]uint8 // colour bits
	var lonelyDone uint16                // values worked out
	lonelyAt := func(v int8) uint8 {
		if lonelyDone&(1<<v) == 0 {
			lonelyDone |= 1 << v
			for y := range tile.NumColours {
				if nat[y*tile.NumValues+int(v)-1] > 0 && o.lone(y, v) >= 0 {
					lonely[v] |= 1 << y
				}
			}
		}
		return lonely[v]
	}
	// Values within four of a natural, by colour (12-13-1 with wrap).
	var near [tile.NumColours]uint32
	for c := range tile.NumColours {
		m := p.rows[c] & rowLo
		x := m<<1 | m<<2 | m<<3 | m<<4 | m>>1 | m>>2 | m>>3 | m>>4
		if a.wraps() {
			x |= m<<9 | m<<10 | m<<11 | m<<12 | m>>9 | m>>10 | m>>11 | m>>12
		}
		near[c] = x & rowLo
	}
	var out tile.TileSet
	for t := tile.Tile(0); t < tile.NumFaces; t++ {
		if among&(1<<t) == 0 || a.outside(&h, t) <= 0 {
			continue
		}
		if a.IsOkey(t) {
			out = out.With(t)
			if cover != nil {
				cover[t] = allFaces
			}
			continue
		}
		f := a.PlaysAs(t)
		c, v := int(f)/tile.NumValues, int8(f%tile.NumValues+1)
		q := *p
		q.add(f)
		if pc.with(a, f, int(nat[f])).seated(a.stock.budget()) > base {
			out = out.With(t)
			continue
		}
		if o.best+1 <= base {
			continue // a seat more in melds does not pass the pairs
		}
		if w.slotsAt(f) > nat[f] {
			// The witness has a slot for t: it seats one more.
			out = out.With(t)
			if cover != nil {
				cover[t] |= a.unseated(w, &q)
			}
			continue
		}
		// A tile with no natural of its colour within four values can
		// only sit alone in runs, three slots for one: that needs three
		// slots to spare.
		if near[c]&(1<<(v-1)) != 0 || o.slack >= 3 {
			if i := o.outRuns(c, v); i >= 0 {
				var s seatMap
				switch {
				case a.stock.witnessOf(&o.r, &o.opts[i].choice, o.best+1, c, v, 1, &s):
					out = out.With(t)
					if cover != nil {
						cover[t] |= a.unseated(&s, &q)
					}
				case a.meldsSeated(&q) > base:
					out = out.With(t)
				}
				continue
			}
		}
		// t in a set at v: joining an optimal config's set, or with a
		// natural that can sit alone.
		var s seatMap
		if i := o.outSets(c, v); i >= 0 {
			ex := extraSet{v: v, t: c}
			switch {
			case a.stock.witnessWith(&o.r, &o.opts[i].choice, o.best+1, -1, 0, 0, &ex, &s):
				out = out.With(t)
				if cover != nil {
					cover[t] |= a.unseated(&s, &q)
				}
			case a.meldsSeated(&q) > base:
				out = out.With(t)
			}
			continue
		}
		if lonelyAt(v)&^(1<<c) != 0 {
			done := false
			for y := range tile.NumColours {
				if y == c || lonely[v]&(1<<y) == 0 {
					continue
				}
				if i := o.lone(y, v); i >= 0 {
					ex := extraSet{v: v, t: c, y: y, lone: true}
					if a.stock.witnessWith(&o.r, &o.opts[i].choice, o.best+1, -1, 0, 0, &ex, &s) {
						out = out.With(t)
						if cover != nil {
							cover[t] |= a.unseated(&s, &q)
						}
						done = true
						break
					}
				}
			}
			if !done && a.meldsSeated(&q) > base {
				out = out.With(t)
			}
		}
	}
	return out, dist
}

// unseated is the faces of which a structure with slots s leaves a
// natural of p unseated, as real faces (the okey's face is the false
// joker).
func (a *Analyzer) unseated(s *seatMap, p *played) tile.TileSet {
	var out tile.TileSet
	for c := range tile.NumColours {
		r := p.rows[c]
		m := uint16(r&rowLo)&^s[c][0] | uint16(r>>16&rowLo)&^s[c][1]
		out |= tile.TileSet(m) << (c * tile.NumValues)
	}
	if ok := a.stock.okey; ok != tile.NoTile && out&(1<<ok) != 0 {
		out = out&^(1<<ok) | 1<<tile.FalseJoker
	}
	return out
}

func (a *Analyzer) outsSlow(h Hand, among tile.TileSet) (tile.TileSet, int) {
	d := a.Distance(h)
	var out tile.TileSet
	if d == 0 {
		return out, d
	}
	for t := tile.Tile(0); t < tile.NumFaces; t++ {
		if among&(1<<t) == 0 || a.outside(&h, t) <= 0 {
			continue
		}
		more := h
		more.Add(t)
		if a.Distance(more) < d {
			out = out.With(t)
		}
	}
	return out, d
}

// BestDiscard analyses a 15-tile hand. A discard that wins comes first:
// the highest win value (an okey discard doubles it, so among equal
// values the okey goes), then the highest face. Otherwise the discard
// that leaves the least distance; among those, the loneliest tile (the
// fewest tiles it could share a meld with: of its colour within two
// values, of its value in other colours), as it is the least likely to
// be wanted later, then the highest face. An okey is never suggested
// unless it wins. A hand of another size gets the same treatment; an
// empty hand gets the zero Discard with Tile NoTile.
func (a *Analyzer) BestDiscard(h Hand) Discard {
	if h.Len() == RackSize+1 {
		if d, ok := a.bestDiscard15(h); ok {
			return d
		}
	}
	return a.bestDiscardAll(h)
}

// bestDiscard15 is BestDiscard for 15 tiles in one solve of the rack: a
// natural the optimal structure leaves unseated can go without changing
// the distance, so the discard is the loneliest of those. A winning rack
// tries each face with IsWin. It reports false when the one solve does not
// settle it (no witness, or pairs ahead of melds) and the full analysis
// of every discard is needed. Among the optimal discards it may choose
// from fewer than bestDiscardAll does, so the two can name different
// tiles; both leave the least distance.
func (a *Analyzer) bestDiscard15(h Hand) (Discard, bool) {
	p := a.play(&h)
	var r relaxed
	r.init(a.wraps(), &p)
	m := r.solve()
	var s seatMap
	if !a.stock.witness(&r, &s) || a.pairsSeated(&p) > m {
		return Discard{}, false
	}
	if m+p.w >= RackSize {
		return a.winningDiscard(h)
	}
	nat := p.nat()
	best := Discard{Tile: tile.NoTile, Distance: RackSize - (m + p.w)}
	bestLinks := 99
	for t := tile.Tile(0); t < tile.NumFaces; t++ {
		if h.Count(t) == 0 || a.IsOkey(t) {
			continue
		}
		f := a.PlaysAs(t)
		if s.slotsAt(f) >= nat[f] {
			continue // every copy is seated
		}
		if l := links(&p, f, a.wraps()); l <= bestLinks {
			best.Tile = t
			bestLinks = l
		}
	}
	return best, best.Tile != tile.NoTile
}

// winningDiscard picks, for a 15-tile rack with a winning discard, the
// one worth most: among equals the okey, else the highest face. The
// value of a win follows from its kind without the grouping (pairs when
// pairs win, as Win prefers), so the costly melds check runs only where
// it can change the answer: on the okey, and on the other faces from the
// top down until one wins. The one-colour double needs the grouping and
// takes the long way. The grouping is built once, for the discard chosen.
func (a *Analyzer) winningDiscard(h Hand) (Discard, bool) {
	if a.cfg.OneColourDouble {
		return a.winningDiscardSlow(h)
	}
	rest := func(t tile.Tile) played {
		r := h
		r.Remove(t)
		return a.play(&r)
	}
	// The okey's own value: 8 with pairs, 4 with melds.
	okeyValue := -1
	if a.stock.okey != tile.NoTile && h.Count(a.stock.okey) > 0 {
		p := rest(a.stock.okey)
		switch {
		case pairsWin(&p):
			okeyValue = 8
		case a.meldsWin(&p):
			okeyValue = 4
		}
	}
	// The best other face: the highest that wins with pairs (4), else
	// the highest that wins with melds (2).
	other, otherValue := tile.NoTile, -1
	for t := tile.Tile(tile.NumFaces - 1); t < tile.NumFaces; t-- {
		if h.Count(t) == 0 || a.IsOkey(t) {
			continue
		}
		if p := rest(t); pairsWin(&p) {
			other, otherValue = t, 4
			break
		}
	}
	if otherValue < 0 && okeyValue < 4 {
		for t := tile.Tile(tile.NumFaces - 1); t < tile.NumFaces; t-- {
			if h.Count(t) == 0 || a.IsOkey(t) {
				continue
			}
			if p := rest(t); a.meldsWin(&p) {
				other, otherValue = t, 2
				break
			}
		}
	}
	best := Discard{Tile: tile.NoTile}
	switch {
	case okeyValue >= 0 && okeyValue >= otherValue:
		best = Discard{Tile: a.stock.okey, Wins: true, OkeyFinish: true}
	case otherValue >= 0:
		best = Discard{Tile: other, Wins: true}
	default:
		return best, false
	}
	r := h
	r.Remove(best.Tile)
	best.Win, _ = a.Win(r)
	return best, true
}

// winningDiscardSlow is winningDiscard valuing every winning discard by
// its grouping (for the one-colour double).
func (a *Analyzer) winningDiscardSlow(h Hand) (Discard, bool) {
	best := Discard{Tile: tile.NoTile}
	bestValue := -1
	for t := tile.Tile(0); t < tile.NumFaces; t++ {
		if h.Count(t) == 0 {
			continue
		}
		rest := h
		rest.Remove(t)
		w, ok := a.Win(rest)
		if !ok {
			continue
		}
		okey := a.IsOkey(t)
		if v := w.Points(okey, a.cfg.OneColourDouble); v > bestValue || (v == bestValue && (okey || !best.OkeyFinish)) {
			best = Discard{Tile: t, Distance: 0, Wins: true, OkeyFinish: okey, Win: w}
			bestValue = v
		}
	}
	return best, best.Tile != tile.NoTile
}

// bestDiscardAll is BestDiscard from the distance of every discard.
func (a *Analyzer) bestDiscardAll(h Hand) Discard {
	best := Discard{Tile: tile.NoTile, Distance: RackSize + 1}
	bestValue, bestLinks := -1, 99
	dd := a.DiscardDistances(h)
	minD := int8(RackSize + 1)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if dd[f] >= 0 && !a.IsOkey(f) {
			minD = min(minD, dd[f])
		}
	}
	p := a.play(&h)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if dd[f] < 0 {
			continue
		}
		if dd[f] == 0 && h.Len() == RackSize+1 {
			rest := h
			rest.Remove(f)
			if win, ok := a.Win(rest); ok {
				okey := a.IsOkey(f)
				v := win.Points(okey, a.cfg.OneColourDouble)
				if v > bestValue || (v == bestValue && (okey || !best.OkeyFinish)) {
					best = Discard{Tile: f, Distance: 0, Wins: true, OkeyFinish: okey, Win: win}
					bestValue = v
				}
				continue
			}
		}
		if bestValue >= 0 || a.IsOkey(f) || dd[f] != minD {
			continue
		}
		if l := links(&p, a.PlaysAs(f), a.wraps()); l <= bestLinks {
			best = Discard{Tile: f, Distance: int(dd[f])}
			bestLinks = l
		}
	}
	if best.Tile == tile.NoTile && h.Len() > 0 {
		// Only okeys: a discard must still be named.
		for f := tile.Tile(0); f < tile.NumFaces; f++ {
			if dd[f] >= 0 {
				best = Discard{Tile: f, Distance: int(dd[f])}
			}
		}
	}
	if best.Tile == tile.NoTile {
		best.Distance = 0
	}
	return best
}

// links counts the other naturals a natural of played face f could share
// a meld with: of its colour within two values, of its value in other
// colours.
func links(p *played, f tile.Tile, wrap bool) int {
	c, v := int(f)/tile.NumValues, int(f)%tile.NumValues
	n := 0
	for d := -2; d <= 2; d++ {
		w := v + d
		if wrap {
			// 12-13-1: 1 is next to 13 and two from 12.
			switch {
			case w == tile.NumValues && v >= tile.NumValues-2:
				w = 0
			case w < 0 && v == 0:
				w += tile.NumValues
			}
		}
		if d == 0 || w < 0 || w >= tile.NumValues {
			continue
		}
		r := p.rows[c]
		n += int(r>>w&1 + r>>(w+16)&1)
	}
	for oc := range tile.NumColours {
		if oc != c {
			r := p.rows[oc]
			n += int(r>>v&1 + r>>(v+16)&1)
		}
	}
	return n
}
