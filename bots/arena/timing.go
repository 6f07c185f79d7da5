package arena

import (
	"math"
	"time"
)

// timeHist keeps decision times in logarithmic buckets 2% wide from 1 µs
// to about 17 minutes, so a run of any length keeps a fixed few kilobytes
// a bot: the mean is exact, the 99th percentile within a bucket.
type timeHist struct {
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

func (h *timeHist) add(d time.Duration) {
	h.n++
	h.sum += d
	h.buckets[bucketOf(d)]++
}

func bucketOf(d time.Duration) int {
	if d <= histBase {
		return 0
	}
	b := int(math.Log(float64(d)/float64(histBase))/logGrowth) + 1
	return min(b, histBuckets-1)
}

// upper is the largest duration bucket b holds.
func upper(b int) time.Duration {
	return time.Duration(float64(histBase) * math.Pow(histGrowth, float64(b)))
}

func (h *timeHist) merge(o *timeHist) {
	h.n += o.n
	h.sum += o.sum
	for i, k := range o.buckets {
		h.buckets[i] += k
	}
}

// mean is the mean time in milliseconds (exact).
func (h *timeHist) mean() float64 {
	if h.n == 0 {
		return 0
	}
	return ms(h.sum) / float64(h.n)
}

// quantile is the q-quantile (nearest rank, read as its bucket's upper
// end) in milliseconds.
func (h *timeHist) quantile(q float64) float64 {
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
