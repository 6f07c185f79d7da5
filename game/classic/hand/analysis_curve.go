package hand

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// Seat curves: a colour's runs as the most naturals they seat in a
// budget of slots, sixteen 4-bit counts in one word.
//
// The relaxed solver asks one question many times: given the colours'
// naturals left to runs and the slots the sets leave, how many naturals
// can the runs seat at most? As fewest-slots frontiers (frontier) that
// is a min-plus product over the colours, which costs a loop over every
// pair of counts. Turned around, as the most naturals seated in t slots,
// a colour's answer is a step function of t that rises at a few budgets
// only (a run of three rises once, by three, at three slots), and the
// product of two is the maximum, over the steps of one, of the other
// shifted by the step's slots and raised by its naturals: a shift, an
// add and a nibble-wise maximum per step, on one word.
//
// Nibble t never exceeds t (a slot seats one natural at most), which is
// what keeps the arithmetic in its nibbles: a count that would pass 15
// sits at a budget of 16 slots or more and is shifted out of the word.
//
// Rows with few naturals (every colour of a dealt rack but the rare
// long one) read their curve from a table built once; longer rows go
// through the half-line tables of analysis_runs.go.

// curve is nibble t (t = 0..15): the most naturals seated in at most t
// slots. It never decreases with t, nibble 0 is 0 and nibble t is at
// most t.
type curve uint64

const (
	nibbleOnes = 0x1111111111111111 // 1 in every nibble
	byteLow4   = 0x0F0F0F0F0F0F0F0F
	byteHigh   = 0x8080808080808080
)

// at is the most naturals seated in at most t slots (t = 0..15).
func (g curve) at(t int) int { return int(g >> (4 * uint(t)) & 15) }

// slotsFor is the fewest slots that seat m naturals, noSlots when no
// budget up to 15 does.
func (g curve) slotsFor(m int) int {
	if m <= 0 {
		return 0
	}
	for t := range 16 {
		if g.at(t) >= m {
			return t
		}
	}
	return noSlots
}

// steps marks with bit 4t the budgets t where g rises.
func (g curve) steps() uint64 {
	d := uint64(g - g<<4) // rises never borrow: g never decreases
	d |= d >> 1
	d |= d >> 2
	return d & nibbleOnes
}

// times is the max-plus product of a and g: the most naturals both seat
// together in every budget.
func (a curve) times(g curve) curve {
	res := a
	for s := g.steps(); s != 0; s &= s - 1 {
		sh := uint(bits.TrailingZeros64(s))
		m := curve(g >> sh & 15)
		res = nibbleMax(res, (a+m*nibbleOnes)<<sh)
	}
	return res
}

// nibbleMax is the nibble-wise maximum of x and y.
func nibbleMax(x, y curve) curve {
	return curve(byteMax(uint64(x)&byteLow4, uint64(y)&byteLow4) | byteMax(uint64(x>>4)&byteLow4, uint64(y>>4)&byteLow4)<<4)
}

// byteMax is the bytewise maximum of x and y, bytes below 128.
func byteMax(x, y uint64) uint64 {
	ge := ((x | byteHigh) - y) & byteHigh // high bit set where x >= y
	mask := ge >> 7 * 0xff
	return x&mask | y&^mask
}

// curveOf turns a fewest-slots frontier into a curve.
func curveOf(f *frontier) curve {
	var g curve
	m := 0
	for t := range 16 {
		for m < maxColourTiles && int(f[m+1]) <= t {
			m++
		}
		g |= curve(m) << (4 * uint(t))
	}
	return g
}

// frontier turns a curve back into fewest slots by count.
func (g curve) frontier() (f frontier) {
	m := 0
	for s := g.steps(); s != 0; s &= s - 1 {
		sh := uint(bits.TrailingZeros64(s))
		for top := int(g >> sh & 15); m < top; {
			m++
			f[m] = int8(sh / 4)
		}
	}
	for m++; m < len(f); m++ {
		f[m] = noSlots
	}
	return f
}

// smallRow is the most naturals a row may hold to have its curve in the
// table: 7 covers every colour of nine dealt racks in ten, and the table
// (one word for each of the 47,672 rows) stays in the second-level cache.
const smallRow = 7

// curveTable holds the curves of the rows with at most smallRow
// naturals, by half codes: row (lc, rc) is at base[lc] + rank[rc]. Right
// codes are ranked by their number of naturals, so the right halves that
// fit beside a left half are a prefix of the ranks.
//
// A curve is computed the first time its row is looked up and kept
// (complemented, so that zero means not yet: no small row's curve is all
// ones). A process that analyses a few thousand racks computes a few
// thousand rows, not 47,672 at start; two goroutines that meet on a new
// row compute the same word.
type curveTable struct {
	base   [pow7]int32
	rank   [pow6]int16
	curves []atomic.Uint64
	tab    *runTables
	wrap   bool
}

