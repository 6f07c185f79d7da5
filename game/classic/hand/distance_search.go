package hand

import (
	"math/bits"

	"okey/game/tile"
)

// An exact branch-and-bound over structures (see analyze.go for the
// model). It is the slow, plain solver: every answer of the fast analyser
// can be traced back to it.
//
// The search takes the naturals in face order. The lowest natural not yet
// dealt with is either left out of H' for good, or the lowest seated
// natural of a new meld, which seats every later natural it passes while
// one is left and fills its other slots. Runs are at most 5 long (a
// longer run is two shorter ones with the same slots) and every meld
// seats a natural (a meld of fills alone only pads the count to 14).

type search struct {
	nat    [tile.NumColoured]int8
	rem    [tile.NumColoured]int8 // naturals not yet seated or left out
	slots  [tile.NumColoured]int8 // N_f
	avail  [tile.NumColoured]int8
	budget int8
	wrap   bool
	over   int8 // sum of max(0, N_f - avail_f)
	used   int8 // slots in the structure
	seated int8
	left   int8 // sum of rem
	best   int8
	enough int8 // stop once best reaches this
}

func (a *Analyzer) newSearch(p *played) search {
	s := search{budget: a.stock.budget(), wrap: a.wraps(), best: -1}
	s.nat = p.nat()
	s.rem = s.nat
	for f := range tile.NumColoured {
		s.avail[f] = a.stock.availOf(tile.Tile(f))
		s.left += s.nat[f]
	}
	s.enough = int8(min(RackSize, p.n-p.w))
	return s
}

// meldsSeated is the most naturals a melds structure seats.
func (s *search) meldsSeated() int {
	s.run(0)
	return int(s.best)
}

func (s *search) run(f int) {
	if s.best >= s.enough || s.seated+min(s.left, RackSize-s.used) <= s.best {
		return
	}
	for f < tile.NumColoured && s.rem[f] == 0 {
		f++
	}
	if f == tile.NumColoured {
		if s.complete() {
			s.best = s.seated
		}
		return
	}
	c, v := f/tile.NumValues, f%tile.NumValues+1
	var faces [5]int
	// Runs through f, as a low value or (value 1) as the top of 12-13-1.
	positions := [2]int{v, 0}
	if v == 1 && s.wrap {
		positions[1] = wrapTop
	}
	for _, p := range positions {
		if p == 0 {
			continue
		}
		for L := 3; L <= 5; L++ {
			for start := p - L + 1; start <= p; start++ {
				end := start + L - 1
				if start < 1 || end > wrapTop || (end == wrapTop && !s.wrap) {
					continue
				}
				for i := range L {
					val := start + i
					if val == wrapTop {
						val = 1
					}
					faces[i] = c*tile.NumValues + val - 1
				}
				s.tryMeld(f, faces[:L])
			}
		}
	}
	// Sets at f's value.
	var others [3]int
	k := 0
	for oc := range tile.NumColours {
		if oc != c {
			others[k] = oc*tile.NumValues + v - 1
			k++
		}
	}
	var set [4]int
	set[0] = f
	for skip := range 3 {
		k := 1
		for i, g := range others {
			if i != skip {
				set[k] = g
				k++
			}
		}
		s.tryMeld(f, set[:3])
	}
	set[1], set[2], set[3] = others[0], others[1], others[2]
	s.tryMeld(f, set[:4])
	// Leave one copy of f out.
	s.rem[f]--
	s.left--
	s.run(f)
	s.rem[f]++
	s.left++
}

// tryMeld places a meld seating anchor f and recurses.
func (s *search) tryMeld(f int, faces []int) {
	if s.used+int8(len(faces)) > RackSize {
		return
	}
	var took [5]bool
	ok := true
	for i, g := range faces {
		if g == f || s.rem[g] > 0 {
			took[i] = true
			s.rem[g]--
			s.seated++
			s.left--
		}
		s.slots[g]++
		if s.slots[g] > s.avail[g] {
			s.over++
		}
	}
	if s.over > s.budget {
		ok = false
	}
	s.used += int8(len(faces))
	if ok {
		s.run(f)
	}
	s.used -= int8(len(faces))
	for i, g := range faces {
		if s.slots[g] > s.avail[g] {
			s.over--
		}
		s.slots[g]--
		if took[i] {
			s.rem[g]++
			s.seated--
			s.left++
		}
	}
}

// complete reports whether the structure can be made up to 14 slots.
func (s *search) complete() bool {
	r := RackSize - s.used
	switch {
	case r == 0:
		return true
	case r < 3:
		return false
	}
	return s.pad(r)
}

// pad fills r slots with fresh runs of tiles still in existence.
func (s *search) pad(r int8) bool {
	if r == 0 {
		return true
	}
	for L := int8(3); L <= 5 && L <= r; L++ {
		if rest := r - L; rest == 1 || rest == 2 {
			continue
		}
		for c := range tile.NumColours {
			for start := 0; start+int(L) <= tile.NumValues; start++ {
				extra := int8(0)
				for i := range int(L) {
					g := c*tile.NumValues + start + i
					if s.slots[g] >= s.avail[g] {
						extra++
					}
				}
				if s.over+extra > s.budget {
					continue
				}
				for i := range int(L) {
					g := c*tile.NumValues + start + i
					if s.slots[g] >= s.avail[g] {
						s.over++
					}
					s.slots[g]++
				}
				ok := s.pad(r - L)
				for i := range int(L) {
					g := c*tile.NumValues + start + i
					s.slots[g]--
					if s.slots[g] >= s.avail[g] {
						s.over--
					}
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}

// pairsSeated is the most naturals seven pairs seat: every pair of equal
// naturals, then singles, each partnered by a tile still in existence or
// by an okey.
func (a *Analyzer) pairsSeated(p *played) int {
	return a.pairCounts(p).seated(a.stock.budget())
}

// pairCounts are what the seven pairs depend on: pairs of equal
// naturals, singles, and singles whose partner only an okey can be.
type pairCounts struct{ twos, ones, short int }

func (a *Analyzer) pairCounts(p *played) pairCounts {
	var k pairCounts
	for c := range tile.NumColours {
		r := p.rows[c]
		k.twos += rowCount(r & rowHi)
		single := r &^ (r >> 16) & rowLo
		k.ones += rowCount(single)
		for ; single != 0; single &= single - 1 {
			v := bits.TrailingZeros32(single)
			if a.stock.availOf(tile.Tile(c*tile.NumValues+v)) < 2 {
				k.short++
			}
		}
	}
	return k
}

// with is the counts after one more natural of face f (held n times).
func (k pairCounts) with(a *Analyzer, f tile.Tile, n int) pairCounts {
	short := a.stock.availOf(f) < 2
	switch n {
	case 0:
		k.ones++
		if short {
			k.short++
		}
	case 1:
		k.ones--
		k.twos++
		if short {
			k.short--
		}
	}
	return k
}

// without is the counts after one natural of face f (held n times) fewer.
func (k pairCounts) without(a *Analyzer, f tile.Tile, n int) pairCounts {
	short := a.stock.availOf(f) < 2
	switch n {
	case 1:
		k.ones--
		if short {
			k.short--
		}
	case 2:
		k.twos--
		k.ones++
		if short {
			k.short++
		}
	}
	return k
}

func (k pairCounts) seated(budget int8) int {
	pairs := min(k.twos, 7)
	singles := min(k.ones, 7-pairs)
	if short := singles - (k.ones - k.short); short > int(budget) {
		singles -= short - int(budget)
	}
	return 2*pairs + singles
}
