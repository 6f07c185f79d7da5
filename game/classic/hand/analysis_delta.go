package hand

import (
	"math/bits"

	"okey/game/tile"
)

// One tile more or less: the discards and the outs.
//
// A tile more or less changes the most naturals seated by at most one,
// and only through the structures that are optimal now. So the rack is
// solved once, keeping every optimal config; for each, and each colour,
// "others" is the curve of the other colours' runs (with the config's
// sets, the most naturals seated in every budget of slots). A question
// about colour c then needs only c's new curve, tried at the budgets
// where it rises: with one natural of c fewer, is the optimum still
// reached (the natural is spare)? With one more, is it passed (an out)?
// An out may also fill a free slot of an optimal config's set, make a set
// of three a four where there is a slot to spare, or start a new set at
// its value; the last is rare and answered by solving the rack with the
// tile. Every yes is made into a concrete structure and checked against
// the tiles in existence, like the optimum itself.

// curve returns colour c's curve for codes cc: from the table for a
// short row, else from a small hash table of the ones computed so far.
func (o *optimal) curve(c int, cc colourCodes) curve {
	if cc.n <= smallRow {
		return o.r.ct.lookup(cc)
	}
	key := int64(cc.lc) | int64(cc.rc)<<12 | int64(cc.ones)<<24 | int64(c)<<28 | 1<<40
	h := int(uint64(key)*0x9e3779b97f4a7c15>>58) & (len(o.memo) - 1)
	for probe := range 4 {
		e := &o.memo[(h+probe)&(len(o.memo)-1)]
		if e.key == key {
			return e.g
		}
		if e.key == 0 {
			e.key = key
			e.g = codesCurve(o.r.ct, o.r.tab, cc, o.r.wrap)
			return e.g
		}
	}
	e := &o.memo[h]
	e.key = key
	e.g = codesCurve(o.r.ct, o.r.tab, cc, o.r.wrap)
	return e.g
}

// solveAll solves the relaxed model keeping every optimal config. With
// every set option (all), it keeps every optimal structure's config; the
// dominated options only matter for outs: an optimal structure that
// leaves a natural out can always take the dominating option instead.
func (o *optimal) solveAll(a *Analyzer, p *played, all bool) {
	o.n = 0
	o.memo = [len(o.memo)]memoColour{}
	o.full = false
	o.slack = 0
	r := &o.r
	r.initWith(a.wraps(), p, all)
	r.solveKeep(o)
	o.best = r.best
	o.index()
}

// index prepares every optimal config and groups them by colour, and
// raises slack to the most spare slots any of them has (the callers
// zero it first).
func (o *optimal) index() {
	o.nGroups = [tile.NumColours]int{}
	for i := range o.n {
		x := &o.opts[i]
		o.prepare(x)
		o.slack = max(o.slack, x.spare)
		for c := range tile.NumColours {
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
		for u := range g.rest {
			g.rest[u] = -1
		}
	}
	for u := int(x.slots); u < len(g.rest); u++ {
		if k := x.seat + int8(x.others[c].at(u-int(x.slots))); k > g.rest[u] {
			g.rest[u], g.arg[u] = k, int8(i)
		}
	}
}

// reach returns a config of group g in which colour c, with curve f, and
// the rest seat target naturals within budget slots, or -1.
func (g *colourGroup) reach(f curve, target, budget int) int {
	// The rest is at its best with the most slots, so only the budgets
	// where f rises need trying.
	if k := g.rest[budget]; k >= 0 && int(k) >= target {
		return int(g.arg[budget])
	}
	for s := f.steps(); s != 0; s &= s - 1 {
		t := bits.TrailingZeros64(s) / 4
		if t > budget {
			break
		}
		if k := g.rest[budget-t]; k >= 0 && int(k)+f.at(t) >= target {
			return int(g.arg[budget-t])
		}
	}
	return -1
}

// prepare computes the others' curves of an optimal config.
func (o *optimal) prepare(x *optimum) {
	var g [tile.NumColours]curve
	for c := range tile.NumColours {
		if x.cc[c].n > 0 {
			g[c] = o.curve(c, x.cc[c])
		}
	}
	// others[c] from the products of the colours before c and after it.
	var before [tile.NumColours + 1]curve
	for c := range tile.NumColours {
		before[c+1] = before[c].times(g[c])
	}
	var after curve
	for c := tile.NumColours - 1; c >= 0; c-- {
		x.others[c] = before[c].times(after)
		after = after.times(g[c])
	}
	total := int(x.slots) + before[tile.NumColours].slotsFor(o.best-int(x.seat))
	x.spare = int8(RackSize - min(RackSize, total))
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
		if i := g.reach(o.curve(c, cc), o.best, RackSize); i >= 0 {
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
		if i := g.reach(o.curve(c, cc), o.best+1, RackSize); i >= 0 {
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
		if i := g.reach(o.curve(c, cc), o.best-1, 11); i >= 0 {
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
