package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"okey/game"
	"okey/game/fair"
	"okey/game/okey101"
	"okey/ui"
	"okey/ui/cli"
	"okey/ui/i18n"
	"okey/ui/seatmsg"
)

// fixedRandom is a source of randomness for tests: the same bytes for
// the same seed, every run.
func fixedRandom(seed uint64) io.Reader { return &seededReader{s: game.NewSeeded(seed)} }

type seededReader struct{ s *game.Seeded }

func (r *seededReader) Read(p []byte) (int, error) {
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], r.s.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// failingRandom gives out at once.
type failingRandom struct{}

func (failingRandom) Read([]byte) (int, error) { return 0, errors.New("entropy ran dry") }

// fairTable is a table of game and rules driven by hand (as handTable),
// its seeds and salts from random, on a clock that stands at now.
func fairTable(t *testing.T, gameName, rules string, random io.Reader, now time.Time) *table {
	t.Helper()
	opt := tableOptions{
		botDelay: 0, botTimeout: 5 * time.Second, keepSeat: 10 * time.Minute, handWait: 20 * time.Second,
		chatEvery: 5 * time.Second, chatBurst: 3, chatKeep: 50,
		log: slog.New(slog.NewTextHandler(io.Discard, nil)), now: func() time.Time { return now },
		random: random,
	}
	sv := newSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.log)
	t.Cleanup(sv.flush)
	tb, err := newTable("1", tableConfig{Game: gameName, Rules: rules, Levels: [4]string{"easy", "easy", "easy", "easy"}}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestSeedsComeFromCryptoRand: a server told nothing draws its seeds
// from crypto/rand; one given a source uses it, and its tables too.
func TestSeedsComeFromCryptoRand(t *testing.T) {
	t.Parallel()
	if defaultRandom != rand.Reader {
		t.Fatal("the default source of seeds is not crypto/rand")
	}
	srv, _, err := New(withDefaults(t, func(c *Config) { c.HostKey = t.TempDir() + "/k" }))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	if srv.hall.opt.random != rand.Reader {
		t.Errorf("a server with no Random deals from %T, not crypto/rand", srv.hall.opt.random)
	}
	mine := fixedRandom(9)
	srv2, _, err := New(withDefaults(t, func(c *Config) { c.HostKey = t.TempDir() + "/k"; c.Random = mine }))
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Shutdown(context.Background())
	tb := openFor(t, srv2, tableConfig{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}})
	if tb.opt.random != mine {
		t.Errorf("a table of a server given a source deals from %T", tb.opt.random)
	}
}

// TestTableDealsFromItsSource: the match's seed and salt are the
// source's bytes, whatever the clock says; the record's meta carries
// their commitment and salt; a source that gives out refuses the start
// (the host is told, in words of the catalogue) rather than deal from
// anything weaker.
func TestTableDealsFromItsSource(t *testing.T) {
	t.Parallel()
	var want [24]byte
	fixedRandom(5).Read(want[:])
	seed, salt := binary.BigEndian.Uint64(want[:8]), want[8:]
	for _, now := range []time.Time{time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), time.Date(2031, 7, 9, 3, 4, 5, 6, time.UTC)} {
		tb := fairTable(t, "classic", "default", fixedRandom(5), now)
		ann := newMember("key:A", "ann")
		tb.join(ann, -1)
		tb.handle(request{kind: reqStart, m: ann})
		if tb.ref == nil {
			t.Fatal("the match did not start")
		}
		rec, err := game.ParseRecord(tb.ref.Record())
		if err != nil {
			t.Fatal(err)
		}
		if rec.Seed != seed || rec.Meta[fair.MetaSalt] != hex.EncodeToString(salt) {
			t.Errorf("at %v: seed %d salt %s, want %d %x (the source's bytes)", now, rec.Seed, rec.Meta[fair.MetaSalt], seed, salt)
		}
		if c, err := fair.Check(rec.Seed, rec.Meta); err != nil || c != fair.Commit(seed, salt) {
			t.Errorf("the record's commitment: %v, %v", c, err)
		}
	}

	tb := fairTable(t, "101", "default", failingRandom{}, time.Now())
	ann := newMember("key:A", "ann")
	tb.join(ann, -1)
	tb.handle(request{kind: reqStart, m: ann})
	if tb.ref != nil {
		t.Fatal("a table dealt with no randomness")
	}
	if r := tb.refusals[ann]; r.text != "fair.noseed" || !i18n.MustLoad("tr").Has(r.text) {
		t.Errorf("the host was told %q", r.text)
	}
}

