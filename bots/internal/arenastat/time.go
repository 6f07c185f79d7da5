package arenastat

import (
	"math"
	"time"
)

// TimeHist keeps decision times in logarithmic buckets 2% wide from 1 µs
// to about 17 minutes, so that a run of any length keeps a fixed few
// kilobytes a bot: the mean is exact, a quantile good to its bucket (at
// most 2% above the true value). The zero TimeHist is empty and ready to
// use.
type TimeHist struct {
	n       int
	sum     time.Duration
	buckets [histBuckets]uint32
}

const (
	histBase    = time.Microsecond
	histGrowth  = 1.02
	histBuckets = 1400
)

var logGrowth = math.Log(histGrowth)

// Add files one decision time.
func (h *TimeHist) Add(d time.Duration) {
	h.n++
	h.sum += d
	h.buckets[bucketOf(d)]++
}

// bucketOf is the bucket of d: 0 up to 1 µs, then one a 2% step, the
// last holding everything longer.
func bucketOf(d time.Duration) int {
	if d <= histBase {
		return 0
	}
	b := int(math.Log(float64(d)/float64(histBase))/logGrowth) + 1
	return min(b, histBuckets-1)
}

// upper is the upper end of bucket b: bucket b > 0 holds the durations
// from upper(b-1) up to it, bucket 0 those up to 1 µs (the last bucket
// also all longer ones).
func upper(b int) time.Duration {
	return time.Duration(float64(histBase) * math.Pow(histGrowth, float64(b)))
}

// Merge adds o's times to h: each worker of a run keeps its own
// histogram, merged once at the end.
func (h *TimeHist) Merge(o *TimeHist) {
	h.n += o.n
	h.sum += o.sum
	for i, k := range o.buckets {
		h.buckets[i] += k
	}
}

// Count is the number of times filed.
func (h *TimeHist) Count() int { return h.n }

// Mean is the mean time in milliseconds (exact); 0 when empty.
func (h *TimeHist) Mean() float64 {
	if h.n == 0 {
		return 0
	}
	return ms(h.sum) / float64(h.n)
}

// Quantile is the q-quantile (nearest rank, read as its bucket's upper
// end) in milliseconds: Quantile(0.5) the median, Quantile(0.99) the
// 99th percentile; 0 when empty.
func (h *TimeHist) Quantile(q float64) float64 {
	if h.n == 0 {
		return 0
	}
	rank := max(int(math.Ceil(q*float64(h.n)-1e-9)), 1)
	seen := 0
	for b, k := range h.buckets {
		seen += int(k)
		if seen >= rank {
			return ms(upper(b))
		}
	}
	return ms(upper(histBuckets - 1))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
