package door

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/pages/create"
	"okey/ui/serve/pages/entry"
)

// TestConnectionRate: an address opens its burst of connections at
// once, and the next is refused before the handshake until its bucket
// fills again.
func TestConnectionRate(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv, addr := testServer(t, func(c *Config) { c.ConnPerMinute, c.ConnBurst, c.Now = 6, 2, clock })
	for range 2 {
		c := dial(t, addr, "ann", dialOpts{key: newKey(t)})
		c.waitFor("Tables (", 10*time.Second)
		c.close()
	}
	if _, err := tryDial(t, addr, "eve", dialOpts{key: newKey(t)}); err == nil {
		t.Fatal("a third connection at once was let in with a burst of two")
	}
	if srv.refused.Load() != 1 {
		t.Errorf("refused %d, want 1", srv.refused.Load())
	}
	mu.Lock()
	now = now.Add(10 * time.Second) // six a minute: one token every ten seconds
	mu.Unlock()
	c := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	c.waitFor("Tables (", 10*time.Second)
}

// TestReplacedSessionStopsCounting: a player who connects again while
// the old connection still says why it was replaced counts once against
// the address, so friends behind one address are not shut out.
func TestReplacedSessionStopsCounting(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t, func(c *Config) { c.MaxPerAddr = 2 })
	k := newKey(t)
	first := dial(t, addr, "ann", dialOpts{key: k})
	first.waitFor("Tables (", 10*time.Second)
	again := dial(t, addr, "ann", dialOpts{key: k})
	again.waitFor("Tables (", 10*time.Second)
	// The first connection lingers a few seconds; it counts no more.
	select {
	case <-first.done:
		t.Fatal("the replaced session closed at once: the test proves nothing")
	default:
	}
	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	bob.waitFor("Tables (", 10*time.Second)
}

var resumeRe = regexp.MustCompile(`resume code ([A-Z2-9]{5}-[A-Z2-9]{5})`)

// resumeCode reads a guest's resume code off their screen the way a
// guest does: it is hidden until they press v (a stream or a shoulder
// must not carry it off), shown then, and hidden again by v.
func resumeCode(t *testing.T, g *client) string {
	t.Helper()
	scr := g.waitFor("resume code: v shows it", 5*time.Second)
	if resumeRe.MatchString(scr) {
		t.Fatalf("the resume code shows before it is asked for:\n%s", scr)
	}
	g.press("v")
	// The code itself, not the words: the key bar says "r resume code".
	m := resumeRe.FindStringSubmatch(g.waitUntil("the resume code shown", 5*time.Second, resumeRe.MatchString))
	if m == nil {
		t.Fatalf("no resume code of two groups of five on screen after v:\n%s", g.term.String())
	}
	g.press("v")
	g.waitFor("resume code: v shows it", 5*time.Second)
	return m[1]
}

// TestResumeCodeAndGuessing: a guest's resume code is ten letters in two
// groups and takes the seat back, typed in any case, with or without its
// dash. Wrong codes are counted per address across connections: after
// three, the next is not even tried until a wait that doubles each time.
func TestResumeCodeAndGuessing(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	var mu = make(chan struct{}, 1)
	mu <- struct{}{}
	clock := func() time.Time { <-mu; defer func() { mu <- struct{}{} }(); return now }
	advance := func(d time.Duration) { <-mu; now = now.Add(d); mu <- struct{}{} }
	srv, addr := testServer(t, func(c *Config) { c.Now = clock })
	g := dial(t, addr, "gus", dialOpts{})
	openTable(t, g)
	code := resumeCode(t, g)
	g.press("s")
	g.waitFor("Hand 1 ·", 10*time.Second)
	g.close()
	waitSummary(t, srv, "1", "the guest gone, the seat kept", func(s *tables.Summary) bool { return s.Players[0].Kind == seatmsg.Away && s.Owners[0] != "" })

	// Three wrong codes cost nothing but the tries.
	e := dial(t, addr, "eve", dialOpts{})
	e.waitFor("Tables (", 10*time.Second)
	e.press("r")
	e.waitFor("resume code:", 5*time.Second)
	for range 3 {
		e.press("ZZZZZ-ZZZZZ", "enter")
		e.waitFor("No table for that code", 5*time.Second)
	}
	// The fourth is wrong too, and from now on the address waits.
	e.press("ZZZZZZZZZZ", "enter")
	for deadline := time.Now().Add(patience); srv.guesses.wait("127.0.0.1", clock()) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("four wrong codes and the address need not wait")
		}
	}
	e.close()
	back := dial(t, addr, "gus", dialOpts{})
	back.waitFor("Tables (", 10*time.Second)
	back.press("r", strings.ToLower(code), "enter")
	back.waitFor("try again in", 5*time.Second)
	if s := summary(srv, "1"); s.Players[0].Kind == seatmsg.Human {
		t.Fatal("the code was tried while the address had to wait")
	}
	advance(3 * time.Second)
	back.press(strings.ReplaceAll(code, "-", ""), "enter") // still at the code's prompt
	waitSummary(t, srv, "1", "the guest back", func(s *tables.Summary) bool { return s.Players[0].Kind == seatmsg.Human })
}

