package rollout

import (
	"context"
	"math"
	"sync"

	"okey/bots/internal/parallel"
)

// Play plays world i for every candidate c with live[c] set (every
// candidate when live is nil) and returns one value per candidate, in
// the candidates' order, NaN for a candidate not played. w names the
// goroutine (0 to workers-1) so a Play may keep working memory per
// goroutine without a lock. The live set lets a caller stop playing
// candidates already seen to be far behind: the worlds go to the moves
// still in question.
type Play func(ctx context.Context, w, i int, live []bool) ([]float64, error)

// playEach is the Play of either game: world i dealt by world, then
// each live candidate c of n played in it by value with the bots seeded
// alike for every candidate (common random numbers), NaN for the
// candidates not live.
func playEach[S any](seed uint64, n int, world func(i int) (S, error), value func(ctx context.Context, w int, s S, c int, botSeed uint64) (float64, error)) Play {
	return func(ctx context.Context, w, i int, live []bool) ([]float64, error) {
		s, err := world(i)
		if err != nil {
			return nil, err
		}
		bs := mix(seed, i, 3)
		out := make([]float64, n)
		for c := range out {
			if live != nil && !live[c] {
				out[c] = math.NaN()
				continue
			}
			if out[c], err = value(ctx, w, s, c, bs); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
}

// Compare runs play for worlds from..to-1 on workers goroutines (0: one
// a CPU), for the candidates in live (nil: all), and appends each world's values to vals (vals[c] is candidate
// c's values, world by world in order; it is grown as needed). Worlds
// are numbered, not drawn from a shared source, so the result does not
// depend on the number of workers or on the order they finish in.
func Compare(ctx context.Context, vals [][]float64, from, to, workers int, live []bool, play Play) ([][]float64, error) {
	n := to - from
	if n <= 0 {
		return vals, nil
	}
	got := make([][]float64, n)
	var mu sync.Mutex
	err := parallel.Each(ctx, n, parallel.Workers(workers, n),
		func(ctx context.Context, w, i int) ([]float64, error) {
			v, err := play(ctx, w, from+i, live)
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

// Mean is the mean of xs, NaN (a world the candidate was not played
// in) left out; 0 for none.
func Mean(xs []float64) float64 {
	s, n := 0.0, 0
	for _, x := range xs {
		if !math.IsNaN(x) {
			s += x
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return s / float64(n)
}

// Played is the number of worlds in xs the candidate was played in.
func Played(xs []float64) int {
	n := 0
	for _, x := range xs {
		if !math.IsNaN(x) {
			n++
		}
	}
	return n
}

// Paired is the mean of a[i]-b[i] over the worlds both were played in
// (neither NaN) and the half-width of its 95% interval (1.96 standard
// errors of the paired differences; 0 when every difference is the
// same, as when the two moves lead to the same play in every world).
func Paired(a, b []float64) (mean, half float64) {
	mean, sd, n := pairedSD(a, b)
	switch {
	case n == 0:
		return 0, 0
	case n < 2:
		return mean, math.Inf(1)
	}
	return mean, 1.96 * sd / math.Sqrt(float64(n))
}

// pairedSD is the mean and standard deviation of a[i]-b[i] over the n
// worlds both were played in.
func pairedSD(a, b []float64) (mean, sd float64, n int) {
	m := min(len(a), len(b))
	s := 0.0
	for i := range m {
		if d := a[i] - b[i]; !math.IsNaN(d) {
			s += d
			n++
		}
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean = s / float64(n)
	if n < 2 {
		return mean, math.Inf(1), n
	}
	ss := 0.0
	for i := range m {
		if d := a[i] - b[i]; !math.IsNaN(d) {
			ss += (d - mean) * (d - mean)
		}
	}
	return mean, math.Sqrt(ss / float64(n-1)), n
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
