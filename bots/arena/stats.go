package arena

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// wilson is the 95% wilson score interval of a share of k successes in n
// trials. Unlike the normal approximation it stays inside [0, 1] and is
// honest for shares near 0 or 1 and for small n. n must be positive.
func wilson(k, n int) (lo, hi float64) {
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

// shareInterval is the 95% interval of bot j's share of the won hands,
// from the winners of every hand in order (the bot index, -1 for a wall
// out). The four rotations of a deal are not independent trials: they
// share the deal. So the hands are taken in clusters of one deal each
// and the interval is the normal one of the ratio estimator with a
// cluster-robust variance; with fewer than two deals, or no spread
// between deals, it falls back to wilson's interval over the hands.
func shareInterval(winners []int8, j int) (lo, hi float64) {
	const k = 4 // hands per deal
	var r ratio
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
		r.add(w, n)
	}
	return r.share()
}

// ratio accumulates, cluster by cluster, what the ratio estimator
// sum(x)/sum(n) and its cluster-robust variance need: a run keeps a few
// sums, not every hand.
type ratio struct {
	m                     int // clusters
	sx, sn, sxx, sxn, snn float64
}

func (r *ratio) add(x, n float64) {
	r.m++
	r.sx += x
	r.sn += n
	r.sxx += x * x
	r.sxn += x * n
	r.snn += n * n
}

// estimate is sum(x)/sum(n) and its standard error (0 with fewer than
// two clusters): sqrt(m/(m-1) * sum((x - p n)^2)) / sum(n).
func (r *ratio) estimate() (p, se float64) {
	if r.sn == 0 {
		return 0, 0
	}
	p = r.sx / r.sn
	if r.m < 2 {
		return p, 0
	}
	ss := r.sxx - 2*p*r.sxn + p*p*r.snn
	if ss < 1e-9*max(r.sxx, 1) { // no spread, up to rounding
		return p, 0
	}
	m := float64(r.m)
	return p, math.Sqrt(m/(m-1)*ss) / r.sn
}

// share is the 95% interval of a share (x successes of n trials a
// cluster): the cluster-robust normal interval, or wilson's over the
// trials when the clusters do not spread.
func (r *ratio) share() (lo, hi float64) {
	p, se := r.estimate()
	if r.sn == 0 {
		return 0, 0
	}
	if se == 0 {
		return wilson(int(math.Round(r.sx)), int(math.Round(r.sn)))
	}
	return max(0, p-z95*se), min(1, p+z95*se)
}

// mean is the 95% interval of a mean (x the sum of a cluster's values, n
// its count): the cluster-robust normal interval, a point when the
// clusters do not spread.
func (r *ratio) mean() (m, lo, hi float64) {
	p, se := r.estimate()
	return p, p - z95*se, p + z95*se
}