// TestHallShare: guests from one address who leave their tables behind
// hold only so many; a full hall takes back the table nobody has been at
// for longest once it has been left long enough, and says when to try
// again until then; a waiting room nobody starts closes.
func TestHallShare(t *testing.T) {
	t.Parallel()
	t.Run("per address", func(t *testing.T) {
		t.Parallel()
		_, addr := testServer(t, func(c *Config) { c.TablesPerAddr = 2 })
		for range 2 {
			g := dial(t, addr, "gus", dialOpts{})
			g.waitFor("Tables (", 10*time.Second)
			g.press("n")
			g.waitFor("A new table", 5*time.Second)
			g.press("enter")
			g.waitFor("s starts the match", 5*time.Second)
			g.press("s")
			g.waitFor("Hand 1 ·", 10*time.Second)
			g.close() // the seat is kept for them
		}
		g := dial(t, addr, "gus", dialOpts{})
		g.waitFor("Tables (", 10*time.Second)
		g.press("n")
		g.waitFor("A new table", 5*time.Second)
		g.press("enter")
		g.waitFor("Your address holds seats at as many tables as it may", 5*time.Second)
	})
	t.Run("idle table gives way", func(t *testing.T) {
		t.Parallel()
		// The hall's clock is the test's: a loaded machine taking
		// seconds to dial cannot let the idle time pass early.
		var skew atomic.Int64
		now := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
		srv, addr := testServer(t, func(c *Config) { c.MaxTables, c.IdleEvict, c.Now = 1, 30*time.Second, now })
		g := dial(t, addr, "gus", dialOpts{})
		openTable(t, g)
		g.press("s")
		g.waitFor("Hand 1 ·", 10*time.Second)
		g.close()
		waitSummary(t, srv, "1", "nobody at it", func(s *tables.Summary) bool { return !s.Idle.IsZero() })
		h := dial(t, addr, "hal", dialOpts{key: newKey(t)})
		h.waitFor("Tables (", 10*time.Second)
		h.press("n")
		h.waitFor("A new table", 5*time.Second)
		h.press("enter")
		h.waitFor("try again in 1 min", 5*time.Second)
		skew.Store(int64(31 * time.Second)) // the idle time has passed
		h.press("enter")
		h.waitFor("Table 2 ·", 5*time.Second)
		if summary(srv, "1") != nil {
			t.Error("table 1 is still open after giving way")
		}
	})
	t.Run("waiting room closes", func(t *testing.T) {
		t.Parallel()
		srv, addr := testServer(t, func(c *Config) { c.RoomIdle = 300 * time.Millisecond })
		a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
		// openTable's wait for the room would race its closing: on a
		// busy machine the room may close before its screen is drawn.
		a.waitFor("Tables (0 of", 10*time.Second)
		a.press("n")
		a.waitFor("A new table", 5*time.Second)
		a.press("enter")
		a.waitFor("Nobody started the match", 5*time.Second)
		a.waitFor("Tables (", 5*time.Second)
		// The room tells its player before the hall forgets it: a screen
		// sent at once may come first.
		deadline := time.Now().Add(patience)
		for len(srv.tableList()) != 0 {
			if time.Now().After(deadline) {
				t.Fatalf("the waiting room is still listed %v after it closed", patience)
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

var joinCodeRe = regexp.MustCompile(`Join code: ([A-Z2-9]{6})`)

// TestRestartBringsBackWhatPlayersSee: after a crash, a private waiting
// room comes back with its seats and its join code, its host lands in
// their seat on reconnecting, and table numbers are never given twice
// (not after a table closes, nor after a restart).
func TestRestartBringsBackWhatPlayersSee(t *testing.T) {
	t.Parallel()
	stateDir, keyDir := t.TempDir(), t.TempDir()
	tweak := func(c *Config) { c.StateDir, c.HostKey = stateDir, keyDir+"/key" }
	srv, addr := testServer(t, tweak)
	annKey := newKey(t)
	a := dial(t, addr, "ann", dialOpts{key: annKey})
	openTable(t, a)
	a.press("q") // leave: the table closes
	a.waitFor("Tables (0 of", 5*time.Second)
	a.press("n")
	a.waitFor("A new table", 5*time.Second)
	for range create.RowPrivate {
		a.press("down")
	}
	a.press("right", "enter")
	m := joinCodeRe.FindStringSubmatch(a.waitFor("Join code:", 5*time.Second))
	if m == nil {
		t.Fatalf("no join code on screen:\n%s", a.term.String())
	}
	a.waitFor("Table 2", 5*time.Second)
	b := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	b.waitFor("Tables (", 10*time.Second)
	b.press("c", m[1], "enter")
	b.waitFor("Waiting for the host", 5*time.Second)
	srv.crash()

	srv2, addr2 := startServer(t, withDefaults(t, tweak))
	s := waitSummary(t, srv2, "2", "back", func(s *tables.Summary) bool { return s.Private && !s.Started })
	if s.Players[0].Name != "ann" || s.Players[1].Name != "bob" {
		t.Errorf("the waiting room came back with %q and %q", s.Players[0].Name, s.Players[1].Name)
	}
	c := dial(t, addr2, "cem", dialOpts{key: newKey(t)})
	c.waitFor("Tables (", 10*time.Second)
	c.press("c", strings.ToLower(m[1]), "enter")
	c.waitFor("3. cem (you)", 5*time.Second)
	a2 := dial(t, addr2, "ann", dialOpts{key: annKey})
	a2.waitFor("s starts the match", 10*time.Second)
	d := dial(t, addr2, "dan", dialOpts{key: newKey(t)})
	d.waitFor("Tables (", 10*time.Second)
	d.press("n")
	d.waitFor("A new table", 5*time.Second)
	d.press("enter")
	d.waitFor("Table 3", 5*time.Second)
}

// TestAwayMeansAway: keys count, not frames. A player at a table who
// presses no key for AwayAfter is away (their bot plays) until they press
// one; after ReleaseAfter their seat goes to a bot and the connection
// closes with a word; a session in the lobby closes after IdleTimeout.
func TestAwayMeansAway(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	var srv *Server
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock(); srv.clockMoved() }
	srv, addr := testServer(t, func(c *Config) {
		c.Now = clock
		c.AwayAfter, c.ReleaseAfter, c.IdleTimeout = time.Minute, 5*time.Minute, 30*time.Minute
	})
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, a)
	l := dial(t, addr, "lou", dialOpts{key: newKey(t)})
	l.waitFor("Tables (", 10*time.Second)

	advance(61 * time.Second)
	waitSummary(t, srv, "1", "ann away", func(s *tables.Summary) bool { return s.Players[0].Kind == seatmsg.Away })
	a.press("?")
	waitSummary(t, srv, "1", "ann back", func(s *tables.Summary) bool { return s.Players[0].Kind == seatmsg.Human })

	advance(5*time.Minute + time.Second)
	a.waitFor("You pressed no key for 5 minutes: your seat went to a bot.", 5*time.Second)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s := summary(srv, "1")
		if s == nil || s.Owners[0] == "" {
			break // the seat given up (the table closed: nobody left)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the seat is still held: %+v", s)
		}
	}
	select {
	case <-a.done:
	case <-time.After(10 * time.Second):
		t.Error("the away player's connection did not close")
	}

	// lou has pressed no key for six minutes: still in the lobby.
	if scr := l.term.String(); !strings.Contains(scr, "Tables (") {
		t.Fatalf("the lobby session ended early:\n%s", scr)
	}
	advance(25 * time.Minute)
	l.waitFor("You pressed no key for 30 minutes", 5*time.Second)
}

// TestLeavingAsksFirst: q in a match in play asks first; another key
// stays; q twice goes to the lobby with the seat kept, its bot playing,
// and enter at the table takes it back.
func TestLeavingAsksFirst(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, a)
	a.press("q")
	a.waitFor("q again to leave (your seat is kept 10 min)", 5*time.Second)
	a.press("?")
	a.waitUntil("the question gone", 5*time.Second, func(scr string) bool { return !strings.Contains(scr, "q again to leave") })
	a.press("esc")
	// The help closed before q: an escape the server reads together
	// with the next key (a loaded machine) is alt+q, not esc and q.
	a.waitUntil("the help closed", 5*time.Second, func(scr string) bool { return !strings.Contains(scr, "Keys and rules") })
	a.press("q", "q")
	a.waitFor("your seat is kept 10 min (enter on the table takes it back)", 5*time.Second)
	waitSummary(t, srv, "1", "the seat kept, its bot playing", func(s *tables.Summary) bool {
		return s.Owners[0] != "" && s.Players[0].Kind == seatmsg.Away
	})
	a.press("enter")
	a.waitFor("Hand 1 ·", 5*time.Second)
	waitSummary(t, srv, "1", "ann back", func(s *tables.Summary) bool { return s.Players[0].Kind == seatmsg.Human })
}

// TestUnknownCommandIsRefused: ssh HOST cmd with a command the server
// does not know is refused with one line and exit 2, and the player's
// running session (same key) is not replaced by it.
func TestUnknownCommandIsRefused(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t)
	k := newKey(t)
	a := dial(t, addr, "ann", dialOpts{key: k})
	openTable(t, a)
	out, code := execSSH(t, addr, k, "bogus \x1b[2Jthing")
	if code != 2 || !strings.Contains(out, `unknown command "bogus"`) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("an unknown command: exit %d, %q", code, out)
	}
	time.Sleep(200 * time.Millisecond)
	if scr := a.term.String(); !strings.Contains(scr, "s starts the match") {
		t.Errorf("the running session was disturbed:\n%s", scr)
	}
}

