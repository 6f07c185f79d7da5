package serve

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game"
	"okey/game/tile"
)

// openTable: ann (a key) opens a table from the lobby and waits in its
// room.
func openTable(t *testing.T, ann *client) {
	t.Helper()
	ann.waitFor("Tables (0 of", 10*time.Second)
	ann.press("n")
	ann.waitFor("A new table", 5*time.Second)
	ann.press("enter")
	ann.waitFor("s starts the match", 5*time.Second)
}

// sit: a client takes the first free seat of the first table.
func sit(t *testing.T, c *client) {
	t.Helper()
	c.waitFor("Table 1 ·", 10*time.Second)
	c.press("enter")
	c.waitFor("Waiting for the host", 5*time.Second)
}

// playTurns plays c's turns plainly (draw, discard what was drawn,
// finish when the hand wins) until the hand is over.
func playTurns(t *testing.T, c *client, within time.Duration) {
	deadline := time.Now().Add(within)
	for {
		scr := c.term.String()
		switch {
		case strings.Contains(scr, "ready for the next hand") || strings.Contains(scr, "Final table") || strings.Contains(scr, "final table"):
			return
		case time.Now().After(deadline):
			t.Errorf("%s: the hand did not end in %v:\n%s", c.name, within, scr)
			return
		case strings.Contains(scr, "> You"):
			switch {
			case strings.Contains(scr, "wins the hand! f finishes"):
				c.press("f")
			case strings.Contains(scr, "d: draw") || strings.Contains(scr, "d: end the"):
				c.press("d")
			default:
				c.press("x")
			}
			c.waitUntil("moved on", 3*time.Second, func(s string) bool { return s != scr })
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// savedGame replays table id's record as saved, waiting until ok holds
// for it (the saver writes in the background).
func savedGame(t *testing.T, srv *Server, id string, ok func(*game.Game) bool) (*game.Game, game.Record) {
	t.Helper()
	path := filepath.Join(srv.cfg.StateDir, "tables", id+".okey")
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil {
			rec, err := game.ParseRecord(b)
			if err == nil {
				g, err := game.Replay(rec)
				if err == nil && ok(g) {
					return g, rec
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s's saved record never got there (%v)", id, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// heldInHand is every tile each seat held at some time in hand: dealt,
// drawn or taken.
func heldInHand(t *testing.T, rec game.Record, hand int) [game.NumSeats]map[string]bool {
	t.Helper()
	var held [game.NumSeats]map[string]bool
	for s := range held {
		held[s] = map[string]bool{}
	}
	g, err := game.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		t.Fatal(err)
	}
	take := func() {
		if g.State().HandNumber() != hand || g.State().Phase() != game.Playing {
			return
		}
		for s := range game.NumSeats {
			for _, tl := range g.State().View(s).Rack {
				held[s][name(tl, g.State().View(s).Okey)] = true
			}
		}
	}
	take()
	for _, a := range rec.Actions {
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		take()
	}
	return held
}

// name is a tile as rackTiles reads it.
func name(t, okey tile.Tile) string {
	if t == tile.FalseJoker {
		return "J"
	}
	return t.String()
}

// seatOfName is the seat a player's name holds at a table.
func seatOfName(t *testing.T, srv *Server, id, who string) int {
	t.Helper()
	for _, s := range srv.Tables() {
		if s.ID != id {
			continue
		}
		for i, p := range s.Players {
			if p.Name == who && s.Owners[i] != "" {
				return i
			}
		}
	}
	t.Fatalf("%s holds no seat at table %s", who, id)
	return -1
}

// TestPlayAHandOverSSH: three players join from the lobby (two with
// keys, one guest), the host starts, a bot holds the fourth seat, a
// spectator watches, and the hand is played to its end through the
// screens. On every frame each player's rack holds only tiles their own
// seat held in that hand, and the spectator's rack is empty.
func TestPlayAHandOverSSH(t *testing.T) {
	srv, addr := testServer(t)
	logs := map[string]*frameLog{}
	conn := func(name string, guest bool) *client {
		logs[name] = newFrameLog()
		o := dialOpts{frames: logs[name].frame}
		if !guest {
			o.key = newKey(t)
		}
		return dial(t, addr, name, o)
	}
	ann := conn("ann", false)
	openTable(t, ann)
	bob := conn("bob", true)
	bob.waitFor("resume code", 5*time.Second)
	sit(t, bob)
	cem := conn("cem", false)
	sit(t, cem)
	dan := conn("dan", false)
	dan.waitFor("Table 1 ·", 5*time.Second)
	dan.press("w")
	ann.waitFor("3. cem", 5*time.Second)
	ann.press("s")
	players := []*client{ann, bob, cem}
	for _, c := range append(players, dan) {
		c.waitFor("Hand 1 ·", 10*time.Second)
	}
	var wg sync.WaitGroup
	for _, c := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			playTurns(t, c, 90*time.Second)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	_, rec := savedGame(t, srv, "1", func(g *game.Game) bool { return g.State().Phase() != game.Playing })
	held := heldInHand(t, rec, 1)
	for _, c := range players {
		seat := seatOfName(t, srv, "1", c.name)
		f := logs[c.name]
		f.mu.Lock()
		if f.racks == 0 {
			t.Errorf("%s never saw a rack", c.name)
		}
		for tl := range f.seen {
			if !held[seat][tl] {
				t.Errorf("%s (seat %d) saw %s in the rack, a tile the seat never held", c.name, seat, tl)
			}
		}
		f.mu.Unlock()
	}
	f := logs["dan"]
	f.mu.Lock()
	if f.racks == 0 || len(f.seen) > 0 {
		t.Errorf("the spectator's rack: %d frames, tiles %v", f.racks, f.seen)
	}
	f.mu.Unlock()
	// The seat nobody holds was a bot's, and played.
	plays := map[int]int{}
	for _, a := range rec.Actions {
		plays[a.Seat]++
	}
	for s := range game.NumSeats {
		if plays[s] == 0 && rec.Actions[len(rec.Actions)-1].Seat != s {
			t.Errorf("seat %d never moved", s)
		}
	}
}

// TestNoTerminalIsTold: a session without a terminal is told it needs
// one, and ends.
func TestNoTerminalIsTold(t *testing.T) {
	_, addr := testServer(t)
	c := dial(t, addr, "pat", dialOpts{key: newKey(t), noPty: true})
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("a session without a terminal did not end")
	}
	if err := c.sess.Wait(); err == nil {
		t.Error("a session without a terminal ended well")
	}
	if !strings.Contains(c.out.String(), "needs a terminal") {
		t.Errorf("told %q", c.out.String())
	}
}

// TestTinyTerminalAndResize: a terminal too small gets the too-small
// screen; grown, the lobby is drawn to the new width.
func TestTinyTerminalAndResize(t *testing.T) {
	_, addr := testServer(t)
	c := dial(t, addr, "tim", dialOpts{key: newKey(t), w: 40, h: 12})
	c.waitFor("Make the terminal at", 10*time.Second)
	c.term.Resize(120, 40)
	if err := c.sess.WindowChange(40, 120); err != nil {
		t.Fatal(err)
	}
	scr := c.waitFor("q quit", 10*time.Second)
	if strings.Contains(scr, "Make the terminal") {
		t.Fatalf("still too small:\n%s", scr)
	}
	// Back to 80 columns: the help line is cut again at 80.
	c.term.Resize(80, 24)
	if err := c.sess.WindowChange(24, 80); err != nil {
		t.Fatal(err)
	}
	c.waitUntil("drawn at 80 columns", 10*time.Second, func(s string) bool {
		ls := strings.Split(s, "\n")
		return len(ls) == 24 && strings.Contains(s, "Tables (") && !strings.Contains(ls[23], "q quit")
	})
}

// TestHugeTerminalIsCapped: a terminal larger than the cap is drawn at
// the cap.
func TestHugeTerminalIsCapped(t *testing.T) {
	srv, addr := testServer(t, func(c *Config) { c.MaxWidth, c.MaxHeight = 100, 30 })
	c := dial(t, addr, "hugh", dialOpts{key: newKey(t), w: 200, h: 60})
	c.waitFor("Tables (", 10*time.Second)
	c.waitUntil("drawn within the cap", 5*time.Second, func(s string) bool {
		ls := strings.Split(s, "\n")
		for i, l := range ls {
			if len([]rune(l)) > 100 || (i >= 30 && l != "") {
				return false
			}
		}
		return true
	})
	if w, h := srv.clamp(0, 0); w != 80 || h != 24 {
		t.Errorf("a 0×0 window is %d×%d, want 80×24", w, h)
	}
}
