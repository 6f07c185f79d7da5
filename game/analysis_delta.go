package game

// One tile more or less: the discards and the outs.
//
// A tile more or less changes the most naturals seated by at most one,
// and only through the structures that are optimal now. So the rack is
// solved once, keeping every optimal config; for each, and each colour,
// "others" is the fewest slots the other colours and the config's sets
// need for every count. A question about colour c then needs only c's
// new frontier: with one natural of c fewer, is the optimum still
// reached (the natural is spare)? With one more, is it passed (an out)?
// An out may also fill a free slot of an optimal config's set, make a set
// of three a four where there is a slot to spare, or start a new set at
// its value; the last is rare and answered by solving the rack with the
// tile. Every yes is made into a concrete structure and checked against
// the tiles in existence, like the optimum itself.

const maxOptimal = 32

// optimum is one optimal config.
type optimum struct {
	choice [NumValues]int8
	cc     [NumColours]colourCodes
	seat   int8
	slots  int8
	three  int8
	others [NumColours]frontier // fewest slots for the rest, by colours' count
	spare  int8                 // slots left when the optimum is seated
}

// optimal collects the optimal configs of a relaxed solve.
type optimal struct {
	r     relaxed
	opts  [maxOptimal]optimum
	n     int
	full  bool // more optimal configs than kept: answers need the slow way
	best  int
	slack int8 // the most slots any optimal config has left
	memo  [64]memoColour
	// groups[c] are the optimal configs by colour c's naturals, with what
	// the rest of them needs merged: rest[k] the fewest slots the other
	// colours and the sets need to seat k naturals in all, arg[k] a config
	// that does it.
	groups  [NumColours][maxOptimal]colourGroup
	nGroups [NumColours]int
}

type colourGroup struct {
	cc   colourCodes
	rest [maxColourTiles + 2]int8
	arg  [maxColourTiles + 2]int8
}

// memoColour remembers a colour frontier by colour and codes.
type memoColour struct {
	key int64
	f   frontier
}

// frontier returns colour c's frontier for codes cc, from a small hash
// table of the ones computed so far.
func (o *optimal) frontier(c int, cc colourCodes) *frontier {
	key := int64(cc.lc) | int64(cc.rc)<<12 | int64(cc.ones)<<24 | int64(c)<<28 | 1<<40
	h := int(uint64(key)*0x9e3779b97f4a7c15>>58) & (len(o.memo) - 1)
	for probe := range 8 {
		e := &o.memo[(h+probe)&(len(o.memo)-1)]
		if e.key == key {
			return &e.f
		}
		if e.key == 0 {
			e.key = key
			codesFrontier(o.r.tab, cc, o.r.wrap, &e.f)
			return &e.f
		}
	}
	e := &o.memo[h]
	e.key = key
	codesFrontier(o.r.tab, cc, o.r.wrap, &e.f)
	return &e.f
}

// solveAll solves the relaxed model keeping every optimal config. With
// every set option (all), it keeps every optimal structure's config; the
// dominated options only matter for outs: an optimal structure that
// leaves a natural out can always take the dominating option instead.
func (o *optimal) solveAll(a *Analyzer, p *played, all bool) {
	o.n = 0
	o.memo = [64]memoColour{}
	o.full = false
	o.slack = 0
	r := &o.r
	r.initWith(a.wraps(), p, all)
	r.solveKeep(o)
	o.best = r.best
	o.nGroups = [NumColours]int{}
	for i := range o.n {
		x := &o.opts[i]
		o.prepare(x)
		o.slack = max(o.slack, x.spare)
		for c := range NumColours {
			o.group(c, i, x)
		}
	}
}

// group files config i under colour c's naturals.
func (o *optimal) group(c, i int, x *optimum) {
	var g *colourGroup
	for j := range o.nGroups[c] {
		if o.groups[c][j].cc == x.cc[c] {
			g = &o.groups[c][j]
			break
		}
	}
	if g == nil {
		g = &o.groups[c][o.nGroups[c]]
		o.nGroups[c]++
		g.cc = x.cc[c]
		for k := range g.rest {
			g.rest[k] = noSlots
		}
	}
	for k := range g.rest {
		m := k - int(x.seat)
		if m < 0 || m > maxColourTiles {
			continue
		}
		if t := x.others[c][m]; t < g.rest[k] {
			g.rest[k], g.arg[k] = t, int8(i)
		}
	}
}

// reach returns a config of group g in which colour c, with frontier f
// of n naturals, and the rest seat target naturals within budget slots,
// or -1.
func (g *colourGroup) reach(f *frontier, n, target, budget int) int {
	for m := max(0, target-len(g.rest)+1); m <= n && m <= target; m++ {
		if int(f[m])+int(g.rest[target-m]) <= budget {
			return int(g.arg[target-m])
		}
	}
	return -1
}

