package rollout

import (
	"context"
	"math"
	"sync"

	"okey/bots/internal/parallel"
)

// Play plays world i for every candidate and returns one value per
// candidate (in the candidates' order). w names the goroutine (0 to
// workers-1) so a Play may keep working memory per goroutine without a
// lock.
type Play func(ctx context.Context, w, i int) ([]float64, error)

// Compare runs play for worlds from..to-1 on workers goroutines (0: one
// a CPU) and appends each world's values to vals (vals[c] is candidate
// c's values, world by world in order; it is grown as needed). Worlds
// are numbered, not drawn from a shared source, so the result does not
// depend on the number of workers or on the order they finish in.
func Compare(ctx context.Context, vals [][]float64, from, to, workers int, play Play) ([][]float64, error) {
	n := to - from
	if n <= 0 {
		return vals, nil
	}
	got := make([][]float64, n)
	var mu sync.Mutex
	err := parallel.Each(ctx, n, parallel.Workers(workers, n),
		func(ctx context.Context, w, i int) ([]float64, error) {
			v, err := play(ctx, w, from+i)
			if err != nil {
				return nil, err
			}
			mu.Lock()
			got[i] = v
			mu.Unlock()
			return v, nil
		}, func([]float64) {})
	if err != nil {
		return vals, err
	}
	if err := ctx.Err(); err != nil {
		return vals, err
	}
	for _, row := range got {
		for c, x := range row {
			for len(vals) <= c {
				vals = append(vals, nil)
			}
			vals[c] = append(vals[c], x)
		}
	}
	return vals, nil
}

// Mean is the mean of xs (0 for none).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Paired is the mean of a[i]-b[i] over the worlds both were played in
// and the half-width of its 95% interval (1.96 standard errors of the
// paired differences; 0 when every difference is the same, as when the
// two moves lead to the same play in every world).
func Paired(a, b []float64) (mean, half float64) {
	n := min(len(a), len(b))
	if n == 0 {
		return 0, 0
	}
	s := 0.0
	for i := range n {
		s += a[i] - b[i]
	}
	mean = s / float64(n)
	if n < 2 {
		return mean, math.Inf(1)
	}
	ss := 0.0
	for i := range n {
		d := a[i] - b[i] - mean
		ss += d * d
	}
	return mean, 1.96 * math.Sqrt(ss/float64(n-1)/float64(n))
}

// mix makes a seed for world i (and its purpose k) from the caller's
// seed: splitmix64's finaliser over the three, so neighbouring worlds
// get unrelated seeds.
func mix(seed uint64, i int, k uint64) uint64 {
	z := seed ^ (uint64(i)+1)*0x9e3779b97f4a7c15 ^ k*0xd1b54a32d192ed03
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
