package hand

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// plainMinT is the fewest slots that seat m naturals of a line of
// positions 1..last in runs, by a plain DP allowing up to four runs
// through a position: the tables allow two, which the package claims is
// always enough.
func plainMinT(l *line, last int) (out [32]int) {
	type st struct{ a1, a2, a3 int }
	const inf = 1 << 20
	cur := map[st][32]int{}
	var start [32]int
	for i := range start {
		start[i] = inf
	}
	start[0] = 0
	cur[st{}] = start
	for p := 1; p <= last; p++ {
		next := map[st][32]int{}
		for s, v := range cur {
			for k3 := 0; k3 <= s.a3; k3++ {
				for n := 0; s.a1+s.a2+k3+n <= 4; n++ {
					if n > 0 && p > last-2 {
						continue
					}
					cov := s.a1 + s.a2 + k3 + n
					g := min(int(l[p]), cov)
					to := st{n, s.a1, s.a2 + k3}
					w, ok := next[to]
					if !ok {
						for i := range w {
							w[i] = inf
						}
					}
					for m := range v {
						if v[m] < inf && m+g < len(w) {
							w[m+g] = min(w[m+g], v[m]+cov)
						}
					}
					next[to] = w
				}
			}
		}
		cur = next
	}
	for i := range out {
		out[i] = inf
	}
	for s, v := range cur {
		if s.a1 == 0 && s.a2 == 0 {
			for m := range v {
				out[m] = min(out[m], v[m])
			}
		}
	}
	for m := len(out) - 2; m >= 0; m-- {
		out[m] = min(out[m], out[m+1])
	}
	return out
}

func TestRunTablesAgainstPlainDP(t *testing.T) {
	t.Parallel()
	check := func(l line, wrap bool) {
		t.Helper()
		var got frontier
		colourFrontier(&l, wrap, &got)
		want := plainMinT(&l, 13)
		if wrap && l[1] > 0 {
			// The copies of 1 may also sit above 13.
			for hi := int8(1); hi <= l[1]; hi++ {
				w := l
				w[1], w[14] = l[1]-hi, hi
				x := plainMinT(&w, 14)
				for m := range want {
					want[m] = min(want[m], x[m])
				}
			}
		}
		for m := range got {
			g, w := int(got[m]), want[m]
			if w > 60 {
				w = noSlots
			}
			if g >= noSlots {
				g = noSlots
			}
			if g != w {
				t.Fatalf("line %v wrap %v: minT[%d] = %d, plain DP %d", l[1:15], wrap, m, got[m], want[m])
			}
		}
	}
	// Every line on values 1..7, and random lines over all 13 values.
	for code := range pow7 {
		var l line
		x := code
		for p := 1; p <= cutAt; p++ {
			l[p] = int8(x % 3)
			x /= 3
		}
		check(l, false)
	}
	r := rand.New(rand.NewPCG(3, 4))
	lines := 1500
	if raceOn {
		lines = 150
	}
	for range lines {
		var l line
		n := 0
		for p := 1; p <= tile.NumValues; p++ {
			if r.IntN(3) == 0 && n < maxColourTiles {
				l[p] = int8(1 + r.IntN(2))
				n += int(l[p])
			}
		}
		check(l, r.IntN(2) == 0)
	}
}

// randomRow is a row of copy masks with about n naturals.
func randomRow(r *rand.Rand, n int) uint32 {
	var row uint32
	for range n {
		v := r.IntN(tile.NumValues)
		b := uint32(1) << v
		if row&b == 0 {
			row |= b
		} else {
			row |= b << 16
		}
	}
	return row
}

// minPlus is the plain product of two frontiers.
func minPlus(f, g *frontier) (out frontier) {
	for m := range out {
		out[m] = noSlots
		for j := 0; j <= m; j++ {
			out[m] = int8(min(int(out[m]), int(f[j])+int(g[m-j])))
		}
	}
	return out
}

