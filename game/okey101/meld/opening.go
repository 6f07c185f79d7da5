package meld

import (
	"slices"

	"okey/game/tile"
)

// Opening is a way to lay down runs and sets from a rack: the melds and
// their total value.
type Opening struct {
	Value int    `json:"value"`
	Melds []Meld `json:"melds"`
}

// Tiles is the number of tiles the opening lays down.
func (o Opening) Tiles() int {
	n := 0
	for _, m := range o.Melds {
		n += len(m.Tiles)
	}
	return n
}

// Worth is the value of melds laid as an opening: the sum of their
// values, what the opening threshold is measured against. The players
// that weigh an opening of every meld a rack makes (bots/bots101, the
// 101 search) value it by this one rule.
func Worth(ms []Meld) int {
	w := 0
	for _, m := range ms {
		w += m.Value()
	}
	return w
}

// Reaches reports whether the opening is worth threshold or more.
func (o Opening) Reaches(threshold int) bool { return o.Value >= threshold && len(o.Melds) > 0 }

// BestOpening is the largest total value of disjoint runs and sets in
// the rack c that keeps at least one tile in the rack, with the melds
// that make it (no melds and value 0 when none can be made). It is exact:
// every way to split the rack is weighed, not only the greedy ones. A rack
// that does not pass Check gets no opening.
func (a Analyzer) BestOpening(c tile.Counts) Opening {
	return new(Solver).BestOpening(a, c)
}

// Solver is the working memory of the exact searches. Reusing one saves
// its allocations, which matters to bots that analyse every turn; the
// zero value is ready. It is not safe for concurrent use: give each
// goroutine its own.
type Solver struct {
	s solver
	f fsolver
}

// Work is the work the solver's searches have done over its life, in
// units that do not depend on the machine or its load, so that a player
// can hold its searches to a budget and still play the same on every
// machine. A unit is a state recorded by the search of openings; a
// search's start and the finish search's states weigh what they cost
// beside it (runWork, frunWork, fputWork). A unit is about 23 ns of CPU
// on a typical machine.
func (sv *Solver) Work() uint64 { return sv.s.work + sv.f.work }

// BestOpening is Analyzer.BestOpening with this solver's memory.
func (sv *Solver) BestOpening(a Analyzer, c tile.Counts) Opening {
	return a.bestOf(&sv.s, c, false)
}

// Unmelded is Analyzer.Unmelded with this solver's memory.
func (sv *Solver) Unmelded(a Analyzer, c tile.Counts) (int, []Meld) {
	o := a.bestOf(&sv.s, c, true)
	return c.Total() - o.Tiles(), o.Melds
}

// Unmelded is the fewest tiles of the rack c left out when melding as
// many as possible in runs and sets, keeping at least one (so it is at
// least 1), with melds that achieve it. A rack that does not pass Check
// melds nothing.
func (a Analyzer) Unmelded(c tile.Counts) (int, []Meld) {
	return new(Solver).Unmelded(a, c)
}

// bestOf solves c for value (or, with count, for the number of tiles
// melded) under the rule that a tile stays in the rack: when the best
// melds everything, the best of the rack less each face in turn is the
// best that keeps one.
func (a Analyzer) bestOf(s *solver, c tile.Counts, count bool) Opening {
	if a.Check(c) != nil {
		return Opening{} // no rack of this hand: nothing to lay down
	}
	h := a.handOf(&c)
	o := a.solve(s, &h, count)
	if o.Tiles() < h.n || h.n == 0 {
		return o
	}
	best := Opening{Value: -1}
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if c[f] == 0 {
			continue
		}
		d := c
		d[f]--
		dh := a.handOf(&d)
		if r := a.solve(s, &dh, count); score(r, count) > score(best, count) {
			best = r
		}
	}
	return best
}

func score(o Opening, count bool) int {
	if count {
		return o.Tiles()
	}
	return o.Value
}

// solve runs the search on h and lays out the melds of its best.
func (a Analyzer) solve(s *solver, h *hand, count bool) Opening {
	_, at := s.run(h, count)
	s.rebuild(a, h, at)
	o := Opening{Melds: make([]Meld, 0, len(s.groups))}
	buf := make([]tile.Tile, 2*len(s.groupTiles))
	for _, g := range s.groups {
		tiles := s.groupTiles[g[0]:g[1]]
		m, err := a.readInto(tiles, buf[2*g[0]:2*g[1]])
		if err != nil {
			// The search only forms runs of 3 or more and sets of
			// different colours; a group that does not read is a bug the
			// tests catch, and is left out rather than reported.
			continue
		}
		o.Melds = append(o.Melds, m)
		o.Value += m.Value()
	}
	slices.SortFunc(o.Melds, compareMelds)
	return o
}

// compareMelds orders melds runs first, by colour and value, then sets by
// value: the order they are shown in.
func compareMelds(x, y Meld) int {
	if x.Kind != y.Kind {
		return int(x.Kind) - int(y.Kind)
	}
	kx, ky := meldKey(x), meldKey(y)
	return kx - ky
}

