package hand

import (
	"iter"
	"math/bits"

	"okey/game/tile"
)

// IsWin reports whether a 14-tile hand wins, as melds or as seven pairs.
// It is Win without building the grouping. Any other size does not win.
func (a *Analyzer) IsWin(h Hand) bool {
	if h.n != RackSize {
		return false
	}
	p := a.play(&h)
	return pairsWin(&p) || a.meldsWin(&p)
}

// pairsWin: seven pairs need every single natural partnered by an okey.
func pairsWin(p *played) bool {
	singles := 0
	for _, r := range p.rows {
		singles += rowCount(r&rowLo) - rowCount(r&rowHi)
	}
	return singles <= p.w
}

// Win reports whether a 14-tile hand wins and, if it does, the grouping
// that proves it. Where both melds and seven pairs win it gives the pairs,
// which are worth more. A melds grouping reads naturally: every meld seats
// as many naturals as it can, runs run from low to high, and an okey
// stands for its own face where it can. Any other size does not win.
func (a *Analyzer) Win(h Hand) (Win, bool) {
	if h.n != RackSize {
		return Win{}, false
	}
	p := a.play(&h)
	if pairsWin(&p) {
		return a.stock.pairsGrouping(&p), true
	}
	if !a.meldsWin(&p) {
		return Win{}, false
	}
	var g grouper
	g.init(a, &p)
	g.collect = true
	// With every natural of one colour, look for a grouping of that
	// colour's runs first: it is worth double under one_colour_double.
	if c, ok := oneColour(&p); ok {
		g.onlyColour = c
		if g.find(0); g.found {
			w := a.stock.meldsGrouping(&g)
			w.OneColour = true
			return w, true
		}
		g.onlyColour = -1
		g.budget = groupingBudget
	}
	if g.find(0); !g.found {
		return Win{}, false
	}
	return a.stock.meldsGrouping(&g), true
}

// groupingBudget bounds the search for the most readable grouping; the
// first grouping found is already a valid one.
const groupingBudget = 4096

// groupingMore is how much further the search looks once a grouping is
// found.
const groupingMore = 64

// oneColour reports the colour of the naturals if they share one.
func oneColour(p *played) (int, bool) {
	c := -1
	for i, r := range p.rows {
		if r == 0 {
			continue
		}
		if c >= 0 {
			return -1, false
		}
		c = i
	}
	return c, c >= 0
}

// gmeld is one meld of a grouping in played faces: faces[i] is the face
// slot i plays as, wild[i] whether an okey fills it.
type gmeld struct {
	kind  MeldKind
	n     int
	faces [13]int8
	wild  [13]bool
}

// grouper searches a partition of the naturals and okeys into melds.
type grouper struct {
	nat [tile.NumColoured]int8
	// present has, for every colour, bit v-1 set while nat holds a
	// natural of value v: take and put keep it, so the search finds the
	// next natural and a line's gaps with a few bit operations.
	present    [tile.NumColours]uint32
	wilds      int
	wrap       bool
	okey       int // played face of the okey, -1 without
	onlyColour int // restrict to runs of this colour, -1 for any
	collect    bool
	stack      [RackSize]gmeld
	depth      int
	best       [RackSize]gmeld
	bestN      int
	bestScore  int
	found      bool
	budget     int // nodes left to visit when collecting
}

func (g *grouper) init(a *Analyzer, p *played) {
	g.nat = p.nat()
	for c, r := range p.rows {
		g.present[c] = r & rowLo
	}
	g.wilds = p.w
	g.wrap = a.wraps()
	g.okey = -1
	if a.stock.okey != tile.NoTile {
		g.okey = int(a.stock.okey)
	}
	g.onlyColour = -1
	g.bestScore = -1
	g.budget = groupingBudget
}