// TestPasteACode: a code pasted at its prompt (a bracketed paste, as a
// terminal sends it) is typed in, and a pasted chat line is said.
func TestPasteACode(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	a.waitFor("Tables (0 of", 10*time.Second)
	a.press("n")
	a.waitFor("A new table", 5*time.Second)
	for range create.RowPrivate {
		a.press("down")
	}
	a.press("right", "enter")
	m := joinCodeRe.FindStringSubmatch(a.waitFor("Join code:", 5*time.Second))
	if m == nil {
		t.Fatalf("no join code:\n%s", a.term.String())
	}
	b := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	b.waitFor("Tables (", 10*time.Second)
	b.press("c")
	b.waitFor("join code:", 5*time.Second)
	b.press("\x1b[200~ " + strings.ToLower(m[1]) + " \x1b[201~")
	b.waitFor(">  "+strings.ToLower(m[1]), 5*time.Second) // the paste as pasted, spaces and all
	b.press("enter")
	b.waitFor("Waiting for the host", 5*time.Second)
	b.press("m", "\x1b[200~hello from a paste\x1b[201~", "enter")
	a.waitFor("bob: hello from a paste", 5*time.Second)
}

// TestGuessesFree: an address waits only once its free wrong codes are
// spent, twice as long at each further one; with no free codes set
// (okey load's servers) it never waits.
func TestGuessesFree(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	tests := []struct {
		name  string
		free  int
		waits []time.Duration // after each wrong code
	}{
		{"three free", 3, []time.Duration{0, 0, 0, guessWait, 2 * guessWait, 4 * guessWait}},
		{"one free", 1, []time.Duration{0, guessWait, 2 * guessWait}},
		{"no limit", 0, []time.Duration{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGuesses(tt.free)
			for i, want := range tt.waits {
				g.wrong("127.0.0.1", now)
				if got := g.wait("127.0.0.1", now); got != want {
					t.Errorf("after %d wrong codes: wait %v, want %v", i+1, got, want)
				}
				if got := g.wait("127.0.0.2", now); got != 0 {
					t.Errorf("another address waits %v", got)
				}
			}
		})
	}
}