func meldKey(m Meld) int {
	switch m.Kind {
	case Run:
		return int(m.RunColour())*100 + m.Low()*16 + m.Len()
	case Set:
		return m.SetValue()*16 + m.Len()
	}
	if len(m.As) > 0 && m.As[0].Valid() {
		return int(m.As[0])
	}
	return 1 << 10
}

// openRun is a run being rebuilt: its tiles so far.
type openRun struct {
	t [tile.NumValues]tile.Tile
	n int
}

// rebuild follows the best path back from node at and lays out its runs
// and sets as groups of real tiles, in s.groups.
func (s *solver) rebuild(a Analyzer, h *hand, at int32) {
	s.groups = s.groups[:0]
	s.groupTiles = s.groupTiles[:0]
	if at < 0 {
		return
	}
	var decs [tile.NumValues + 1]uint32
	for v := tile.NumValues; v >= 1; v-- {
		nd := s.nodes[at]
		decs[v] = nd.dec
		at = nd.prev
	}
	emit := func(ts []tile.Tile) {
		start := len(s.groupTiles)
		s.groupTiles = append(s.groupTiles, ts...)
		s.groups = append(s.groups, [2]int{start, len(s.groupTiles)})
	}
	var runs, next [maxCover]openRun
	var nrun [tile.NumColours]int
	var open [tile.NumColours][maxCover]openRun
	for v := 1; v <= tile.NumValues; v++ {
		dec := decs[v]
		var leftover [tile.NumColours]int
		for c := range tile.NumColours {
			x := int(dec >> (5 * c) & 7)
			fresh := int(dec >> (5*c + 3) & 3)
			// Runs of 1 and 2 go on, then the first x of the longer ones;
			// the other long ones stop.
			copy(runs[:], open[c][:nrun[c]])
			k := 0
			for _, want := range [2]int{1, 2} {
				for i := range nrun[c] {
					if runs[i].n == want {
						next[k] = runs[i]
						k++
					}
				}
			}
			long := 0
			for i := range nrun[c] {
				if runs[i].n >= 3 {
					if long < x {
						next[k] = runs[i]
						k++
					} else {
						emit(runs[i].t[:runs[i].n])
					}
					long++
				}
			}
			for range fresh {
				next[k] = openRun{}
				k++
			}
			nat := int(h.nat[c][v])
			for i := range k {
				if i < nat {
					next[i].t[next[i].n] = a.tileAt(c, v)
				} else {
					next[i].t[next[i].n] = a.okey
				}
				next[i].n++
			}
			leftover[c] = max(0, nat-k)
			open[c] = next
			nrun[c] = k
		}
		if dec&decSets != 0 {
			s.setGroups(a, v, leftover, int(dec>>20&3), emit)
		}
	}
	for c := range tile.NumColours {
		for i := range nrun[c] {
			emit(open[c][i].t[:open[c][i].n])
		}
	}
}

// maxCover is the most runs of one colour open through a value.
const maxCover = 4

// setGroups forms the sets at value v from the leftover naturals of each
// colour and q okeys, taking as many naturals as setTiles allows: one set
// of different colours, or two balanced sets.
func (s *solver) setGroups(a Analyzer, v int, left [tile.NumColours]int, q int, emit func([]tile.Tile)) {
	m, l := 0, 0
	for _, k := range left {
		if k > 0 {
			m++
			l += k
		}
	}
	t := setTiles(m, l, q)
	if t == 0 {
		return
	}
	var xb, yb [4]tile.Tile
	x, y := xb[:0], yb[:0]
	if t <= m && t+q >= 3 && t+q <= 4 {
		for c := range tile.NumColours {
			if left[c] > 0 && len(x) < t {
				x = append(x, a.tileAt(c, v))
			}
		}
		for range q {
			x = append(x, a.okey)
		}
		emit(x)
		return
	}
	// Two sets: drop the tiles beyond t (singles first), then give both
	// sets every colour held twice and share out the singles.
	drop := l - t
	for c := tile.NumColours - 1; c >= 0 && drop > 0; c-- {
		if left[c] == 1 {
			left[c] = 0
			drop--
		}
	}
	for c := tile.NumColours - 1; c >= 0 && drop > 0; c-- {
		if left[c] == 2 {
			left[c] = 1
			drop--
		}
	}
	for c := range tile.NumColours {
		switch left[c] {
		case 2:
			x = append(x, a.tileAt(c, v))
			y = append(y, a.tileAt(c, v))
		case 1:
			if len(x) <= len(y) {
				x = append(x, a.tileAt(c, v))
			} else {
				y = append(y, a.tileAt(c, v))
			}
		}
	}
	for range q {
		if len(x) <= len(y) {
			x = append(x, a.okey)
		} else {
			y = append(y, a.okey)
		}
	}
	emit(x)
	emit(y)
}
