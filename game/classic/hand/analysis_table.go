package hand

import (
	"math/bits"

	"okey/game/tile"
)

// The discard table: what a player choosing a discard from 15 tiles asks
// of analysis, in one call that shares the work between the discards.
//
// A discard f that leaves the least distance d keeps as many tiles of
// a winning hand as the 15 do (d is the distance of h itself), so a face
// t that brings the 14 left nearer a win (an out of h-f) brings h+t below
// d as well: h-f+t is part of h+t, and a bigger rack is never further
// from a win. The outs of h, asked once, are therefore the only faces the
// outs of each such discard need to be asked about. (The face f itself
// is no out of h-f: h-f+f is h, at distance d.)

// DiscardTable is the analysis of a 15-tile hand for a discard.
type DiscardTable struct {
	// Dist is, for every face held, the distance of the 14 tiles left
	// after discarding one copy of it (DiscardDistances); -1 for the
	// faces not held.
	Dist [tile.NumFaces]int8
	// Best is the least of Dist over the faces that are not an okey, or
	// over every face when the hand holds nothing but okeys.
	Best int
	// Outs holds, for every face that is not an okey and whose discard
	// leaves Best, the outs of the 14 tiles left (Outs); it is empty for
	// the other faces and for the faces the caller said it knows.
	Outs [tile.NumFaces]tile.TileSet
}

// DiscardTable analyses a 15-tile hand for a discard: the distance each
// discard leaves, the least, and the outs of every discard that leaves
// the least, except for the faces of known (the caller has them). It
// answers as DiscardDistances and Outs of each rack left would, in about
// the time of a few Outs however many discards tie. Other sizes are
// analysed the same way.
func (a *Analyzer) DiscardTable(h Hand, known tile.TileSet) DiscardTable {
	var t DiscardTable
	p := a.play(&h)
	var o optimal
	o.solveAll(a, &p, true)
	var w seatMap
	if o.full || !a.stock.witness(&o.r, &w) {
		t.Dist = a.DiscardDistances(h)
		a.plainOuts(h, &t, a.ties(&t, known))
		return t
	}
	for f := range t.Dist {
		t.Dist[f] = -1
	}
	var ws withouts
	a.discardDistancesOf(h, &p, &o, &w, &t.Dist, &ws)
	ties := a.ties(&t, known)
	if ties == 0 {
		return t
	}
	var cover [tile.NumFaces]tile.TileSet
	cand, d := a.outsOf(h, &p, &o, &w, allFaces, &cover)
	if d != t.Best {
		a.plainOuts(h, &t, ties)
		return t
	}
	var og optimal // the solve of h-g, from h's
	for s := ties; s != 0; s &= s - 1 {
		g := tile.Tile(bits.TrailingZeros64(uint64(s)))
		var sure tile.TileSet
		for c := cand; c != 0; c &= c - 1 {
			o := bits.TrailingZeros64(uint64(c))
			if cover[o].Has(g) {
				sure |= 1 << o
			}
		}
		sure &^= 1 << g // h-g+g is h: no nearer
		if doubt := cand &^ sure &^ (1 << g); doubt != 0 {
			rest := h
			rest.Remove(g)
			pg := p
			pg.remove(a.PlaysAs(g))
			var more tile.TileSet
			wg := &ws.m[g] // h's optimum seated without g, when ws.has it
			if o.without(a, &pg, a.PlaysAs(g), &og) && (ws.has.Has(g) || a.stock.witness(&og.r, wg)) {
				// A structure proving t an out of h-g proves it one of
				// h-g' for the g' it leaves out too.
				more, _ = a.outsOf(rest, &pg, &og, wg, doubt, &cover)
			} else {
				more, _ = a.outsAmong(rest, doubt, nil)
			}
			sure |= more
		}
		t.Outs[g] = sure
	}
	return t
}

