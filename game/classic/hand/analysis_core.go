package hand

import (
	"okey/game/tile"
)

// The fast analyser solves the model of analyze.go without availability
// limits (the relaxed model: any face may fill any number of slots).
// Every answer it gives is then checked against the limits (see
// analysis_check.go); the rare hand where they matter goes to the exact
// search.
//
// Sets couple the colours only at values where two or more colours hold
// naturals; a set seating one natural seats it as cheaply as a run (three
// slots), so the relaxed model only needs sets at those values. The
// solver goes through every choice of such sets (a "config": at each
// shared value, how many naturals of every colour sets seat), and for
// each solves the colours' runs on what the sets leave, then packs the
// colours and the sets into 14 slots.

// line holds a colour's naturals by position: 1..13 are the values, 14 is
// value 1 above 13 (only with wrap).
type line [wrapTop + 1]int8

func codesOf(r uint32) colourCodes {
	lc, rc := rowCodes(r)
	return colourCodes{lc: lc, rc: rc, ones: int8(r&1 + r>>16&1), n: int8(rowCount(r))}
}

// claim takes k naturals at value v out (k < 0 puts them back).
func (cc *colourCodes) claim(v int8, k int8) {
	if v <= cutAt {
		cc.lc -= int(k) * pow3[v-1]
	} else {
		cc.rc -= int(k) * pow3[v-cutAt-1]
	}
	if v == 1 {
		cc.ones -= k
	}
	cc.n -= k
}

// setCurves[code] is, by slots, the most naturals the set options at a
// value with naturals code seat (a curve: a set seats at most its slots).
var setCurves = func() (out [81]curve) {
	for code, opts := range setChoicesAll {
		var best [16]int
		for _, o := range opts {
			for x := int(o.slots); x < 16; x++ {
				best[x] = max(best[x], int(o.seat))
			}
		}
		for x := range best {
			out[code] |= curve(best[x]) << (4 * uint(x))
		}
	}
	return out
}()

// relaxed solves the relaxed model for one rack.
type relaxed struct {
	tab    *runTables
	wrap   bool
	cc     [tile.NumColours]colourCodes // the colours' naturals left to runs
	shared [tile.NumValues]sharedValue
	nShare int
	ct     *curveTable
	memo   [tile.NumColours][4]memoCurve // curves of long rows
	all    int                           // naturals in the rack, at most 14: no config seats more
	best   int                           // most naturals seated
	// bound[i] is, by slots, the most naturals the runs with no set
	// (claims only make them worse) and the sets at shared values i..
	// seat together: what bounds a config from i on.
	bound [tile.NumValues + 1]curve
	// the running config and the best one
	seat, slots, three int8
	choice, bestChoice [tile.NumValues]int8 // option index per shared value, -1 none
}

type memoCurve struct {
	key int32
	g   curve
}

// init loads the naturals of p.
func (r *relaxed) init(wrap bool, p *played) {
	r.initWith(wrap, p, false)
}

// initWith loads the naturals of p; every set option is tried when all
// is set (needed to know every optimal structure, not just one).
func (r *relaxed) initWith(wrap bool, p *played, all bool) {
	r.tab = runTabs()
	r.ct = curveTabs(wrap)
	r.wrap = wrap
	r.best = -1
	r.all = 0
	for c := range tile.NumColours {
		r.cc[c] = codesOf(p.rows[c])
		r.all += int(r.cc[c].n)
		for i := range r.memo[c] {
			r.memo[c][i].key = -1
		}
	}
	r.all = min(r.all, RackSize)
	r.nShare = sharedValues(p, &r.shared)
	if all {
		for i := range r.nShare {
			sv := &r.shared[i]
			sv.opts = setChoicesAll[sv.code]
		}
	}
}

// colourCurve returns colour c's curve for its current naturals: from
// the table for a short row, else computed once per solve.
func (r *relaxed) colourCurve(c int) curve {
	cc := r.cc[c]
	if cc.n <= smallRow {
		return r.ct.lookup(cc)
	}
	key := int32(cc.lc) | int32(cc.rc)<<12 | int32(cc.ones)<<24
	m := &r.memo[c]
	for i := range m {
		if m[i].key == key {
			return m[i].g
		}
	}
	// Replace the last entry: the first ones are the rack's own rows and
	// the common variants.
	i := len(m) - 1
	for j := range m {
		if m[j].key < 0 {
			i = j
			break
		}
	}
	m[i].key = key
	m[i].g = codesCurve(r.ct, r.tab, cc, r.wrap)
	return m[i].g
}

// solve returns the most naturals the relaxed model seats; bestChoice
// holds the config that does it.
func (r *relaxed) solve() int { return r.solveKeep(nil) }

// solveKeep is solve handing every optimal config to keep (if not nil).
func (r *relaxed) solveKeep(keep *optimal) int {
	r.seat, r.slots, r.three = 0, 0, 0
	for i := range r.choice {
		r.choice[i] = -1
	}
	// Runs alone first: a good bound to start from.
	var acc curve
	r.best, acc = r.pack()
	r.bestChoice = r.choice
	if keep != nil {
		keep.record(r, r.best)
	}
	var sets curve
	r.bound[r.nShare] = acc
	for i := r.nShare - 1; i >= 0; i-- {
		sets = sets.times(setCurves[r.shared[i].code])
		r.bound[i] = acc.times(sets)
	}
	r.config(0, false, keep)
	return r.best
}

