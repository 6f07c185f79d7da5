package door

import (
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"okey/game/classic"
)

// TestFrozenNodesPlayerOnTheTurnPlays: the node running a table freezes
// while its own player has the turn (as under SIGSTOP: its renewals and
// its table stop, the player's keys queue); another node takes the
// table over; the frozen node wakes, and its player, seated again where
// the table runs now, still has the turn: their screen says so, and the
// key they press is taken — their move is in the new owner's record
// within seconds. (An audit saw such a player press keys the table never
// took, until the turn's timer played for them 30 s later.)
//
// Run on request only (OKEY_FROZEN_TURN=1): it is the open case of that
// audit, not a settled guard. It passed where it was written, and failed
// once in a clean-clone CI run at load 7 (2026-11-27, 2efcd62d): ann back
// at her seat 287 ms after her node woke, her turn on her screen after
// her draw, and her discard not taken in 10 s — the stall itself, or the
// test's keys; not traced yet.
func TestFrozenNodesPlayerOnTheTurnPlays(t *testing.T) {
	if os.Getenv("OKEY_FROZEN_TURN") == "" {
		t.Skip("the open case of a frozen node's player on the turn: OKEY_FROZEN_TURN=1 runs it")
	}
	t.Parallel()
	url := sharedNATS(t)
	var frozen atomic.Bool
	thaw := make(chan struct{})
	a, addrA := testServer(t, freezable(url, "a", &frozen, thaw))
	b, addrB := testServer(t, nodeTweak(url, "b"))
	ann := dial(t, addrA, "ann", dialOpts{key: newKey(t)})
	openTable(t, ann)
	bob := dial(t, addrB, "bob", dialOpts{key: newKey(t)})
	sit(t, bob)
	ann.waitFor("2. bob", 10*time.Second)
	ann.press("s")
	ann.waitFor("Hand 1 ·", 10*time.Second)
	stop := make(chan struct{})
	defer close(stop)
	playWhile(t, bob, stop, true)
	// Ann's turn, once the store has it: her node freezes there.
	ann.waitUntil("ann's turn", 30*time.Second, func(s string) bool { return strings.Contains(s, "> You") })
	g, _ := savedGame(t, a, "1", func(g *classic.Game) bool { return g.State().Turn() == 0 })
	before := len(g.Record().Actions)
	frozen.Store(true)
	a.hall.Nodes.Hold.Paused.Store(true)
	froze := time.Now()
	thawOnce := func() {
		if frozen.Swap(false) {
			close(thaw)
		}
	}
	defer thawOnce()
	takenOver(t, "1", froze, 30*time.Second, b)
	t.Logf("taken over %v after the freeze", time.Since(froze).Round(time.Millisecond))
	savedGame(t, b, "1", func(g *classic.Game) bool { return true })

	a.hall.Nodes.Hold.Paused.Store(false)
	thawOnce()
	woke := time.Now()
	ann.waitFor(backAtSeat, 30*time.Second)
	t.Logf("ann back at her seat %v after her node woke", time.Since(woke).Round(time.Millisecond))
	g, _ = savedGame(t, b, "1", func(*classic.Game) bool { return true })
	t.Logf("at her return: %d actions (%d at the freeze), seat %d to play", len(g.Record().Actions), before, g.State().Turn())

	// Her turn where the table runs now (a bot may have played the one
	// she had while she was away): her screen says so, and her key is
	// taken.
	g, _ = savedGame(t, b, "1", func(g *classic.Game) bool { return g.State().Turn() == 0 })
	before = len(g.Record().Actions)
	scr := ann.waitUntil("ann's turn on her screen", 10*time.Second, func(s string) bool { return strings.Contains(s, "> You") })
	pressed := time.Now()
	if strings.Contains(scr, "d: draw") || strings.Contains(scr, "d: end") {
		ann.press("d")
	} else {
		ann.press(discardKeys(scr)...)
	}
	// No turn timer here, and no bot at her seat: only her key moves her
	// seat.
	deadline := pressed.Add(10 * time.Second)
	for {
		g, _ := savedGame(t, b, "1", func(*classic.Game) bool { return true })
		if acts := g.Record().Actions; len(acts) > before && acts[before].Seat == 0 {
			t.Logf("ann's move taken %v after her key", time.Since(pressed).Round(time.Millisecond))
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("ann's key, pressed on her turn after she was seated again, was not taken in 10 s (%d actions, seat %d to play); her screen:\n%s",
				len(g.Record().Actions), g.State().Turn(), ann.term.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// backAtSeat is what a player's screen says once the session has taken
// the seat back where the table moved.
const backAtSeat = "you are back in your seat"
