package game

import (
	"math/rand/v2"
	"testing"
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
	for range 1500 {
		var l line
		n := 0
		for p := 1; p <= NumValues; p++ {
			if r.IntN(3) == 0 && n < maxColourTiles {
				l[p] = int8(1 + r.IntN(2))
				n += int(l[p])
			}
		}
		check(l, r.IntN(2) == 0)
	}
}
