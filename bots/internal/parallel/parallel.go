// Package parallel plays an arena's hands (or matches) on a few
// goroutines: both arenas, classic and 101, claim numbered units from a
// shared counter, file each result under one lock, and stop everything at
// the first error or when the run's context ends. Written once, the
// concurrency is tested once.
package parallel

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is the number of goroutines for n units when asked for want:
// one a processor when want is 0 or less, never more than the units.
func Workers(want, n int) int {
	if want <= 0 {
		want = runtime.GOMAXPROCS(0)
	}
	return min(want, n)
}

// Each runs play for every unit i in [0, n) on workers goroutines (w, from
// 0 to workers-1, names the goroutine, so that play can use state of its
// own without a lock) and hands each result to file, one call at a time,
// in the order the units finish. The first error of play cancels the
// context the other plays get and stops the run; Each returns the errors
// joined. When ctx ends first, Each stops claiming units, drops the
// errors of the plays it cut short and returns nil: the caller tells an
// interrupted run by ctx.Err(), with the results filed so far.
func Each[U any](ctx context.Context, n, workers int, play func(ctx context.Context, w, i int) (U, error), file func(U)) error {
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var mu sync.Mutex // serialises file
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || stop.Err() != nil {
					return
				}
				u, err := play(stop, w, i)
				if err != nil {
					if stop.Err() == nil {
						errs[w] = err
					}
					cancel()
					return
				}
				mu.Lock()
				file(u)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
