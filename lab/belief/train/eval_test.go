package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestDeciles: the reliability table in deciles cuts the cells, in the
// order of their chance, where each tenth of the copies has passed, and
// gives each decile its mean chance and how often its copies were there.
func TestDeciles(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pts    []calPoint
		copies []float64 // each decile's copies
		mean   []float64 // each decile's mean chance
		share  []float64 // each decile's share there
	}{
		{
			name: "a hundred single copies, held when the chance is 0.5 or more",
			pts: func() (p []calPoint) {
				for i := range 100 {
					c := (i * 37) % 100 // out of order: the table sorts them
					p = append(p, calPoint{P: float32(c) / 100, U: 1})
					if c >= 50 {
						p[i].Y = 1
					}
				}
				return p
			}(),
			copies: []float64{10, 10, 10, 10, 10, 10, 10, 10, 10, 10},
			mean:   []float64{0.045, 0.145, 0.245, 0.345, 0.445, 0.545, 0.645, 0.745, 0.845, 0.945},
			share:  []float64{0, 0, 0, 0, 0, 1, 1, 1, 1, 1},
		},
		{
			name: "twenty pairs of copies, one of each pair held",
			pts: func() (p []calPoint) {
				for range 20 {
					p = append(p, calPoint{P: 0.5, U: 2, Y: 1})
				}
				return p
			}(),
			copies: []float64{4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
			mean:   []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
			share:  []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			(&metrics{pts: tc.pts}).deciles(&b)
			lines := strings.Split(strings.TrimSpace(b.String()), "\n")[2:]
			if len(lines) != 10 {
				t.Fatalf("%d deciles, want 10:\n%s", len(lines), b.String())
			}
			for d, l := range lines {
				f := strings.Split(l, "|")
				num := func(i int) float64 {
					x, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
					if err != nil {
						t.Fatalf("decile %d: %q: %v", d+1, l, err)
					}
					return x
				}
				if n, m, s := num(3), num(4), num(5); n != tc.copies[d] || abs(m-tc.mean[d]) > 5e-4 || abs(s-tc.share[d]) > 5e-4 {
					t.Errorf("decile %d: %q, want %g copies, mean %.3f, share %.3f", d+1, l, tc.copies[d], tc.mean[d], tc.share[d])
				}
			}
		})
	}
}

func abs(x float64) float64 { return max(x, -x) }
