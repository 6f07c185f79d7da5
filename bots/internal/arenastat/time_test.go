package arenastat

import (
	"math"
	"testing"
	"time"
)

// The histogram's mean is exact and its quantiles within a bucket (2%)
// above the true ones, whatever the outliers.
func TestTimeHist(t *testing.T) {
	cases := []struct {
		name string
		// times is the i-th of n times
		times    func(i int) time.Duration
		n        int
		p50, p99 float64 // in ms, the true nearest-rank values
	}{
		// 20..69 µs, 200 each but 20 of the 20 µs ones, rare outliers
		// pulling the mean up: the 5000th is 45 µs, the 9900th 69 µs
		{"outliers", func(i int) time.Duration {
			if i%500 == 0 {
				return 200 * time.Millisecond
			}
			return time.Duration(20+i%50) * time.Microsecond
		}, 10000, 0.045, 0.069},
		// 1 µs .. 1 ms: the 500th is 500 µs, the 990th 990 µs
		{"uniform", func(i int) time.Duration { return time.Duration(i+1) * time.Microsecond }, 1000, 0.5, 0.990},
		// 99 fast times and one slow: the 99th percentile is the 99th
		// time, a fast one (nearest rank, not one past it)
		{"one slow", func(i int) time.Duration {
			if i == 99 {
				return time.Second
			}
			return 10 * time.Microsecond
		}, 100, 0.010, 0.010},
	}
	for _, c := range cases {
		var h TimeHist
		var sum time.Duration
		for i := range c.n {
			d := c.times(i)
			h.Add(d)
			sum += d
		}
		if h.Count() != c.n {
			t.Errorf("%s: count %d, want %d", c.name, h.Count(), c.n)
		}
		mean, p50, p99 := h.Mean(), h.Quantile(0.5), h.Quantile(0.99)
		if want := float64(sum) / float64(c.n) / 1e6; math.Abs(mean-want) > 1e-9 {
			t.Errorf("%s: mean %v, want %v", c.name, mean, want)
		}
		if p50 < c.p50 || p50 > c.p50*1.021 {
			t.Errorf("%s: median %v ms, want %v within 2%%", c.name, p50, c.p50)
		}
		if p99 < c.p99 || p99 > c.p99*1.021 {
			t.Errorf("%s: p99 %v ms, want %v within 2%%", c.name, p99, c.p99)
		}
	}
	var empty TimeHist
	if empty.Mean() != 0 || empty.Quantile(0.99) != 0 || empty.Count() != 0 {
		t.Errorf("empty: mean %v, p99 %v, count %d; want 0", empty.Mean(), empty.Quantile(0.99), empty.Count())
	}
}

// Every duration lands in the bucket from upper(b-1) to upper(b), but
// those past the last bucket.
func TestBucketOf(t *testing.T) {
	for _, d := range []time.Duration{0, 1, 127, 128, 129, 999, 1000, 1001, 1020, 1021, time.Millisecond, time.Second, time.Hour, 1 << 62} {
		b := bucketOf(d)
		if b < 0 || b >= histBuckets || upper(b) < d && b < histBuckets-1 {
			t.Errorf("bucketOf(%v) = %d, upper %v", d, b, upper(b))
		}
		if b > 0 && upper(b-1) > d {
			t.Errorf("bucketOf(%v) = %d, but it is below that bucket's lower end %v", d, b, upper(b-1))
		}
	}
}

// Merging the histograms of two workers is the histogram of all their
// times.
func TestMerge(t *testing.T) {
	var a, b, all TimeHist
	for i := range 300 {
		d := time.Duration(i*i+1) * time.Microsecond
		if i%3 == 0 {
			a.Add(d)
		} else {
			b.Add(d)
		}
		all.Add(d)
	}
	a.Merge(&b)
	if a != all {
		t.Errorf("merged: count %d mean %v p99 %v; want count %d mean %v p99 %v",
			a.Count(), a.Mean(), a.Quantile(0.99), all.Count(), all.Mean(), all.Quantile(0.99))
	}
}