// find reports whether the naturals from face f on, with the okeys left,
// split into melds. With collect set it goes on to keep the most readable
// grouping and leaves it in best.
func (g *grouper) find(f int) bool {
	f = g.next(f)
	if g.collect {
		if g.budget <= 0 {
			return true
		}
		g.budget--
	}
	if f == tile.NumColoured {
		if g.wilds != 0 {
			return false
		}
		if g.collect {
			if s := g.score(); s > g.bestScore {
				g.bestScore = s
				g.bestN = g.depth
				g.best = g.stack
			}
			if !g.found {
				g.budget = min(g.budget, groupingMore)
			}
			g.found = true
			return false // go on looking for a more readable one
		}
		return true
	}
	c, v := f/tile.NumValues, f%tile.NumValues+1
	if g.onlyColour >= 0 && c != g.onlyColour {
		return false
	}
	// Runs containing f, longest first so a natural reading comes first.
	for start, L := range g.runsThrough(f) {
		if g.tryRun(f, c, start, L) {
			return true
		}
	}
	if g.onlyColour >= 0 {
		return false
	}
	// Sets at f's value: choose for every other colour natural, okey or
	// absent.
	var m gmeld
	m.kind = Set
	m.faces[0] = int8(f)
	m.n = 1
	return g.trySet(f, v, c, 0, &m)
}

// take and put remove and restore one natural of face f.
func (g *grouper) take(f int) {
	if g.nat[f]--; g.nat[f] == 0 {
		g.present[f/tile.NumValues] &^= 1 << (f % tile.NumValues)
	}
}

func (g *grouper) put(f int) {
	g.nat[f]++
	g.present[f/tile.NumValues] |= 1 << (f % tile.NumValues)
}

// next is the lowest face from f on that holds a natural, NumColoured
// when none does.
func (g *grouper) next(f int) int {
	for c := f / tile.NumValues; c < tile.NumColours; c++ {
		m := g.present[c]
		if c == f/tile.NumValues {
			m &^= 1<<(f%tile.NumValues) - 1
		}
		if m != 0 {
			return c*tile.NumValues + bits.TrailingZeros32(m)
		}
	}
	return tile.NumColoured
}

// runsThrough yields the runs (start, length; start 14 being 1 above 13)
// that hold face f and whose gaps the okeys left can fill, longest first
// (then by position, then by start). Each run stays within the reach of
// its position: as far as the okeys can bridge the gaps on either side.
func (g *grouper) runsThrough(f int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		c, v := f/tile.NumValues, f%tile.NumValues+1
		top := 13
		if g.wrap {
			top = wrapTop
		}
		positions := [2]int{v, 0}
		if v == 1 && g.wrap {
			positions[1] = wrapTop
		}
		absent := g.absentPositions(c, f)
		var lo, hi [2]int
		for k, p := range positions {
			if p == 0 {
				continue
			}
			lo[k], hi[k] = p, p
			for lo[k] > 1 && gapsIn(absent, lo[k]-1, p) <= g.wilds {
				lo[k]--
			}
			for hi[k] < top && gapsIn(absent, p, hi[k]+1) <= g.wilds {
				hi[k]++
			}
		}
		for L := min(13, max(hi[0]-lo[0], hi[1]-lo[1])+1); L >= 3; L-- {
			for k, p := range positions {
				if p == 0 {
					continue
				}
				for start := max(lo[k], p-L+1); start <= p && start+L-1 <= hi[k]; start++ {
					if start == 1 && start+L-1 == wrapTop {
						continue // 13-1-2 is not a run
					}
					if gapsIn(absent, start, start+L-1) > g.wilds {
						continue // more gaps than okeys
					}
					if !yield(start, L) {
						return
					}
				}
			}
		}
	}
}

// gapsIn counts the absent positions in lo..hi.
func gapsIn(absent uint32, lo, hi int) int {
	return bits.OnesCount32(absent >> lo & (1<<(hi-lo+1) - 1))
}

// absentPositions has bit p (1..14, 14 being 1 above 13) set where colour
// c's line holds no natural; face f, about to be used, counts as there.
func (g *grouper) absentPositions(c, f int) uint32 {
	have := g.present[c]
	if f/tile.NumValues == c {
		have |= 1 << (f % tile.NumValues)
	}
	m := ^have << 1 & (1<<(tile.NumValues+1) - 2) // bits 1..13
	return m | (m>>1&1)<<wrapTop
}

