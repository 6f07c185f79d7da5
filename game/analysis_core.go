package game

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

const maxColourTiles = 15

// frontier[m] is the fewest slots that seat m naturals (noSlots when they
// cannot be seated); it never decreases with m.
type frontier [maxColourTiles + 1]int8

// line holds a colour's naturals by position: 1..13 are the values, 14 is
// value 1 above 13 (only with wrap).
type line [15]int8

// rowLine spreads a row of copy masks over a line.
func rowLine(r uint32) (l line) {
	for v := range NumValues {
		l[v+1] = int8(r>>v&1 + r>>(v+16)&1)
	}
	return l
}

// colourFrontier computes minT for one colour's naturals l.
func colourFrontier(l *line, wrap bool, out *frontier) {
	for i := range out {
		out[i] = noSlots
	}
	if !wrap || l[1] == 0 {
		halvesFrontier(l, false, out)
	} else {
		// With wrap the copies of 1 may sit below 2 or above 13: try
		// every split.
		ones := l[1]
		w := *l
		for lo := int8(0); lo <= ones; lo++ {
			w[1], w[14] = lo, ones-lo
			halvesFrontier(&w, w[14] > 0, out)
		}
	}
	// Seating fewer is never dearer than seating more.
	for m := maxColourTiles - 1; m >= 0; m-- {
		out[m] = min(out[m], out[m+1])
	}
}

// lineCodes returns the base-3 codes of a line's halves.
func lineCodes(l *line, top bool) (left, right int) {
	pow := 1
	for p := 1; p <= cutAt; p++ {
		left += int(l[p]) * pow
		pow *= 3
	}
	last := NumValues
	if top {
		last = 14
	}
	pow = 1
	for p := cutAt + 1; p <= last; p++ {
		right += int(l[p]) * pow
		pow *= 3
	}
	return left, right
}

// halvesFrontier lowers out to the line's minT, read from the half
// tables (top: position 14 is used).
func halvesFrontier(l *line, top bool, out *frontier) {
	tab := runTabs()
	lc, rc := lineCodes(l, top)
	nl, nr := 0, 0
	for p := 1; p <= cutAt; p++ {
		nl += int(l[p])
	}
	for p := cutAt + 1; p <= 14; p++ {
		nr += int(l[p])
	}
	left := &tab.left[lc]
	var right *halfSlots
	if top {
		right = &tab.right14[rc]
	} else {
		right = &tab.right13[rc]
	}
	for s := range numRunStates {
		lt, rt := &left[s], &right[s]
		for i := 0; i <= nl; i++ {
			a := lt[i]
			if a == noSlots {
				continue
			}
			for j := 0; j <= nr && i+j <= maxColourTiles; j++ {
				if t := int(a) + int(rt[j]); t < int(out[i+j]) {
					out[i+j] = int8(t)
				}
			}
		}
	}
}

// setOption is one way sets seat naturals at a shared value: claims[c]
// naturals of colour c, in sets of 3 or 4 slots.
type setOption struct {
	claims [NumColours]int8
	seat   int8 // naturals seated
	sets   int8 // number of sets
	slots  int8 // slots used
	three  int8 // sets of three that could take a fourth slot
}

// setChoices[code] lists the set options for the naturals at one value,
// code = sum of cnt[c]*3^c: every claim vector with at most two of a
// colour, sets of at least two claims each (a set seating one natural is
// no cheaper than a run), arranged as evenly as possible, without the
// dominated ones: an option is dominated by one with as many sets and
// slots that seats a superset, since the extra naturals are seated for
// nothing and only leave the runs.
var setChoices = func() (t [81][]setOption) {
	for code := range 81 {
		var cnt [NumColours]int8
		x := code
		for c := range NumColours {
			cnt[c] = int8(x % 3)
			x /= 3
		}
		var all []setOption
		for sc := range 81 {
			var s [NumColours]int8
			y := sc
			ok := true
			for c := range NumColours {
				s[c] = int8(y % 3)
				y /= 3
				ok = ok && s[c] <= cnt[c]
			}
			k, sum := max(s[0], s[1], s[2], s[3]), s[0]+s[1]+s[2]+s[3]
			if !ok || k == 0 || sum < 2*k {
				continue
			}
			three := k
			if sum > 3*k {
				three = 4*k - sum
			}
			all = append(all, setOption{claims: s, seat: sum, sets: k, slots: max(3*k, sum), three: three})
		}
		for i, o := range all {
			dominated := false
			for j, q := range all {
				if i == j || q.slots != o.slots || q.sets != o.sets || q.seat <= o.seat {
					continue
				}
				sub := true
				for c := range NumColours {
					sub = sub && o.claims[c] <= q.claims[c]
				}
				dominated = dominated || sub
			}
			if !dominated {
				t[code] = append(t[code], o)
			}
		}
	}
	return t
}()