// secretLeaves collects every number and string reachable in v
// (pointers, slices, maps and interfaces followed), as text: what a
// message could carry of the seed or the salt, however deep.
func secretLeaves(v reflect.Value, out *[]string, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer {
			if seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
		}
		secretLeaves(v.Elem(), out, seen)
	case reflect.Struct:
		for i := range v.NumField() {
			secretLeaves(v.Field(i), out, seen)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			secretLeaves(v.Index(i), out, seen)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			secretLeaves(it.Key(), out, seen)
			secretLeaves(it.Value(), out, seen)
		}
	case reflect.String:
		*out = append(*out, v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		*out = append(*out, strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		*out = append(*out, strconv.FormatUint(v.Uint(), 10))
	}
}

// leaks reports how msg gives away seed or salt, "" when it does not.
func leaks(msg tableMsg, seed uint64, salt string) string {
	var leaves []string
	secretLeaves(reflect.ValueOf(msg), &leaves, map[uintptr]bool{})
	seedDec, seedHex := strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16)
	for _, l := range leaves {
		switch {
		case l == seedDec || len(l) > 4 && (strings.Contains(l, seedDec) || strings.Contains(l, seedHex)):
			return fmt.Sprintf("the seed, in %q", l)
		case strings.Contains(l, salt) || strings.Contains(l, salt[:16]):
			return fmt.Sprintf("the salt, in %q", l)
		}
	}
	return ""
}

// TestSealStaysSecretUntilTheEnd plays whole matches of both games at
// a table with a player (away: her bot plays) and a watcher, and reads
// every message the table hands them: until the match is over none
// carries the seed or the salt, anywhere in it; every one carries the
// commitment, the same throughout; once over, the seed and salt are
// told, and the table's finished record verifies with the commitment
// the players were shown.
func TestSealStaysSecretUntilTheEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ game, rules string }{{"classic", "points=5"}, {"101", "hands=1"}} {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			tb := fairTable(t, tc.game, tc.rules, fixedRandom(11), time.Now())
			ann, wat := newMember("key:A", "ann"), newMember("key:W", "wat")
			tb.join(ann, -1)
			tb.handle(request{kind: reqWatch, m: wat, reply: make(chan joinReply, 1)})
			tb.publish()
			for _, m := range []*member{ann, wat} {
				if msg := <-m.box; msg.room == nil {
					t.Fatal("no waiting room before the match")
				}
			}
			if tb.finished.Load() != nil {
				t.Fatal("a finished match before any was played")
			}
			tb.handle(request{kind: reqStart, m: ann})
			tb.seats[0].away = true // her bot plays
			var seed uint64
			var salt string
			shown, reads := "", 0
			read := func(over bool) {
				t.Helper()
				reads++
				tb.publish()
				for _, m := range []*member{ann, wat} {
					msg := <-m.box
					f := fairOfMsg(t, msg)
					if shown == "" {
						shown = f.Commit
					}
					if f.Commit == "" || f.Commit != shown {
						t.Fatalf("%s was shown the commitment %q (first %q)", m.name, f.Commit, shown)
					}
					if over {
						if f.Seed != strconv.FormatUint(seed, 10) || f.Salt != salt {
							t.Fatalf("at the end %s was told seed %q salt %q, want %d %s", m.name, f.Seed, f.Salt, seed, salt)
						}
						continue
					}
					if f.Seed != "" || f.Salt != "" {
						t.Fatalf("%s was told the seed or salt before the end", m.name)
					}
					if why := leaks(msg, seed, salt); why != "" {
						t.Fatalf("a message to %s before the end gives away %s", m.name, why)
					}
				}
			}
			seed, salt = tb.seal.seed, hex.EncodeToString(tb.seal.salt)
			read(false)
			for steps := 0; ; steps++ {
				if steps > 20000 {
					t.Fatal("the match never ended")
				}
				stg, turn := tb.ref.Stage()
				if stg == stMatchOver {
					break
				}
				if stg == stHandOver {
					tb.deal()
				} else {
					tb.ask(turn)
					botMove(t, tb)
				}
				if stg, _ := tb.ref.Stage(); stg != stMatchOver {
					if tb.finished.Load() != nil {
						t.Fatal("a match in play was kept as finished")
					}
					read(false)
				}
			}
			if reads < 40 {
				t.Fatalf("the match ended after %d messages: too few to have been played", reads)
			}
			read(true)
			// The match-over page says it all, in the player's language
			// (enter pressed the moment the last hand's page came: no
			// settling).
			scr, err := tb.kind.newScreen(ui.SeatOptions{Lang: "tr", Seat: 0, Send: func(seatmsg.Intent) bool { return true }, NoColor: true,
				Record: "ssh HOST record 1", Settle: -1})
			if err != nil {
				t.Fatal(err)
			}
			scr.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
			info := tb.info()
			scr.Update(tb.ref.Update(0, &info))
			page := ansi.Strip(scr.View().Content)
			if strings.Contains(page, "enter") { // 101: the last hand's page first
				scr.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
				page = ansi.Strip(scr.View().Content)
			}
			for _, want := range []string{"Dağıtımdaki mühür: " + shown, "Açıklandı: tohum " + strconv.FormatUint(seed, 10) + ", tuz " + salt,
				"Dağıtımı doğrulamak için: ssh HOST record 1 | okey verify -"} {
				if !strings.Contains(page, want) {
					t.Errorf("the match-over page does not say %q:\n%s", want, page)
				}
			}
			rec := tb.finished.Load()
			if rec == nil {
				t.Fatal("the finished match's record was not kept")
			}
			v, err := cli.Verify(*rec)
			if err != nil {
				t.Fatalf("the served record does not verify: %v", err)
			}
			if v.Commit.Short() != shown || !v.Over {
				t.Errorf("verified commitment %s (over %v), the players were shown %s", v.Commit.Short(), v.Over, shown)
			}
		})
	}
}