// record is called by the solver for every config scoring s.
func (o *optimal) record(r *relaxed, s int) {
	if s < r.best {
		return
	}
	if s > r.best {
		o.n = 0
		o.full = false
	}
	if o.n == maxOptimal {
		o.full = true
		return
	}
	x := &o.opts[o.n]
	x.choice = r.choice
	x.cc = r.cc
	x.seat, x.slots, x.three = r.seat, r.slots, r.three
	o.n++
}

// prepare computes the others' frontiers of an optimal config.
func (o *optimal) prepare(x *optimum) {
	var f [NumColours]*frontier
	for c := range NumColours {
		f[c] = o.frontier(c, x.cc[c])
	}
	total := 0
	for c := range NumColours {
		// others[c] = sets + min-plus of the other colours.
		acc := &x.others[c]
		for m := range acc {
			acc[m] = noSlots
		}
		acc[0] = 0
		n := 0
		for d := range NumColours {
			if d == c {
				continue
			}
			k := int(x.cc[d].n)
			for m := min(n+k, maxColourTiles); m >= 0; m-- {
				best := noSlots
				for j := max(0, m-n); j <= k && j <= m; j++ {
					best = min(best, int(acc[m-j])+int(f[d][j]))
				}
				acc[m] = int8(best)
			}
			n += k
		}
		for m := range acc {
			acc[m] = int8(min(noSlots, int(acc[m])+int(x.slots)))
		}
		if c == 0 {
			// The fewest slots that seat the optimum: with colour 0's
			// frontier against the others.
			need := o.best - int(x.seat)
			total = noSlots
			for m0 := 0; m0 <= need && m0 <= maxColourTiles; m0++ {
				if need-m0 <= maxColourTiles {
					total = min(total, int(f[0][m0])+int(acc[need-m0]))
				}
			}
		}
	}
	x.spare = int8(14 - total)
}

// reaches reports whether colour c, with frontier f, and the rest of
// config x seat target naturals within 14 slots.
func (x *optimum) reaches(c int, f *frontier, n int, target int) bool {
	need := target - int(x.seat)
	for m := max(0, need-maxColourTiles); m <= n && m <= need; m++ {
		if int(f[m])+int(x.others[c][need-m]) <= 14 {
			return true
		}
	}
	return false
}

// spare reports whether some optimal config still seats the optimum with
// one natural of colour c at value v fewer, and returns its index.
func (o *optimal) spare(c int, v int8) int {
	for j := range o.nGroups[c] {
		g := &o.groups[c][j]
		cc := g.cc
		if cc.digit(v) == 0 {
			continue // every copy is in a set
		}
		cc.claim(v, 1)
		if i := g.reach(o.frontier(c, cc), int(cc.n), o.best, 14); i >= 0 {
			return i
		}
	}
	return -1
}

// outRuns reports whether one more natural of colour c at value v seated
// in c's runs passes the optimum, and returns the config's index.
func (o *optimal) outRuns(c int, v int8) int {
	for j := range o.nGroups[c] {
		g := &o.groups[c][j]
		cc := g.cc
		if cc.digit(v) == 2 {
			continue
		}
		cc.claim(v, -1)
		if i := g.reach(o.frontier(c, cc), int(cc.n), o.best+1, 14); i >= 0 {
			return i
		}
	}
	return -1
}

// outSets reports whether one more natural of colour c at value v joins
// a set of an optimal config: a free slot of the set, or a fourth where
// the config has a slot to spare.
func (o *optimal) outSets(c int, v int8) int {
	for i := range o.n {
		x := &o.opts[i]
		for j := range o.r.nShare {
			sv := &o.r.shared[j]
			if sv.v != v || x.choice[j] < 0 {
				continue
			}
			opt := &sv.opts[x.choice[j]]
			if opt.claims[c] >= opt.sets {
				continue // every set has colour c
			}
			if opt.seat < opt.slots || (opt.three > 0 && x.spare > 0) {
				return i
			}
		}
	}
	return -1
}

// lone reports whether a natural of colour c at value v can sit alone in
// a meld of three slots of an optimal structure: then a tile of another
// colour at v makes that meld a set of two.
func (o *optimal) lone(c int, v int8) int {
	for j := range o.nGroups[c] {
		g := &o.groups[c][j]
		cc := g.cc
		if cc.digit(v) == 0 {
			continue
		}
		cc.claim(v, 1)
		if i := g.reach(o.frontier(c, cc), int(cc.n), o.best-1, 11); i >= 0 {
			return i
		}
	}
	return -1
}

// digit is the number of naturals at value v.
func (cc *colourCodes) digit(v int8) int {
	if v <= cutAt {
		return cc.lc / pow3[v-1] % 3
	}
	return cc.rc / pow3[v-cutAt-1] % 3
}
