package hand

import (
	"math/bits"
	"sort"

	"okey/game/tile"
)

// The fast win check. A 14-tile hand wins with melds exactly when every
// natural can be seated with the hand's okeys as the only fills: in the
// relaxed model, some choice of sets at shared values and runs for the
// rest seats all naturals in at most 14 slots (the okeys left over
// extend a run, or a set of three to four). Availability plays no part:
// every fill is an okey of the hand.

// lonelyNeed is a lower bound on the okeys a melds win needs for the
// naturals that no other natural can join closely: one with no natural of
// its colour within four values (12-13-1 counts with wrap) and none of
// another colour at its value needs two; one whose nearest such natural
// is three or four values away shares a run with it across a gap of two
// or more, at least one okey each.
func lonelyNeed(p *played, wrap bool) int {
	lo := [tile.NumColours]uint32{p.rows[0] & rowLo, p.rows[1] & rowLo, p.rows[2] & rowLo, p.rows[3] & rowLo}
	shared := lo[0]&lo[1] | lo[0]&lo[2] | lo[0]&lo[3] | lo[1]&lo[2] | lo[1]&lo[3] | lo[2]&lo[3]
	n := 0
	for c := range tile.NumColours {
		m := lo[c]
		near := m<<1 | m<<2 | m>>1 | m>>2
		far := m<<3 | m<<4 | m>>3 | m>>4
		if wrap {
			// 1 sits next to 13 (12-13-1, 11-12-13-1, ...).
			one, top := m&1, m>>9&0xf // values 10..13 as bits 0..3
			near |= one<<12 | one<<11 | (top>>3&1 | top>>2&1)
			far |= one<<10 | one<<9 | (top>>1&1 | top&1)
		}
		alone := m &^ near &^ shared & rowLo
		two := alone &^ far
		one := alone & far
		hi := p.rows[c] >> 16
		n += 2*(rowCount(two)+rowCount(two&hi)) + rowCount(one) + rowCount(one&hi)
	}
	return n
}

// allSeat is the fewest slots that seat every natural of a colour in
// runs, from the codes of its halves (lc holds the copies of 1 at
// position 1; with wrap they may also sit above 13). noSlots and more
// when they cannot all be seated.
func allSeat(tab *runTables, lc, rc int, ones int8, wrap bool) int {
	if !wrap || ones == 0 {
		return allMin(&tab.leftAll[lc], &tab.right13All[rc])
	}
	best := allMin(&tab.leftAll[lc], &tab.right13All[rc])
	for hi := 1; hi <= int(ones); hi++ {
		best = min(best, allMin(&tab.leftAll[lc-hi], &tab.right14All[rc+hi*pow3[6]]))
	}
	return best
}

func allMin(l, r *allSlots) int {
	// Bytes are below 64, so sums stay below 128 and never carry.
	m := minBytes(l[0]+r[0], l[1]+r[1])
	m = minBytes(m, m>>32)
	m = minBytes(m, m>>16)
	m = minBytes(m, m>>8)
	if x := int(m & 0x7f); x < 63 {
		return x
	}
	return noSlots
}

// minBytes is the bytewise minimum of x and y, bytes below 128.
func minBytes(x, y uint64) uint64 {
	const high = 0x8080808080808080
	ge := ((x | high) - y) & high // high bit set where x >= y
	mask := ge >> 7 * 0xff
	return y&mask | x&^mask
}

// winCheck decides a melds win for played naturals p.
type winCheck struct {
	tab    *runTables
	wrap   bool
	lc, rc [tile.NumColours]int // half codes of the colours' naturals
	ones   [tile.NumColours]int8
	counts [tile.NumColours]int
	shared [tile.NumValues]sharedCode
	nShare int
	last   [tile.NumColours]int // index of the last shared value holding the colour, -1
	wilds  int
	slack  int // fills the sets may use
	slots  int // slots of the sets so far
	seat   int // naturals the sets seat so far
	three  int // sets of three so far
	memo   [tile.NumColours][4]seatMemo
}