// runMeld is the run of colour c from start, L long (14 being 1 above
// 13), with the faces that no natural left fills marked wild (f, the
// face being seated, counts as there), and the number of those.
func (g *grouper) runMeld(f, c, start, L int) (m gmeld, need int) {
	m.kind = Run
	m.n = L
	for i := range L {
		val := start + i
		if val == wrapTop {
			val = 1
		}
		face := c*tile.NumValues + val - 1
		m.faces[i] = int8(face)
		if face != f && g.nat[face] == 0 {
			m.wild[i] = true
			need++
		}
	}
	return m, need
}

func (g *grouper) tryRun(f, c, start, L int) bool {
	m, need := g.runMeld(f, c, start, L)
	if need > g.wilds {
		return false
	}
	// Take the naturals; a natural present may still be left for another
	// meld, with an okey in its slot, when okeys remain.
	return g.placeRun(f, &m, 0, need)
}

// placeRun decides, slot by slot, natural or okey, then recurses.
func (g *grouper) placeRun(f int, m *gmeld, i, wildsUsed int) bool {
	if i == m.n {
		return g.commit(f, m, wildsUsed)
	}
	face := int(m.faces[i])
	if m.wild[i] {
		return g.placeRun(f, m, i+1, wildsUsed)
	}
	if face != f && wildsUsed < g.wilds {
		// Prefer the natural; try the okey in its slot second.
		if g.placeRun(f, m, i+1, wildsUsed) {
			return true
		}
		m.wild[i] = true
		ok := g.placeRun(f, m, i+1, wildsUsed+1)
		m.wild[i] = false
		return ok
	}
	return g.placeRun(f, m, i+1, wildsUsed)
}

// commit places meld m (its naturals and okeys), recurses, undoes.
func (g *grouper) commit(f int, m *gmeld, wildsUsed int) bool {
	if wildsUsed > g.wilds {
		return false
	}
	for i := range m.n {
		if !m.wild[i] {
			g.take(int(m.faces[i]))
		}
	}
	g.wilds -= wildsUsed
	g.stack[g.depth] = *m
	g.depth++
	ok := g.find(f)
	g.depth--
	g.wilds += wildsUsed
	for i := range m.n {
		if !m.wild[i] {
			g.put(int(m.faces[i]))
		}
	}
	return ok
}

// trySet extends set m colour by colour (colours after c in a fixed
// order, every one natural, okey or absent), then commits sets of 3 or 4.
func (g *grouper) trySet(f, v, c, oc int, m *gmeld) bool {
	if oc == tile.NumColours {
		if m.n < 3 {
			return false
		}
		wild := 0
		for i := range m.n {
			if m.wild[i] {
				wild++
			}
		}
		return g.commit(f, m, wild)
	}
	if oc == c {
		return g.trySet(f, v, c, oc+1, m)
	}
	face := oc*tile.NumValues + v - 1
	m.faces[m.n] = int8(face)
	if g.nat[face] > 0 {
		m.wild[m.n] = false
		m.n++
		if g.trySet(f, v, c, oc+1, m) {
			m.n--
			return true
		}
		m.n--
	}
	if g.wilds > 0 {
		m.wild[m.n] = true
		m.n++
		ok := g.trySet(f, v, c, oc+1, m)
		m.n--
		m.wild[m.n] = false
		if ok {
			return true
		}
	}
	return g.trySet(f, v, c, oc+1, m)
}

// score rates the grouping on the stack: okeys standing for their own
// face, then okeys at the ends of runs rather than in gaps or sets, then
// fewer melds (longer runs).
func (g *grouper) score() int {
	ownFace, atEnd := 0, 0
	for d := range g.depth {
		m := &g.stack[d]
		for i := range m.n {
			if !m.wild[i] {
				continue
			}
			if int(m.faces[i]) == g.okey {
				ownFace++
			}
			if m.kind == Run && (i == 0 || i == m.n-1) {
				atEnd++
			}
		}
	}
	return ownFace*1000 + atEnd*100 + (RackSize - g.depth)
}

// realTile is the tile that plays as natural face f: the false joker for
// the okey's face, f itself otherwise.
func (sk *stock) realTile(f int) tile.Tile {
	if tile.Tile(f) == sk.okey {
		return tile.FalseJoker
	}
	return tile.Tile(f)
}