// ties sets t.Best from t.Dist and returns the discards whose outs are
// wanted: those leaving Best that are not an okey nor known.
func (a *Analyzer) ties(t *DiscardTable, known tile.TileSet) tile.TileSet {
	t.Best = a.bestDiscardDist(&t.Dist)
	var ties tile.TileSet
	for f, k := range t.Dist {
		if int(k) == t.Best && !a.IsOkey(tile.Tile(f)) && !known.Has(tile.Tile(f)) {
			ties |= 1 << f
		}
	}
	return ties
}

// plainOuts fills the outs of the discards ties one Outs each.
func (a *Analyzer) plainOuts(h Hand, t *DiscardTable, ties tile.TileSet) {
	for s := ties; s != 0; s &= s - 1 {
		f := tile.Tile(bits.TrailingZeros64(uint64(s)))
		rest := h
		rest.Remove(f)
		t.Outs[f], _ = a.outsAmong(rest, allFaces, nil)
	}
}

// without makes dst the solve of p, which is o's rack less a natural of
// played face f, from o: when the rack less f seats as many naturals as
// the rack (f is spare), its optimal configs are the rack's that stay
// optimal with f gone from their runs (a config of the smaller rack is
// one of the bigger, and seats no more there than the optimum). It
// reports false when none does (the smaller rack seats fewer: dst is
// then no solve) or dst would hold too many.
func (o *optimal) without(a *Analyzer, p *played, f tile.Tile, dst *optimal) bool {
	c, v := int(f)/tile.NumValues, int8(f%tile.NumValues+1)
	dst.n, dst.full, dst.slack, dst.best = 0, false, 0, o.best
	dst.memo = o.memo // curves by colour and codes: any rack's
	r := &dst.r
	r.initWith(a.wraps(), p, true)
	r.memo = o.r.memo
	r.seat, r.slots, r.three = 0, 0, 0
	var at [tile.NumValues + 1]int8 // index of a shared value
	for i := range at {
		at[i] = -1
	}
	for i := range r.nShare {
		at[r.shared[i].v] = int8(i)
	}
	for k := range o.n {
		x := &o.opts[k]
		if x.cc[c].digit(v) == 0 {
			continue // sets hold every copy: the config is not the smaller rack's
		}
		cc := x.cc
		cc[c].claim(v, 1)
		m := x.others[c].times(dst.curve(c, cc[c])).at(RackSize - int(x.slots))
		if m == 0 && x.slots > 11 && x.slots < RackSize && x.three < RackSize-x.slots {
			continue // as pack: no way to make 14 slots
		}
		if int(x.seat)+m < o.best {
			continue
		}
		var ch [tile.NumValues]int8
		for i := range ch {
			ch[i] = -1
		}
		for i := range o.r.nShare {
			j := x.choice[i]
			if j < 0 {
				continue
			}
			sv := &o.r.shared[i]
			ni := at[sv.v]
			if ni < 0 {
				return false
			}
			nsv := &r.shared[ni]
			if nsv.code == sv.code {
				ch[ni] = j
				continue
			}
			found := int8(-1)
			for jj := range nsv.opts {
				if nsv.opts[jj].claims == sv.opts[j].claims {
					found = int8(jj)
					break
				}
			}
			if found < 0 {
				return false
			}
			ch[ni] = found
		}
		if dst.n == maxOptimal {
			return false
		}
		y := &dst.opts[dst.n]
		y.choice, y.cc = ch, cc
		y.seat, y.slots, y.three = x.seat, x.slots, x.three
		dst.n++
	}
	if dst.n == 0 {
		return false
	}
	r.best = o.best
	r.bestChoice = dst.opts[0].choice
	dst.index()
	return true
}

// bestDiscardDist is the least distance of d over the faces that are not
// an okey, or over every face when the hand holds nothing else (127 when
// d is empty).
func (a *Analyzer) bestDiscardDist(d *[tile.NumFaces]int8) int {
	m, all := int8(127), int8(127)
	for f, k := range d {
		if k < 0 {
			continue
		}
		all = min(all, k)
		if k < m && !a.IsOkey(tile.Tile(f)) {
			m = k
		}
	}
	if m == 127 {
		return int(all)
	}
	return int(m)
}
