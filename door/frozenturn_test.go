package door

import (
	"strings"
	"testing"
	"time"

	"okey/door/internal/logbuf"
	"okey/game/classic"
)

// TestFrozenNodesPlayerOnTheTurnPlays: the node running a table freezes
// while its own player has the turn (as under SIGSTOP: its renewals and
// its table stop, the player's keys queue); another node takes the
// table over; the frozen node wakes, and its player, seated again where
// the table runs now, still has the turn: their screen says so, and the
// key they press is taken — their move is in the new owner's record
// within seconds, not played by the turn's timer instead.
//
// Her key is chosen from a screen that shows the table as it is: her
// turn stays on her screen from before the freeze for a moment after
// she is back, while her seat's bot on the new owner may have drawn
// for her meanwhile, and a key chosen then is refused.
func TestFrozenNodesPlayerOnTheTurnPlays(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	f := newFreezer()
	var logs logbuf.Buf
	a, addrA := testServer(t, f.node(url, "a"), traced(&logs, "a"))
	b, addrB := testServer(t, nodeTweak(url, "b"), traced(&logs, "b"))
	defer func() {
		if t.Failed() {
			t.Logf("the nodes' logs:\n%s", logs.String())
		}
	}()
	cs := startedMatch(t, player{"ann", addrA, dialOpts{}}, player{"bob", addrB, dialOpts{}})
	ann, bob := cs[0], cs[1]
	stop := make(chan struct{})
	defer close(stop)
	playWhile(t, bob, stop, true)
	// Ann's turn, once the store has it: her node freezes there.
	ann.waitUntil("ann's turn", 30*time.Second, func(s string) bool { return strings.Contains(s, "> You") })
	g, _ := savedGame(t, a, "1", func(g *classic.Game) bool { return g.State().Turn() == 0 })
	before := len(g.Record().Actions)
	f.freeze(a)
	froze := time.Now()
	defer f.thawEvents()
	takenOver(t, "1", froze, 30*time.Second, b)
	t.Logf("taken over %v after the freeze", time.Since(froze).Round(time.Millisecond))
	savedGame(t, b, "1", func(g *classic.Game) bool { return true })

	a.hall.Nodes.Hold.Paused.Store(false)
	f.thawEvents()
	woke := time.Now()
	ann.waitFor(backAtSeat, 30*time.Second)
	t.Logf("ann back at her seat %v after her node woke", time.Since(woke).Round(time.Millisecond))
	g, _ = savedGame(t, b, "1", func(*classic.Game) bool { return true })
	t.Logf("at her return: %d actions (%d at the freeze), seat %d to play", len(g.Record().Actions), before, g.State().Turn())

	// Her turn where the table runs now (her seat's bot may have played
	// some of it while she was away: the new owner does not wait for
	// the players of a node gone silent). Her key is chosen from a
	// screen that shows the table as it is now: her screen showed her
	// turn already, as it stood before the freeze, and for a moment
	// after she is back (the line saying so comes before the new
	// owner's first view). A key chosen on that screen — "d" when her
	// bot had drawn for her meanwhile — is refused, and said ("You have
	// 15 tiles: discard one").
	var scr string
	deadline := time.Now().Add(patience)
	for {
		now, _ := savedGame(t, b, "1", func(g *classic.Game) bool { return g.State().Turn() == 0 })
		if shows(ann.term.String(), now.State()) {
			g, scr = now, ann.term.String()
			break
		}
		if time.Now().After(deadline) {
			st := now.State()
			t.Fatalf("ann's screen never showed the table as it is (hand %d, wall %d, her turn to %v); her screen:\n%s",
				st.HandNumber(), st.WallLeft(), st.Stage(), ann.term.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	before = len(g.Record().Actions)
	pressed := time.Now()
	if g.State().Stage() == classic.MustDraw {
		ann.press("d")
	} else {
		ann.press(discardKeys(scr)...)
	}
	// No turn timer here, and no bot at her seat: only her key moves her
	// seat. (An x on an empty slot of the rack is the screen's to say,
	// not the table's: the cursor moved on, it is pressed again.)
	deadline = pressed.Add(time.Minute)
	for {
		g, _ := savedGame(t, b, "1", func(*classic.Game) bool { return true })
		if acts := g.Record().Actions; len(acts) > before && acts[before].Seat == 0 {
			t.Logf("ann's move taken %v after her key", time.Since(pressed).Round(time.Millisecond))
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("ann's key, pressed on her turn after she was seated again, was not taken in a minute (%d actions, seat %d to play); her screen:\n%s",
				len(g.Record().Actions), g.State().Turn(), ann.term.String())
		}
		if s := ann.term.String(); strings.Contains(s, "No tile under the cursor") && s != scr {
			scr = s
			ann.press(discardKeys(s)...)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAMovePressedAsItsNodeFreezesIsPlayedOrSaid: bob, at a table
// another node runs (three nodes: the table's, carl's and bob's own),
// presses his move on his turn just as the table's node freezes (the
// move reaches it, and it takes nothing); another node takes the table
// over and brings it up at the view bob's move was made on. His move is
// played there (his session sends it again), or — his seat's bot
// having played for him before he was back, as it may once carl is
// back first (a table plays its bots while anyone is at it) — his
// screen says it was not played. Never neither. Which way depends on
// who is back first: here bob usually is, and his move is sent again
// and played; the bot's way is held by
// TestAMoveLostWithItsNodeIsSentAgain (ui/serve/pages/seat).
func TestAMovePressedAsItsNodeFreezesIsPlayedOrSaid(t *testing.T) {
	t.Parallel()
	n := startFreezingTrio(t)
	a, b, c := n.a, n.b, n.c
	cs := startedMatch(t, player{"ann", n.addrA, dialOpts{}}, player{"bob", n.addrC, dialOpts{}}, player{"carl", n.addrB, dialOpts{}})
	ann, bob, carl := cs[0], cs[1], cs[2]
	stop := make(chan struct{})
	annPlays, carlPlays := playWhile(t, ann, stop, true), playWhile(t, carl, stop, true)
	// bob's turn, his screen showing the table as the store has it.
	var g *classic.Game
	var scr string
	deadline := time.Now().Add(patience)
	for {
		now, _ := savedGame(t, a, "1", func(g *classic.Game) bool { return g.State().Turn() == 1 })
		if scr = bob.term.String(); shows(scr, now.State()) {
			g = now
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob's turn never on his screen as the store has it; his screen:\n%s", scr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	annPlays.Wait()
	carlPlays.Wait()
	before := len(g.Record().Actions)
	n.freeze(a)
	froze := time.Now()
	defer n.thawEvents()
	if g.State().Stage() == classic.MustDraw {
		bob.press("d")
	} else {
		bob.press(discardKeys(scr)...)
	}
	owner := takenOver(t, "1", froze, time.Minute, b, c)
	said := bob.waitUntil("back at his seat, told of his move", patience, func(s string) bool {
		return strings.Contains(s, "were sent again") || strings.Contains(s, "was not played")
	})
	rec, _ := savedGame(t, owner, "1", func(g *classic.Game) bool { return len(g.Record().Actions) > before })
	acts := rec.Record().Actions
	switch {
	case strings.Contains(said, "was not played"):
		t.Logf("bob's move not played (his bot's %v in its place), and said (the table on node %s)", acts[before], owner.cfg.Store.NodeName)
	case acts[before].Seat != 1:
		t.Fatalf("bob's move sent again, but the record's next move is seat %d's: %v", acts[before].Seat, acts[before])
	default:
		t.Logf("bob's move sent again and played: %v (the table on node %s)", acts[before], owner.cfg.Store.NodeName)
	}
	a.hall.Nodes.Hold.Paused.Store(false)
}

// shows reports whether a player's screen shows the table as st stands,
// at seat 0 with the turn: the hand, the tiles left in the wall, and
// whether the turn is to draw or to discard.
func shows(scr string, st classic.State) bool {
	lines := strings.Split(scr, "\n")
	if !strings.Contains(scr, "> You") || len(lines) == 0 || wallLeft(lines) != st.WallLeft() {
		return false
	}
	if m := handRe.FindStringSubmatch(lines[0]); m == nil || atoi(m[1]) != st.HandNumber() {
		return false
	}
	draws := strings.Contains(scr, "d: draw") || strings.Contains(scr, "d: end")
	return draws == (st.Stage() == classic.MustDraw)
}

// backAtSeat is what a player's screen says once the session has taken
// the seat back where the table moved.
const backAtSeat = "you are back in your seat"
