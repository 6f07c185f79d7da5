package door

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/game"
	"okey/kit/safetext"
	"okey/server/keep"
	"okey/server/servetest"
	"okey/server/tables"
	"okey/ui/cli"
)

// TestSeedsComeFromCryptoRand: a server told nothing draws its seeds
// from crypto/rand; one given a source uses it, and its tables too.
func TestSeedsComeFromCryptoRand(t *testing.T) {
	t.Parallel()
	if tables.DefaultRandom != rand.Reader {
		t.Fatal("the default source of seeds is not crypto/rand")
	}
	srv, _, err := New(withDefaults(t, func(c *Config) { c.HostKey = t.TempDir() + "/k" }))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	if srv.hall.Opt.Random != rand.Reader {
		t.Errorf("a server with no Random deals from %T, not crypto/rand", srv.hall.Opt.Random)
	}
	mine := servetest.Random(9)
	srv2, _, err := New(withDefaults(t, func(c *Config) { c.HostKey = t.TempDir() + "/k"; c.Random = mine }))
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Shutdown(context.Background())
	tb := openFor(t, srv2, tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}})
	if tb.Opt.Random != mine {
		t.Errorf("a table of a server given a source deals from %T", tb.Opt.Random)
	}
}

// TestRecordCommand: "record TABLE" over ssh prints the record of the
// table's last finished match, which okey verify's engine verifies
// with the commitment the player's screen showed at the deal; a match
// in play is never given, nor a private table's to a stranger; a
// wrong command line is told how it goes.
func TestRecordCommand(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t, func(c *Config) { c.Random = servetest.Random(21) })
	done := openFor(t, srv, tables.Config{Game: "101", Rules: "hands=1", Levels: [4]string{"normal", "easy", "easy", "easy"}})
	// The first commitment any frame of ann's showed, before the end.
	var mu sync.Mutex
	shown, early := "", false
	frames := func(lines []string) {
		scr := strings.Join(lines, "\n")
		mu.Lock()
		defer mu.Unlock()
		if c, ok := commitIn(scr); ok && shown == "" {
			shown, early = c, !strings.Contains(scr, "Revealed")
		}
	}
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t), frames: frames})
	ann.waitFor("Tables (1 of", 10*time.Second)
	ann.press("enter")
	ann.waitFor("s starts the match", 5*time.Second)
	ann.press("s")
	ann.waitFor("─ > You <", 10*time.Second) // her turn: the table waits for her
	if out, code := execSSH(t, addr, newKey(t), "record "+done.ID); code != 1 || !strings.Contains(out, "no finished match yet") {
		t.Errorf("record of a match in play: exit %d, %q", code, out)
	}
	stop := make(chan struct{})
	defer close(stop)
	play101(t, ann, stop, false).Wait()
	ann.waitFor("enter the final table", 60*time.Second)
	ann.press("enter")
	scr := ann.waitFor("Revealed: seed", 10*time.Second)
	if !strings.Contains(scr, "record "+done.ID+" | okey verify -") {
		t.Errorf("the match-over page does not say how to check:\n%s", scr)
	}
	mu.Lock()
	if shown == "" || !early {
		t.Errorf("no commitment was shown before the end (%q)", shown)
	}
	mu.Unlock()
	out, code := execSSH(t, addr, newKey(t), "record "+done.ID)
	if code != 0 {
		t.Fatalf("record: exit %d, %q", code, out)
	}
	v, err := cli.Verify([]byte(out))
	if err != nil {
		t.Fatalf("the fetched record does not verify: %v (%d bytes: %.200q)", err, len(out), out)
	}
	if v.Commit.Short() != shown || !v.Over || v.Game != game.Okey101 {
		t.Errorf("verified %+v, the screen showed %s", v, shown)
	}
	if !strings.Contains(scr, strconv.FormatUint(v.Seed, 10)) {
		t.Errorf("the seed %d is not on the match-over page:\n%s", v.Seed, scr)
	}

	priv := openFor(t, srv, tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}, Code: "ABCDEF"})
	priv.Finished.Store(&[]byte{'x', '\n'})
	// A player with a key who holds a seat at the private table has its
	// record; a stranger does not (below).
	carlKey := newKey(t)
	carl := dial(t, addr, "carl", dialOpts{key: carlKey})
	carl.waitFor("Tables (", 10*time.Second)
	carl.press("c")
	carl.press("ABCDEF", "enter")
	carl.waitFor("Table "+priv.ID, 10*time.Second)
	if out, code := execSSH(t, addr, carlKey, "record "+priv.ID); code != 0 || out != "x\n" {
		t.Errorf("a player of the private table: exit %d, %q", code, out)
	}
	for _, tc := range []struct {
		cmd  string
		code int
		says string
	}{
		{"record", 2, "usage: record TABLE"},
		{"record 1 2 3", 2, "usage: record TABLE"},
		{"record 99", 1, `no table "99"`},
		{"record " + priv.ID, 1, "private"},
		{"record " + priv.ID + " ABCDEF", 2, "usage"},
	} {
		if out, code := execSSH(t, addr, newKey(t), tc.cmd); code != tc.code || !strings.Contains(out, tc.says) || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want %d and %q on one line", tc.cmd, code, out, tc.code, tc.says)
		}
	}
}

