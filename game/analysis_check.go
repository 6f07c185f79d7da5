package game

// Checking the relaxed optimum against the tiles in existence.
//
// The relaxed model lets any face fill any number of slots, so its
// optimum is an upper bound on the true one. A witness turns the optimum
// into a concrete structure: the colours' runs from the tables, the sets
// of the best config with their free slots given to the colours that
// have the most room, and slots added (run ends, a set's fourth) up to
// 14. If the tiles in existence can fill it (slots beyond a face's copies
// within the okey budget), the optimum is the true one.

// structure is a concrete structure: slots by played face.
type structure struct {
	slots [52]int8
	cov   [NumColours]line // run coverage by position
	used  int              // slots in all
}

// over is the number of slots the tiles in existence cannot fill.
func (s *structure) over(a *Analyzer) int {
	n := 0
	for f := range s.slots {
		if x := int(s.slots[f]) - int(a.availOf(Tile(f))); x > 0 {
			n += x
		}
	}
	return n
}

// room is how many more slots face f takes before needing an okey.
func (s *structure) room(a *Analyzer, f int) int {
	return int(a.availOf(Tile(f))) - int(s.slots[f])
}

// witness builds the structure of r's best config. r must have been
// solved; its codes are left as they were.
func (a *Analyzer) witness(r *relaxed, s *structure) bool {
	if r.best < 0 {
		*s = structure{}
		return false
	}
	return a.witnessOf(r, &r.bestChoice, r.best, -1, 0, 0, s)
}

// witnessOf builds a structure for config choice that seats target
// naturals, with dk naturals of colour dc at value dv added to the runs
// (dc < 0: none), and reports whether the tiles in existence can fill it.
func (a *Analyzer) witnessOf(r *relaxed, choice *[NumValues]int8, target int, dc int, dv int8, dk int8, s *structure) bool {
	return a.witnessWith(r, choice, target, dc, dv, dk, nil, s)
}

// extraSet is a tile t, not in the rack, seated in a set at value v:
// joining the config's set there (lone false), or with the rack's natural
// of colour y at v, taken from y's runs, in a new set of three (lone).
type extraSet struct {
	v    int8
	t, y int
	lone bool
}

// witnessWith is witnessOf with an extra set seating a tile not in the
// rack (ex, may be nil).
func (a *Analyzer) witnessWith(r *relaxed, choice *[NumValues]int8, target int, dc int, dv int8, dk int8, ex *extraSet, s *structure) bool {
	*s = structure{}
	// The option at ex's value, changed to seat t.
	var exOpt setOption
	exAt := -1
	if ex != nil {
		for i := range r.nShare {
			if r.shared[i].v == ex.v && choice[i] >= 0 {
				exAt = i
			}
		}
		switch {
		case ex.lone && exAt >= 0:
			return false // a second set at the value: leave it to the search
		case ex.lone:
			exOpt = setOption{seat: 2, sets: 1, slots: 3, three: 1}
			exOpt.claims[ex.y] = 1
			exOpt.claims[ex.t] = 1
		case exAt < 0:
			return false
		default:
			exOpt = r.shared[exAt].opts[choice[exAt]]
			if exOpt.claims[ex.t] >= exOpt.sets {
				return false
			}
			exOpt.claims[ex.t]++
			exOpt.seat++
			if exOpt.seat > exOpt.slots {
				exOpt.slots++
				exOpt.three--
			}
		}
	}
	for i := range r.nShare {
		if j := choice[i]; j >= 0 {
			r.apply(r.shared[i].v, &r.shared[i].opts[j], 1)
		}
	}
	if dc >= 0 {
		r.cc[dc].claim(dv, -dk)
	}
	var dSeat, dSlots int8
	if ex != nil {
		if ex.lone {
			r.cc[ex.y].claim(ex.v, 1)
			dSeat, dSlots = 2, 3
		} else {
			o := &r.shared[exAt].opts[choice[exAt]]
			dSeat, dSlots = exOpt.seat-o.seat, exOpt.slots-o.slots
		}
		r.seat += dSeat
		r.slots += dSlots
	}
	var counts [NumColours]int8
	ok := r.slots <= 14 && r.packCounts(&counts) >= target
	for c := range NumColours {
		if ok && !r.coverage(c, int(counts[c]), &s.cov[c]) {
			ok = false
		}
	}
	if ex != nil {
		r.seat -= dSeat
		r.slots -= dSlots
		if ex.lone {
			r.cc[ex.y].claim(ex.v, -1)
		}
	}
	if dc >= 0 {
		r.cc[dc].claim(dv, dk)
	}
	for i := r.nShare - 1; i >= 0; i-- {
		if j := choice[i]; j >= 0 {
			r.apply(r.shared[i].v, &r.shared[i].opts[j], -1)
		}
	}
	if !ok {
		return false
	}
	for c := range NumColours {
		for p := 1; p <= 14; p++ {
			v := p
			if p == 14 {
				v = 1
			}
			s.slots[c*NumValues+v-1] += s.cov[c][p]
			s.used += int(s.cov[c][p])
		}
	}
	// The sets: claimed naturals, then free slots where there is room.
	threes := 0
	var setAt [NumValues + 1]*setOption
	for i := -1; i < r.nShare; i++ {
		var o *setOption
		var v int
		switch {
		case i < 0 && ex != nil && exAt < 0:
			o, v = &exOpt, int(ex.v) // the new set
		case i < 0:
			continue
		case choice[i] < 0:
			continue
		case i == exAt:
			o, v = &exOpt, int(ex.v)
		default:
			o, v = &r.shared[i].opts[choice[i]], int(r.shared[i].v)
		}
		setAt[v] = o
		threes += int(o.three)
		var spare [NumColours]int8 // fills colour c can still take
		for c := range NumColours {
			s.slots[c*NumValues+v-1] += o.claims[c]
			spare[c] = o.sets - o.claims[c]
		}
		s.used += int(o.slots)
		for range o.slots - o.seat {
			best := -1
			for c := range NumColours {
				if spare[c] > 0 && (best < 0 || s.room(a, c*NumValues+v-1) > s.room(a, best*NumValues+v-1)) {
					best = c
				}
			}
			if best < 0 {
				return false
			}
			spare[best]--
			s.slots[best*NumValues+v-1]++
		}
	}
	// Make it up to 14 slots.
	for s.used < 14 {
		if !a.extend(s, &setAt, r.wrap) {
			return false
		}
	}
	return s.used == 14 && s.over(a) <= int(a.budget())
}

