package door

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/door/internal/logbuf"
	"okey/game/classic"
	"okey/kit/safetext"
	"okey/server/tables"
)

// TestPrivateServer: with authorized keys only those keys log in; an
// other key and a guest are refused.
func TestPrivateServer(t *testing.T) {
	t.Parallel()
	in, out := newKey(t), newKey(t)
	file := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(file, gossh.MarshalAuthorizedKey(in.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	_, addr := testServer(t, func(c *Config) { c.AuthorizedKeys = file })
	c := dial(t, addr, "ann", dialOpts{key: in})
	c.waitFor("Tables (", 10*time.Second)
	if _, err := tryDial(t, addr, "eve", dialOpts{key: out}); err == nil {
		t.Error("a key not listed logged in")
	}
	if _, err := tryDial(t, addr, "guest", dialOpts{}); err == nil {
		t.Error("a guest logged in to a private server")
	}
}

// TestCaps: connections from one address beyond the cap are refused
// before the handshake; tables beyond the cap are not opened (the
// player is told); a connection that never logs in is closed at the
// handshake timeout (on a server of its own with a timeout of 1 s, not
// waited out here for 5 s). (The players are guests: from the loopback, a key
// counts by itself once it is known — TestLoopbackKeysCountThemselves.)
func TestCaps(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t, func(c *Config) {
		c.MaxPerAddr = 2
		c.MaxTables = 1
		// Long enough for a real client's handshake on a loaded machine
		// under the race detector: what is checked is that a silent
		// connection is closed, not how soon.
		c.HandshakeTimeout = 5 * time.Second
	})
	// No client logs in to this one: its handshake timeout is only
	// waited out, by a silent connection.
	_, silentAddr := testServer(t, func(c *Config) {
		c.MaxPerAddr, c.MaxTables = 2, 1
		c.HandshakeTimeout = time.Second
	})
	a := dial(t, addr, "ann", dialOpts{})
	openTable(t, a)
	b := dial(t, addr, "bob", dialOpts{})
	b.waitFor("Table 1 ·", 10*time.Second)
	b.press("n")
	b.waitFor("A new table", 5*time.Second)
	b.press("enter")
	// The only table is a waiting room that closes in ten minutes if
	// nobody starts it: the full hall says so.
	b.waitFor("Every table the server may open is taken: join one, or try again in 10 min.", 5*time.Second)
	if _, err := tryDial(t, addr, "cem", dialOpts{}); err == nil {
		t.Error("a third connection from one address was let in")
	}
	if srv.refused.Load() == 0 {
		t.Error("the refusal was not counted")
	}
	// Room again once one leaves.
	b.close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if c, err := tryDial(t, addr, "cem", dialOpts{}); err == nil {
			c.waitFor("Tables (", 10*time.Second)
			c.close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a place freed by a connection that closed never came back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// A connection that says nothing is closed at the handshake timeout:
	// let in (the server's banner read; a refusal sends nothing), then
	// closed, not before the timeout.
	deadline = time.Now().Add(30 * time.Second)
	for {
		got, took, err := silentConn(silentAddr)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(got, []byte("SSH-2.0-")) {
			if took < 800*time.Millisecond {
				t.Errorf("a silent connection was closed after %v, before the handshake timeout of 1 s", took)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no silent connection was let in (last read %q)", got)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// silentConn dials addr, says nothing, and reads until the server
// closes: what it read and how long that took (an error if the server
// had not closed within a minute).
func silentConn(addr string) ([]byte, time.Duration, error) {
	raw, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, 0, err
	}
	defer raw.Close()
	raw.SetReadDeadline(time.Now().Add(time.Minute))
	start := time.Now()
	var got bytes.Buffer
	if _, err := io.Copy(&got, raw); err != nil {
		return got.Bytes(), time.Since(start), fmt.Errorf("a silent connection was not closed: %w", err)
	}
	return got.Bytes(), time.Since(start), nil
}

// TestNamesAreCleanAndUnique: escape sequences and control characters
// leave a user name, which is cut to its width, and two players of one
// name at a table are told apart.
func TestNamesAreCleanAndUnique(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	a := dial(t, addr, "ann\x1b[2J\x07", dialOpts{key: newKey(t)})
	openTable(t, a)
	b := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	sit(t, b)
	c := dial(t, addr, "averyveryverylongname", dialOpts{key: newKey(t)})
	sit(t, c)
	s := waitSummary(t, srv, "1", "three seated", func(s *tables.Summary) bool { return s.Free() == 1 })
	if s.Players[0].Name != "ann" || s.Players[1].Name != "ann2" || s.Players[2].Name != "averyveryver" {
		t.Errorf("names at the table: %q %q %q", s.Players[0].Name, s.Players[1].Name, s.Players[2].Name)
	}
}

// TestChatIsCleanAndRateLimited: a chat line loses its escapes, and a
// player who says too much at once is told to slow down.
func TestChatIsCleanAndRateLimited(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	openTable(t, a)
	b := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	sit(t, b)
	a.press("m", "hi \x1b[31mred\x1b[0m there", "enter")
	b.waitFor("ann: hi red there", 5*time.Second)
	for i := range 5 {
		a.press("m", "line"+string(rune('A'+i)), "enter")
	}
	// Three lines in five seconds: the first, A and B; C, D and E wait.
	b.waitFor("ann: lineB", 5*time.Second)
	time.Sleep(300 * time.Millisecond)
	if scr := b.term.String(); strings.Contains(scr, "ann: lineC") || strings.Contains(scr, "ann: lineE") {
		t.Errorf("more than three lines in a row got through:\n%s", scr)
	}
	a.waitFor("One line at a time", 5*time.Second)
}

// TestPanicInASessionEndsOnlyIt: a session that panics (while starting,
// or in its program) ends; the server and the other sessions go on.
func TestPanicInASessionEndsOnlyIt(t *testing.T) {
	t.Parallel()
	_, addr := testServer(t, func(c *Config) {
		c.hook = func(event, user string) {
			if user == "boom" && event == "start" || user == "bang" && event == "!" {
				panic("a bug in a session")
			}
		}
	})
	ok := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	ok.waitFor("Tables (", 10*time.Second)
	boom := dial(t, addr, "boom", dialOpts{key: newKey(t)})
	bang := dial(t, addr, "bang", dialOpts{key: newKey(t)})
	bang.waitFor("Tables (", 10*time.Second)
	bang.press("!")
	for _, c := range []*client{boom, bang} {
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the panicking session did not end", c.name)
		}
	}
	ok.press("l")
	ok.waitFor("Masalar", 5*time.Second)
	again := dial(t, addr, "cem", dialOpts{key: newKey(t)})
	again.waitFor("Tables (", 10*time.Second)
}

// TestShutdownSavesEveryTable: a graceful stop writes every table as it
// stands, tells the players, and logs who came and went.
func TestShutdownSavesEveryTable(t *testing.T) {
	t.Parallel()
	var log logbuf.Buf
	stateDir, keyDir := t.TempDir(), t.TempDir()
	tweak := func(c *Config) {
		c.StateDir, c.HostKey = stateDir, filepath.Join(keyDir, "k", "key")
		c.Log = slog.New(slog.NewTextHandler(&log, nil))
		c.BotDelay = 50 * time.Millisecond
	}
	srv, addr := testServer(t, tweak)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, a)
	stop := make(chan struct{})
	w := playWhile(t, a, stop)
	time.Sleep(time.Second)
	close(stop)
	w.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	// Every table's record in the store is the one the table ended with.
	srv.hall.Mu.Lock()
	for id, tb := range srv.hall.Tables {
		b, err := storedRecord(t, srv, id)
		if err != nil || !bytes.Equal(b, tb.Ref.Record()) {
			t.Errorf("table %s: its record on disk is not the one it ended with (%v)", id, err)
		}
	}
	srv.hall.Mu.Unlock()
	g, _ := savedGame(t, srv, "1", func(*classic.Game) bool { return true })
	srv2, _ := startServer(t, withDefaults(t, tweak))
	s := summary(srv2, "1")
	if s == nil || s.Hand != g.State().HandNumber() {
		t.Fatalf("after a graceful stop table 1 is %+v", s)
	}
	for _, want := range []string{"msg=connect", "msg=join", "msg=sit", "msg=start", "msg=leave", "msg=disconnect", "shutting down"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log has no %q:\n%s", want, log.String())
		}
	}
}

// TestHugeNameCostsNothing: a user name of twelve columns and 240 KB
// (one letter after another, each with a pile of combining marks) is cut
// in bytes as it arrives: the seat's name, the log and what a watcher is
// sent stay small.
func TestHugeNameCostsNothing(t *testing.T) {
	t.Parallel()
	var log logbuf.Buf
	srv, addr := testServer(t, func(c *Config) { c.Log = slog.New(slog.NewTextHandler(&log, nil)) })
	var b strings.Builder
	for b.Len() < 240<<10 {
		b.WriteString("a" + strings.Repeat("\u0301", 1000))
	}
	huge := b.String()
	a := dial(t, addr, huge, dialOpts{key: newKey(t)})
	openTable(t, a)
	a.press("m", strings.Repeat("e\u0301\u0301\u0301", 3000), "enter")
	w := dial(t, addr, "wat", dialOpts{key: newKey(t)})
	w.waitFor("Table 1 ·", 10*time.Second)
	w.press("w")
	time.Sleep(time.Second)
	s := waitSummary(t, srv, "1", "seated", func(s *tables.Summary) bool { return s.Free() == 3 })
	if n := len(s.Players[0].Name); n == 0 || n > safetext.MaxNameBytes {
		t.Errorf("the seat's name is %d bytes, want 1 to %d", n, safetext.MaxNameBytes)
	}
	if n := len(log.String()); n > 16<<10 {
		t.Errorf("the log is %d bytes after one player with a huge name", n)
	}
	if n := w.received(); n > 256<<10 {
		t.Errorf("a watcher was sent %d bytes in a second", n)
	}
}

// TestPanicsAreContained: a bot that panics at every turn costs only its
// moves (a plain move is played instead, the stack logged once), and a
// table whose goroutine panics is parked: its players are told and go
// back to the lobby, while the server and the other tables play on.
func TestPanicsAreContained(t *testing.T) {
	t.Parallel()
	var log logbuf.Buf
	var boom atomic.Bool
	srv, addr := testServer(t, func(c *Config) {
		c.Log = slog.New(slog.NewTextHandler(&log, nil))
		c.fault = func(where, table string) {
			switch {
			case where == "bot" && table == "1":
				panic("a bot's bug")
			case where == "handle" && table == "2" && boom.Load():
				panic("a table's bug")
			}
		}
	})
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, ann)

	bob := dial(t, addr, "bob", dialOpts{key: newKey(t)})
	bob.waitFor("Tables (1 of", 10*time.Second)
	bob.press("n")
	bob.waitFor("A new table", 5*time.Second)
	bob.press("enter")
	bob.waitFor("s starts the match", 5*time.Second)
	bob.press("s")
	bob.waitFor("Hand 1 ·", 10*time.Second)
	boom.Store(true)
	bob.press("m", "hello", "enter")
	bob.waitFor("The table stopped on an error", 10*time.Second)
	// The players are told before the hall lets the table go.
	for deadline := time.Now().Add(patience); summary(srv, "2") != nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the parked table is still listed")
		}
	}

	// Table 1 plays its hand to the end on its bots' plain moves.
	playTurns(t, ann, 3*time.Minute)
	if n := strings.Count(log.String(), "a bot panicked"); n != 1 {
		t.Errorf("the bot's panic was logged with its stack %d times, want once", n)
	}
	if !strings.Contains(log.String(), "panic at a table: parked") {
		t.Error("the table's panic was not logged")
	}
	cem := dial(t, addr, "cem", dialOpts{key: newKey(t)})
	cem.waitFor("Tables (", 10*time.Second)
}

// TestShutdownSaysGoodbye: a stopping server tells every session why,
// in the lobby and at a table, and the word stays in the player's
// terminal after the connection closes; it stops within a few seconds.
func TestShutdownSaysGoodbye(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t)
	a := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, a)
	l := dial(t, addr, "lou", dialOpts{key: newKey(t)})
	l.waitFor("Tables (", 10*time.Second)
	l.press("l") // Turkish: the goodbye is in the player's language
	l.waitFor("Masalar", 5*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v", d)
	}
	for _, c := range []struct {
		c    *client
		want string
	}{{a, "okey: The server is restarting: your table is saved."}, {l, "okey: Sunucu yeniden başlıyor"}} {
		select {
		case <-c.c.done:
		case <-time.After(5 * time.Second):
			t.Errorf("%s: the connection did not close", c.c.name)
		}
		if scr := c.c.term.String(); !strings.Contains(scr, c.want) {
			t.Errorf("%s: after the stop the terminal shows\n%s\nwant %q", c.c.name, scr, c.want)
		}
	}
}
