package door

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/door/internal/logbuf"
	"okey/game/classic"
	"okey/server/tables"
)

// handWall is where a table's screen stands: the hand and the tiles
// left in the wall.
type handWall struct{ hand, wall int }

// wallLog is every place a player's table screens stood, in order.
type wallLog struct {
	mu   sync.Mutex
	seen []handWall
}

func (w *wallLog) frame(lines []string) {
	n := wallLeft(lines)
	if n < 0 || len(lines) == 0 {
		return
	}
	m := handRe.FindStringSubmatch(lines[0])
	if m == nil {
		return
	}
	hw := handWall{atoi(m[1]), n}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.seen) == 0 || w.seen[len(w.seen)-1] != hw {
		w.seen = append(w.seen, hw)
	}
}

// back says where the screens went back (an earlier hand, or a wall
// grown within a hand), "" if they never did.
func (w *wallLog) back() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := 1; i < len(w.seen); i++ {
		a, b := w.seen[i-1], w.seen[i]
		if b.hand < a.hand || b.hand == a.hand && b.wall > a.wall {
			return fmt.Sprintf("hand %d wall %d, then hand %d wall %d (all: %v)", a.hand, a.wall, b.hand, b.wall, w.seen)
		}
	}
	return ""
}

// freezer freezes a node on demand, as SIGSTOP would: its tables take
// no event while it is frozen, until thawed, and its lease renewals
// are paused (Holding's Paused) until the test unpauses them.
type freezer struct {
	frozen atomic.Bool
	thaw   chan struct{}
	thawed sync.Once
}

func newFreezer() *freezer { return &freezer{thaw: make(chan struct{})} }

// node is nodeTweak for the node f freezes.
func (f *freezer) node(url, node string) func(*Config) {
	return func(c *Config) {
		nodeTweak(url, node)(c)
		c.fault = func(where, table string) {
			// A frozen process runs nothing: its tables take no event,
			// and the word that another node took a table over waits
			// until it wakes.
			if (where == "event" || where == "moved") && f.frozen.Load() {
				<-f.thaw
			}
		}
	}
}

// freeze freezes srv, a node started with f.node.
func (f *freezer) freeze(srv *Server) {
	f.frozen.Store(true)
	srv.hall.Nodes.Hold.Paused.Store(true)
}

// thawEvents has the frozen node's tables take their events again (once
// however often it is called); its renewals stay paused.
func (f *freezer) thawEvents() {
	f.thawed.Do(func() {
		f.frozen.Store(false)
		close(f.thaw)
	})
}

// freezingTrio is three nodes on one NATS server: a, which its freezer
// freezes, and b and c.
type freezingTrio struct {
	*freezer
	a, b, c             *Server
	addrA, addrB, addrC string
}

// startFreezingTrio starts the three nodes, their logs (debug lines
// too, each led by its node's name) printed if the test fails: what
// each node did of the table's takeover and of its players' sessions.
func startFreezingTrio(t *testing.T) *freezingTrio {
	t.Helper()
	url := sharedNATS(t)
	n := &freezingTrio{freezer: newFreezer()}
	logs := &logbuf.Buf{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the nodes' logs:\n%s", logs.String())
		}
	})
	n.a, n.addrA = testServer(t, n.node(url, "a"), traced(logs, "a"))
	n.b, n.addrB = testServer(t, nodeTweak(url, "b"), traced(logs, "b"))
	n.c, n.addrC = testServer(t, nodeTweak(url, "c"), traced(logs, "c"))
	return n
}

// traced has a node log to logs at debug level, each line naming it.
func traced(logs *logbuf.Buf, node string) func(*Config) {
	return func(c *Config) {
		h := slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})
		c.Log = slog.New(h).With("node", node)
		c.Debug = c.Log
	}
}

