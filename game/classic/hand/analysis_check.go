package hand

import (
	"math/bits"

	"okey/game/tile"
)

// Checking the relaxed optimum against the tiles in existence.
//
// The relaxed model lets any face fill any number of slots, so its
// optimum is an upper bound on the true one. A witness turns the optimum
// into a concrete structure: the colours' runs from the tables, the sets
// of the best config with their free slots given to the colours that
// have the most room, and slots added (run ends, a set's fourth) up to
// 14. If the tiles in existence can fill it (slots beyond a face's copies
// within the okey budget), the optimum is the true one.
//
// A witness is built twice over: first the quick way, in bit masks (the
// colours' coverage in two masks each, slots by face as the faces with
// more than k slots, padding by a run end or one fresh run on faces with
// room), which settles nearly every rack; when that way cannot vouch for
// a structure, the careful way of slot counts and greedy extension. Both
// only ever answer yes with a structure that exists, so which one answers
// changes nothing but the time.

// seatMap is what the callers ask of a witness: its slots by face, as
// the faces with more than k slots (bit v-1 of [c][k] for face (c, v)).
// Naturals held number at most two, so three levels answer every
// comparison with them.
type seatMap [tile.NumColours][3]uint16

// slotsAt is face f's number of slots, 3 standing for 3 or more.
func (m *seatMap) slotsAt(f tile.Tile) int8 {
	c, b := f/tile.NumValues, f%tile.NumValues
	return int8(m[c][0]>>b&1 + m[c][1]>>b&1 + m[c][2]>>b&1)
}

// placedSet is one value's set option in a witness, with the fills
// handed out so far: use[c] is colour c's slots in its sets.
type placedSet struct {
	v   int8
	o   setOption
	use [tile.NumColours]int8
}

// witness builds the structure of r's best config. r must have been
// solved; its codes are left as they were.
func (sk *stock) witness(r *relaxed, m *seatMap) bool {
	if r.best < 0 {
		*m = seatMap{}
		return false
	}
	return sk.witnessOf(r, &r.bestChoice, r.best, -1, 0, 0, m)
}

