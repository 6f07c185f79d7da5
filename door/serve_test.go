package door

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/door/internal/logbuf"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/kit/i18n"
	"okey/server/tables"
	"okey/ui/serve/common"
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

// startMatch: ann opens a table and starts its match at once.
func startMatch(t *testing.T, ann *client) {
	t.Helper()
	openTable(t, ann)
	ann.press("s")
	ann.waitFor("Hand 1 ·", 10*time.Second)
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
			case strings.Contains(scr, "d: draw") || strings.Contains(scr, "d: end"):
				c.press("d")
			default:
				c.press(discardKeys(scr)...)
			}
			c.waitUntil("moved on", 3*time.Second, func(s string) bool { return s != scr })
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// discardKeys are the keys that discard a tile on screen scr: x, which
// discards the tile under the cursor — and, when the cursor is on an
// empty slot of the rack (the screen says so after an x there), a move
// first. A second x on an empty slot changes nothing on screen, and a
// player driven by x alone waited there until its test gave up.
func discardKeys(scr string) []string {
	if strings.Contains(scr, "No tile under the cursor") {
		return []string{"right", "x"}
	}
	return []string{"x"}
}

// savedGame replays table id's record as saved, waiting until ok holds
// for it (the saver writes in the background).
func savedGame(t *testing.T, srv *Server, id string, ok func(*classic.Game) bool) (*classic.Game, classic.Record) {
	t.Helper()
	// 30 s, not 10: on a loaded machine the three-node test's players
	// can take more than 10 s to make twelve moves.
	deadline := time.Now().Add(30 * time.Second)
	seen := "nothing read"
	for {
		b, err := storedRecord(t, srv, id)
		if err == nil {
			rec, err := classic.ParseRecord(b)
			if err == nil {
				g, err := rec.Replay()
				if err == nil && ok(g) {
					return g, rec
				}
				if err == nil {
					st := g.State()
					seen = fmt.Sprintf("last read: %d moves, hand %d, phase %v, seat %d to play", len(rec.Actions), st.HandNumber(), st.Phase(), st.Turn())
					if r := st.Result(); r != nil {
						seen += fmt.Sprintf("; seed %d, meta %v; result %+v; actions %v", rec.Seed, rec.Meta, *r, rec.Actions)
					}
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s's saved record never got there (%v; %s)", id, err, seen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// heldInHand is every tile each seat held at some time in hand: dealt,
// drawn or taken.
func heldInHand(t *testing.T, rec classic.Record, hand int) [classic.NumSeats]map[string]bool {
	t.Helper()
	var held [classic.NumSeats]map[string]bool
	for s := range held {
		held[s] = map[string]bool{}
	}
	g, err := classic.NewGame(rec.Rules, rec.Seed, rec.Meta)
	if err != nil {
		t.Fatal(err)
	}
	take := func() {
		if g.State().HandNumber() != hand || g.State().Phase() != game.Playing {
			return
		}
		for s := range classic.NumSeats {
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
	for _, s := range srv.tableList() {
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
	t.Parallel()
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
			playTurns(t, c, 3*time.Minute) // generous: a hand under the race detector at load 30 took over 90 s
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	_, rec := savedGame(t, srv, "1", func(g *classic.Game) bool { return g.State().Phase() != game.Playing })
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
	// The next hand: dealt when all three are ready, each shown as ready
	// to the others meanwhile.
	waitsFor := func(c *client, names ...string) {
		t.Helper()
		c.waitUntil("waiting for "+strings.Join(names, ", "), 5*time.Second, func(scr string) bool {
			i := strings.Index(scr, "The next hand waits for: ")
			if i < 0 {
				return false
			}
			line, _, _ := strings.Cut(scr[i:], "\n")
			for _, n := range []string{"ann", "You", "cem"} {
				if strings.Contains(line, n) != slices.Contains(names, n) {
					return false
				}
			}
			return true
		})
	}
	waitsFor(bob, "ann", "You", "cem")
	ann.press("enter")
	waitsFor(bob, "You", "cem")
	bob.press("enter")
	cem.press("enter")
	for _, c := range append(players, dan) {
		c.waitFor("Hand 2 ·", 10*time.Second)
	}
	// The seat nobody holds was a bot's, and played.
	plays := map[int]int{}
	for _, a := range rec.Actions {
		plays[a.Seat]++
	}
	for s := range classic.NumSeats {
		if plays[s] == 0 && rec.Actions[len(rec.Actions)-1].Seat != s {
			t.Errorf("seat %d never moved", s)
		}
	}
}

// TestNoTerminalIsTold: a session without a terminal is told it needs
// one, and ends.
func TestNoTerminalIsTold(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	// Back to 80 columns: the keys, on one line at 120, take two again.
	c.term.Resize(80, 24)
	if err := c.sess.WindowChange(24, 80); err != nil {
		t.Fatal(err)
	}
	c.waitUntil("drawn at 80 columns", 10*time.Second, func(s string) bool {
		ls := strings.Split(s, "\n")
		return len(ls) == 24 && strings.Contains(s, "Tables (") && strings.HasPrefix(ls[22], "enter take a seat") &&
			!strings.Contains(ls[22], "q quit") && strings.Contains(ls[23], "q quit")
	})
}

// TestHugeTerminalIsCapped: a terminal larger than the cap is drawn at
// the cap.
func TestHugeTerminalIsCapped(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t, func(c *Config) { c.MaxWidth, c.MaxHeight = 100, 30 })
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
}

// playWhile plays c's turns in the background while the hand lasts (or,
// across, hand after hand, ready for each next one) and stop is not
// closed.
func playWhile(t *testing.T, c *client, stop chan struct{}, across ...bool) *sync.WaitGroup {
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
			if strings.Contains(scr, "ready for the next hand") {
				if len(across) == 0 || !across[0] {
					return
				}
				c.press("enter")
				c.await(3*time.Second, func(s string) bool { return s != scr })
				continue
			}
			if !strings.Contains(scr, "> You") {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			switch {
			case strings.Contains(scr, "wins the hand! f finishes"):
				c.press("f")
			case strings.Contains(scr, "d: draw") || strings.Contains(scr, "d: end"):
				c.press("d")
			default:
				c.press(discardKeys(scr)...)
			}
			deadline := time.Now().Add(3 * time.Second)
			for c.term.String() == scr && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
		}
	}()
	return &wg
}

// player is one player of startedMatch: a name, the node's address
// they connect to, and how (a key of their own unless o says one).
type player struct {
	name, addr string
	o          dialOpts
}

// startedMatch has the first of players open table 1 at their node and
// the others sit at it, in order, each through their own node, and the
// first start the match; it returns their clients, in order.
func startedMatch(t *testing.T, players ...player) []*client {
	t.Helper()
	cs := make([]*client, len(players))
	for i, p := range players {
		if p.o.key == nil {
			p.o.key = newKey(t)
		}
		cs[i] = dial(t, p.addr, p.name, p.o)
		if i == 0 {
			openTable(t, cs[0])
			continue
		}
		sit(t, cs[i])
		cs[0].waitFor(fmt.Sprintf("%d. %s", i+1, p.name), 10*time.Second)
	}
	cs[0].press("s")
	cs[0].waitFor("Hand 1 ·", 10*time.Second)
	return cs
}

// annAndBobPlay: ann opens table 1 through addrAnn, bob sits at it
// through addrBob, the match starts and both play until srv's store
// holds moves actions of it (on into the next hand if one ends first:
// anyone may win a hand early, by chance); they stop there, their
// clients open.
func annAndBobPlay(t *testing.T, srv *Server, addrAnn, addrBob string, annKey, bobKey gossh.Signer, moves int) (ann, bob *client) {
	t.Helper()
	cs := startedMatch(t, player{"ann", addrAnn, dialOpts{key: annKey}}, player{"bob", addrBob, dialOpts{key: bobKey}})
	ann, bob = cs[0], cs[1]
	stop := make(chan struct{})
	wa, wb := playWhile(t, ann, stop, true), playWhile(t, bob, stop, true)
	savedGame(t, srv, "1", func(g *classic.Game) bool { return len(g.Record().Actions) >= moves })
	close(stop)
	wa.Wait()
	wb.Wait()
	return ann, bob
}

// summary is table id's summary.
func summary(srv *Server, id string) *tables.Summary {
	for _, s := range srv.tableList() {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// waitSummary waits until ok holds for table id's summary.
func waitSummary(t *testing.T, srv *Server, id, what string, ok func(*tables.Summary) bool) *tables.Summary {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		if s := summary(srv, id); s != nil && ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s: never %s: %+v", id, what, summary(srv, id))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestDropAndReconnect: a player who drops is replaced by their bot at
// once, which plays their turns; on reconnecting with the same key they
// have the seat back, with their own rack. The same key connecting
// again replaces the older session.
func TestDropAndReconnect(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	annKey := newKey(t)
	ann := dial(t, addr, "ann", dialOpts{key: annKey})
	openTable(t, ann)
	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	sit(t, bob)
	ann.waitFor("2. bob", 5*time.Second)
	ann.press("s")
	ann.waitFor("Hand 1 ·", 10*time.Second)
	bob.waitFor("Hand 1 ·", 10*time.Second)

	ann.close()
	waitSummary(t, srv, "1", "ann away", func(s *tables.Summary) bool { return s.Players[0].Kind == 2 && s.Owners[0] != "" })
	_, before := savedGame(t, srv, "1", func(*classic.Game) bool { return true })
	stop := make(chan struct{})
	wg := playWhile(t, bob, stop, true)
	// Ann's bot plays her turns meanwhile.
	savedGame(t, srv, "1", func(g *classic.Game) bool {
		rec := g.Record()
		for _, a := range rec.Actions[len(before.Actions):] {
			if a.Seat == 0 {
				return true
			}
		}
		return g.State().Phase() != game.Playing
	})
	close(stop)
	wg.Wait()

	log := newFrameLog()
	ann2 := dial(t, addr, "ann", dialOpts{key: annKey, frames: log.frame})
	ann2.waitFor("Hand 1 ·", 10*time.Second)
	ann2.waitFor("your rack", 5*time.Second)
	waitSummary(t, srv, "1", "ann back", func(s *tables.Summary) bool { return s.Players[0].Kind == 1 })
	_, rec := savedGame(t, srv, "1", func(*classic.Game) bool { return true })
	held := heldInHand(t, rec, 1)
	log.mu.Lock()
	if log.racks == 0 {
		t.Error("ann's rack never showed after reconnecting")
	}
	for tl := range log.seen {
		if !held[0][tl] {
			t.Errorf("back at the table, ann sees %s, a tile seat 0 never held", tl)
		}
	}
	log.mu.Unlock()

	// The same key again: the older session is told and let go.
	ann3 := dial(t, addr, "ann", dialOpts{key: annKey})
	ann3.waitFor("Hand 1 ·", 10*time.Second)
	ann2.waitFor("connected again from elsewhere", 5*time.Second)
	select {
	case <-ann2.done:
	case <-time.After(15 * time.Second):
		t.Fatal("the replaced session did not end")
	}
	if s := summary(srv, "1"); s.Players[0].Kind != 1 {
		t.Errorf("after the replacement seat 0 is %v", s.Players[0].Kind)
	}
}

// TestRestartResumesTheTable: the server is killed mid-hand (no save at
// the end) and started again on the same state directory: the table is
// back at the same hand, the player's rack the same, bots holding the
// seats until the players return.
func TestRestartResumesTheTable(t *testing.T) {
	t.Parallel()
	stateDir, keyDir := t.TempDir(), t.TempDir()
	tweak := func(c *Config) { c.StateDir, c.HostKey = stateDir, filepath.Join(keyDir, "hostkey", "key") }
	srv, addr := testServer(t, tweak)
	annKey, bobKey := newKey(t), newKey(t)
	ann, bob := annAndBobPlay(t, srv, addr, addr, annKey, bobKey, 12)
	// Wait for a quiet table: a person's turn, everything saved.
	midHand(t, srv, "1", ann, bob)
	g := settled(t, srv, "1")
	if g.State().Phase() != game.Playing {
		t.Fatal("the hand ended before the crash: nothing mid-hand to resume")
	}
	hand := g.State().HandNumber()
	srv.crash()

	srv2, addr2 := startServer(t, withDefaults(t, tweak))
	// The rack ann should see is the one the restarted store holds: a
	// key of hers sent before the crash may land after the record
	// settled. Every move taken before the crash is in it, first.
	g2, _ := savedGame(t, srv2, "1", func(*classic.Game) bool { return true })
	before, after := g.Record().Actions, g2.Record().Actions
	if len(after) < len(before) || !reflect.DeepEqual(after[:len(before)], before) {
		t.Fatalf("the restarted table's record (%d moves) does not begin with the %d taken before the crash", len(after), len(before))
	}
	g = g2
	want := g.State().View(0).Rack
	s := summary(srv2, "1")
	if s == nil || !s.Started || s.Hand != hand {
		t.Fatalf("after the restart table 1 is %+v, want hand %d", s, hand)
	}
	for i := range 2 {
		if s.Players[i].Kind != 2 {
			t.Errorf("seat %d is %v after the restart, want away (a bot holding it)", i, s.Players[i].Kind)
		}
	}
	ann2 := dial(t, addr2, "ann", dialOpts{key: annKey})
	scr := ann2.waitFor("your rack", 10*time.Second)
	got, _ := rackTiles(strings.Split(scr, "\n"))
	var wantNames []string
	for _, tl := range want {
		wantNames = append(wantNames, name(tl, g.State().View(0).Okey))
	}
	if strings.Join(sorted(got), " ") != strings.Join(sorted(wantNames), " ") {
		t.Errorf("ann's rack after the restart:\n got %v\nwant %v", sorted(got), sorted(wantNames))
	}
	if !strings.Contains(scr, "Hand "+strconv.Itoa(hand)+" ·") {
		t.Errorf("not at hand %d:\n%s", hand, scr)
	}
}

// settled is table id's game once its saved record has stopped changing
// (for a quarter of a second).
func settled(t *testing.T, srv *Server, id string) *classic.Game {
	t.Helper()
	var last []byte
	deadline := time.Now().Add(patience)
	for {
		time.Sleep(250 * time.Millisecond)
		b, err := storedRecord(t, srv, id)
		if err == nil && bytes.Equal(b, last) {
			break
		}
		last = b
		if time.Now().After(deadline) {
			t.Fatal("the table never settled")
		}
	}
	g, _ := savedGame(t, srv, id, func(*classic.Game) bool { return true })
	return g
}

// withDefaults is the test server's configuration with tweak.
func withDefaults(t *testing.T, tweak func(*Config)) Config {
	cfg := DefaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.BotDelay = 5 * time.Millisecond
	cfg.DefaultTimer = 0
	cfg.ConnPerMinute = 0 // many clients from 127.0.0.1; share_test.go tests the rate
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.seatSettle = -1 // keys are pressed the moment a screen comes
	tweak(&cfg)
	return cfg
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

var wallRe = regexp.MustCompile(`│\s*(\d+)\s*│`)

// wallLeft reads the wall's count off a table screen, -1 if none.
func wallLeft(lines []string) int {
	for i, l := range lines {
		if strings.Contains(l, "┐ wall") && i+1 < len(lines) {
			if m := wallRe.FindStringSubmatch(lines[i+1]); m != nil {
				return atoi(m[1])
			}
		}
	}
	return -1
}

// watchedConn records how long its writes were held up.
type watchedConn struct {
	net.Conn
	longest atomic.Int64 // the longest write done, in nanoseconds
	since   atomic.Int64 // when the write under way began (UnixNano), 0 for none
	written atomic.Int64
}

func (w *watchedConn) Write(p []byte) (int, error) {
	start := time.Now()
	w.since.Store(start.UnixNano())
	n, err := w.Conn.Write(p)
	w.written.Add(int64(n))
	w.since.Store(0)
	if d := int64(time.Since(start)); d > w.longest.Load() {
		w.longest.Store(d)
	}
	return n, err
}

// blocked is the longest a write was (or is being) held up.
func (w *watchedConn) blocked() time.Duration {
	d := time.Duration(w.longest.Load())
	if s := w.since.Load(); s != 0 {
		d = max(d, time.Since(time.Unix(0, s)))
	}
	return d
}

// stallPace holds TestStalledClientSlowsNobody's table to its pace,
// the measure on a quiet machine.
var stallPace = flag.Bool("stall-pace", false, "TestStalledClientSlowsNobody: hold the table to its pace (600 ms a draw at most: a quiet machine)")

// TestStalledClientSlowsNobody: one player's ssh stops reading its
// connection (as kill -STOP does) while its window keeps changing, so
// the server's writes to it back up and block. The table plays on (the
// stalled player's turns run out and their bot plays): the other
// player sees twenty of its draws while one write to the stalled client
// stays held up, begun two seconds before them at least — a table that
// waited on that write would play none — and the other player sees at least 90% of the
// table's states (the wall's count after every draw), hand after
// hand, thirty draws at least. How fast it plays (600 ms a draw at
// most) is the measure's, -stall-pace: a machine busy with others is
// slow for every table alike.
func TestStalledClientSlowsNobody(t *testing.T) {
	// Not in parallel: it times the table's pace.
	if testing.Short() {
		t.Skip("times the table's pace alone for 8 s: the whole suite runs it")
	}
	var conns sync.Map // remote address → *watchedConn
	var log logbuf.Buf
	var ann *client
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the server's log:\n%s\nann's screen:\n%s", log.String(), ann.term.String())
		}
	})
	srv, addr := testServer(t, func(c *Config) {
		c.Log = slog.New(slog.NewTextHandler(&log, nil))
		c.BotDelay = 60 * time.Millisecond
		c.DefaultTimer = 300 * time.Millisecond
		c.wrapConn = func(c net.Conn) net.Conn {
			// Small socket buffers stand for a full network: a few
			// frames fill them, where loopback's would take megabytes.
			if tc, ok := c.(*net.TCPConn); ok {
				tc.SetWriteBuffer(4 << 10)
			}
			w := &watchedConn{Conn: c}
			conns.Store(c.RemoteAddr().String(), w)
			return w
		}
	})
	type state struct{ hand, wall int }
	var mu sync.Mutex
	seen := map[state]bool{}
	ann = dial(t, addr, "ann", dialOpts{key: newKey(t), frames: func(lines []string) {
		n := wallLeft(lines)
		if n < 0 || len(lines) == 0 {
			return
		}
		if m := handRe.FindStringSubmatch(lines[0]); m != nil {
			mu.Lock()
			seen[state{atoi(m[1]), n}] = true
			mu.Unlock()
		}
	}})
	openTable(t, ann)
	// Sam's terminal is large and colourful: much to send.
	sam := dial(t, addr, "sam", dialOpts{key: newKey(t), w: 300, h: 100, termType: "xterm-256color", smallBuffer: true})
	sit(t, sam)
	ann.waitFor("2. sam", 5*time.Second)
	ann.press("s")
	ann.waitFor("Hand 1 ·", 10*time.Second)
	sam.waitFor("Hand 1 ·", 10*time.Second)
	w, ok := conns.Load(sam.local)
	if !ok {
		t.Fatal("sam's connection was not seen")
	}
	samConn := w.(*watchedConn)

	// Sam stops reading; his terminal keeps being resized, every resize
	// a whole new screen for the server to send him.
	sam.stall.Store(true)
	flood := make(chan struct{})
	var fw sync.WaitGroup
	fw.Add(1)
	go func() {
		defer fw.Done()
		for i := 0; ; i++ {
			select {
			case <-flood:
				return
			case <-time.After(5 * time.Millisecond):
			}
			sam.sess.WindowChange(100-i%2, 300-i%3)
		}
	}()
	start := time.Now()
	stop := make(chan struct{})
	wa := playWhile(t, ann, stop, true)
	// The record as last read: the table plays on at its pace whatever
	// the test does, and once the match is over (a slow run, the race
	// detector on a loaded machine) its record leaves the store, so a
	// read that fails keeps the last one read.
	var lastRec classic.Record
	draws := func() classic.Record {
		if b, err := storedRecord(t, srv, "1"); err == nil {
			if rec, err := classic.ParseRecord(b); err == nil {
				lastRec = rec
			}
		}
		return lastRec
	}
	// Once a write to sam has been held up for two seconds, the draws
	// played while that same write is held up, as ann's screen shows
	// them (the table's states she saw: cheap to count, where reading
	// the record is a store's read; it is read every two seconds, to
	// keep one should the match end).
	seenN := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(seen)
	}
	drawsIn := func(rec classic.Record) int {
		n := 0
		for _, a := range rec.Actions {
			if a.Kind == classic.ActDraw {
				n++
			}
		}
		return n
	}
	var stuck int64 // when the write held up began (UnixNano), 0: none yet
	var atStuck, during int
	for i, deadline := 0, start.Add(3*time.Minute); time.Now().Before(deadline); i++ {
		time.Sleep(200 * time.Millisecond)
		if i%10 == 0 {
			draws()
		}
		n, since := seenN(), samConn.since.Load()
		switch {
		case stuck == 0 && since != 0 && samConn.blocked() >= 2*time.Second:
			stuck, atStuck = since, n
		case stuck != 0 && since == stuck:
			during = n - atStuck
		}
		// Thirty draws in the store, not on ann's screen: the saver
		// writes behind the table, and the record, which can lag her
		// screen, is what is counted below.
		if during >= 20 && n >= 30 && drawsIn(lastRec) >= 30 {
			break
		}
	}
	close(stop)
	wa.Wait()
	took := time.Since(start)
	blocked := samConn.blocked()
	close(flood)
	fw.Wait()
	// The table plays on (out of time, ann's bot plays too): the states
	// up to now, once ann's screen has had a moment to show the last.
	rec := draws()
	time.Sleep(300 * time.Millisecond)

	// Every draw's state, hand by hand, from the record.
	g, _ := classic.NewGame(rec.Rules, rec.Seed, rec.Meta)
	var states []state
	for _, a := range rec.Actions {
		g.Apply(a)
		if a.Kind == classic.ActDraw && g.State().Phase() == game.Playing {
			states = append(states, state{g.State().HandNumber(), g.State().WallLeft()})
		}
	}
	mu.Lock()
	got := 0
	for _, st := range states {
		if seen[st] {
			got++
		}
	}
	mu.Unlock()
	t.Logf("%d draws in %v (%v a draw); ann saw %d of them while one write to sam was held up, %d in all; writes to sam held up %v (%d KB written)",
		len(states), took.Round(time.Millisecond), (took / time.Duration(max(1, len(states)))).Round(time.Millisecond), during, got, blocked.Round(time.Millisecond), samConn.written.Load()>>10)
	if len(states) < 30 || during < 20 {
		t.Fatalf("%d draws in %v, %d seen while a write to the stalled client was held up: the table waited on it", len(states), took, during)
	}
	if got*10 < len(states)*9 {
		t.Errorf("ann saw %d of %d states: under 90%%", got, len(states))
	}
	if blocked < 2*time.Second {
		t.Errorf("the server's writes to the stalled client were held up only %v of %v: it never really stalled", blocked, took)
	}
	// At its pace: a draw took no more than a few bots' delays and a
	// turn's time (the measure's; see above).
	if per := took / time.Duration(len(states)); *stallPace && per > 600*time.Millisecond {
		t.Errorf("%v a draw: the table was slowed", per)
	}
	// Reading again, sam's screen catches up with the table.
	sam.stall.Store(false)
	sam.sess.WindowChange(100, 300)
	last := states[len(states)-1]
	sam.waitUntil("caught up", 20*time.Second, func(scr string) bool {
		m := handRe.FindStringSubmatch(scr)
		return m != nil && atoi(m[1]) >= last.hand
	})
}

// TestLobbyCursorSkipsHiddenTables: a private table is listed only to
// whoever holds a seat at it, and the cursor of the others moves over
// the tables they see (it once stopped on the hidden one, and enter
// there said the table was private).
func TestLobbyCursorSkipsHiddenTables(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t)
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	ann.waitFor("Tables (0 of", 10*time.Second)
	ann.press("n")
	ann.waitFor("A new table", 5*time.Second)
	ann.press("up", "right") // up from the first field is the last: who may join
	ann.waitFor("with a join code", 5*time.Second)
	ann.press("enter")
	ann.waitFor("s starts the match", 5*time.Second)

	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	bob.waitFor("Tables (1 of", 10*time.Second)
	bob.press("n")
	bob.waitFor("A new table", 5*time.Second)
	bob.press("enter")
	bob.waitFor("s starts the match", 5*time.Second)

	cem := dial(t, addr, "cem", dialOpts{key: newKey(t)})
	scr := cem.waitFor("Tables (2 of", 10*time.Second)
	if strings.Contains(scr, "Table 1 ·") || !strings.Contains(scr, "> Table 2 ·") {
		t.Fatalf("cem's lobby lists the private table, or the cursor is not on the public one:\n%s", scr)
	}
	cem.press("up", "enter")
	cem.waitFor("Waiting for the host", 5*time.Second)
}

// TestLobbyKeysFit: the lobby's keys are all on screen, whole, at 80 and
// at 100 columns, in English and in Turkish (at 100 columns the last
// was once cut); they take two lines when one is too short, and a
// guest's three at 80 columns (two cut "t leaderboard" to "t lead").
func TestLobbyKeysFit(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t)
	for _, w := range []int{80, 100} {
		c := dial(t, addr, "ann", dialOpts{w: w, h: 24})
		for _, lang := range []struct{ head, lang string }{{"Tables (", "en"}, {"Masalar (", "tr"}} {
			scr := c.waitFor(lang.head, 10*time.Second)
			lines := strings.Split(scr, "\n")
			bottom := strings.Join(lines[len(lines)-common.MaxKeyLinesNarrow:], "\n")
			tr := i18n.MustLoad(lang.lang)
			for _, k := range []struct{ key, desc string }{
				{"enter", "lobby.key.sit"}, {"w", "lobby.key.watch"}, {"n", "lobby.key.new"}, {"c", "lobby.key.code"},
				{"r", "lobby.key.resume"}, {"t", "lobby.key.board"}, {"↑↓", "lobby.key.choose"}, {"l", "lobby.key.lang"}, {"q", "key.quit.short"},
			} {
				if want := k.key + " " + tr.T(k.desc); !strings.Contains(bottom, want) {
					t.Errorf("%d columns, %s: %q is not in the lobby's keys:\n%s", w, lang.lang, want, bottom)
				}
			}
			c.press("l")
		}
		c.close()
	}
}
