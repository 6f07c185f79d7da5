package arenastat

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Ratio accumulates, cluster by cluster, what the ratio estimator
// sum(x)/sum(n) and its cluster-robust variance need: five sums, not
// every hand, whatever the length of the run. The zero Ratio is empty
// and ready to use.
type Ratio struct {
	m                     int // clusters
	sx, sn, sxx, sxn, snn float64
}

// Add files one cluster: x the sum of its values (or its successes), n
// its count (or its trials).
func (r *Ratio) Add(x, n float64) {
	r.m++
	r.sx += x
	r.sn += n
	r.sxx += x * x
	r.sxn += x * n
	r.snn += n * n
}

// estimate is sum(x)/sum(n) and its standard error,
// sqrt(m/(m-1) · sum((x - p n)²)) / sum(n); the error is 0 with fewer
// than two clusters or no spread between them.
func (r *Ratio) estimate() (p, se float64) {
	if r.sn == 0 {
		return 0, 0
	}
	p = r.sx / r.sn
	if r.m < 2 {
		return p, 0
	}
	ss := r.sxx - 2*p*r.sxn + p*p*r.snn
	// No spread, up to rounding: the three-sum form cancels to a few
	// ulps of sxx when every cluster has the same ratio, and a real
	// spread this small would take tens of millions of clusters.
	if ss < 1e-9*max(r.sxx, 1) {
		return p, 0
	}
	m := float64(r.m)
	return p, math.Sqrt(m/(m-1)*ss) / r.sn
}

// Share is a share (x successes of n trials a cluster) with its 95%
// interval: the cluster-robust normal interval clipped to [0, 1], or,
// when the clusters do not spread (or are fewer than two), Wilson's
// interval over the trials, which stays honest near 0 and 1. An empty
// Ratio gives 0 and [0, 0].
func (r *Ratio) Share() (p float64, ci [2]float64) {
	p, se := r.estimate()
	if r.sn == 0 {
		return 0, [2]float64{0, 0}
	}
	if se == 0 {
		lo, hi := wilson(r.sx, r.sn)
		return p, [2]float64{lo, hi}
	}
	return p, [2]float64{max(0, p-z95*se), min(1, p+z95*se)}
}

// Mean is a mean (x the sum of a cluster's values, n their count) with
// its 95% interval: the cluster-robust normal interval, a point when the
// clusters do not spread.
func (r *Ratio) Mean() (m float64, ci [2]float64) {
	m, se := r.estimate()
	return m, [2]float64{m - z95*se, m + z95*se}
}

// wilson is the 95% Wilson score interval of k successes in n trials
// (k may be fractional: wins shared on ties). Unlike the normal
// approximation it stays inside [0, 1] and is honest for shares near 0
// or 1 and for small n. With no trials it is [0, 1].
func wilson(k, n float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := k / n
	z2 := z95 * z95
	den := 1 + z2/n
	centre := (p + z2/(2*n)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(0, centre-half), min(1, centre+half)
}