// extend adds one slot (or, with three or more to go and nothing better,
// a fresh run of three) where it costs least.
func (a *Analyzer) extend(s *structure, setAt *[NumValues + 1]*setOption, wrap bool) bool {
	last := 13
	if wrap {
		last = 14
	}
	bestRoom, bestC, bestP := -99, -1, 0
	for c := range NumColours {
		cv := &s.cov[c]
		for p := 1; p <= last; p++ {
			ends := (p > 1 && cv[p-1] > cv[p]) || (p < last && cv[p+1] > cv[p])
			if !ends {
				continue
			}
			v := p
			if p == 14 {
				v = 1
			}
			if rm := s.room(a, c*NumValues+v-1); rm > bestRoom {
				bestRoom, bestC, bestP = rm, c, p
			}
		}
	}
	// A set of three may take a fourth.
	setC, setV, setRoom := -1, 0, -99
	for v := 1; v <= NumValues; v++ {
		o := setAt[v]
		if o == nil || o.three == 0 {
			continue
		}
		for c := range NumColours {
			f := c*NumValues + v - 1
			if int(o.claims[c]) < int(o.sets) && s.room(a, f) > setRoom {
				setC, setV, setRoom = c, v, s.room(a, f)
			}
		}
	}
	if setC >= 0 && setRoom > bestRoom {
		s.slots[setC*NumValues+setV-1]++
		s.used++
		o := *setAt[setV]
		o.three--
		setAt[setV] = &o
		return true
	}
	if bestC >= 0 && (bestRoom > 0 || 14-s.used < 3) {
		s.cov[bestC][bestP]++
		v := bestP
		if bestP == 14 {
			v = 1
		}
		s.slots[bestC*NumValues+v-1]++
		s.used++
		return true
	}
	if 14-s.used >= 3 {
		// A fresh run where three faces have room.
		for c := range NumColours {
			for v := 1; v+2 <= NumValues; v++ {
				f := c*NumValues + v - 1
				if s.room(a, f) > 0 && s.room(a, f+1) > 0 && s.room(a, f+2) > 0 {
					for i := range 3 {
						s.slots[f+i]++
						s.cov[c][v+i]++
					}
					s.used += 3
					return true
				}
			}
		}
	}
	if bestC >= 0 {
		s.cov[bestC][bestP]++
		v := bestP
		if bestP == 14 {
			v = 1
		}
		s.slots[bestC*NumValues+v-1]++
		s.used++
		return true
	}
	return false
}

// coverage rebuilds a coverage of colour c's current line that seats at
// least m naturals in the fewest slots.
func (r *relaxed) coverage(c, m int, out *line) bool {
	*out = line{}
	if m == 0 {
		return true
	}
	target := r.colourCurve(c).slotsFor(m)
	cc := r.cc[c]
	tab := r.tab
	ones := 0
	if r.wrap {
		ones = int(cc.ones)
	}
	// The copies of 1 above 13 first (hi of them), as the tables were
	// read when this was written for lines.
	for hi := ones; hi >= 0; hi-- {
		lc, rc := cc.lc-hi, cc.rc+hi*pow6
		right, rightCov := tab.right13, tab.right13Cov
		if hi > 0 {
			right, rightCov = tab.right14, tab.right14Cov
		}
		nl, nr := int(tab.count[lc]), int(tab.count[rc])
		for s := range numRunStates {
			lt, rt := &tab.left[lc][s], &right[rc][s]
			for i := 0; i <= nl; i++ {
				a := int(lt[i])
				if a >= noSlots {
					continue
				}
				for j := max(0, m-i); j <= nr; j++ {
					if a+int(rt[j]) != target {
						continue
					}
					lcov, rcov := tab.leftCov[lc][s][i], rightCov[rc][s][j]
					for p := 1; p <= cutAt; p++ {
						out[p] = int8(lcov >> (2 * (p - 1)) & 3)
					}
					for p := cutAt + 1; p <= 14; p++ {
						out[p] = int8(rcov >> (2 * (p - cutAt - 1)) & 3)
					}
					return true
				}
			}
		}
	}
	return false
}
