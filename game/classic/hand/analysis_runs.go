package hand

import (
	"runtime"
	"sync"
)

// Runs of one colour, without availability limits.
//
// A colour's runs give every position p of its line a coverage c_p, the
// number of runs through it; any coverage that is a sum of intervals of
// length 3 or more is possible, and it seats min(h_p, c_p) of the h_p
// naturals at p in sum_p c_p slots. minT[m] is the fewest slots that seat
// m naturals. The line is 1..13, and 14 (value 1 above 13) with wrap.
//
// Coverage 2 is always enough: for every one of the 3^13 lines (and 3^14
// with wrap) the fewest slots for every count are the same with coverage
// up to 4 as with coverage up to 2 (checked exhaustively once, by a
// separate program; TestRunTablesAgainstPlainDP repeats it for every line
// on values 1..7 and for random full lines). So a line is read from
// left to right with one of ten states: how many runs of length 1, of
// length 2 and of length 3 or more are open.
//
// A line is cut between positions 7 and 8. Tables built once give, for
// every left half and every state at the cut, the fewest slots for every
// count (and one coverage that achieves it); and for every state at the
// cut and every right half, the same for the rest. A line's minT is then
// the min-plus product over the ten states.

const noSlots = 99 // minT of a count that cannot be seated

// runStates lists the states (a1, a2, a3) with at most two runs open.
var runStates = [...][3]int8{
	{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1},
	{2, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 2, 0}, {0, 1, 1}, {0, 0, 2},
}

const numRunStates = len(runStates)

// closed reports whether a state may end the line (no run shorter than 3).
func closedState(s int) bool { return runStates[s][0] == 0 && runStates[s][1] == 0 }

type runMove struct {
	cov   int8 // runs through the next position
	to    int8 // state after it
	fresh int8 // runs starting there
}

// runNext[s] lists the moves from state s into the next position.
var runNext = func() (next [numRunStates][]runMove) {
	index := func(a1, a2, a3 int8) int8 {
		for i, s := range runStates {
			if s == [3]int8{a1, a2, a3} {
				return int8(i)
			}
		}
		return -1
	}
	for i, s := range runStates {
		a1, a2, a3 := s[0], s[1], s[2]
		for k3 := int8(0); k3 <= a3; k3++ {
			for n := int8(0); a1+a2+k3+n <= 2; n++ {
				next[i] = append(next[i], runMove{cov: a1 + a2 + k3 + n, to: index(n, a1, a2+k3), fresh: n})
			}
		}
	}
	return next
}()

// halfEntry is, for one half line and one state at the cut, the fewest
// slots for every count and a coverage that achieves it (2 bits per
// position, from the half's first position).
type halfEntry struct {
	t   [maxHalfSeat + 1]int8
	cov [maxHalfSeat + 1]uint16
}

const (
	cutAt       = 7         // positions 1..7 are the left half
	maxHalfSeat = 2 * cutAt // at most 2 naturals on each of 7 positions
	pow7        = 2187
	pow6        = 729
)

// halfSlots is the fewest slots for every count, for every state at the
// cut, of one half line: what a query reads, kept small and together.
type halfSlots [numRunStates][maxHalfSeat + 1]int8

// halfCover is a coverage that achieves halfSlots, for the witness.
type halfCover [numRunStates][maxHalfSeat + 1]uint16

// runTables are the half-line tables, by half code: left is positions
// 1..7 with the state after 7; right13 is 8..13 and right14 8..14, by the
// state after 7.
type runTables struct {
	left, right13, right14          []halfSlots
	leftCov, right13Cov, right14Cov []halfCover
	// The entries for seating every natural of the half, by state, and
	// the half's naturals: what the win check reads.
	leftAll, right13All, right14All []allSlots
	count                           []int8 // naturals of a half code
}

// allSlots is, for every state at the cut, the fewest slots that seat
// every natural of a half, one byte per state in two words (capped at
// 63, padded with 63) so that two halves add and compare a word at a
// time.
type allSlots [2]uint64

// pow3[i] is 3 to the i.
var pow3 = [...]int{1, 3, 9, 27, 81, 243, 729, 2187}

// halfCount is the number of naturals of a half code.
func halfCount(code int) int {
	n := 0
	for ; code > 0; code /= 3 {
		n += code % 3
	}
	return n
}

var (
	runTabOnce sync.Once
	runTab     *runTables
)

func runTabs() *runTables {
	runTabOnce.Do(func() {
		t := &runTables{
			left: make([]halfSlots, pow7), leftCov: make([]halfCover, pow7),
			right13: make([]halfSlots, pow6), right13Cov: make([]halfCover, pow6),
			right14: make([]halfSlots, pow7), right14Cov: make([]halfCover, pow7),
		}
		// Every half line is a path in the tree of its digits: the DP of
		// a prefix is shared by all the lines that start with it. The
		// left tree and the right trees of each start state are built on
		// the cores at once.
		parallel(1+2*numRunStates, func(i int) {
			switch {
			case i == 0:
				halfTree(cutAt, 0, false, func(code int, ends *[numRunStates]halfEntry) {
					for s := range numRunStates {
						t.left[code][s] = ends[s].t
						t.leftCov[code][s] = ends[s].cov
					}
				})
			case i <= numRunStates:
				s := i - 1
				halfTree(6, s, true, func(code int, ends *[numRunStates]halfEntry) {
					t.right13[code][s] = ends[0].t
					t.right13Cov[code][s] = ends[0].cov
				})
			default:
				s := i - 1 - numRunStates
				halfTree(cutAt, s, true, func(code int, ends *[numRunStates]halfEntry) {
					t.right14[code][s] = ends[0].t
					t.right14Cov[code][s] = ends[0].cov
				})
			}
		})
		t.count = make([]int8, pow7)
		for code := range pow7 {
			t.count[code] = int8(halfCount(code))
		}
		t.leftAll = allOf(t.left)
		t.right13All = allOf(t.right13)
		t.right14All = allOf(t.right14)
		runTab = t
	})
	return runTab
}

