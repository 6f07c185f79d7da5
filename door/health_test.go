package door

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestHealthMeasuresLateness: the node's run-queue delay is the 90th
// percentile of its timer's lateness, over its last 50 ticks; the store's
// wait counts too; no limit is never over.
func TestHealthMeasuresLateness(t *testing.T) {
	t.Parallel()
	var h health
	if h.delay() != 0 || h.over(time.Second) {
		t.Fatal("a node with no measure yet is over its limit")
	}
	for i := range healthWindow {
		h.late[i] = time.Duration(i) * 10 * time.Millisecond // 0 … 490 ms
	}
	h.n = healthWindow
	if got := h.delay(); got != 440*time.Millisecond {
		t.Errorf("delay %v, want the 90th percentile 440ms", got)
	}
	if !h.over(400*time.Millisecond) || h.over(450*time.Millisecond) || h.over(0) {
		t.Error("over does not follow the delay and the limit")
	}
	h.store = func() time.Duration { return 3 * time.Second }
	if !h.over(time.Second) {
		t.Error("a store 3 s slow is not over a limit of 1 s")
	}
	// The clock itself: watching for a while gives samples, a delay of
	// well under a second on any machine not frozen.
	var w health
	ctx, cancel := context.WithCancel(context.Background())
	go w.watch(ctx)
	deadline := time.Now().Add(30 * time.Second)
	for {
		w.mu.Lock()
		n := w.n
		w.mu.Unlock()
		if n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the health's timer never ticked")
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
}

// TestOverloadedNodeTurnsNewcomersAway: while the node is over its
// limit, a newcomer is told so at once, in their language, and let go;
// a player holding a seat at a table here comes back to it; a seated
// player asking for a new table is refused with a line, and the match
// plays on; status says the node is overloaded. Once it is not, the door
// is open again.
func TestOverloadedNodeTurnsNewcomersAway(t *testing.T) {
	t.Parallel()
	var over atomic.Bool
	srv, addr := testServer(t, func(c *Config) { c.overloaded = over.Load })
	annKey := newKey(t)
	ann := dial(t, addr, "ann", dialOpts{key: annKey})
	startMatch(t, ann)
	ann.close()

	over.Store(true)
	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	bob.waitFor("The hall is full just now: try again in 2 minutes.", 10*time.Second)
	bob.close()
	zey := dial(t, addr, "zeynep", dialOpts{key: newKey(t), env: []string{"LANG=tr_TR.UTF-8"}})
	zey.waitFor("Salon şu an dolu", 10*time.Second)
	zey.close()
	if n := srv.TurnedAway(); n != 2 {
		t.Errorf("%d turned away, want 2", n)
	}

	// Ann holds a seat: she comes back to her table.
	ann = dial(t, addr, "ann", dialOpts{key: annKey})
	ann.waitFor("Hand 1 ·", 10*time.Second)
	if out, code := execSSH(t, addr, newKey(t), "status"); code != 0 || !strings.Contains(out, "overloaded: turning newcomers away") {
		t.Errorf("status while overloaded: exit %d\n%s", code, out)
	}

	over.Store(false)
	cy := dial(t, addr, "cy", dialOpts{key: newKey(t)})
	cy.waitFor("Tables (", 10*time.Second)
	// Asking for a table while overloaded: refused with a line.
	over.Store(true)
	cy.press("n")
	cy.waitFor("A new table", 5*time.Second)
	cy.press("enter")
	cy.waitFor("no new table", 5*time.Second)
	if got := len(srv.tableList()); got != 1 {
		t.Errorf("%d tables after a table was refused, want 1", got)
	}
}

// TestFullNodeSendsNewcomersElsewhere: two nodes share a store; the one
// over its limit sends a newcomer to the other, whose door (the address
// it was given with --public-addr) it has read from the lobby.
func TestFullNodeSendsNewcomersElsewhere(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	testServer(t, func(c *Config) {
		steadyNode(url, "a")(c)
		c.PublicAddr = "okey-a.example:2222"
	})
	var over atomic.Bool
	over.Store(true)
	b, addrB := testServer(t, func(c *Config) {
		steadyNode(url, "b")(c)
		c.overloaded = over.Load
	})
	deadline := time.Now().Add(30 * time.Second)
	for b.hall.OpenDoor() == "" {
		if time.Now().After(deadline) {
			t.Fatal("node b never read node a's door")
		}
		time.Sleep(100 * time.Millisecond)
	}
	c := dial(t, addrB, "cem", dialOpts{key: newKey(t)})
	c.waitFor("The hall here is full just now: try ssh -p 2222 okey-a.example, or again in 2 minutes.", 10*time.Second)
}
