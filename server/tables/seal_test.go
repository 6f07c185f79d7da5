package tables

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
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

	"okey/game/classic"
	"okey/game/fair"
	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/server/servetest"
	"okey/ui/cli"
)

// failingRandom gives out at once.
type failingRandom struct{}

func (failingRandom) Read([]byte) (int, error) { return 0, errors.New("entropy ran dry") }

// fairTable is a table of game and rules driven by hand (as handTable),
// its seeds and salts from random, on a clock that stands at now.
func fairTable(t *testing.T, gameName, rules string, random io.Reader, now time.Time) *Table {
	t.Helper()
	opt := Options{
		BotDelay: 0, BotTimeout: 5 * time.Second, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
		Random: random,
	}
	sv := NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	t.Cleanup(sv.flush)
	tb, err := New("1", Config{Game: gameName, Rules: rules, Levels: [4]string{"easy", "easy", "easy", "easy"}}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestTableDealsFromItsSource: the match's seed and salt are the
// source's bytes, whatever the clock says; the record's meta carries
// their commitment and salt; a source that gives out refuses the start
// (the host is told, in words of the catalogue) rather than deal from
// anything weaker.
func TestTableDealsFromItsSource(t *testing.T) {
	t.Parallel()
	var want [24]byte
	servetest.Random(5).Read(want[:])
	seed, salt := binary.BigEndian.Uint64(want[:8]), want[8:]
	for _, now := range []time.Time{time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), time.Date(2031, 7, 9, 3, 4, 5, 6, time.UTC)} {
		tb := fairTable(t, "classic", "default", servetest.Random(5), now)
		ann := NewMember("key:A", "ann", "", 0)
		tb.joinAs(ann, -1, false)
		tb.handle(Request{Kind: ReqStart, M: ann})
		if tb.Ref == nil {
			t.Fatal("the match did not start")
		}
		rec, err := classic.ParseRecord(tb.Ref.Record())
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
	ann := NewMember("key:A", "ann", "", 0)
	tb.joinAs(ann, -1, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	if tb.Ref != nil {
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
func leaks(msg Msg, seed uint64, salt string) string {
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
			tb := fairTable(t, tc.game, tc.rules, servetest.Random(11), time.Now())
			ann, wat := NewMember("key:A", "ann", "", 0), NewMember("key:W", "wat", "", 0)
			tb.joinAs(ann, -1, false)
			tb.handle(Request{Kind: ReqWatch, M: wat, Reply: make(chan JoinReply, 1)})
			tb.tell.publish(tb)
			for _, m := range []*Member{ann, wat} {
				if msg := <-m.Box; msg.Room == nil {
					t.Fatal("no waiting room before the match")
				}
			}
			if tb.Finished.Load() != nil {
				t.Fatal("a finished match before any was played")
			}
			tb.handle(Request{Kind: ReqStart, M: ann})
			tb.sit.seats[0].away = true // her bot plays
			var seed uint64
			var salt string
			shown, reads := "", 0
			read := func(over bool) {
				t.Helper()
				reads++
				tb.tell.publish(tb)
				for _, m := range []*Member{ann, wat} {
					msg := <-m.Box
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
			seed, salt = tb.seal.Seed, hex.EncodeToString(tb.seal.Salt)
			read(false)
			for steps := 0; ; steps++ {
				if steps > 20000 {
					t.Fatal("the match never ended")
				}
				stg, turn := tb.Ref.Stage()
				if stg == stMatchOver {
					break
				}
				if stg == stHandOver {
					tb.deal()
				} else {
					askBot(tb, turn)
					botMove(t, tb)
				}
				if stg, _ := tb.Ref.Stage(); stg != stMatchOver {
					if tb.Finished.Load() != nil {
						t.Fatal("a match in play was kept as finished")
					}
					read(false)
				}
			}
			if reads < 40 {
				t.Fatalf("the match ended after %d messages: too few to have been played", reads)
			}
			read(true)
			// The seat's match-over update says it all, as values: a match
			// over, the commitment shown all along, and the seed and salt
			// that open it (the seat's screen words them in the player's
			// language: ui's and ui/serve's tests read the page).
			info := tb.tell.info(tb)
			u := tb.Ref.Update(0, &info)
			if u.InPlay() {
				t.Fatal("the last update is of a match still in play")
			}
			if want := (seatmsg.Fairness{Commit: shown, Seed: strconv.FormatUint(seed, 10), Salt: salt}); u.Fair != want {
				t.Errorf("the match-over update's seal %+v, want %+v", u.Fair, want)
			}
			rawSalt, err := hex.DecodeString(u.Fair.Salt)
			if err != nil || fair.Commit(seed, rawSalt).Short() != shown {
				t.Errorf("the seed and salt revealed do not open the commitment shown %s (salt %v)", shown, err)
			}
			tr := i18n.MustLoad("tr")
			for _, key := range []string{"fair.committed", "fair.reveal", "fair.check"} {
				if !tr.Has(key) {
					t.Errorf("the words of the match-over page's seal have no Turkish for %q", key)
				}
			}
			rec := tb.Finished.Load()
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
func fairOfMsg(t *testing.T, msg Msg) seatmsg.Fairness {
	t.Helper()
	if u := msg.Update; u != nil {
		return u.Fair
	}
	t.Fatalf("not a game's update: %+v", msg)
	return seatmsg.Fairness{}
}

// TestBotsKeyedApartFromTheSeed: a match's bots draw from a key of their
// own, read from the table's source after the seed and the salt — two
// matches of one seed and salt but other keys have other bots, one key
// the same bots whatever the seed — and a table brought back from its
// record and entry keeps the key, so its bots play on as they would
// have.
func TestBotsKeyedApartFromTheSeed(t *testing.T) {
	t.Parallel()
	var head [24]byte
	servetest.Random(7).Read(head[:])
	source := func(key uint64) io.Reader {
		var k [8]byte
		binary.BigEndian.PutUint64(k[:], key)
		return io.MultiReader(bytes.NewReader(head[:]), bytes.NewReader(k[:]))
	}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	started := func(key uint64) *Table {
		tb := fairTable(t, "classic", "default", source(key), now)
		ann := NewMember("key:A", "ann", "", 0)
		tb.joinAs(ann, -1, false)
		tb.handle(Request{Kind: ReqStart, M: ann})
		if tb.Ref == nil {
			t.Fatal("the match did not start")
		}
		return tb
	}
	a, b := started(1), started(2)
	if a.seal.Seed != b.seal.Seed || a.seal.BotKey == b.seal.BotKey {
		t.Fatalf("seeds %d and %d, bot keys %d and %d: want one seed, two keys", a.seal.Seed, b.seal.Seed, a.seal.BotKey, b.seal.BotKey)
	}
	if a.seal.BotKey != 1 || b.seal.BotKey != 2 {
		t.Fatalf("bot keys %d and %d, want the source's 1 and 2", a.seal.BotKey, b.seal.BotKey)
	}
	if botSeed(1, 1, 1, 0, 3, 1) == botSeed(2, 1, 1, 0, 3, 1) {
		t.Error("two bot keys give one bot seed")
	}
	// Brought back from what it saved: the same key.
	st := SavedTable{ID: a.ID, Config: a.Cfg, Started: true, BotKey: a.seal.BotKey}
	st.Seats[0] = savedSeat{Owner: "key:A", Name: "ann"}
	entry, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := RestoreTable(a.ID, entry, a.Ref.Record(), now, a.Opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, a.Opt.Log)
	})
	if err != nil || back == nil {
		t.Fatalf("restored: %v", err)
	}
	if back.seal.BotKey != a.seal.BotKey || back.seal.Seed != a.seal.Seed {
		t.Errorf("restored with key %d and seed %d, want %d and %d", back.seal.BotKey, back.seal.Seed, a.seal.BotKey, a.seal.Seed)
	}
}

// TestRestoreRefusesAnotherDeal: a table's entry keeps the commitment
// its players were shown; brought back with the record of another match
// (one a writer of the store replayed in its place), the table is
// refused, not dealt; with its own, it comes back.
func TestRestoreRefusesAnotherDeal(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	started := func(seed uint64) (*Table, []byte) {
		tb := fairTable(t, "classic", "default", servetest.Random(seed), now)
		var mu sync.Mutex
		var entry []byte
		tb.saving.saver = NewSaver(func(table, _ []byte) error {
			mu.Lock()
			defer mu.Unlock()
			if table != nil {
				entry = table
			}
			return nil
		}, func() error { return nil }, tb.Opt.Log)
		ann := NewMember("key:A", "ann", "", 0)
		tb.joinAs(ann, -1, false)
		tb.handle(Request{Kind: ReqStart, M: ann})
		tb.saving.saver.flush()
		mu.Lock()
		defer mu.Unlock()
		if tb.Ref == nil || !bytes.Contains(entry, []byte(tb.seal.Commit.String())) {
			t.Fatalf("the entry saved does not keep the match's commitment %s: %s", tb.seal.Commit, entry)
		}
		return tb, entry
	}
	a, entry := started(1)
	b, _ := started(2)
	restore := func(record []byte) (*Table, error) {
		return RestoreTable(a.ID, entry, record, now, a.Opt, func() *Saver {
			return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, a.Opt.Log)
		})
	}
	if back, err := restore(b.Ref.Record()); !errors.Is(err, ErrCommitChanged) || back != nil {
		t.Fatalf("restored with another match's record: %v", err)
	}
	back, err := restore(a.Ref.Record())
	if err != nil || back == nil || back.seal.Commit != a.seal.Commit {
		t.Fatalf("restored with its own record: %v", err)
	}
	back.saving.saver.flush()
}
