package tables

import (
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"
)

// TestRewriteAfterTheSaverStopped: the store's watch tells a node that
// its table's entry was deleted; when the table closed and deleted it
// itself (its saver retired), nothing is written and the node is told
// so, so that it does not warn of a writer of the store: an arena's
// node warned of each of its 177 closed tables in one run.
func TestRewriteAfterTheSaverStopped(t *testing.T) {
	for _, stop := range []struct {
		name string
		fn   func(*Saver)
	}{
		{"retired", (*Saver).retire},
		{"dropped", (*Saver).drop},
		{"flushed", (*Saver).flush},
	} {
		t.Run(stop.name, func(t *testing.T) {
			var writes atomic.Int64
			sv := NewSaver(func([]byte, []byte) error { writes.Add(1); return nil }, func() error { return nil }, slog.New(slog.NewTextHandler(io.Discard, nil)))
			sv.put([]byte("table"), []byte("record"), 1)
			for end := time.Now().Add(time.Minute); writes.Load() == 0; time.Sleep(time.Millisecond) {
				if time.Now().After(end) {
					t.Fatal("the snapshot was never written")
				}
			}
			if !sv.Rewrite() {
				t.Fatal("a running saver refused to write the entry again")
			}
			stop.fn(sv)
			n := writes.Load()
			if sv.Rewrite() {
				t.Error("a stopped saver said it would write the entry again")
			}
			time.Sleep(20 * time.Millisecond)
			if writes.Load() != n {
				t.Error("a stopped saver wrote")
			}
		})
	}
}

// TestAWriteRefusedIsTriedAgainSoon: a write the store refuses at once
// (a stream electing its leader after a node's loss answers "no
// responders" to every write until it has one) is tried again within
// retryMax, never more than half a second after the try before, so a
// table goes on soon after the store takes writes again: tried every
// 2 s, a table waited up to 2 s past the election, its players told
// it was paused.
func TestAWriteRefusedIsTriedAgainSoon(t *testing.T) {
	t.Parallel()
	// The waits double from a quarter second: from the third try on
	// they are at their longest, which three refusals already check.
	refusals := 6
	if testing.Short() {
		refusals = 3
	}
	var sv *Saver
	waited := make(chan time.Duration, refusals+1)
	calls := 0
	sv = NewSaver(func([]byte, []byte) error {
		// The saver's own goroutine: the wait it takes before the
		// next try, should this one be refused.
		calls++
		if calls > 1 {
			waited <- sv.retry
		}
		if calls <= refusals {
			return errors.New("nats: no responders available for request")
		}
		return nil
	}, func() error { return nil }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer sv.drop()
	sv.put([]byte("table"), []byte("record"), 1)
	for range refusals {
		select {
		case w := <-waited:
			if w > 500*time.Millisecond {
				t.Fatalf("a write refused was tried again after %v, want half a second at most", w)
			}
		case <-time.After(time.Minute):
			t.Fatal("a write refused was not tried again within a minute")
		}
	}
}