// config goes through the set choices from shared value i on; any tells
// whether a set was chosen before i (runs alone were done first).
func (r *relaxed) config(i int, any bool, keep *optimal) {
	if r.best >= r.all && keep == nil {
		return
	}
	// What the sets left and the runs could still seat at best.
	ub := r.bound[i].at(RackSize - int(r.slots))
	if int(r.seat)+ub < r.best || (keep == nil && int(r.seat)+ub == r.best) {
		return
	}
	if i == r.nShare {
		if any {
			r.leaf(keep)
		}
		return
	}
	sv := &r.shared[i]
	for j := range sv.opts {
		o := &sv.opts[j]
		if r.slots+o.slots > RackSize {
			continue
		}
		r.apply(sv.v, o, 1)
		r.choice[i] = int8(j)
		r.config(i+1, true, keep)
		r.choice[i] = -1
		r.apply(sv.v, o, -1)
	}
	r.config(i+1, any, keep)
}

// apply adds (dir 1) or takes back (dir -1) a set option at value v.
func (r *relaxed) apply(v int8, o *setOption, dir int8) {
	for c := range tile.NumColours {
		if o.claims[c] != 0 {
			r.cc[c].claim(v, dir*o.claims[c])
		}
	}
	r.seat += dir * o.seat
	r.slots += dir * o.slots
	r.three += dir * o.three
}

// pack computes, for the running config, the most naturals seated (-1
// when the sets leave no way to make 14 slots) and the colours' runs'
// curve.
func (r *relaxed) pack() (int, curve) {
	var acc curve
	for c := range tile.NumColours {
		if r.cc[c].n != 0 {
			acc = acc.times(r.colourCurve(c))
		}
	}
	m := acc.at(RackSize - int(r.slots))
	if m == 0 {
		// Sets alone: one or two slots short of 14 only a set of three
		// taking a fourth can make up.
		if total := r.slots; total > 11 && total < RackSize && r.three < RackSize-total {
			return -1, acc
		}
	}
	return m + int(r.seat), acc
}

// packCounts is pack giving the colours' seated counts that do it, each
// in the fewest slots: what the witness builds on.
func (r *relaxed) packCounts(counts *[tile.NumColours]int8) int {
	var from [tile.NumColours]frontier
	var acc frontier
	for i := range acc {
		acc[i] = noSlots
	}
	acc[0] = 0
	n := 0
	for c := range tile.NumColours {
		k := int(r.cc[c].n)
		if k == 0 {
			from[c] = frontier{}
			continue
		}
		f := r.colourCurve(c).frontier()
		top := min(n+k, maxColourTiles)
		for m := top; m >= 0; m-- {
			best, arg := noSlots, 0
			for j := max(0, m-n); j <= k && j <= m; j++ {
				if t := int(acc[m-j]) + int(f[j]); t < best {
					best, arg = t, j
				}
			}
			acc[m] = int8(best)
			from[c][m] = int8(arg)
		}
		n += k
	}
	room := RackSize - r.slots
	for m := min(n, maxColourTiles); m >= 0; m-- {
		t := acc[m]
		if t > room {
			continue
		}
		total := t + r.slots
		if m == 0 && total > 11 && total < RackSize && r.three < RackSize-total {
			continue
		}
		left := m
		for c := tile.NumColours - 1; c >= 0; c-- {
			counts[c] = from[c][left]
			left -= int(counts[c])
		}
		return m + int(r.seat)
	}
	return -1
}

// leaf scores the running config.
func (r *relaxed) leaf(keep *optimal) {
	s, _ := r.pack()
	if keep != nil {
		keep.record(r, s)
	}
	if s > r.best {
		r.best = s
		r.bestChoice = r.choice
	}
}

// optimal collects the optimal configs of a relaxed solve.
type optimal struct {
	r     relaxed
	opts  [maxOptimal]optimum
	n     int
	full  bool // more optimal configs than kept: answers need the slow way
	best  int
	slack int8 // the most slots any optimal config has left
	memo  [16]memoColour
	// groups[c] are the optimal configs by colour c's naturals, with what
	// the rest of them seats merged: rest[u] the most naturals the other
	// colours and the sets seat in u slots (-1: the sets do not fit),
	// arg[u] a config that does it.
	groups  [tile.NumColours][maxOptimal]colourGroup
	nGroups [tile.NumColours]int
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

const maxOptimal = 32

// optimum is one optimal config.
type optimum struct {
	choice [tile.NumValues]int8
	cc     [tile.NumColours]colourCodes
	seat   int8
	slots  int8
	three  int8
	others [tile.NumColours]curve // what the other colours' runs seat, by slots
	spare  int8                   // slots left when the optimum is seated
}

type colourGroup struct {
	cc   colourCodes
	rest [RackSize + 1]int8
	arg  [RackSize + 1]int8
}

// memoColour remembers the curve of a long row by colour and codes.
type memoColour struct {
	key int64
	g   curve
}
