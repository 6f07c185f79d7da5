package keep

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestTakesAtOnceShareAWrite: tables opened at once take their numbers
// in one write of the store's next number, not one write each in turn,
// which on a starved machine would keep their players waiting past the
// hall's wait. Fifty Takes made while one is held at the store each get
// a number, no two the same, and the store is written a few times, not
// fifty; a Take after them follows the last. A store that does not
// answer makes Take fail as the store unavailable (Unavailable), which
// the hall tells the player in words.
func TestTakesAtOnceShareAWrite(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	first, err := k.Numbers.Take(ctx)
	if err != nil {
		t.Fatal(err)
	}
	held := &heldKV{KeyValue: k.Numbers.hall, release: make(chan struct{})}
	k.Numbers.hall = held
	const at = 50
	got := make([]int, at)
	errs := make([]error, at)
	var wg sync.WaitGroup
	for i := range at {
		wg.Go(func() { got[i], errs[i] = k.Numbers.Take(ctx) })
	}
	// One Take at the store, the others waiting behind it.
	for k.Numbers.waiting.Load() < at-1 {
		if ctx.Err() != nil {
			t.Fatalf("%d Takes waiting, want %d", k.Numbers.waiting.Load(), at-1)
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(held.release)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("take %d: %v", i, err)
		}
	}
	slices.Sort(got)
	if got[0] <= first || len(slices.Compact(slices.Clone(got))) != at {
		t.Fatalf("numbers %v after %d: want %d of them, each past it and once", got, first, at)
	}
	held.mu.Lock()
	writes := held.writes
	held.mu.Unlock()
	if writes > 4 {
		t.Errorf("%d Takes at once wrote the store %d times: want them to share the writes", at, writes)
	}
	if n, err := k.Numbers.Take(ctx); err != nil || n <= got[at-1] {
		t.Errorf("the Take after: %d (%v), want past %d", n, err, got[at-1])
	}

	// The store silent: Take gives up with its caller's wait, as the
	// store unavailable.
	k.Numbers.hall = &heldKV{KeyValue: held.KeyValue, release: make(chan struct{})}
	k.Numbers.took.spare = nil
	short, cancelShort := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancelShort()
	if _, err := k.Numbers.Take(short); err == nil || !Unavailable(err) {
		t.Errorf("a Take the store does not answer: %v, want the store unavailable", err)
	}
}

// TestMeasureTakesAtOnce (OKEY_TAKES_AT_ONCE=N, a measure, not run by
// the suite: TestTakesAtOnceShareAWrite is its check): N Takes at once
// on one node of three in process, in three rounds, each timed; the
// median and the slowest said.
func TestMeasureTakesAtOnce(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OKEY_TAKES_AT_ONCE"))
	if n == 0 {
		t.Skip("OKEY_TAKES_AT_ONCE=N measures")
	}
	engs := startCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	k, err := openKeeper(ctx, engs[0], filepath.Join(t.TempDir(), "tables"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Numbers.Take(ctx); err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		took := make([]time.Duration, n)
		failed := 0
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				c, cancel := context.WithTimeout(ctx, 10*time.Second)
				defer cancel()
				start := time.Now()
				_, err := k.Numbers.Take(c)
				took[i] = time.Since(start)
				if err != nil {
					mu.Lock()
					failed++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(took)
		t.Logf("round %d: %d Takes at once: median %v, slowest %v, %d failed (10 s)", round+1, n, took[n/2].Round(time.Millisecond), took[n-1].Round(time.Millisecond), failed)
	}
}

// heldKV is a key-value bucket whose writes wait for release (or their
// context's end), counted.
type heldKV struct {
	jetstream.KeyValue
	release chan struct{}
	mu      sync.Mutex
	writes  int
}

func (h *heldKV) hold(ctx context.Context) error {
	h.mu.Lock()
	h.writes++
	h.mu.Unlock()
	select {
	case <-h.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *heldKV) Create(ctx context.Context, key string, value []byte, opts ...jetstream.KVCreateOpt) (uint64, error) {
	if err := h.hold(ctx); err != nil {
		return 0, err
	}
	return h.KeyValue.Create(ctx, key, value, opts...)
}

func (h *heldKV) Update(ctx context.Context, key string, value []byte, rev uint64) (uint64, error) {
	if err := h.hold(ctx); err != nil {
		return 0, err
	}
	return h.KeyValue.Update(ctx, key, value, rev)
}