// TestFrozenOwnerWakesSilent: the node running a table freezes (its
// lease renewals and its table's goroutine stop, as under SIGSTOP),
// while players on it and on two other nodes press keys all along;
// another node takes the table over and plays on; the frozen node
// wakes with the keys queued. It acts on none of them and sends nothing
// of the table to anyone, and its own player comes back at the new
// owner: every player's screens, on every node, only ever go forward
// (the wall never grows back within a hand, no hand comes back), and
// the record goes on from the one acknowledged before the freeze.
func TestFrozenOwnerWakesSilent(t *testing.T) {
	if testing.Short() {
		t.Skip("three nodes, one frozen (seconds)")
	}
	t.Parallel()
	n := startFreezingTrio(t)
	a, b, c := n.a, n.b, n.c
	var annLog, bobLog, carlLog wallLog
	cs := startedMatch(t, player{"ann", n.addrA, dialOpts{frames: annLog.frame}}, player{"bob", n.addrB, dialOpts{frames: bobLog.frame}},
		player{"carl", n.addrC, dialOpts{frames: carlLog.frame}})
	ann, bob, carl := cs[0], cs[1], cs[2]
	stop := make(chan struct{})
	var players []*sync.WaitGroup
	for _, p := range []*client{ann, bob, carl} {
		players = append(players, playWhile(t, p, stop, true))
	}
	halt := sync.OnceFunc(func() {
		close(stop)
		for _, wg := range players {
			wg.Wait()
		}
	})
	defer halt()
	defer n.thawEvents()
	savedGame(t, a, "1", func(g *classic.Game) bool { return len(g.Record().Actions) >= 6 })
	before, err := storedRecord(t, a, "1")
	if err != nil {
		t.Fatal(err)
	}

	// Node a freezes; its players and the others' play on (their keys
	// queue at it).
	n.freeze(a)
	froze := time.Now()
	// Someone on node c asks to watch the table, at the frozen node: the
	// question is not left waiting on it once the table is up
	// elsewhere (the asker is told to look again).
	rt := c.hall.Get("1")
	if rt == nil || c.hall.Local("1") != nil {
		t.Fatal("node c does not know table 1 as node a's")
	}
	answered := make(chan time.Duration, 1)
	go func() {
		asked := time.Now()
		rt.Call(context.Background(), tables.Request{Kind: tables.ReqWatch, M: tables.NewMember("guest:dan", "dan", "127.0.0.9", -1), Reply: make(chan tables.JoinReply, 1)})
		answered <- time.Since(asked)
	}()
	owner := takenOver(t, "1", froze, 20*time.Second, b, c)
	took := time.Since(froze)
	t.Logf("taken over %v after the freeze", took.Round(time.Millisecond))
	select {
	case d := <-answered:
		t.Logf("a watch asked of the frozen node ended %v after it was asked", d.Round(time.Millisecond))
		// (A node answers in at most 5 s; if the takeover itself took
		// that long, there is nothing to tell apart.)
		if took < 3*time.Second && d > took+time.Second {
			t.Errorf("a watch asked of the frozen node waited %v, past the takeover (%v after the freeze)", d, took)
		}
	case <-time.After(30 * time.Second):
		t.Error("a watch asked of the frozen node never ended")
	}
	// The new owner plays on, a few moves past the takeover.
	g, _ := savedGame(t, owner, "1", func(*classic.Game) bool { return true })
	acted := len(g.Record().Actions)
	savedGame(t, owner, "1", func(g *classic.Game) bool { return len(g.Record().Actions) >= acted+6 })

	// Node a wakes: it finds the table another node's and stops it,
	// acting on nothing queued; ann comes back through it.
	woke := time.Now()
	a.hall.Nodes.Hold.Paused.Store(false)
	n.thawEvents()
	for a.hall.Local("1") != nil {
		if time.Since(woke) > 20*time.Second {
			t.Fatal("the woken node still runs table 1")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the woken node let the table go %v after it woke", time.Since(woke).Round(time.Millisecond))
	g, _ = savedGame(t, owner, "1", func(*classic.Game) bool { return true })
	acted = len(g.Record().Actions)
	savedGame(t, owner, "1", func(g *classic.Game) bool { return len(g.Record().Actions) >= acted+8 })
	halt()

	for _, p := range []struct {
		name string
		log  *wallLog
	}{{"ann (on the frozen node)", &annLog}, {"bob", &bobLog}, {"carl", &carlLog}} {
		if back := p.log.back(); back != "" {
			t.Errorf("%s saw the game go back: %s", p.name, back)
		}
	}
	after, err := storedRecord(t, owner, "1")
	if err != nil || !strings.HasPrefix(string(after), string(before)) {
		t.Fatalf("the record after the freeze does not go on from the one acknowledged before it (err %v)", err)
	}
	if _, err := classic.ParseRecord(after); err != nil {
		t.Fatalf("the record after the freeze: %v", err)
	}
}