// seatMemo remembers allSeat for a colour's codes.
type seatMemo struct {
	key, t int32
}

func (w *winCheck) seat1(c int) int {
	key := int32(w.lc[c]) | int32(w.rc[c])<<12 | int32(w.ones[c])<<24 | 1<<30
	m := &w.memo[c]
	for i := range m {
		if m[i].key == key {
			return int(m[i].t)
		}
	}
	t := allSeat(w.tab, w.lc[c], w.rc[c], w.ones[c], w.wrap)
	copy(m[1:], m[:3])
	m[0] = seatMemo{key: key, t: int32(t)}
	return t
}

func (a *Analyzer) meldsWin(p *played) bool {
	if lonelyNeed(p, a.wraps()) > p.w {
		return false
	}
	var w winCheck
	w.tab = runTabs()
	w.wrap = a.wraps()
	w.wilds = p.w
	for c := range tile.NumColours {
		r := p.rows[c]
		w.counts[c] = rowCount(r)
		w.lc[c], w.rc[c] = rowCodes(r)
		w.ones[c] = int8(r&1 + r>>16&1)
	}
	// Runs alone, before any set.
	if w.leaf() {
		return true
	}
	w.nShare = sharedCodes(p, &w.shared)
	for c := range tile.NumColours {
		w.last[c] = -1
		for i := range w.nShare {
			if w.shared[i].code/int16(pow3[c])%3 != 0 {
				w.last[c] = i
			}
		}
	}
	return w.nShare > 0 && w.config(0)
}

// sharedCode is a shared value and the code of its naturals by colour.
type sharedCode struct {
	v    int8
	code int16
}

// sharedCodes lists the values where two or more colours hold naturals.
func sharedCodes(p *played, out *[tile.NumValues]sharedCode) int {
	var lo, hi [tile.NumColours]uint32
	for c := range tile.NumColours {
		lo[c], hi[c] = p.rows[c]&rowLo, p.rows[c]>>16&rowLo
	}
	shared := lo[0]&lo[1] | lo[0]&lo[2] | lo[0]&lo[3] | lo[1]&lo[2] | lo[1]&lo[3] | lo[2]&lo[3]
	n := 0
	for ; shared != 0; shared &= shared - 1 {
		v := bits.TrailingZeros32(shared)
		code := 0
		for c := range tile.NumColours {
			code += int(lo[c]>>v&1+hi[c]>>v&1) * pow3[c]
		}
		out[n] = sharedCode{v: int8(v + 1), code: int16(code)}
		n++
	}
	return n
}

// tern[m] is the base-3 number whose digits are the bits of m.
var tern = func() (t [128]int16) {
	for m := range t {
		for i := range 7 {
			if m>>i&1 != 0 {
				t[m] += int16(pow3[i])
			}
		}
	}
	return t
}()

// rowCodes returns the half codes of a row of copy masks.
func rowCodes(r uint32) (left, right int) {
	lo, hi := r&rowLo, r>>16&rowLo
	left = int(tern[lo&0x7f]) + int(tern[hi&0x7f])
	right = int(tern[lo>>cutAt&0x3f]) + int(tern[hi>>cutAt&0x3f])
	return left, right
}

// sharedValues lists the values where two or more colours hold naturals,
// with their set choices.
func sharedValues(p *played, out *[tile.NumValues]sharedValue) int {
	var codes [tile.NumValues]sharedCode
	n := sharedCodes(p, &codes)
	for i, sc := range codes[:n] {
		out[i] = sharedValue{v: sc.v, code: sc.code, opts: setChoices[sc.code]}
	}
	return n
}

// claim takes k naturals of colour c at value v out of the runs (k < 0
// puts them back).
func (w *winCheck) claim(c int, v int8, k int8) {
	if v <= cutAt {
		w.lc[c] -= int(k) * pow3[v-1]
	} else {
		w.rc[c] -= int(k) * pow3[v-cutAt-1]
	}
	if v == 1 {
		w.ones[c] -= k
	}
	w.counts[c] -= int(k)
}

