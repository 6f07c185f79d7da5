package meld

import (
	"math/rand/v2"

	"okey/game/tile"
)

// The brute-force reference: an exhaustive search written to be obviously
// right rather than fast. It takes the rack's lowest natural tile and
// tries every meld that can hold it — every run through its value of
// every length, with each other place filled by a natural or an okey
// whenever one is there, and every set of its value with every choice of
// the other colours, naturals or okeys — and leaving it out; it
// remembers racks it has seen. The rule that a tile stays in the rack is
// part of the search (a rack that ends with nothing left is not a
// solution), so the reference does not share the fast search's trick for
// it either.

type refRack struct {
	nat  [tile.NumColours][tile.NumValues + 1]int8
	wild int8
	kept bool // a tile has been left in the rack
}

type refSearch struct {
	count bool
	memo  map[refRack]int
}

const refNone = -1 << 20

func refOf(a Analyzer, c tile.Counts) refRack {
	var r refRack
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		for range c[f] {
			if a.IsOkey(f) {
				r.wild++
				continue
			}
			p := a.PlaysAs(f)
			r.nat[p.Colour()][p.Value()]++
		}
	}
	return r
}

// refBest is the reference's best value (or, with count, most tiles
// melded) keeping at least one tile; refNone when no tile can be kept
// (an empty rack).
func refBest(a Analyzer, c tile.Counts, count bool) int {
	s := refSearch{count: count, memo: map[refRack]int{}}
	return s.best(refOf(a, c))
}

func (s *refSearch) best(r refRack) int {
	if v, ok := s.memo[r]; ok {
		return v
	}
	col, val := -1, 0
	for c := 0; c < tile.NumColours && col < 0; c++ {
		for v := 1; v <= tile.NumValues; v++ {
			if r.nat[c][v] > 0 {
				col, val = c, v
				break
			}
		}
	}
	if col < 0 {
		if r.kept || r.wild > 0 {
			return 0
		}
		return refNone
	}
	// Leave it out.
	out := r
	out.nat[col][val]--
	out.kept = true
	best := s.best(out)
	// Runs through it.
	for lo := 1; lo <= val; lo++ {
		for hi := max(val, lo+2); hi <= tile.NumValues; hi++ {
			rest := r
			rest.nat[col][val]--
			s.fillRun(rest, col, lo, hi, lo, val, 0, &best)
		}
	}
	// Sets of its value.
	rest := r
	rest.nat[col][val]--
	s.fillSet(rest, col, val, 0, 1, &best)
	s.memo[r] = best
	return best
}

// fillRun fills the run lo..hi of colour col from place p on (the place
// skip is the tile being melded), then searches the rest.
func (s *refSearch) fillRun(r refRack, col, lo, hi, p, skip, got int, best *int) {
	if p > hi {
		if v := s.best(r); v != refNone {
			gain := (lo + hi) * (hi - lo + 1) / 2
			if s.count {
				gain = hi - lo + 1
			}
			*best = max(*best, v+gain)
		}
		return
	}
	if p == skip {
		s.fillRun(r, col, lo, hi, p+1, skip, got, best)
		return
	}
	if r.nat[col][p] > 0 {
		n := r
		n.nat[col][p]--
		s.fillRun(n, col, lo, hi, p+1, skip, got, best)
	}
	if r.wild > 0 {
		n := r
		n.wild--
		s.fillRun(n, col, lo, hi, p+1, skip, got, best)
	}
}

// fillSet decides colour c of a set of value v whose colour col is
// taken; size counts its tiles so far.
func (s *refSearch) fillSet(r refRack, col, v, c, size int, best *int) {
	if c == tile.NumColours {
		if size < 3 {
			return
		}
		if got := s.best(r); got != refNone {
			gain := v * size
			if s.count {
				gain = size
			}
			*best = max(*best, got+gain)
		}
		return
	}
	if c == col {
		s.fillSet(r, col, v, c+1, size, best)
		return
	}
	s.fillSet(r, col, v, c+1, size, best)
	if r.nat[c][v] > 0 {
		n := r
		n.nat[c][v]--
		s.fillSet(n, col, v, c+1, size+1, best)
	}
	if r.wild > 0 {
		n := r
		n.wild--
		s.fillSet(n, col, v, c+1, size+1, best)
	}
}

// Rack makers for the checks and benchmarks.

// fullSet is every tile of the game but the indicator (it lies on the
// table).
func fullSet(ind tile.Tile) []tile.Tile {
	ts := make([]tile.Tile, 0, tile.NumTiles-1)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		ts = append(ts, f, f)
	}
	for i, t := range ts {
		if t == ind {
			return append(ts[:i], ts[i+1:]...)
		}
	}
	return ts
}

// dealtRack is n tiles from a shuffled set, with a random indicator.
func dealtRack(r *rand.Rand, n int) (Analyzer, tile.Counts) {
	ind := tile.Tile(r.IntN(52))
	a, _ := New(ind)
	ts := fullSet(ind)
	r.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	return a, tile.CountsOf(ts[:n])
}

// constructedRack is a rack built to stress the search: tiles crowded
// into few colours and values (long runs, two of everything, sets), with
// extra okeys and false jokers.
func constructedRack(r *rand.Rand, n int) (Analyzer, tile.Counts) {
	ind := tile.Tile(r.IntN(52))
	a, _ := New(ind)
	colours := 1 + r.IntN(4)
	lo := 1 + r.IntN(8)
	hi := min(tile.NumValues, lo+3+r.IntN(10))
	var pool []tile.Tile
	for c := range colours {
		for v := lo; v <= hi; v++ {
			t := tile.NewTile(tile.Colour((c+int(ind))%4), v)
			pool = append(pool, t, t)
		}
	}
	pool = append(pool, a.Okey(), a.Okey(), tile.FalseJoker, tile.FalseJoker)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	var c tile.Counts
	for _, t := range pool {
		if c.Total() == n {
			break
		}
		if c[t] < 2 && !(t == ind && c[t] == 1) {
			c[t]++
		}
	}
	// Okeys are what makes the search hard: give most racks one or two.
	if r.IntN(4) != 0 && c[a.Okey()] < 2 && c.Total() < n+1 {
		c[a.Okey()]++
	}
	return a, c
}
