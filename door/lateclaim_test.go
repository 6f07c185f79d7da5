package door

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestATakeoverPastALateWriteKeepsItsLease: the node that ran a table
// freezes, and as another node takes it over, a write of another node
// lands on the table's record after the taker read it (the frozen
// owner's last append, sent to a stream leader that froze with it and
// committed as the stream elected another). The taker's claim is
// fenced; it reads the record again and claims again, its lease kept,
// and runs the table, rather than give the lease up and wait for
// another takeover.
func TestATakeoverPastALateWriteKeepsItsLease(t *testing.T) {
	if testing.Short() {
		t.Skip("a node frozen, another taking its table over (seconds)")
	}
	t.Parallel()
	url := sharedNATS(t)
	f := newFreezer()
	a, addrA := testServer(t, f.node(url, "a"))
	var (
		claims, given atomic.Int32
		mu            sync.Mutex
		lateErr       error
		late          bool
	)
	b, _ := testServer(t, func(c *Config) {
		nodeTweak(url, "b")(c)
		c.fault = func(where, table string) {
			if table != "1" {
				return
			}
			switch where {
			case "give":
				given.Add(1)
			case "claim":
				if claims.Add(1) != 1 {
					return
				}
				// Another node's write, landed after this node read
				// the record: a's claim, appended at the record's end.
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				kt, ok := a.hall.Keep.LoadOne(ctx, table)
				mu.Lock()
				defer mu.Unlock()
				late = ok && kt.Err == nil
				if late {
					lateErr = kt.Log.Claim("a")
				}
			}
		}
	})
	ann := dial(t, addrA, "ann", dialOpts{key: newKey(t)})
	openTable(t, ann)
	ann.press("s")
	ann.waitUntil("the match under way", 30*time.Second, func(s string) bool { return wallLeft(strings.Split(s, "\n")) > 0 })
	f.freeze(a)
	defer f.thawEvents()
	frozen := time.Now()
	takenOver(t, "1", frozen, 40*time.Second, b)
	mu.Lock()
	defer mu.Unlock()
	if !late || lateErr != nil {
		t.Fatalf("the late write: read %v, claimed (%v)", late, lateErr)
	}
	if n := claims.Load(); n != 2 {
		t.Errorf("b claimed the record %d times, want 2 (fenced by the late write, then again)", n)
	}
	if n := given.Load(); n != 0 {
		t.Errorf("b gave table 1's lease up %d times as it took it over, want none", n)
	}
	t.Logf("taken over %v after the freeze", time.Since(frozen).Round(time.Millisecond))
}