// sharedValue is a value where two or more colours hold naturals.
type sharedValue struct {
	v    int8 // 1..13
	opts []setOption
}

// relaxed solves the relaxed model for one rack.
type relaxed struct {
	wrap   bool
	lines  [NumColours]line
	shared [NumValues]sharedValue
	nShare int
	cache  [64]cachedFrontier
	nCache int
	all    int // naturals in the rack, at most 14: no config seats more
	best   int // most naturals seated
	// the running config and the best one
	seat, slots, three int8
	choice, bestChoice [NumValues]int8 // option index per shared value, -1 none
}

type cachedFrontier struct {
	key uint32
	f   frontier
}

// init loads the naturals of p.
func (r *relaxed) init(wrap bool, p *played) {
	r.wrap = wrap
	r.nShare = 0
	r.nCache = 0
	r.best = -1
	r.all = 0
	for c := range NumColours {
		r.lines[c] = rowLine(p.rows[c])
		r.all += rowCount(p.rows[c])
	}
	r.all = min(r.all, 14)
	for v := 1; v <= NumValues; v++ {
		code, colours, pow := 0, 0, 1
		for c := range NumColours {
			k := int(r.lines[c][v])
			code += k * pow
			pow *= 3
			if k > 0 {
				colours++
			}
		}
		if colours >= 2 {
			r.shared[r.nShare] = sharedValue{v: int8(v), opts: setChoices[code]}
			r.nShare++
		}
	}
}

// frontierOf returns colour c's frontier for its current line.
func (r *relaxed) frontierOf(c int) *frontier {
	l := &r.lines[c]
	key := uint32(c) << 28
	for p := 1; p <= NumValues; p++ {
		key |= uint32(l[p]) << (2 * (p - 1))
	}
	for i := range r.nCache {
		if r.cache[i].key == key {
			return &r.cache[i].f
		}
	}
	i := r.nCache
	if i == len(r.cache) {
		i = int(key % uint32(len(r.cache))) // full: overwrite one
	} else {
		r.nCache++
	}
	r.cache[i].key = key
	colourFrontier(l, r.wrap, &r.cache[i].f)
	return &r.cache[i].f
}

// solve returns the most naturals the relaxed model seats; bestChoice
// holds the config that does it.
func (r *relaxed) solve() int {
	r.seat, r.slots, r.three = 0, 0, 0
	r.config(0)
	return r.best
}

func (r *relaxed) config(i int) {
	if r.best >= r.all {
		return
	}
	if i == r.nShare {
		r.leaf()
		return
	}
	r.choice[i] = -1
	r.config(i + 1)
	sv := &r.shared[i]
	for j := range sv.opts {
		o := &sv.opts[j]
		if r.slots+o.slots > 14 {
			continue
		}
		r.apply(sv.v, o, 1)
		r.choice[i] = int8(j)
		r.config(i + 1)
		r.apply(sv.v, o, -1)
	}
	r.choice[i] = -1
}

// apply adds (dir 1) or takes back (dir -1) a set option at value v.
func (r *relaxed) apply(v int8, o *setOption, dir int8) {
	for c := range NumColours {
		r.lines[c][v] -= dir * o.claims[c]
	}
	r.seat += dir * o.seat
	r.slots += dir * o.slots
	r.three += dir * o.three
}

// pack computes, for the running config, the most naturals seated and
// the colours' seated counts that do it.
func (r *relaxed) pack(counts *[NumColours]int8) int {
	// acc[m] = fewest slots seating m over the colours so far; from[c][m]
	// = what colour c seats in it.
	var acc frontier
	var from [NumColours]frontier
	for i := range acc {
		acc[i] = noSlots
	}
	acc[0] = 0
	n := 0
	for c := range NumColours {
		f := r.frontierOf(c)
		k := 0
		for p := 1; p <= NumValues; p++ {
			k += int(r.lines[c][p])
		}
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
	room := 14 - r.slots
	for m := min(n, maxColourTiles); m >= 0; m-- {
		t := acc[m]
		if t > room {
			continue
		}
		total := t + r.slots
		if m == 0 && total > 11 && total < 14 && r.three < 14-total {
			continue
		}
		if counts != nil {
			left := m
			for c := NumColours - 1; c >= 0; c-- {
				counts[c] = from[c][left]
				left -= int(counts[c])
			}
		}
		return m + int(r.seat)
	}
	return -1
}

// leaf scores the running config.
func (r *relaxed) leaf() {
	if s := r.pack(nil); s > r.best {
		r.best = s
		r.bestChoice = r.choice
	}
}