// openFor opens a table of cfg at srv, as a player would from the
// lobby's form (which offers only some rules).
func openFor(t *testing.T, srv *Server, cfg tables.Config) *tables.Table {
	t.Helper()
	tb, err := srv.hall.Create(cfg, "key:test", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// commitIn reads the commitment's short form off a screen.
func commitIn(scr string) (string, bool) {
	_, after, ok := strings.Cut(scr, "Deal committed: ")
	if !ok || len(after) < 19 {
		return "", false
	}
	c := after[:19]
	if _, err := hex.DecodeString(strings.ReplaceAll(c, " ", "")); err != nil || strings.Count(c, " ") != 3 {
		return "", false
	}
	return c, true
}

// execSSH runs cmd on the server as ssh host cmd would (no terminal),
// and returns what it printed (stdout and stderr) and its exit status.
func execSSH(t *testing.T, addr string, key gossh.Signer, cmd string) (string, int) {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "fetch", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	// Two buffers: the streams are copied in goroutines of their own,
	// and a bytes.Buffer is no place for both at once.
	var out, errb bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errb
	err = sess.Run(cmd)
	var exit *gossh.ExitError
	switch {
	case err == nil:
		return out.String() + errb.String(), 0
	case errors.As(err, &exit):
		return out.String() + errb.String(), exit.ExitStatus()
	}
	t.Fatalf("%s: %v", cmd, err)
	return "", -1
}

// TestRecordFromAnyNode: "record TABLE" answers the same on a node that
// does not run the table: nothing while the match is played, then its
// record, read from the store, once it is over — and still once the
// next match has begun, when the store's record is the new one.
func TestRecordFromAnyNode(t *testing.T) {
	if testing.Short() {
		t.Skip("two nodes and a whole match of Okey 101 (seconds)")
	}
	t.Parallel()
	url := sharedNATS(t)
	a, addrA := testServer(t, steadyNode(url, "a"))
	_, addrB := testServer(t, steadyNode(url, "b"))
	annKey := newKey(t)
	// ann hosts the table, so that she may start the next match.
	done, err := a.hall.Create(tables.Config{Game: "101", Rules: "hands=1", Levels: [4]string{"normal", "easy", "easy", "easy"}}, keep.KeyPrefix+gossh.FingerprintSHA256(annKey.PublicKey()), "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	ann := dial(t, addrA, "ann", dialOpts{key: annKey})
	ann.waitFor("Tables (1 of", 10*time.Second)
	ann.press("enter")
	ann.waitFor("s starts the match", 5*time.Second)
	ann.press("s")
	ann.waitFor("─ > You <", 10*time.Second)
	deadline := time.Now().Add(30 * time.Second)
	for {
		out, code := execSSH(t, addrB, newKey(t), "record "+done.ID)
		if code == 1 && strings.Contains(out, "no finished match yet") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("record of a match in play, on another node: exit %d, %q", code, out)
		}
		time.Sleep(100 * time.Millisecond) // the lobby of node b is yet to list the table
	}
	stop := make(chan struct{})
	defer close(stop)
	play101(t, ann, stop, false).Wait()
	ann.waitFor("enter the final table", 60*time.Second)
	onA, code := execSSH(t, addrA, newKey(t), "record "+done.ID)
	if code != 0 {
		t.Fatalf("record on the table's node: exit %d, %q", code, onA)
	}
	onB, code := execSSH(t, addrB, newKey(t), "record "+done.ID)
	if code != 0 || onB != onA {
		t.Fatalf("record on the other node: exit %d, %d bytes; want the %d bytes node a gives", code, len(onB), len(onA))
	}
	if v, err := cli.Verify([]byte(onB)); err != nil || !v.Over {
		t.Fatalf("the other node's record: %+v, %v", v, err)
	}

	// The next match begins: the store's record is the new match's.
	ann.press("enter")
	ann.waitFor("n new match", 10*time.Second)
	ann.press("n")
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		rec, _, err := a.hall.Keep.Records.Read(ctx, done.ID)
		cancel()
		if err == nil && len(rec) > 0 && !bytes.Equal(rec, []byte(onA)) {
			break
		}
		if time.Now().After(deadline.Add(60 * time.Second)) {
			t.Fatalf("no new match in the store after n: %v\n%s", err, ann.term.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	again, code := execSSH(t, addrB, newKey(t), "record "+done.ID)
	if code != 0 || again != onA {
		t.Fatalf("record on the other node once the next match began: exit %d, %q; want the finished match", code, safetext.CutWidth(again, 200))
	}
}
