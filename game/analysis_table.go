package game

import "math/bits"

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
	Dist [NumFaces]int8
	// Best is the least of Dist over the faces that are not an okey, or
	// over every face when the hand holds nothing but okeys.
	Best int
	// Outs holds, for every face that is not an okey and whose discard
	// leaves Best, the outs of the 14 tiles left (Outs); it is empty for
	// the other faces and for the faces the caller said it knows.
	Outs [NumFaces]TileSet
}

// DiscardTable analyses a 15-tile hand for a discard: the distance each
// discard leaves, the least, and the outs of every discard that leaves
// the least, except for the faces of known (the caller has them). It
// answers as DiscardDistances and Outs of each rack left would, in about
// the time of a few Outs however many discards tie. Other sizes are
// analysed the same way.
func (a *Analyzer) DiscardTable(h Hand, known TileSet) DiscardTable {
	var t DiscardTable
	t.Dist = a.DiscardDistances(h)
	t.Best = a.bestDiscardDist(&t.Dist)
	var ties TileSet // the discards whose outs are wanted
	n := 0
	for f, k := range t.Dist {
		if int(k) == t.Best && !a.IsOkey(Tile(f)) && !known.Has(Tile(f)) {
			ties |= 1 << f
			n++
		}
	}
	if n == 0 {
		return t
	}
	if n > 1 {
		var cover [NumFaces]TileSet
		if cand, d := a.outsAmong(h, allFaces, &cover); d == t.Best {
			a.tiedOuts(h, &t, ties, cand, &cover)
			return t
		}
	}
	for s := ties; s != 0; s &= s - 1 {
		f := Tile(bits.TrailingZeros64(uint64(s)))
		rest := h
		rest.Remove(f)
		t.Outs[f], _ = a.outsAmong(rest, allFaces, nil)
	}
	return t
}

// tiedOuts fills the outs of the discards ties, which leave h's own
// distance, from h's outs cand: a pair of a discard g and an out t of h
// is settled by a structure of cover[t] that leaves a copy of g out,
// the rest by asking about the outs of h-g still in doubt.
func (a *Analyzer) tiedOuts(h Hand, t *DiscardTable, ties, cand TileSet, cover *[NumFaces]TileSet) {
	for s := ties; s != 0; s &= s - 1 {
		g := Tile(bits.TrailingZeros64(uint64(s)))
		var sure TileSet
		for c := cand; c != 0; c &= c - 1 {
			o := bits.TrailingZeros64(uint64(c))
			if cover[o].Has(g) {
				sure |= 1 << o
			}
		}
		sure &^= 1 << g // h-g+g is h: no nearer
		doubt := cand &^ sure &^ (1 << g)
		if doubt != 0 {
			rest := h
			rest.Remove(g)
			more, _ := a.outsAmong(rest, doubt, nil)
			sure |= more
		}
		t.Outs[g] = sure
	}
}

// bestDiscardDist is the least distance of d over the faces that are not
// an okey, or over every face when the hand holds nothing else (127 when
// d is empty).
func (a *Analyzer) bestDiscardDist(d *[NumFaces]int8) int {
	m, all := int8(127), int8(127)
	for f, k := range d {
		if k < 0 {
			continue
		}
		all = min(all, k)
		if k < m && !a.IsOkey(Tile(f)) {
			m = k
		}
	}
	if m == 127 {
		return int(all)
	}
	return int(m)
}
