package arena101

import (
	"math"
	"math/bits"
	"time"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// clusters accumulates a ratio sum(x)/sum(n) over clusters of hands
// (the four rotations of a deal are one cluster: they share the deal, so
// they are not independent trials) with what its cluster-robust variance
// needs: five sums, whatever the number of clusters.
type clusters struct {
	m                     int
	sx, sn, sxx, sxn, snn float64
}

// add files one cluster: x the sum of its values, n its count.
func (c *clusters) add(x, n float64) {
	c.m++
	c.sx += x
	c.sn += n
	c.sxx += x * x
	c.sxn += x * n
	c.snn += n * n
}

// estimate is sum(x)/sum(n) and its standard error, the ratio
// estimator's with the cluster-robust variance
// m/(m-1) · sum((x - r n)²) / sum(n)²; 0 with fewer than two clusters.
func (c *clusters) estimate() (r, se float64) {
	if c.sn == 0 {
		return 0, 0
	}
	r = c.sx / c.sn
	if c.m < 2 {
		return r, 0
	}
	ss := c.sxx - 2*r*c.sxn + r*r*c.snn
	if ss <= 1e-12*max(c.sxx, 1) { // no spread, up to rounding
		return r, 0
	}
	m := float64(c.m)
	return r, math.Sqrt(m/(m-1)*ss) / c.sn
}

// mean is the estimate with its 95% interval.
func (c *clusters) mean() (r float64, ci [2]float64) {
	r, se := c.estimate()
	return r, [2]float64{r - z95*se, r + z95*se}
}

// share is a share (x successes of n trials a cluster) with its 95%
// interval, clipped to [0, 1]; when the clusters do not spread (or are
// too few), Wilson's interval over the trials.
func (c *clusters) share() (p float64, ci [2]float64) {
	p, se := c.estimate()
	if c.sn == 0 {
		return 0, [2]float64{0, 0}
	}
	if se == 0 {
		lo, hi := wilson(c.sx, c.sn)
		return p, [2]float64{lo, hi}
	}
	return p, [2]float64{max(0, p-z95*se), min(1, p+z95*se)}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n float64) (lo, hi float64) {
	p := k / n
	z2 := z95 * z95
	den := 1 + z2/n
	centre := (p + z2/(2*n)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(0, centre-half), min(1, centre+half)
}

// timeHist keeps decision times in a fixed histogram: 16 buckets an
// octave from 128 ns up, 40 octaves, so that a run of any length keeps a
// few kilobytes a bot. The mean is exact; the 99th percentile is read as
// the upper edge of its bucket, at most 1/16 above the true value.
type timeHist struct {
	n   int
	sum time.Duration
	b   [histOctaves * histSub]uint32
}

const (
	histMinShift = 7 // 128 ns
	histSub      = 16
	histOctaves  = 40
)

// bucket is the bucket of d: its octave above 128 ns and the next four
// bits below the leading one.
func bucket(d time.Duration) int {
	if d < 1<<histMinShift {
		return 0
	}
	u := uint64(d)
	top := 63 - bits.LeadingZeros64(u) // the leading bit
	oct := top - histMinShift
	sub := int(u>>(top-4)) & (histSub - 1)
	return min(oct*histSub+sub+1, histOctaves*histSub-1)
}

// upper is the largest duration of bucket i.
func upper(i int) time.Duration {
	if i == 0 {
		return 1 << histMinShift
	}
	i--
	oct, sub := i/histSub, i%histSub
	base := uint64(1) << (oct + histMinShift)
	return time.Duration(base + (base>>4)*uint64(sub+1))
}

func (h *timeHist) add(d time.Duration) {
	h.n++
	h.sum += d
	h.b[bucket(d)]++
}

func (h *timeHist) merge(o *timeHist) {
	h.n += o.n
	h.sum += o.sum
	for i, k := range o.b {
		h.b[i] += k
	}
}

// meanP99 is the mean and the 99th percentile (nearest rank) in
// milliseconds.
func (h *timeHist) meanP99() (mean, p99 float64) {
	if h.n == 0 {
		return 0, 0
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rank := (99*h.n + 99) / 100
	seen := 0
	for i, k := range h.b {
		seen += int(k)
		if seen >= rank {
			p99 = ms(upper(i))
			break
		}
	}
	return ms(h.sum) / float64(h.n), p99
}
