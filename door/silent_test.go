package door

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/server/tables"
)

// TestAFrozenNodesGuestTakesTheSeatBack: gus, a guest on node a, sits at
// a table node b runs; node a freezes (its lobby writer and its word
// that it is alive stop, as a frozen process's) with gus's session
// still attached. Once node b has not heard node a for ten seconds,
// gus's stand-in is let go, and the resume code typed on
// node c takes the seat back — before, the stand-in counted as
// connected for as long as node a was silent, and the code was refused
// ("its player is connected") for the whole freeze. When node a wakes,
// its old session asking for the seat again does not throw out the
// one that took it.
func TestAFrozenNodesGuestTakesTheSeatBack(t *testing.T) {
	if testing.Short() {
		t.Skip("three nodes, one frozen for the doors' ten seconds and more")
	}
	t.Parallel()
	url := sharedNATS(t)
	var frozen atomic.Bool
	thaw := make(chan struct{})
	_, addrA := testServer(t, steadyNode(url, "a"), func(c *Config) {
		c.fault = func(where, _ string) {
			if where == "lobby" && frozen.Load() {
				<-thaw
			}
		}
	})
	b, addrB := testServer(t, steadyNode(url, "b"))
	_, addrC := testServer(t, steadyNode(url, "c"))

	bob := dial(t, addrB, "bob", dialOpts{key: newKey(t)})
	openTable(t, bob)
	gus := dial(t, addrA, "gus", dialOpts{from: "127.0.0.41"})
	code := resumeCode(t, gus)
	sit(t, gus)
	bob.waitFor("2. gus", 10*time.Second)
	bob.press("s")
	gus.waitFor("Hand 1 ·", 10*time.Second)
	if got := b.hall.Owned(); len(got) != 1 || got[0] != "1" {
		t.Fatalf("node b runs %v, not table 1", got)
	}

	// Node b has heard node a say it is alive (every second): a node
	// never heard is not judged silent.
	for start := time.Now(); b.hall.HeardAlive("a").IsZero(); time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("node b never heard node a")
		}
	}
	frozen.Store(true)
	froze := time.Now()
	thawOnce := func() {
		if frozen.Swap(false) {
			close(thaw)
		}
	}
	defer thawOnce()
	eve := dial(t, addrC, "eve", dialOpts{from: "127.0.0.42"})
	eve.waitFor("Tables (", 10*time.Second)
	eve.press("r")
	eve.waitFor("resume code:", 5*time.Second)
	// Generous: the bound is 10–11 s after the node fell silent, a
	// loaded machine slower.
	deadline := froze.Add(90 * time.Second)
	for {
		eve.press(code, "enter")
		if _, ok := eve.await(2*time.Second, func(s string) bool { return strings.Contains(s, "q leave the table") }); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the code typed on node c never took the seat of a guest whose node is frozen (%v):\n%s", time.Since(froze).Round(time.Second), eve.term.String())
		}
	}
	t.Logf("the code took the seat back %v after the guest's node froze", time.Since(froze).Round(100*time.Millisecond))
	waitSummary(t, b, "1", "the seat held by eve's session", func(s *tables.Summary) bool { return s.Players[1].Kind != seatmsg.Away })

	// Node a wakes; gus's old session says something (a request to the
	// table), which node b answers with the table moved: it asks for
	// the seat again and is refused, the seat being in play by eve, and
	// ends, told the table moved and its other session has the seat.
	thawOnce()
	gus.press("m")
	gus.press("hello", "enter")
	gus.waitFor("your other session has your seat", 20*time.Second)
	if scr := eve.term.String(); strings.Contains(scr, "connected again from elsewhere") || !strings.Contains(scr, "q leave the table") {
		t.Fatalf("the woken node's old session took the seat from the one that took it back:\n%s", scr)
	}
}
