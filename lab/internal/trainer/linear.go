package trainer

import (
	"fmt"
	"math"
)

// SolveLinear solves a x = b by Gaussian elimination with partial
// pivoting, for the ridge lines the trainers fit on their normal
// equations; a and b are worked on in place.
func SolveLinear(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, fmt.Errorf("singular at input %d", c)
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			k := a[r][c] / a[c][c]
			for j := c; j < n; j++ {
				a[r][j] -= k * a[c][j]
			}
			b[r] -= k * b[c]
		}
	}
	x := make([]float64, n)
	for c := n - 1; c >= 0; c-- {
		s := b[c]
		for j := c + 1; j < n; j++ {
			s -= a[c][j] * x[j]
		}
		x[c] = s / a[c][c]
	}
	return x, nil
}
