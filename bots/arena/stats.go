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

// ShareInterval is the 95% interval of bot j's share of the won hands,
// from the winners of every hand in order (the bot index, -1 for a wall
// out). The four rotations of a deal are not independent trials: they
// share the deal. So the hands are taken in clusters of one deal each
// and the interval is the normal one of the ratio estimator with a
// cluster-robust variance; with fewer than two deals, or no spread
// between deals, it falls back to Wilson's interval over the hands.
func ShareInterval(winners []int8, j int) (lo, hi float64) {
	const k = 4 // hands per deal
	var won, decided float64
	type cluster struct{ w, n float64 }
	var cs []cluster
	for start := 0; start < len(winners); start += k {
		var c cluster
		for _, w := range winners[start:min(start+k, len(winners))] {
			if w >= 0 {
				c.n++
				if int(w) == j {
					c.w++
				}
			}
		}
		won += c.w
		decided += c.n
		cs = append(cs, c)
	}
	if decided == 0 {
		return 0, 0
	}
	p := won / decided
	if len(cs) < 2 {
		return Wilson(int(won), int(decided))
	}
	var ss float64
	for _, c := range cs {
		r := c.w - p*c.n
		ss += r * r
	}
	m := float64(len(cs))
	se := math.Sqrt(m/(m-1)*ss) / decided
	if se == 0 {
		return Wilson(int(won), int(decided))
	}
	return max(0, p-z95*se), min(1, p+z95*se)
}