// parallel calls f(0..n-1), spread over the cores in blocks. The calls
// must be independent.
func parallel(n int, f func(i int)) {
	block := max(1, min(256, n/(4*runtime.GOMAXPROCS(0))))
	workers := min(runtime.GOMAXPROCS(0), (n+block-1)/block)
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				lo := i
				i += block
				next.Unlock()
				if lo >= n {
					return
				}
				for j := lo; j < min(lo+block, n); j++ {
					f(j)
				}
			}
		}()
	}
	wg.Wait()
}

func allOf(half []halfSlots) []allSlots {
	out := make([]allSlots, len(half))
	for code := range half {
		n := halfCount(code)
		var b [16]uint64
		for i := range b {
			b[i] = 63
		}
		for s := range numRunStates {
			b[s] = uint64(min(63, half[code][s][n]))
		}
		for i := range 8 {
			out[code][0] |= b[i] << (8 * i)
			out[code][1] |= b[8+i] << (8 * i)
		}
	}
	return out
}

func decode(code int, h []int8) {
	for i := range h {
		h[i] = int8(code % 3)
		code /= 3
	}
}

// The half-line DP runs a line from a state at its start. Without
// closing, ends[s] gets the result for every state s after the last
// position; with closing, ends[0] gets the best over the states that
// may end a line, and no run may start where it could not reach length
// 3.
//
// Among the ways with fewest slots it keeps the one that covers twice the
// fewest positions holding fewer than two naturals: that way needs no
// third copy of a tile and leaves the most room, which keeps the checks
// against availability simple.

// halfTree is halfDP for every half line of n positions at once: it
// walks the tree of their digits (position p's count is digit p of the
// code, base 3), so a prefix's DP is computed once for all the lines
// that share it, and calls visit with every line's code and result.
func halfTree(n, start int, closing bool, visit func(code int, ends *[numRunStates]halfEntry)) {
	var cur dpCells
	cur.init(start)
	var walk func(p, code int, cur *dpCells)
	walk = func(p, code int, cur *dpCells) {
		if p == n {
			var ends [numRunStates]halfEntry
			cur.ends(closing, &ends)
			visit(code, &ends)
			return
		}
		var nxt dpCells
		for d := range int8(3) {
			cur.step(&nxt, p, d, n, closing)
			walk(p+1, code+int(d)*pow3[p], &nxt)
		}
	}
	walk(0, 0, &cur)
}

// dpCell is one state of the half-line DP: the fewest slots, the
// positions covered twice with fewer than two naturals, the coverage.
type dpCell struct {
	t, extra int8
	cov      uint16
}

// dpCells is the DP after some positions: by run state and naturals
// seated. top bounds the naturals seated so far (the cells above it are
// unreachable), so a step looks at the reachable cells only.
type dpCells struct {
	c   [numRunStates][maxHalfSeat + 1]dpCell
	top int
}

const dpInf = int8(noSlots)

func (d *dpCells) init(start int) {
	for s := range d.c {
		for m := range d.c[s] {
			d.c[s][m] = dpCell{t: dpInf}
		}
	}
	d.c[start][0] = dpCell{}
	d.top = 0
}

func (a dpCell) better(b dpCell) bool { return a.t < b.t || (a.t == b.t && a.extra < b.extra) }

// step reads position p (of n) holding hp naturals into nxt.
func (d *dpCells) step(nxt *dpCells, p int, hp int8, n int, closing bool) {
	nxt.top = min(maxHalfSeat, d.top+int(hp))
	for s := range nxt.c {
		for m := range nxt.c[s] {
			nxt.c[s][m] = dpCell{t: dpInf}
		}
	}
	for s := range numRunStates {
		for m := range d.top + 1 {
			c := d.c[s][m]
			if c.t == dpInf {
				continue
			}
			for _, mv := range runNext[s] {
				if closing && mv.fresh > 0 && p > n-3 {
					continue
				}
				g := min(hp, mv.cov)
				x := dpCell{t: c.t + mv.cov, extra: c.extra, cov: c.cov | uint16(mv.cov)<<(2*p)}
				if mv.cov == 2 && hp < 2 {
					x.extra++
				}
				if x.better(nxt.c[mv.to][m+int(g)]) {
					nxt.c[mv.to][m+int(g)] = x
				}
			}
		}
	}
}

// ends writes the result: without closing, ends[s] for every state
// after the last position; with closing, ends[0] the best over the
// states that may end a line.
func (d *dpCells) ends(closing bool, ends *[numRunStates]halfEntry) {
	for s := range ends {
		for m := range ends[s].t {
			ends[s].t[m] = dpInf
			ends[s].cov[m] = 0
		}
	}
	if !closing {
		for s := range numRunStates {
			for m := range d.c[s] {
				ends[s].t[m] = d.c[s][m].t
				ends[s].cov[m] = d.c[s][m].cov
			}
		}
		return
	}
	var best [maxHalfSeat + 1]dpCell
	for m := range best {
		best[m].t = dpInf
	}
	for s := range numRunStates {
		if !closedState(s) {
			continue
		}
		for m := range d.c[s] {
			if d.c[s][m].better(best[m]) {
				best[m] = d.c[s][m]
			}
		}
	}
	for m := range best {
		ends[0].t[m] = best[m].t
		ends[0].cov[m] = best[m].cov
	}
}
