package door

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/seatmsg"
)

// Okey 101 at the server: the tests of serve_test.go, for a 101 table.

// open101: ann (a key) opens a table of Okey 101 from the lobby (the
// first field of the form is the game) and waits in its room.
func open101(t *testing.T, ann *client) {
	t.Helper()
	ann.waitFor("Tables (0 of", 10*time.Second)
	ann.press("n")
	ann.waitFor("A new table", 5*time.Second)
	ann.press("right")
	ann.waitFor("‹ Okey 101 ›", 5*time.Second)
	ann.press("enter")
	ann.waitFor("Table 1 · Okey 101 · standard", 5*time.Second)
	ann.waitFor("s starts the match", 5*time.Second)
}

// bottomLine is the last line of a screen: the keys that work now.
func bottomLine(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, " \n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// play101 plays c's turns of 101 plainly with keys (draw, discard the
// tile under the cursor, confirming a discard that costs 101) until
// stop is closed or, unless across, the hand is over (then enter, the
// next hand).
func play101(t *testing.T, c *client, stop chan struct{}, across bool) *sync.WaitGroup {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			scr := c.term.String()
			if strings.Contains(scr, "ready for the next hand") || strings.Contains(scr, "final") {
				if !across {
					return
				}
				c.press("enter")
				c.await(3*time.Second, func(s string) bool { return s != scr })
				continue
			}
			if !strings.Contains(scr, "─ > You <") {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			switch bar := bottomLine(scr); {
			case strings.HasPrefix(bar, "d draw"):
				c.press("d")
			case strings.Contains(scr, "x again"):
				c.press("x")
			case strings.Contains(bar, "x discard"):
				c.press(discardKeys(scr)...)
			default:
				time.Sleep(10 * time.Millisecond)
				continue
			}
			c.await(3*time.Second, func(s string) bool { return s != scr })
		}
	}()
	return &wg
}

