package hand

import (
	"sort"

	"okey/game/tile"
)

// Arrange lays out any rack of 0 to 15 tiles for the table's sort keys.
//
// ArrangeRuns (seri diz) puts as many tiles as it can into complete runs
// and sets, okeys taking the slots that complete a group; then pairs of
// the tiles left that a single tile would complete (two of a run, two of
// a set); the rest apart. ArrangePairs (çift diz) puts equal tiles
// together, then every remaining single with an okey while okeys last;
// the rest apart.
//
// Groups come in reading order (complete runs by colour and value, sets
// by value, then the near groups), tiles within a group low to high with
// an okey where it plays; leftovers in face order. The same rack always
// gives the same arrangement. Invalid tiles go to the leftovers.
func (a *Analyzer) Arrange(tiles []tile.Tile, mode ArrangeMode) Arrangement {
	var h Hand
	var bad []tile.Tile
	for _, t := range tiles {
		if !t.Valid() || h.Count(t) == 2 || h.n == maxHand {
			bad = append(bad, t)
			continue
		}
		h.Add(t)
	}
	var arr Arrangement
	if mode == ArrangePairs {
		arr = a.arrangePairs(&h)
	} else {
		arr = a.arrangeRuns(&h)
	}
	if len(bad) > 0 {
		arr.Leftover = append(arr.Leftover, bad...)
	}
	return arr
}

func (a *Analyzer) arrangePairs(h *Hand) Arrangement {
	var arr Arrangement
	p := a.play(h)
	wilds := p.w
	var singles []tile.Tile
	for c := range tile.NumColours {
		r := p.rows[c]
		for v := range tile.NumValues {
			f := c*tile.NumValues + v
			t := a.stock.realTile(f)
			switch r>>v&1 + r>>(v+16)&1 {
			case 2:
				arr.add([]tile.Tile{t, t}, []tile.Tile{a.PlaysAs(t), a.PlaysAs(t)})
			case 1:
				singles = append(singles, t)
			}
		}
	}
	rest := singles[:0:0]
	for _, t := range singles {
		if wilds > 0 {
			arr.add([]tile.Tile{t, a.stock.okey}, []tile.Tile{a.PlaysAs(t), a.PlaysAs(t)})
			wilds--
			continue
		}
		rest = append(rest, t)
	}
	for ; wilds >= 2; wilds -= 2 {
		arr.add([]tile.Tile{a.stock.okey, a.stock.okey}, []tile.Tile{tile.NoTile, tile.NoTile})
	}
	if wilds == 1 {
		rest = append(rest, a.stock.okey)
	}
	arr.Leftover = rest
	return arr
}

func (a *Analyzer) arrangeRuns(h *Hand) Arrangement {
	var arr Arrangement
	p := a.play(h)
	var c coverer
	c.init(a, &p)
	c.run(0)
	for d := range c.bestN {
		m := &c.best[d]
		mm := a.stock.meldOf(m, make([]tile.Tile, m.n), make([]tile.Tile, m.n))
		arr.add(mm.Tiles, mm.As)
	}
	sortGroups(&arr, a)
	// Near groups among what is left: two of a run, then two of a set.
	nat := c.bestLeft
	var near [][]tile.Tile
	for col := range tile.NumColours {
		for v := range tile.NumValues {
			f := col*tile.NumValues + v
			for nat[f] > 0 {
				paired := false
				for d := 1; d <= 2 && v+d < tile.NumValues; d++ {
					if nat[f+d] > 0 {
						near = append(near, []tile.Tile{a.stock.realTile(f), a.stock.realTile(f + d)}, []tile.Tile{tile.Tile(f), tile.Tile(f + d)})
						nat[f]--
						nat[f+d]--
						paired = true
						break
					}
				}
				if !paired {
					break
				}
			}
		}
	}
	for v := range tile.NumValues {
		for col := range tile.NumColours {
			f := col*tile.NumValues + v
			for nat[f] > 0 {
				paired := false
				for oc := col + 1; oc < tile.NumColours; oc++ {
					g := oc*tile.NumValues + v
					if nat[g] > 0 {
						near = append(near, []tile.Tile{a.stock.realTile(f), a.stock.realTile(g)}, []tile.Tile{tile.Tile(f), tile.Tile(g)})
						nat[f]--
						nat[g]--
						paired = true
						break
					}
				}
				if !paired {
					break
				}
			}
		}
	}
	for i := 0; i < len(near); i += 2 {
		arr.add(near[i], near[i+1])
	}
	for f := range tile.NumColoured {
		for range nat[f] {
			arr.Leftover = append(arr.Leftover, a.stock.realTile(f))
		}
	}
	for range c.bestWilds {
		arr.Leftover = append(arr.Leftover, a.stock.okey)
	}
	sort.Slice(arr.Leftover, func(i, j int) bool { return arr.Leftover[i] < arr.Leftover[j] })
	return arr
}

