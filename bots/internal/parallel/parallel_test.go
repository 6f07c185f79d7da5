package parallel

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
)

func TestWorkers(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	cases := []struct{ want, n, got int }{
		{3, 10, 3},
		{8, 5, 5},
		{0, 1000, procs},
		{-1, 1000, procs},
		{0, 1, 1},
	}
	for _, c := range cases {
		if got := Workers(c.want, c.n); got != c.got {
			t.Errorf("Workers(%d, %d) = %d, want %d", c.want, c.n, got, c.got)
		}
	}
}

// Every unit is played once and filed once, by the worker that played
// it, whatever the number of workers.
func TestEachFilesEveryUnit(t *testing.T) {
	for _, workers := range []int{1, 3, 8} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			const n = 200
			type out struct{ w, i int }
			seen := make([]int, n)
			perWorker := make([]int, workers) // unlocked: each worker its own
			filed := 0
			err := Each(context.Background(), n, workers, func(_ context.Context, w, i int) (out, error) {
				perWorker[w]++
				return out{w, i}, nil
			}, func(o out) {
				seen[o.i]++
				filed++ // unlocked: file is called one at a time
			})
			if err != nil {
				t.Fatal(err)
			}
			if filed != n {
				t.Errorf("filed %d, want %d", filed, n)
			}
			for i, k := range seen {
				if k != 1 {
					t.Errorf("unit %d filed %d times", i, k)
				}
			}
			sum := 0
			for _, k := range perWorker {
				sum += k
			}
			if sum != n {
				t.Errorf("workers played %d units, want %d", sum, n)
			}
		})
	}
}

// The first error stops the run: it comes back, the other workers see
// their context end (and their cancelled plays are not errors), and no
// unit after it starts.
func TestEachStopsAtError(t *testing.T) {
	bad := errors.New("illegal move")
	const n = 1000
	played := 0
	err := Each(context.Background(), n, 1, func(ctx context.Context, _, i int) (int, error) {
		played++
		if i == 10 {
			return 0, fmt.Errorf("hand %d: %w", i, bad)
		}
		return i, ctx.Err()
	}, func(int) {})
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if played != 11 {
		t.Errorf("played %d units, want 11 (none after the error)", played)
	}
	// with several workers the others are cancelled, not failed
	err = Each(context.Background(), n, 4, func(ctx context.Context, _, i int) (int, error) {
		if i == 0 {
			return 0, bad
		}
		<-ctx.Done() // the rest wait for the stop
		return 0, ctx.Err()
	}, func(int) { t.Error("a unit was filed") })
	if !errors.Is(err, bad) || errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want only %v", err, bad)
	}
}

// When the run's context ends, Each stops claiming units and returns no
// error: the caller reads ctx.Err(); what was filed stays filed.
func TestEachInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	filed := 0
	err := Each(ctx, 1000, 2, func(ctx context.Context, _, i int) (int, error) {
		if i == 20 {
			cancel()
			return 0, ctx.Err()
		}
		return i, nil
	}, func(int) { filed++ })
	if err != nil {
		t.Fatalf("err = %v, want nil (the caller reads ctx.Err())", err)
	}
	// units 0 to 19 were all claimed before the stop, and are filed
	if filed < 20-1 || filed >= 1000 {
		t.Errorf("filed %d units, want the 19 before the stop and not all", filed)
	}
}