// TestNoGuessLimit: a server with no free wrong codes set (okey load's,
// whose clients all come from 127.0.0.1) neither makes an address wait
// nor closes a connection for wrong codes: a code typed after many
// wrong ones still finds its table.
func TestNoGuessLimit(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t, func(c *Config) { c.FreeGuesses = 0 })
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	a.waitFor("Tables (0 of", 10*time.Second)
	a.press("n")
	a.waitFor("A new table", 5*time.Second)
	for range create.RowPrivate {
		a.press("down")
	}
	a.press("right", "enter")
	m := joinCodeRe.FindStringSubmatch(a.waitFor("Join code:", 5*time.Second))
	if m == nil {
		t.Fatalf("no join code on screen:\n%s", a.term.String())
	}
	b := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	b.waitFor("Tables (", 10*time.Second)
	b.press("c")
	b.waitFor("Type the table's join code", 5*time.Second)
	for range 2*DefaultConfig().FreeGuesses + entry.TriesOver {
		b.press("ZZZZZZ", "enter")
	}
	b.press(m[1], "enter")
	b.waitFor("Waiting for the host", 5*time.Second)
}

// TestResumeCodeNeverTakesALiveSeat: a guest's resume code, read off
// their screen by someone else, does not take their seat while they
// play: typed from another connection it is refused, saying why, and
// the guest plays on; the table's screen does not show the code. Once
// the guest's connection stops answering (a client gone without a word),
// the code takes the seat back, as a guest coming back on another
// connection needs.
func TestResumeCodeNeverTakesALiveSeat(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	g := dial(t, addr, "gus", dialOpts{from: "127.0.0.21"})
	openTable(t, g)
	code := resumeCode(t, g)
	g.press("s")
	g.waitFor("Hand 1 ·", 10*time.Second)
	if scr := g.waitFor("code: v in the lobby", 5*time.Second); strings.Contains(scr, code) || strings.Contains(scr, strings.ReplaceAll(code, "-", "")) {
		t.Fatalf("the table's screen shows the resume code:\n%s", scr)
	}

	eve := dial(t, addr, "eve", dialOpts{from: "127.0.0.22"})
	eve.waitFor("Tables (", 10*time.Second)
	eve.press("r")
	eve.waitFor("resume code:", 5*time.Second)
	eve.press(code, "enter")
	eve.waitFor("Its player is connected: a resume code does not take a seat in play.", 10*time.Second)
	if s := summary(srv, "1"); s.Players[0].Kind != seatmsg.Human {
		t.Fatalf("the guest lost their seat to a code typed elsewhere: %+v", s.Players[0])
	}
	if strings.Contains(g.term.String(), "connected again from elsewhere") {
		t.Fatalf("the guest was cut off:\n%s", g.term.String())
	}

	// The guest's client stops answering: the code takes the seat back.
	g.stall.Store(true)
	// A read the client began before the stall still takes what comes
	// next (a dead client's would not): one keepalive spends it.
	if holder := srv.liveHolder(common.GuestID(strings.ReplaceAll(code, "-", "")), nil); holder != nil {
		srv.answers(context.Background(), holder, entry.HolderProbe)
	}
	for deadline := time.Now().Add(30 * time.Second); !g.parked.Load(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the guest's client never stopped reading")
		}
	}
	eve.press(code, "enter") // still at the code's prompt
	eve.waitFor("Hand 1 ·", 30*time.Second)
}