// sortGroups orders complete groups: runs by colour then value, then sets
// by value.
func sortGroups(arr *Arrangement, a *Analyzer) {
	key := func(g []tile.Tile) int {
		// A run has two tiles of one colour that are not okeys; a set
		// has naturals of different colours.
		var first tile.Tile = tile.NoTile
		for _, t := range g {
			if a.IsOkey(t) {
				continue
			}
			pt := a.PlaysAs(t)
			if first == tile.NoTile {
				first = pt
				continue
			}
			if pt.Colour() == first.Colour() {
				return int(first.Colour())*100 + first.Value()
			}
			return 1000 + first.Value()
		}
		if first == tile.NoTile {
			return 3000
		}
		return 2000 + int(first)
	}
	idx := make([]int, len(arr.Groups))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return key(arr.Groups[idx[i]]) < key(arr.Groups[idx[j]]) })
	gs, as := make([][]tile.Tile, len(idx)), make([][]tile.Tile, len(idx))
	for i, k := range idx {
		gs[i], as[i] = arr.Groups[k], arr.As[k]
	}
	arr.Groups, arr.As = gs, as
}

// coverer finds the most tiles of a rack that complete groups.
type coverer struct {
	grouper
	bestCover int
	bestLeft  [tile.NumColoured]int8
	bestWilds int
	left      [tile.NumColoured]int8 // naturals left out
	cover     int
}

func (c *coverer) init(a *Analyzer, p *played) {
	c.grouper.init(a, p)
	c.bestCover = -1
	c.budget = 512
}

func (c *coverer) run(f int) {
	if c.budget <= 0 {
		return
	}
	c.budget--
	f = c.next(f)
	rest := 0
	for g := f; g < tile.NumColoured; g++ {
		rest += int(c.nat[g])
	}
	if c.cover+rest+c.wilds <= c.bestCover {
		return
	}
	if f == tile.NumColoured {
		if c.cover > c.bestCover {
			c.bestCover = c.cover
			c.bestN = c.depth
			c.best = c.stack
			c.bestWilds = c.wilds
			c.bestLeft = c.left
		}
		return
	}
	col, v := f/tile.NumValues, f%tile.NumValues+1
	for start, L := range c.runsThrough(f) {
		c.coverRun(f, col, start, L)
	}
	var m gmeld
	m.kind = Set
	m.faces[0] = int8(f)
	m.n = 1
	c.coverSet(f, v, col, 0, &m)
	c.take(f)
	c.left[f]++
	c.run(f)
	c.left[f]--
	c.put(f)
}

func (c *coverer) coverRun(f, col, start, L int) {
	m, need := c.runMeld(f, col, start, L)
	if need > c.wilds {
		return
	}
	c.place(f, &m, need)
}

func (c *coverer) coverSet(f, v, col, oc int, m *gmeld) {
	if oc == tile.NumColours {
		if m.n < 3 {
			return
		}
		wild := 0
		for i := range m.n {
			if m.wild[i] {
				wild++
			}
		}
		if wild <= c.wilds {
			c.place(f, m, wild)
		}
		return
	}
	if oc == col {
		c.coverSet(f, v, col, oc+1, m)
		return
	}
	face := oc*tile.NumValues + v - 1
	m.faces[m.n] = int8(face)
	if c.nat[face] > 0 {
		m.wild[m.n] = false
		m.n++
		c.coverSet(f, v, col, oc+1, m)
		m.n--
	}
	if c.wilds > 0 {
		m.wild[m.n] = true
		m.n++
		c.coverSet(f, v, col, oc+1, m)
		m.n--
		m.wild[m.n] = false
	}
	c.coverSet(f, v, col, oc+1, m)
}

func (c *coverer) place(f int, m *gmeld, wilds int) {
	for i := range m.n {
		if !m.wild[i] {
			c.take(int(m.faces[i]))
		}
	}
	c.wilds -= wilds
	c.cover += m.n
	c.stack[c.depth] = *m
	c.depth++
	c.run(f)
	c.depth--
	c.cover -= m.n
	c.wilds += wilds
	for i := range m.n {
		if !m.wild[i] {
			c.put(int(m.faces[i]))
		}
	}
}
