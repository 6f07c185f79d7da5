package arena

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a share of k successes in n
// trials. Unlike the normal approximation it stays inside [0, 1] and is
// honest for shares near 0 or 1 and for small n. n must be positive.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nn
	centre := (p + z2/(2*nn)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	return max(0, centre-half), min(1, centre+half)
}
