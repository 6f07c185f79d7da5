package arenastat

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   float64
		lo, hi float64
	}{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{0, 0, 0, 1}, // no trials: nothing known
	}
	for _, c := range cases {
		lo, hi := wilson(c.k, c.n)
		if lo < 0 || hi > 1 || lo > hi {
			t.Errorf("wilson(%v,%v) = [%v, %v], not an interval inside [0, 1]", c.k, c.n, lo, hi)
		}
		if d := lo - c.lo; d > 1e-3 || d < -1e-3 {
			t.Errorf("wilson(%v,%v) lo = %.4f, want %.4f", c.k, c.n, lo, c.lo)
		}
		if d := hi - c.hi; d > 1e-3 || d < -1e-3 {
			t.Errorf("wilson(%v,%v) hi = %.4f, want %.4f", c.k, c.n, hi, c.hi)
		}
	}
	// A fractional count (wins shared on ties) lies between its
	// neighbours.
	lo, hi := wilson(10.5, 40)
	lo0, hi0 := wilson(10, 40)
	lo1, hi1 := wilson(11, 40)
	if !(lo0 < lo && lo < lo1 && hi0 < hi && hi < hi1) {
		t.Errorf("wilson(10.5, 40) = [%v, %v], want between [%v, %v] and [%v, %v]", lo, hi, lo0, hi0, lo1, hi1)
	}
}

// shareOf is bot j's share of the won hands with its interval, from the
// winners of every hand in order (the bot index, -1 for a wall out), the
// four hands of a deal one cluster: how an arena files its deals.
func shareOf(winners []int8, j int) (p float64, ci [2]float64) {
	const k = 4 // hands per deal
	var r Ratio
	for start := 0; start < len(winners); start += k {
		var w, n float64
		for _, x := range winners[start:min(start+k, len(winners))] {
			if x >= 0 {
				n++
				if int(x) == j {
					w++
				}
			}
		}
		r.Add(w, n)
	}
	return r.Share()
}

// TestShare: the interval holds the share, narrows with more deals, and
// spreads when whole deals go one way.
func TestShare(t *testing.T) {
	mk := func(deals int, pattern ...int8) []int8 {
		var w []int8
		for range deals {
			w = append(w, pattern...)
		}
		return w
	}
	var lumpy []int8 // bot 0 wins every hand of half the deals, none of the others
	for d := range 100 {
		if d%2 == 0 {
			lumpy = append(lumpy, 0, 0, 0, 0)
		} else {
			lumpy = append(lumpy, 1, 2, 3, 1)
		}
	}
	cases := []struct {
		name    string
		winners []int8
		p       float64
		k, n    float64 // wilson's interval over the hands, to compare with
		// wide: clustered, wider than wilson's; otherwise equal to it
		wide bool
	}{
		// one hand of every deal: no spread between deals
		{"even deals", mk(100, 0, 1, 2, 3), 0.25, 100, 400, false},
		// share 1/2 as well as any, but clustered
		{"lumpy deals", lumpy, 0.5, 200, 400, true},
		{"10 deals", mk(10, 0, 1, 0, 2), 0.5, 20, 40, false},
		{"1000 deals", mk(1000, 0, 1, 0, 2), 0.5, 2000, 4000, false},
		// one deal of ten all won, the others none: a share of 1/10 with
		// a normal interval reaching below 0, clipped to it
		{"one lumpy deal", append(mk(1, 0, 0, 0, 0), mk(9, 1, 2, 3, 1)...), 0.1, 4, 40, true},
		// wall outs do not count as trials
		{"wall outs", mk(10, 0, -1, 1, -1), 0.5, 10, 20, false},
		{"no winners", mk(3, -1, -1, -1, -1), 0, 0, 0, false},
	}
	width := map[string]float64{}
	for _, c := range cases {
		p, ci := shareOf(c.winners, 0)
		width[c.name] = ci[1] - ci[0]
		if p != c.p {
			t.Errorf("%s: share %v, want %v", c.name, p, c.p)
		}
		if c.n == 0 {
			if ci != [2]float64{0, 0} {
				t.Errorf("%s: interval %v, want [0, 0]", c.name, ci)
			}
			continue
		}
		if ci[0] < 0 || ci[1] > 1 {
			t.Errorf("%s: interval %v outside [0, 1]", c.name, ci)
		}
		if !(ci[0] < p && p < ci[1]) {
			t.Errorf("%s: interval %v does not hold the share %v", c.name, ci, p)
		}
		wlo, whi := wilson(c.k, c.n)
		switch {
		case c.wide && ci[1]-ci[0] <= whi-wlo:
			t.Errorf("%s: %v, want wider than wilson's [%v, %v]", c.name, ci, wlo, whi)
		case !c.wide && ci != [2]float64{wlo, whi}:
			t.Errorf("%s: %v, want wilson's [%v, %v]", c.name, ci, wlo, whi)
		}
	}
	if width["1000 deals"] >= width["10 deals"] {
		t.Errorf("1000 deals (width %v) not narrower than 10 deals (width %v)", width["1000 deals"], width["10 deals"])
	}
}

// TestMean checks the interval against values worked out by hand:
// clusters (x, n) = (2, 4), (6, 4), (4, 4) give the ratio 1 with the
// residuals -2, 2, 0, so se = sqrt(3/2 · 8)/12 = 1/sqrt(12).
func TestMean(t *testing.T) {
	cases := []struct {
		name     string
		clusters [][2]float64
		mean     float64
		half     float64
	}{
		{"by hand", [][2]float64{{2, 4}, {6, 4}, {4, 4}}, 1, z95 / math.Sqrt(12)},
		{"no spread", [][2]float64{{-3, 2}, {-6, 4}, {-1.5, 1}}, -1.5, 0},
		// the same ratio 0.1 in every cluster, but not exact in binary:
		// the sums round, and still no spread
		{"no spread, rounded", [][2]float64{{0.1 * 3, 3}, {0.1 * 7, 7}, {0.1 * 11, 11}, {0.1 * 13, 13}}, (0.1*3 + 0.1*7 + 0.1*11 + 0.1*13) / 34, 0},
		{"one cluster", [][2]float64{{7, 2}}, 3.5, 0},
		{"empty", nil, 0, 0},
	}
	for _, c := range cases {
		var r Ratio
		for _, xn := range c.clusters {
			r.Add(xn[0], xn[1])
		}
		m, ci := r.Mean()
		if m != c.mean || math.Abs(ci[1]-c.mean-c.half) > 1e-12 || math.Abs(c.mean-ci[0]-c.half) > 1e-12 {
			t.Errorf("%s: mean %v, interval %v; want %v ± %v", c.name, m, ci, c.mean, c.half)
		}
	}
	var s Ratio
	for range 10 {
		s.Add(1, 4) // no spread: Wilson's interval over 40 trials
	}
	p, sci := s.Share()
	lo, hi := wilson(10, 40)
	if p != 0.25 || sci != [2]float64{lo, hi} || lo >= 0.25 || hi <= 0.25 {
		t.Fatalf("share %v %v, want 0.25 in Wilson's %v–%v", p, sci, lo, hi)
	}
}