// Curves agree with the frontiers they come from: the table's (every
// row it holds is reached by its index), the product of two, and the
// way back.
func TestCurvesAgainstFrontiers(t *testing.T) {
	t.Parallel()
	tab := runTabs()
	clamp := func(f frontier) frontier {
		for m := range f {
			if f[m] > 15 {
				f[m] = noSlots
			}
		}
		return f
	}
	for _, wrap := range []bool{false, true} {
		ct := curveTabs(wrap)
		seen := 0
		for lc := range pow7 {
			for rc := range pow6 {
				cc := colourCodes{lc: lc, rc: rc, ones: int8(lc % 3), n: tab.count[lc] + tab.count[rc]}
				if cc.n > smallRow {
					continue
				}
				seen++
				var f frontier
				codesFrontier(tab, cc, wrap, &f)
				if got, want := ct.lookup(cc), curveOf(&f); got != want {
					t.Fatalf("wrap %v codes %d/%d: table %x, computed %x", wrap, lc, rc, got, want)
				}
			}
		}
		if seen != len(ct.curves) {
			t.Fatalf("wrap %v: %d rows, table of %d", wrap, seen, len(ct.curves))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	rows := 20000
	if raceOn {
		rows = 2000
	}
	for range rows {
		wrap := r.IntN(2) == 0
		var f [2]frontier
		var g [2]curve
		for i := range 2 {
			cc := codesOf(randomRow(r, r.IntN(12)))
			codesFrontier(tab, cc, wrap, &f[i])
			g[i] = codesCurve(curveTabs(wrap), tab, cc, wrap)
			if g[i] != curveOf(&f[i]) {
				t.Fatalf("codesCurve differs from the frontier's curve")
			}
			if back := g[i].frontier(); back != clamp(f[i]) {
				t.Fatalf("curve %x back to %v, frontier %v", g[i], back, f[i])
			}
		}
		p := minPlus(&f[0], &f[1])
		if got, want := g[0].times(g[1]), curveOf(&p); got != want {
			t.Fatalf("product %x, want %x (of %v and %v)", got, want, f[0], f[1])
		}
	}
}

// colourFrontier computes minT for one colour's naturals on a line.
func colourFrontier(l *line, wrap bool, out *frontier) {
	codesFrontier(runTabs(), lineColourCodes(l), wrap, out)
}

func lineColourCodes(l *line) colourCodes {
	lc, rc := lineCodes(l, false)
	n := 0
	for p := 1; p <= tile.NumValues; p++ {
		n += int(l[p])
	}
	return colourCodes{lc: lc, rc: rc, ones: l[1], n: int8(n)}
}

// lineCodes returns the base-3 codes of a line's halves.
func lineCodes(l *line, top bool) (left, right int) {
	pow := 1
	for p := 1; p <= cutAt; p++ {
		left += int(l[p]) * pow
		pow *= 3
	}
	last := tile.NumValues
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

// halfDP is the half-line DP of one line on its own: the reference the
// tables' tree walk (halfTree) is checked against.
func halfDP(h []int8, start int, closing bool, ends *[numRunStates]halfEntry) {
	var cur, nxt dpCells
	cur.init(start)
	for p := range h {
		cur.step(&nxt, p, h[p], len(h), closing)
		cur, nxt = nxt, cur
	}
	cur.ends(closing, ends)
}

// The tree walk gives every half line exactly what the DP of that line
// alone gives: slots and coverage, for every start state.
func TestHalfTreeAgainstDP(t *testing.T) {
	t.Parallel()
	for _, n := range []int{6, cutAt} {
		for start := range numRunStates {
			for _, closing := range []bool{false, true} {
				seen := 0
				halfTree(n, start, closing, func(code int, got *[numRunStates]halfEntry) {
					seen++
					var h [cutAt]int8
					decode(code, h[:n])
					var want [numRunStates]halfEntry
					halfDP(h[:n], start, closing, &want)
					if *got != want {
						t.Fatalf("n %d start %d closing %v code %d: tree %+v, DP %+v", n, start, closing, code, got[0], want[0])
					}
				})
				if seen != pow3[n] {
					t.Fatalf("n %d: %d lines visited, want %d", n, seen, pow3[n])
				}
			}
		}
	}
}