// meldsGrouping turns the grouping the grouper kept into a Win.
func (sk *stock) meldsGrouping(g *grouper) Win {
	w := Win{Kind: WinMelds, Melds: make([]Meld, 0, g.bestN)}
	// One array for every meld's tiles and another for what they play
	// as: two allocations a grouping, not two a meld.
	tiles, as := make([]tile.Tile, RackSize), make([]tile.Tile, RackSize)
	for d := range g.bestN {
		m := &g.best[d]
		w.Melds = append(w.Melds, sk.meldOf(m, tiles[:m.n:m.n], as[:m.n:m.n]))
		tiles, as = tiles[m.n:], as[m.n:]
	}
	sortMelds(w.Melds)
	return w
}

// meldOf lays a searched meld out in tiles and as (m.n long each): the
// real tiles (an okey as itself, a false joker for the okey's face) and
// what each plays as, a set's by colour.
func (sk *stock) meldOf(m *gmeld, tiles, as []tile.Tile) Meld {
	out := Meld{Kind: m.kind, Tiles: tiles, As: as}
	for i := range m.n {
		out.As[i] = tile.Tile(m.faces[i])
		if m.wild[i] {
			out.Tiles[i] = sk.okey
		} else {
			out.Tiles[i] = sk.realTile(int(m.faces[i]))
		}
	}
	if m.kind == Set {
		sortSet(&out)
	}
	return out
}

// sortSet orders a set's tiles by the colour they play as.
func sortSet(m *Meld) {
	for i := 1; i < len(m.As); i++ {
		for j := i; j > 0 && m.As[j] < m.As[j-1]; j-- {
			m.As[j], m.As[j-1] = m.As[j-1], m.As[j]
			m.Tiles[j], m.Tiles[j-1] = m.Tiles[j-1], m.Tiles[j]
		}
	}
}

// sortMelds puts runs first (by colour, then low value), then sets by
// value, then pairs by face: the order a player lays them down.
func sortMelds(ms []Meld) {
	key := func(m *Meld) int {
		switch m.Kind {
		case Run:
			return int(m.As[0].Colour())*100 + m.As[0].Value()
		case Set:
			return 1000 + m.As[0].Value()
		}
		return 2000 + int(m.As[0])
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && key(&ms[j]) < key(&ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// pairsGrouping lays a seven-pairs win out: equal naturals together,
// every single with an okey, the okeys left over together.
func (sk *stock) pairsGrouping(p *played) Win {
	w := Win{Kind: WinPairs, Melds: make([]Meld, 0, RackSize/2)}
	tiles, as := make([]tile.Tile, 0, RackSize), make([]tile.Tile, 0, RackSize)
	pair := func(x, y, ax, ay tile.Tile) {
		tiles, as = append(tiles, x, y), append(as, ax, ay)
		n := len(tiles)
		w.Melds = append(w.Melds, Meld{Kind: Pair, Tiles: tiles[n-2 : n : n], As: as[n-2 : n : n]})
	}
	wilds := p.w
	colour := -1
	same := true
	for c := range tile.NumColours {
		r := p.rows[c]
		for v := range tile.NumValues {
			k := int(r>>v&1 + r>>(v+16)&1)
			if k == 0 {
				continue
			}
			if colour >= 0 && colour != c {
				same = false
			}
			colour = c
			f := c*tile.NumValues + v
			t := sk.realTile(f)
			if k == 2 {
				pair(t, t, tile.Tile(f), tile.Tile(f))
			} else {
				pair(t, sk.okey, tile.Tile(f), tile.Tile(f))
				wilds--
			}
		}
	}
	for ; wilds >= 2; wilds -= 2 {
		// Two okeys make a pair; say they stand for themselves.
		pair(sk.okey, sk.okey, sk.okey, sk.okey)
		if colour >= 0 && int(sk.okey.Colour()) != colour {
			// They can as well stand for any face of the rack's colour.
			f := tile.Tile(colour * tile.NumValues)
			last := &w.Melds[len(w.Melds)-1]
			last.As[0], last.As[1] = f, f
		}
	}
	w.OneColour = same
	return w
}
