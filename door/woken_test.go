package door

import (
	"strings"
	"testing"
	"time"

	"okey/door/internal/logbuf"
)

// TestAWokenOwnersSessionYields: node a runs table 1, ann at it through
// node a, bob through node b; node a freezes (its table and its lease
// renewals stop, as under SIGSTOP) and another node takes the table
// over. ann connects again through node c and is back in her seat.
// When node a wakes, its stale session of ann's asks for her seat again
// where the table went, and yields: it ends, told the table moved and
// her other session has the seat, and the session through node c keeps
// playing — before, the stale one took the seat back ("You connected
// again from elsewhere" to the new one).
func TestAWokenOwnersSessionYields(t *testing.T) {
	if testing.Short() {
		t.Skip("three nodes, one frozen (seconds)")
	}
	t.Parallel()
	// Node a frozen hears nothing of its lease's loss either, until it
	// wakes, as a stopped process would not: its sessions act on
	// nothing meanwhile.
	url := sharedNATS(t)
	n := &freezingTrio{freezer: newFreezer()}
	logs := &logbuf.Buf{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the nodes' logs:\n%s", logs.String())
		}
	})
	n.a, n.addrA = testServer(t, n.node(url, "a"), func(c *Config) {
		event := c.fault
		c.fault = func(where, table string) {
			if where == "lost" && n.frozen.Load() {
				<-n.thaw
			}
			event(where, table)
		}
	}, traced(logs, "a"))
	n.b, n.addrB = testServer(t, nodeTweak(url, "b"), traced(logs, "b"))
	n.c, n.addrC = testServer(t, nodeTweak(url, "c"), traced(logs, "c"))
	annKey := newKey(t)
	cs := startedMatch(t, player{"ann", n.addrA, dialOpts{key: annKey}}, player{"bob", n.addrB, dialOpts{}})
	ann := cs[0]
	defer n.thawEvents()
	n.freeze(n.a)
	froze := time.Now()
	takenOver(t, "1", froze, 30*time.Second, n.b, n.c)
	t.Logf("taken over by a node %v after the freeze", time.Since(froze).Round(time.Millisecond))
	ann2 := dial(t, n.addrC, "ann", dialOpts{key: annKey})
	ann2.waitFor("q leave the table", patience)

	woke := time.Now()
	n.a.hall.Nodes.Hold.Paused.Store(false)
	n.thawEvents()
	ann.waitFor("your other session has your seat", patience)
	t.Logf("the stale session ended %v after its node woke", time.Since(woke).Round(time.Millisecond))
	// The new session keeps the seat: give the stale one's asks time to
	// land, had they taken it.
	time.Sleep(time.Second)
	if scr := ann2.term.String(); strings.Contains(scr, "connected again from elsewhere") || !strings.Contains(scr, "q leave the table") {
		t.Fatalf("the woken node's stale session took the seat from the one that came meanwhile:\n%s", scr)
	}
}
