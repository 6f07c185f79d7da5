package door

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"okey/game/classic"
	"okey/server/tables"
)

// TestARemoteMoveAtAFullTableIsKeptOrSaid: bob, at a table another node
// runs, presses his move while the table's queue of requests is full
// (its goroutine held, 64 requests waiting). His node sends the move
// without waiting for an answer, so a table that dropped it, as it did,
// lost his key without a word: his screen waited for an answer that
// never came. Now the table's node waits for room, and a move that
// finds some within the relay's wait is played; one that does not is
// said to bob ("The table is busy: try again"), and the key he presses
// again is taken.
func TestARemoteMoveAtAFullTableIsKeptOrSaid(t *testing.T) {
	if testing.Short() {
		t.Skip("two nodes, a table held past the relay's wait (seconds)")
	}
	t.Parallel()
	url := sharedNATS(t)
	// gate, while set, holds the table's goroutine at the next request
	// it takes; entered says it is held.
	var gate atomic.Pointer[chan struct{}]
	entered := make(chan struct{}, 1)
	a, addrA := testServer(t, nodeTweak(url, "a"), func(c *Config) {
		c.fault = func(where, table string) {
			if g := gate.Load(); where == "handle" && table == "1" && g != nil {
				select {
				case entered <- struct{}{}:
				default:
				}
				<-*g
			}
		}
	})
	_, addrB := testServer(t, nodeTweak(url, "b"))
	cs := startedMatch(t, player{"ann", addrA, dialOpts{}}, player{"bob", addrB, dialOpts{}})
	ann, bob := cs[0], cs[1]
	stop := make(chan struct{})
	defer close(stop)
	playWhile(t, ann, stop, true)
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	relayed := make(chan struct{}, 64)
	sub, err := nc.Subscribe("okey.tables.1.req", func(*nats.Msg) {
		select {
		case relayed <- struct{}{}:
		default:
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	filler := tables.NewMember("guest:filler", "filler", "127.0.0.9", -1)

	// bobsTurn waits for bob's turn on his screen as the store has it.
	bobsTurn := func() (*classic.Game, string) {
		t.Helper()
		deadline := time.Now().Add(patience)
		for {
			g, _ := savedGame(t, a, "1", func(g *classic.Game) bool { return g.State().Turn() == 1 })
			if scr := bob.term.String(); shows(scr, g.State()) {
				return g, scr
			}
			if time.Now().After(deadline) {
				t.Fatalf("bob's turn never on his screen as the store has it; his screen:\n%s", bob.term.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// bobMoves presses bob's move on his turn; it returns the count of
	// actions before it.
	bobMoves := func(g *classic.Game, scr string) int {
		if g.State().Stage() == classic.MustDraw {
			bob.press("d")
		} else {
			bob.press(discardKeys(scr)...)
		}
		return len(g.Record().Actions)
	}
	// bobPresses has bob press his move on his turn with the table's
	// queue full and its goroutine held; it returns once his move is at
	// the table's node, with the count of actions before it and
	// release, which lets the table go on.
	bobPresses := func() (before int, release func()) {
		t.Helper()
		g, scr := bobsTurn()
		tab := a.hall.Local("1")
		if tab == nil {
			t.Fatal("node a does not run table 1")
		}
		held := make(chan struct{})
		gate.Store(&held)
		release = func() { gate.Store(nil); close(held) }
		here := tables.Request{Kind: tables.ReqHere, M: filler} // nobody's seat: changes nothing
		tab.Send(here)
		select {
		case <-entered:
		case <-time.After(patience):
			release()
			t.Fatal("the table never took a request")
		}
		for tab.Send(here) {
		}
		for len(relayed) > 0 {
			<-relayed
		}
		before = bobMoves(g, scr)
		select {
		case <-relayed:
		case <-time.After(patience):
			release()
			t.Fatal("bob's move never reached the table's node")
		}
		return before, release
	}
	// bobPlayed waits for bob's move after before in the record.
	bobPlayed := func(before int, what string) {
		t.Helper()
		rec, _ := savedGame(t, a, "1", func(g *classic.Game) bool { return len(g.Record().Actions) > before })
		if act := rec.Record().Actions[before]; act.Seat != 1 {
			t.Fatalf("%s: the record's next move is seat %d's: %v", what, act.Seat, act)
		}
	}

	// The table lets go within the relay's wait: bob's move is played.
	before, release := bobPresses()
	time.Sleep(time.Second) // at the table's node, waiting for room
	release()
	bobPlayed(before, "a move kept for room")

	// Held past the relay's wait: bob is told, and his key again is
	// taken. On a starved machine node a may lose the table's lease
	// meanwhile, and node b take the table over and play the move it
	// holds: kept, not lost, which is as good.
	before, release = bobPresses()
	moved := false
	bob.waitUntil("told the table is busy, or his move kept by the table's new node", 3*patience, func(s string) bool {
		if strings.Contains(s, "The table is busy: try again") {
			return true
		}
		moved = a.hall.Local("1") == nil
		return moved
	})
	release()
	if moved {
		t.Log("node a lost the table while it was held: bob's move is looked for in the record")
		bobPlayed(before, "a move kept by the table's new node")
		return
	}
	bobPlayed(bobMoves(bobsTurn()), "his key pressed again")
}
