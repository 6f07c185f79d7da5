package game

// meldsSeated is the most naturals of p a melds structure seats, exact:
// the relaxed optimum when a witness shows the tiles in existence can
// fill it (always, in practice), else the exact search.
func (a *Analyzer) meldsSeated(p *played) int {
	var r relaxed
	r.init(a.wraps(), p)
	m := r.solve()
	var s structure
	if a.witness(&r, &s) {
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
	return 14 - min(14, m+w)
}

// DiscardDistances analyses a 15-tile hand: for every face it holds, the
// distance of the 14 tiles left after discarding one copy of it; -1 for
// faces it does not hold. Other sizes are analysed the same way.
func (a *Analyzer) DiscardDistances(h Hand) [NumFaces]int8 {
	var out [NumFaces]int8
	for f := Tile(0); f < NumFaces; f++ {
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
func (a *Analyzer) Outs(h Hand) TileSet {
	d := a.Distance(h)
	var out TileSet
	if d == 0 {
		return out
	}
	for t := Tile(0); t < NumFaces; t++ {
		if a.outside(&h, t) <= 0 {
			continue
		}
		more := h
		more.Add(t)
		if a.Distance(more) < d {
			out = out.With(t)
		}
	}
	return out
}

// BestDiscard analyses a 15-tile hand. A discard that wins comes first:
// the highest win value (an okey discard doubles it, so among equal
// values the okey goes), then the highest face. Otherwise the discard
// that leaves the least distance, then the one that leaves the most
// outs, then the highest face; an okey is never suggested unless it wins.
// A hand of another size gets the same treatment; an empty hand gets the
// zero Discard with Tile NoTile.
func (a *Analyzer) BestDiscard(h Hand) Discard {
	best := Discard{Tile: NoTile, Distance: 15}
	bestValue, bestOuts := -1, -1
	dd := a.DiscardDistances(h)
	minD := int8(15)
	for f := Tile(0); f < NumFaces; f++ {
		if dd[f] >= 0 && !a.IsOkey(f) {
			minD = min(minD, dd[f])
		}
	}
	for f := Tile(0); f < NumFaces; f++ {
		if dd[f] < 0 {
			continue
		}
		if dd[f] == 0 && h.Len() == 15 {
			rest := h
			rest.Remove(f)
			if win, ok := a.Win(rest); ok {
				okey := a.IsOkey(f)
				v := a.winValue(&win, okey)
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
		rest := h
		rest.Remove(f)
		o := setSize(a.Outs(rest))
		if o >= bestOuts {
			best = Discard{Tile: f, Distance: int(dd[f])}
			bestOuts = o
		}
	}
	if best.Tile == NoTile && h.Len() > 0 {
		// Only okeys: a discard must still be named.
		for f := Tile(0); f < NumFaces; f++ {
			if dd[f] >= 0 {
				best = Discard{Tile: f, Distance: int(dd[f])}
			}
		}
	}
	if best.Tile == NoTile {
		best.Distance = 0
	}
	return best
}

func setSize(s TileSet) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// winValue is what a win is worth: melds 2, pairs 4, doubled by an okey
// finish and, with the one-colour option, by one colour.
func (a *Analyzer) winValue(w *Win, okeyFinish bool) int {
	v := 2
	if w.Kind == WinPairs {
		v = 4
	}
	if okeyFinish {
		v *= 2
	}
	if w.OneColour && a.rules.OneColourDouble {
		v *= 2
	}
	return v
}