var (
	curveTabOnce [2]sync.Once
	curveTab     [2]*curveTable
)

// curveTabs returns the table for runs without wrap (0) or with (1).
func curveTabs(wrap bool) *curveTable {
	i := 0
	if wrap {
		i = 1
	}
	curveTabOnce[i].Do(func() { curveTab[i] = buildCurveTable(wrap) })
	return curveTab[i]
}

func buildCurveTable(wrap bool) *curveTable {
	tab := runTabs()
	t := &curveTable{tab: tab, wrap: wrap}
	// Right codes by count.
	var cum [smallRow + 2]int
	for rc := range pow6 {
		if k := int(tab.count[rc]); k <= smallRow {
			cum[k+1]++
		}
	}
	for k := 1; k < len(cum); k++ {
		cum[k] += cum[k-1]
	}
	next := cum
	for rc := range pow6 {
		t.rank[rc] = -1
		if k := int(tab.count[rc]); k <= smallRow {
			t.rank[rc] = int16(next[k])
			next[k]++
		}
	}
	n := 0
	for lc := range pow7 {
		k := int(tab.count[lc])
		if k > smallRow {
			t.base[lc] = -1
			continue
		}
		t.base[lc] = int32(n)
		n += cum[smallRow-k+1]
	}
	t.curves = make([]atomic.Uint64, n)
	return t
}

// lookup returns the curve of a row with at most smallRow naturals.
func (t *curveTable) lookup(cc colourCodes) curve {
	slot := &t.curves[t.base[cc.lc]+int32(t.rank[cc.rc])]
	if v := slot.Load(); v != 0 {
		return curve(^v)
	}
	var f frontier
	codesFrontier(t.tab, cc, t.wrap, &f)
	g := curveOf(&f)
	slot.Store(^uint64(g))
	return g
}

// codesCurve computes the curve of a colour from its codes.
func codesCurve(ct *curveTable, tab *runTables, cc colourCodes, wrap bool) curve {
	if cc.n <= smallRow {
		return ct.lookup(cc)
	}
	var f frontier
	codesFrontier(tab, cc, wrap, &f)
	return curveOf(&f)
}

const maxColourTiles = RackSize + 1

// frontier[m] is the fewest slots that seat m naturals (noSlots when they
// cannot be seated); it never decreases with m.
type frontier [maxColourTiles + 1]int8

// colourCodes holds a colour's naturals as the codes of its halves.
type colourCodes struct {
	lc, rc int  // positions 1..7 and 8..13, base 3
	ones   int8 // copies of 1 (first digit of lc)
	n      int8 // naturals
}

// codesFrontier computes minT for a colour from its codes.
func codesFrontier(tab *runTables, cc colourCodes, wrap bool, out *frontier) {
	for i := range out {
		out[i] = noSlots
	}
	nl, nr := int(tab.count[cc.lc]), int(tab.count[cc.rc])
	halves(&tab.left[cc.lc], &tab.right13[cc.rc], nl, nr, out)
	if wrap {
		// The copies of 1 may sit above 13 instead.
		for hi := 1; hi <= int(cc.ones); hi++ {
			halves(&tab.left[cc.lc-hi], &tab.right14[cc.rc+hi*pow3[6]], nl-hi, nr+hi, out)
		}
	}
	// Seating fewer is never dearer than seating more.
	for m := maxColourTiles - 1; m >= 0; m-- {
		out[m] = min(out[m], out[m+1])
	}
}

// Prepare builds the lookup tables every analysis shares: about a tenth
// of a second of CPU once a process, spread over the cores. Analyses
// build them on first use anyway; Prepare lets a caller choose the
// moment (before timing decisions, while a first frame is on screen).
func Prepare() {
	runTabs()
	curveTabs(false)
	curveTabs(true)
}

// halves lowers out to the min-plus product of two half lines over the
// states at the cut.
func halves(left, right *halfSlots, nl, nr int, out *frontier) {
	for s := range numRunStates {
		lt, rt := &left[s], &right[s]
		for i := 0; i <= nl; i++ {
			a := int(lt[i])
			if a >= noSlots {
				continue
			}
			for j := 0; j <= nr && i+j <= maxColourTiles; j++ {
				if t := a + int(rt[j]); t < int(out[i+j]) {
					out[i+j] = int8(t)
				}
			}
		}
	}
}