// saved101 replays table id's 101 record as saved, waiting until ok
// holds for it (the saver writes in the background). Should it never
// hold, the failure says what was read last and shows the screens of
// the players in watch: whether the table stood still or its saves did.
func saved101(t *testing.T, srv *Server, id string, ok func(*okey101.Game) bool, watch ...*client) *okey101.Game {
	t.Helper()
	deadline := time.Now().Add(patience)
	seen := "nothing read"
	for {
		b, err := storedRecord(t, srv, id)
		if err != nil {
			seen = fmt.Sprintf("no record read: %v", err)
		} else if rec, err := okey101.ParseRecord(b); err != nil {
			seen = fmt.Sprintf("a record that does not parse: %v", err)
		} else if g, err := rec.Replay(); err != nil {
			seen = fmt.Sprintf("a record that does not replay: %v", err)
		} else if ok(g) {
			return g
		} else {
			st := g.State()
			seen = fmt.Sprintf("last read: %d moves, hand %d, phase %v, seat %d to play", len(rec.Actions), st.HandNumber(), st.Phase(), st.Turn())
		}
		if time.Now().After(deadline) {
			var screens strings.Builder
			for _, c := range watch {
				fmt.Fprintf(&screens, "\n%s's screen:\n%s", c.name, c.term.String())
			}
			t.Fatalf("table %s's saved 101 record never got there (%s)%s", id, seen, screens.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// held101 is every tile each seat held at some time in hand: dealt,
// drawn or taken, replayed from the record.
func held101(t *testing.T, rec okey101.Record, hand int) [okey101.NumSeats]map[string]bool {
	t.Helper()
	var held [okey101.NumSeats]map[string]bool
	for s := range held {
		held[s] = map[string]bool{}
	}
	g, err := okey101.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		t.Fatal(err)
	}
	take := func() {
		st := g.State()
		if st.HandNumber() != hand || st.Phase() != game.Playing {
			return
		}
		for s := range okey101.NumSeats {
			v := st.View(s)
			for _, tl := range v.Rack {
				held[s][name(tl, v.Okey)] = true
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

// TestPlay101OverSSH: a table of Okey 101 opened from the lobby; two
// players with keys play with two bots, a spectator watches. They play
// the first hand to its end with keys (draw, discard), each sees the
// other's moves arrive, and on every frame each player's rack holds only
// tiles their own seat held in that hand, the spectator's none. Then
// both are ready and hand 2 is dealt.
func TestPlay101OverSSH(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	logs := map[string]*frameLog{}
	var sawMu sync.Mutex
	saw := map[string]bool{} // "bob:ann discards": bob saw a line of ann's discard
	conn := func(name, other string) *client {
		f := newFrameLog()
		logs[name] = f
		frames := func(lines []string) {
			f.frame(lines)
			for _, l := range lines {
				if other != "" && strings.Contains(l, other+" discards") {
					sawMu.Lock()
					saw[name+":"+other] = true
					sawMu.Unlock()
				}
			}
		}
		return dial(t, addr, name, dialOpts{key: newKey(t), frames: frames})
	}
	ann := conn("ann", "bob")
	open101(t, ann)
	bob := conn("bob", "ann")
	bob.waitFor("Table 1 · Okey 101", 10*time.Second)
	bob.press("enter")
	bob.waitFor("Waiting for the host", 5*time.Second)
	dan := conn("dan", "")
	dan.waitFor("Table 1 · Okey 101", 5*time.Second)
	dan.press("w")
	ann.waitFor("2. bob", 5*time.Second)
	ann.press("s")
	players := []*client{ann, bob}
	for _, c := range append(players, dan) {
		c.waitFor("hand 1 of 11", 10*time.Second)
	}
	// The players play until the hand is over (nobody else waits on
	// their screens meanwhile: a waiter would take their wake-ups).
	stop := make(chan struct{})
	var wgs []*sync.WaitGroup
	for _, c := range players {
		wgs = append(wgs, play101(t, c, stop, false))
	}
	limit := time.AfterFunc(90*time.Second, func() { close(stop) })
	for _, wg := range wgs {
		wg.Wait()
	}
	limit.Stop()
	for _, c := range players {
		c.waitFor("ready for the next hand", time.Second)
	}
	g := saved101(t, srv, "1", func(g *okey101.Game) bool { return g.State().Phase() != game.Playing })
	held := held101(t, g.Record(), 1)
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
	rec := g.Record()
	discards := map[int]int{}
	for _, a := range rec.Actions {
		if a.Kind == okey101.ActDiscard {
			discards[a.Seat]++
		}
	}
	for _, c := range players {
		if s := seatOfName(t, srv, "1", c.name); discards[s] == 0 {
			t.Errorf("%s (seat %d) never discarded", c.name, s)
		}
	}
	sawMu.Lock()
	if !saw["bob:ann"] || !saw["ann:bob"] {
		t.Errorf("the players did not see each other's discards arrive: %v", saw)
	}
	sawMu.Unlock()
	ann.press("enter")
	bob.press("enter")
	for _, c := range append(players, dan) {
		c.waitFor("hand 2 of 11", 10*time.Second)
	}
}

// TestRestart101ResumesTheTable: the server is killed mid-hand of a 101
// table (no save at the end) and started again on the same state
// directory: the table is back at the same hand, the player's rack the
// same, bots holding the seats until the players return.
func TestRestart101ResumesTheTable(t *testing.T) {
	t.Parallel()
	stateDir, keyDir := t.TempDir(), t.TempDir()
	tweak := func(c *Config) { c.StateDir, c.HostKey = stateDir, filepath.Join(keyDir, "hostkey", "key") }
	srv, addr := testServer(t, tweak)
	annKey, bobKey := newKey(t), newKey(t)
	ann := dial(t, addr, "ann", dialOpts{key: annKey})
	open101(t, ann)
	bob := dial(t, addr, "bob", dialOpts{key: bobKey})
	sit(t, bob)
	ann.waitFor("2. bob", 5*time.Second)
	ann.press("s")
	ann.waitFor("hand 1 of 11", 10*time.Second)
	stop := make(chan struct{})
	wa, wb := play101(t, ann, stop, false), play101(t, bob, stop, false)
	saved101(t, srv, "1", func(g *okey101.Game) bool { r := g.Record(); return len(r.Actions) >= 10 }, ann, bob)
	close(stop)
	wa.Wait()
	wb.Wait()
	// A quiet table: a person's turn, everything saved. A deal may end
	// the first hand early (a bot finishing elden in its first turns):
	// then both players ask for the next hand and its quiet turn is
	// the one the crash comes in.
	quiet := func(g *okey101.Game) bool {
		st := g.State()
		return st.Phase() == game.Playing && (st.Turn() == 0 || st.Turn() == 1)
	}
	g := saved101(t, srv, "1", func(g *okey101.Game) bool { return quiet(g) || g.State().Phase() == game.HandOver }, ann, bob)
	if g.State().Phase() == game.HandOver {
		ann.press("enter")
		bob.press("enter")
		saved101(t, srv, "1", quiet, ann, bob)
	}
	time.Sleep(300 * time.Millisecond) // let the saver catch up, were anything left
	g = saved101(t, srv, "1", func(*okey101.Game) bool { return true })
	srv.crash()

	srv2, addr2 := startServer(t, withDefaults(t, tweak))
	// The rack ann should see is the one the restarted store holds: a
	// key of hers sent before the crash may land after the record
	// settled, as in TestRestartResumesTheTable. Every move taken
	// before the crash is in it, first.
	g2 := saved101(t, srv2, "1", func(*okey101.Game) bool { return true })
	before, after := g.Record().Actions, g2.Record().Actions
	if len(after) < len(before) || !reflect.DeepEqual(after[:len(before)], before) {
		t.Fatalf("the restarted table's record (%d moves) does not begin with the %d taken before the crash", len(after), len(before))
	}
	want := g2.State().View(0)
	s := summary(srv2, "1")
	if s == nil || !s.Started || s.Game != string(game.Okey101) || s.Hand != want.Hand {
		t.Fatalf("after the restart table 1 is %+v, want 101 at hand %d", s, want.Hand)
	}
	for i := range 2 {
		if s.Players[i].Kind != seatmsg.Away {
			t.Errorf("seat %d is %v after the restart, want away (a bot holding it)", i, s.Players[i].Kind)
		}
	}
	ann2 := dial(t, addr2, "ann", dialOpts{key: annKey})
	scr := ann2.waitUntil("a 101 rack", 10*time.Second, func(s string) bool {
		_, ok := rackTiles(strings.Split(s, "\n"))
		return ok && strings.Contains(s, "OKEY 101")
	})
	got, _ := rackTiles(strings.Split(scr, "\n"))
	var wantNames []string
	for _, tl := range want.Rack {
		wantNames = append(wantNames, name(tl, want.Okey))
	}
	if strings.Join(sorted(got), " ") != strings.Join(sorted(wantNames), " ") {
		t.Errorf("ann's rack after the restart:\n got %v\nwant %v", sorted(got), sorted(wantNames))
	}
	if at := fmt.Sprintf("hand %d of 11", want.Hand); !strings.Contains(scr, at) {
		t.Errorf("not at %s:\n%s", at, scr)
	}
	// And the table plays on: ann's turn comes round again.
	bob2 := dial(t, addr2, "bob", dialOpts{key: bobKey})
	bob2.waitFor("OKEY 101", 10*time.Second)
	stop = make(chan struct{})
	wa, wb = play101(t, ann2, stop, false), play101(t, bob2, stop, false)
	saved101(t, srv2, "1", func(g2 *okey101.Game) bool {
		r := g2.Record()
		return len(r.Actions) > len(g.Record().Actions)+4 || g2.State().Phase() != game.Playing
	}, ann2, bob2)
	close(stop)
	wa.Wait()
	wb.Wait()
}