// witnessOf builds a structure for config choice that seats target
// naturals, with dk naturals of colour dc at value dv added to the runs
// (dc < 0: none), and reports whether the tiles in existence can fill it.
func (sk *stock) witnessOf(r *relaxed, choice *[tile.NumValues]int8, target int, dc int, dv int8, dk int8, m *seatMap) bool {
	return sk.witnessWith(r, choice, target, dc, dv, dk, nil, m)
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
func (sk *stock) witnessWith(r *relaxed, choice *[tile.NumValues]int8, target int, dc int, dv int8, dk int8, ex *extraSet, m *seatMap) bool {
	*m = seatMap{}
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
	var sets [tile.NumValues + 1]placedSet
	n := 0
	for i := range r.nShare {
		if j := choice[i]; j >= 0 {
			sets[n] = placedSet{v: r.shared[i].v, o: r.shared[i].opts[j]}
			if i == exAt {
				sets[n].o = exOpt
			}
			n++
			r.apply(r.shared[i].v, &r.shared[i].opts[j], 1)
		}
	}
	if ex != nil && ex.lone {
		sets[n] = placedSet{v: ex.v, o: exOpt}
		n++
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
	ok := r.slots <= RackSize && (sk.quickWitness(r, sets[:n], target, m) || sk.slowWitness(r, sets[:n], target, m))
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
	return ok
}

// slotLevels counts slots by face in bit masks: bit v-1 of [c][k] is set
// when face (c, v) has more than k slots.
type slotLevels [tile.NumColours][5]uint16

// add puts one more slot on the faces of colour c in mask.
func (x *slotLevels) add(c int, mask uint16) {
	l := &x[c]
	l[4] |= l[3] & mask
	l[3] |= l[2] & mask
	l[2] |= l[1] & mask
	l[1] |= l[0] & mask
	l[0] |= mask
}

// count is face (c, v)'s number of slots (v = 1..13), 5 for 5 or more.
func (x *slotLevels) count(c int, v int8) int {
	l := &x[c]
	b := uint(v - 1)
	return int(l[0]>>b&1 + l[1]>>b&1 + l[2]>>b&1 + l[3]>>b&1 + l[4]>>b&1)
}

// availMasks are the faces with fewer than two copies in existence, by
// colour: av1 with one, av0 with none.
type availMasks struct{ av1, av0 [tile.NumColours]uint16 }

// availMasks reads them off the analyzer: only the indicator's face (its
// other copy is on the table) and the okey's face (played by the false
// jokers) can be short of two copies.
func (sk *stock) availMasks() (m availMasks) {
	for _, f := range [2]tile.Tile{sk.indicator, sk.okey} {
		if !f.Valid() || f == tile.FalseJoker {
			continue
		}
		c, b := f/tile.NumValues, uint16(1)<<(f%tile.NumValues)
		switch sk.availOf(f) {
		case 0:
			m.av0[c] |= b
		case 1:
			m.av1[c] |= b
		}
	}
	return m
}

// avail is face (c, v)'s copies in existence.
func (m *availMasks) avail(c int, v int8) int {
	b := uint16(1) << (v - 1)
	switch {
	case m.av0[c]&b != 0:
		return 0
	case m.av1[c]&b != 0:
		return 1
	}
	return 2
}

// over is the number of slots beyond the copies in existence.
func (x *slotLevels) over(m *availMasks) int {
	n := 0
	for c := range tile.NumColours {
		l := &x[c]
		n += bits.OnesCount16(l[0]&m.av0[c]) + bits.OnesCount16(l[1]&(m.av0[c]|m.av1[c]))
		n += bits.OnesCount16(l[2]) + bits.OnesCount16(l[3]) + bits.OnesCount16(l[4])
	}
	return n
}

// room is, by colour, the faces that take one more slot within their
// copies.
func (x *slotLevels) room(m *availMasks) (out [tile.NumColours]uint16) {
	for c := range tile.NumColours {
		l := &x[c]
		out[c] = (^l[1]&^m.av1[c] | ^l[0]&m.av1[c]) &^ m.av0[c] & rowLo
	}
	return out
}

const (
	posLo13 = 1<<13 - 1 // positions 1..13 of a coverage mask
	posTop  = 1 << 13   // position 14: value 1 above 13
)

// quickWitness builds a structure for the running config of r (claims
// applied, sets placed as listed) that seats target naturals, the quick
// way. It answers yes only with a structure the tiles in existence fill;
// no means only that the careful way must look.
func (sk *stock) quickWitness(r *relaxed, sets []placedSet, target int, out *seatMap) bool {
	room := RackSize - int(r.slots)
	need := target - int(r.seat)
	used := int(r.slots)
	var x slotLevels
	// cov[c] are colour c's positions covered once or more and twice.
	var cov [tile.NumColours][2]uint16
	if need > 0 {
		var g [tile.NumColours]curve
		var acc [tile.NumColours + 1]curve
		for c := range tile.NumColours {
			if r.cc[c].n > 0 {
				g[c] = r.colourCurve(c)
			}
			acc[c+1] = acc[c].times(g[c])
		}
		if acc[tile.NumColours].at(room) < need {
			return false
		}
		// The fewest slots that seat need, split back over the colours,
		// each at a budget where its curve rises (so its coverage is in
		// the tables), the earlier colours taking as much as they can.
		b, t := acc[tile.NumColours].slotsFor(need), need
		for c := tile.NumColours - 1; c >= 0 && t > 0; c-- {
			if acc[c].at(b) >= t {
				continue
			}
			ts, ms := -1, 0
			for s := g[c].steps(); s != 0; s &= s - 1 {
				k := bits.TrailingZeros64(s) / 4
				if k > b {
					break
				}
				if m := g[c].at(k); acc[c].at(b-k)+m >= t {
					ts, ms = k, m
					break
				}
			}
			if ts < 0 {
				return false
			}
			c1, c2, ok := r.coverMasks(c, ms, ts)
			if !ok {
				return false
			}
			cov[c] = [2]uint16{c1, c2}
			x.add(c, c1&posLo13)
			x.add(c, c2&posLo13)
			x.add(c, c1>>13)
			x.add(c, c2>>13)
			used += ts
			b -= ts
			t -= ms
		}
	}
	am := sk.availMasks()
	// The sets: claimed naturals, then free slots where there is room.
	for i := range sets {
		ps := &sets[i]
		bit := uint16(1) << (ps.v - 1)
		for c := range tile.NumColours {
			ps.use[c] = ps.o.claims[c]
			for range ps.o.claims[c] {
				x.add(c, bit)
			}
		}
		for range ps.o.slots - ps.o.seat {
			best, bestRoom := -1, -99
			for c := range tile.NumColours {
				if ps.use[c] < ps.o.sets {
					if rm := am.avail(c, ps.v) - x.count(c, ps.v); rm > bestRoom {
						best, bestRoom = c, rm
					}
				}
			}
			if best < 0 {
				return false
			}
			ps.use[best]++
			x.add(best, bit)
		}
	}
	budget := int(sk.budget())
	over := x.over(&am)
	if over > budget || x[0][4]|x[1][4]|x[2][4]|x[3][4] != 0 {
		return false
	}
	// Make it up to 14 slots.
	last := uint16(posLo13)
	if r.wrap {
		last |= posTop
	}
	for pad := RackSize - used; pad > 0; {
		rm := x.room(&am)
		if pad >= 3 {
			// One fresh run on faces with room.
			for c := range tile.NumColours {
				p := rm[c] | (rm[c]&1)<<13
				p &= last
				w := p
				for i := 1; i < pad; i++ {
					w &= p >> i
				}
				if w == 0 {
					continue
				}
				start := bits.TrailingZeros16(w)
				run := uint16(1)<<pad - 1
				run <<= start
				x.add(c, run&posLo13)
				x.add(c, run>>13)
				pad = 0
				break
			}
			if pad > 0 {
				return false
			}
			break
		}
		// One slot: a run end or a set's fourth, with room if there is
		// one, else out of the okeys while they last.
		placed := false
		for pass := 0; pass < 2 && !placed; pass++ {
			if pass == 1 && over >= budget {
				break
			}
			for c := range tile.NumColours {
				c1, c2 := cov[c][0], cov[c][1]
				ends := ((c1<<1|c1>>1)&^c1 | (c2<<1|c2>>1)&c1&^c2) & last
				if pass == 0 {
					ends &= rm[c] | (rm[c]&1)<<13
				}
				if ends == 0 {
					continue
				}
				e := ends & -ends
				if c1&e == 0 {
					cov[c][0] |= e
				} else {
					cov[c][1] |= e
				}
				x.add(c, e&posLo13)
				x.add(c, e>>13)
				placed = true
				break
			}
			for i := 0; i < len(sets) && !placed; i++ {
				ps := &sets[i]
				if ps.o.three == 0 {
					continue
				}
				bit := uint16(1) << (ps.v - 1)
				for c := range tile.NumColours {
					if ps.use[c] < ps.o.sets && (pass == 1 || rm[c]&bit != 0) {
						ps.use[c]++
						ps.o.three--
						x.add(c, bit)
						placed = true
						break
					}
				}
			}
			if placed && pass == 1 {
				over++
			}
		}
		if !placed {
			return false
		}
		pad--
	}
	for c := range tile.NumColours {
		out[c] = [3]uint16{x[c][0], x[c][1], x[c][2]}
	}
	return true
}

// coverMasks finds a coverage of colour c's current line that seats at
// least m naturals in t slots (t the fewest for m), as the positions it
// covers once or more and twice (bit p-1 for position p, 14 being value 1
// above 13).
func (r *relaxed) coverMasks(c, m, t int) (c1, c2 uint16, ok bool) {
	lcov, rcov, ok := r.coverSplit(c, m, t)
	if !ok {
		return 0, 0, false
	}
	cov := uint32(lcov) | uint32(rcov)<<(2*cutAt)
	lo := cov & 0x55555555      // the low bit of every position's count
	hi := cov >> 1 & 0x55555555 // the high bit: covered twice
	return uint16(evenBits(lo | hi)), uint16(evenBits(hi)), true
}

// coverSplit finds, in the half-line tables, how colour c's current line
// seats at least m naturals in exactly t slots: the coverage of its left
// half and of its right half (2 bits a position). The copies of 1 above
// 13 are tried first, most of them first.
func (r *relaxed) coverSplit(c, m, t int) (lcov, rcov uint16, ok bool) {
	cc := r.cc[c]
	tab := r.tab
	ones := 0
	if r.wrap {
		ones = int(cc.ones)
	}
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
				if a > t {
					continue
				}
				for j := max(0, m-i); j <= nr; j++ {
					if a+int(rt[j]) == t {
						return tab.leftCov[lc][s][i], rightCov[rc][s][j], true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// evenBits packs bits 0, 2, 4, ... of x into bits 0, 1, 2, ...
func evenBits(x uint32) uint32 {
	x &= 0x55555555
	x = (x | x>>1) & 0x33333333
	x = (x | x>>2) & 0x0F0F0F0F
	x = (x | x>>4) & 0x00FF00FF
	x = (x | x>>8) & 0x0000FFFF
	return x
}

// structure is a concrete structure: slots by played face, for the
// careful way.
type structure struct {
	slots [tile.NumColoured]int8
	cov   [tile.NumColours]line // run coverage by position
	used  int                   // slots in all
}

// over is the number of slots the tiles in existence cannot fill.
func (s *structure) over(sk *stock) int {
	n := 0
	for f := range s.slots {
		if x := int(s.slots[f]) - int(sk.availOf(tile.Tile(f))); x > 0 {
			n += x
		}
	}
	return n
}

// room is how many more slots face f takes before needing an okey.
func (s *structure) room(sk *stock, f int) int {
	return int(sk.availOf(tile.Tile(f))) - int(s.slots[f])
}

// slowWitness is the careful way: the colours' counts as the solver's
// packing has them, their coverage, the sets' free slots where there is
// most room, and slots added one at a time where they cost least.
func (sk *stock) slowWitness(r *relaxed, sets []placedSet, target int, m *seatMap) bool {
	var s structure
	var counts [tile.NumColours]int8
	if r.packCounts(&counts) < target {
		return false
	}
	for c := range tile.NumColours {
		if !r.coverage(c, int(counts[c]), &s.cov[c]) {
			return false
		}
	}
	for c := range tile.NumColours {
		for p := 1; p <= wrapTop; p++ {
			v := p
			if p == wrapTop {
				v = 1
			}
			s.slots[c*tile.NumValues+v-1] += s.cov[c][p]
			s.used += int(s.cov[c][p])
		}
	}
	// The sets: claimed naturals, then free slots where there is room.
	var setAt [tile.NumValues + 1]*placedSet
	for i := range sets {
		ps := &sets[i]
		v := int(ps.v)
		setAt[v] = ps
		for c := range tile.NumColours {
			s.slots[c*tile.NumValues+v-1] += ps.o.claims[c]
			ps.use[c] = ps.o.claims[c]
		}
		s.used += int(ps.o.slots)
		for range ps.o.slots - ps.o.seat {
			best := -1
			for c := range tile.NumColours {
				if ps.use[c] < ps.o.sets && (best < 0 || s.room(sk, c*tile.NumValues+v-1) > s.room(sk, best*tile.NumValues+v-1)) {
					best = c
				}
			}
			if best < 0 {
				return false
			}
			ps.use[best]++
			s.slots[best*tile.NumValues+v-1]++
		}
	}
	// Make it up to 14 slots.
	for s.used < RackSize {
		if !sk.extend(&s, &setAt, r.wrap) {
			return false
		}
	}
	if s.used != RackSize || s.over(sk) > int(sk.budget()) {
		return false
	}
	for f := range s.slots {
		c, b := f/tile.NumValues, uint16(1)<<(f%tile.NumValues)
		for k := range 3 {
			if int(s.slots[f]) > k {
				m[c][k] |= b
			}
		}
	}
	return true
}

// extend adds one slot (or, with three or more to go and nothing better,
// a fresh run of three) where it costs least.
func (sk *stock) extend(s *structure, setAt *[tile.NumValues + 1]*placedSet, wrap bool) bool {
	last := 13
	if wrap {
		last = wrapTop
	}
	bestRoom, bestC, bestP := -99, -1, 0
	for c := range tile.NumColours {
		cv := &s.cov[c]
		for p := 1; p <= last; p++ {
			ends := (p > 1 && cv[p-1] > cv[p]) || (p < last && cv[p+1] > cv[p])
			if !ends {
				continue
			}
			v := p
			if p == wrapTop {
				v = 1
			}
			if rm := s.room(sk, c*tile.NumValues+v-1); rm > bestRoom {
				bestRoom, bestC, bestP = rm, c, p
			}
		}
	}
	// A set of three may take a fourth, of a colour not in every set.
	setC, setV, setRoom := -1, 0, -99
	for v := 1; v <= tile.NumValues; v++ {
		ps := setAt[v]
		if ps == nil || ps.o.three == 0 {
			continue
		}
		for c := range tile.NumColours {
			f := c*tile.NumValues + v - 1
			if ps.use[c] < ps.o.sets && s.room(sk, f) > setRoom {
				setC, setV, setRoom = c, v, s.room(sk, f)
			}
		}
	}
	if setC >= 0 && setRoom > bestRoom {
		s.slots[setC*tile.NumValues+setV-1]++
		s.used++
		setAt[setV].use[setC]++
		setAt[setV].o.three--
		return true
	}
	if bestC >= 0 && (bestRoom > 0 || RackSize-s.used < 3) {
		s.cov[bestC][bestP]++
		v := bestP
		if bestP == wrapTop {
			v = 1
		}
		s.slots[bestC*tile.NumValues+v-1]++
		s.used++
		return true
	}
	if RackSize-s.used >= 3 {
		// A fresh run where three faces have room.
		for c := range tile.NumColours {
			for v := 1; v+2 <= tile.NumValues; v++ {
				f := c*tile.NumValues + v - 1
				if s.room(sk, f) > 0 && s.room(sk, f+1) > 0 && s.room(sk, f+2) > 0 {
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
		if bestP == wrapTop {
			v = 1
		}
		s.slots[bestC*tile.NumValues+v-1]++
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
	lcov, rcov, ok := r.coverSplit(c, m, r.colourCurve(c).slotsFor(m))
	if !ok {
		return false
	}
	for p := 1; p <= cutAt; p++ {
		out[p] = int8(lcov >> (2 * (p - 1)) & 3)
	}
	for p := cutAt + 1; p <= wrapTop; p++ {
		out[p] = int8(rcov >> (2 * (p - cutAt - 1)) & 3)
	}
	return true
}