// fairOfMsg is the commitment a table's update carries.
func fairOfMsg(t *testing.T, msg tableMsg) seatmsg.Fairness {
	t.Helper()
	if u, ok := msg.update.(seatmsg.Update); ok {
		return u.Fair
	}
	t.Fatalf("not a game's update: %+v", msg)
	return seatmsg.Fairness{}
}

// TestRecordCommand: "record TABLE" over ssh prints the record of the
// table's last finished match, which okey verify's engine verifies
// with the commitment the player's screen showed at the deal; a match
// in play is never given, nor a private table's to a stranger; a
// wrong command line is told how it goes.
func TestRecordCommand(t *testing.T) {
	t.Parallel()
	srv, addr := testServer(t, func(c *Config) { c.Random = fixedRandom(21) })
	done := openFor(t, srv, tableConfig{Game: "101", Rules: "hands=1", Levels: [4]string{"normal", "easy", "easy", "easy"}})
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
	if out, code := execSSH(t, addr, newKey(t), "record "+done.id); code != 1 || !strings.Contains(out, "no finished match yet") {
		t.Errorf("record of a match in play: exit %d, %q", code, out)
	}
	stop := make(chan struct{})
	defer close(stop)
	play101(t, ann, stop, false).Wait()
	ann.waitFor("enter the final table", 60*time.Second)
	ann.press("enter")
	scr := ann.waitFor("Revealed: seed", 10*time.Second)
	if !strings.Contains(scr, "record "+done.id+" | okey verify -") {
		t.Errorf("the match-over page does not say how to check:\n%s", scr)
	}
	mu.Lock()
	if shown == "" || !early {
		t.Errorf("no commitment was shown before the end (%q)", shown)
	}
	mu.Unlock()
	out, code := execSSH(t, addr, newKey(t), "record "+done.id)
	if code != 0 {
		t.Fatalf("record: exit %d, %q", code, out)
	}
	v, err := cli.Verify([]byte(out))
	if err != nil {
		t.Fatalf("the fetched record does not verify: %v (%d bytes: %.200q)", err, len(out), out)
	}
	if v.Commit.Short() != shown || !v.Over || v.Game != okey101.GameName {
		t.Errorf("verified %+v, the screen showed %s", v, shown)
	}
	if !strings.Contains(scr, strconv.FormatUint(v.Seed, 10)) {
		t.Errorf("the seed %d is not on the match-over page:\n%s", v.Seed, scr)
	}

	priv := openFor(t, srv, tableConfig{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}, Code: "ABCDEF"})
	priv.finished.Store(&[]byte{'x', '\n'})
	// A player with a key who holds a seat at the private table has its
	// record; a stranger does not (below).
	carlKey := newKey(t)
	carl := dial(t, addr, "carl", dialOpts{key: carlKey})
	carl.waitFor("Tables (", 10*time.Second)
	carl.press("c")
	carl.press("ABCDEF", "enter")
	carl.waitFor("Table "+priv.id, 10*time.Second)
	if out, code := execSSH(t, addr, carlKey, "record "+priv.id); code != 0 || out != "x\n" {
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
		{"record " + priv.id, 1, "private"},
		{"record " + priv.id + " ABCDEF", 2, "usage"},
	} {
		if out, code := execSSH(t, addr, newKey(t), tc.cmd); code != tc.code || !strings.Contains(out, tc.says) || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want %d and %q on one line", tc.cmd, code, out, tc.code, tc.says)
		}
	}
}

// openFor opens a table of cfg at srv, as a player would from the
// lobby's form (which offers only some rules).
func openFor(t *testing.T, srv *Server, cfg tableConfig) *table {
	t.Helper()
	tb, err := srv.hall.create(cfg, "key:test", "127.0.0.1")
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