func (w *winCheck) config(i int) bool {
	if i == w.nShare {
		return w.leaf()
	}
	// Colours with no shared value from i on are settled: their runs'
	// fills count already.
	settled := w.slack
	for c := range tile.NumColours {
		if w.counts[c] > 0 && w.last[c] < i {
			settled += w.seat1(c) - w.counts[c]
		}
	}
	if settled > w.wilds {
		return false
	}
	sv := &w.shared[i]
	opts := setChoices[sv.code]
	for j := range opts {
		o := &opts[j]
		if fills := settled + int(o.slots-o.seat); fills > w.wilds || w.slots+int(o.slots) > RackSize {
			continue
		}
		for c := range tile.NumColours {
			if o.claims[c] != 0 {
				w.claim(c, sv.v, o.claims[c])
			}
		}
		w.slack += int(o.slots - o.seat)
		w.slots += int(o.slots)
		w.seat += int(o.seat)
		w.three += int(o.three)
		ok := w.config(i + 1)
		w.slack -= int(o.slots - o.seat)
		w.slots -= int(o.slots)
		w.seat -= int(o.seat)
		w.three -= int(o.three)
		for c := range tile.NumColours {
			if o.claims[c] != 0 {
				w.claim(c, sv.v, -o.claims[c])
			}
		}
		if ok {
			return true
		}
	}
	if i == w.nShare-1 && w.slots == 0 {
		return false // runs alone were tried first
	}
	return w.config(i + 1)
}

// leaf reports whether the running config's runs seat the rest with the
// okeys left.
func (w *winCheck) leaf() bool {
	fills := w.slack
	runs := false
	for c := range tile.NumColours {
		if w.counts[c] == 0 {
			continue
		}
		t := w.seat1(c)
		if t >= noSlots {
			return false
		}
		fills += t - w.counts[c]
		if fills > w.wilds {
			return false
		}
		runs = true
	}
	// Okeys left over go at the end of a run or make a set of three a
	// set of four.
	left := w.wilds - fills
	return left == 0 || runs || w.three >= left
}

// setChoices[code] (and, with the dominated ones, setChoicesAll[code])
// lists the set options for the naturals at one value,
// code = sum of cnt[c]*3^c: every claim vector with at most two of a
// colour, sets of at least two claims each (a set seating one natural is
// no cheaper than a run), arranged as evenly as possible, without the
// dominated ones: an option is dominated by one with as many sets and
// slots that seats a superset, since the extra naturals are seated for
// nothing and only leave the runs.
var setChoices, setChoicesAll = func() (t, u [81][]setOption) {
	for code := range 81 {
		var cnt [tile.NumColours]int8
		x := code
		for c := range tile.NumColours {
			cnt[c] = int8(x % 3)
			x /= 3
		}
		var all []setOption
		for sc := range 81 {
			var s [tile.NumColours]int8
			y := sc
			ok := true
			for c := range tile.NumColours {
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
		u[code] = all
		for i, o := range all {
			dominated := false
			for j, q := range all {
				if i == j || q.slots != o.slots || q.sets != o.sets || q.seat <= o.seat {
					continue
				}
				sub := true
				for c := range tile.NumColours {
					sub = sub && o.claims[c] <= q.claims[c]
				}
				dominated = dominated || sub
			}
			if !dominated {
				t[code] = append(t[code], o)
			}
		}
		// Fuller sets first: a win, when there is one, is found sooner.
		sort.SliceStable(t[code], func(i, j int) bool { return t[code][i].seat > t[code][j].seat })
	}
	return t, u
}()

// sharedValue is a value where two or more colours hold naturals.
type sharedValue struct {
	v    int8 // 1..13
	code int16
	opts []setOption
}

// setOption is one way sets seat naturals at a shared value: claims[c]
// naturals of colour c, in sets of 3 or 4 slots.
type setOption struct {
	claims [tile.NumColours]int8
	seat   int8 // naturals seated
	sets   int8 // number of sets
	slots  int8 // slots used
	three  int8 // sets of three that could take a fourth slot
}
