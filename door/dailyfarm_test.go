package door

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"okey/game"
	"okey/server/keep"
)

// TestDailyReplaysLeaveTheBoard: a day replayed from one address — as
// guests, and with keys made that day — is played as practice, told so
// before the first hand and at the table, and leaves the ranked board
// as it was: the same rows, places and field's means, however well the
// replays score. Those replays take no ranked place from the address:
// the first key seen the day before to play from it is ranked (what the
// rule does not stop, docs/serving-daily.md), and a second such key there is
// practice, and moves nothing.
func TestDailyReplaysLeaveTheBoard(t *testing.T) {
	t.Parallel()
	var offset atomic.Int64
	start := time.Date(2026, 11, 24, 22, 0, 0, 0, time.UTC)
	began := time.Now()
	srv, addr := testServer(t, func(c *Config) {
		c.Now = func() time.Time { return start.Add(time.Since(began) + time.Duration(offset.Load())) }
		c.dailyLoopback = true // the clients' 127.0.0.x addresses count
	})
	const home, farm = "127.0.0.51", "127.0.0.52"
	annKey, oldKey, oldKey2 := newKey(t), newKey(t), newKey(t)
	// The day before: ann's key, and two keys of the farmer's, are seen
	// by the server.
	for _, k := range []gossh.Signer{annKey, oldKey, oldKey2} {
		c := dial(t, addr, "seen", dialOpts{key: k, from: home})
		c.waitFor("d daily", patience)
		c.close()
	}
	for _, k := range []gossh.Signer{annKey, oldKey, oldKey2} {
		waitSeen(t, srv, k, start.Add(2*time.Hour))
	}
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	offset.Store(int64(11 * time.Hour)) // 2026-11-25, 09:00 UTC
	srv.clockMoved()
	d := srv.desk.today()
	if d.String() != "2026-11-25" {
		t.Fatalf("today is %s", d)
	}

	// play starts the day as c, after its page said what it says (want),
	// and leaves it once dealt; the table says practice when it is.
	play := func(c *client, want string, practice bool) {
		t.Helper()
		c.waitFor("d daily", patience)
		c.press("d")
		scr := c.waitFor("You have not played today's daily", patience)
		if want != "" && !strings.Contains(scr, want) || want == "" && strings.Contains(scr, "Practice") {
			t.Fatalf("%s: the daily's page, wanting %q:\n%s", c.name, want, scr)
		}
		c.press("enter")
		scr = c.waitFor("Deal committed", patience)
		if got := strings.Contains(scr, "Daily 1/4 · practice"); got != practice {
			t.Fatalf("%s: the table says practice %v, want %v:\n%s", c.name, got, practice, scr)
		}
		c.close()
	}
	// score writes the hands of the day begun by name, as the table
	// would once played.
	score := func(name string, hands ...int) {
		t.Helper()
		for deadline := time.Now().Add(patience); ; time.Sleep(10 * time.Millisecond) {
			rs, err := srv.daily.Results(ctx, game.Classic, d)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, r := range rs {
				if r.Name != name {
					continue
				}
				n++
				for k, h := range hands {
					if err := srv.daily.Scored(ctx, game.Classic, d, r.ID, k+1, h); err != nil {
						t.Fatal(err)
					}
				}
			}
			if n > 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s has not begun the day", name)
			}
		}
	}
	// ranked is the ranked part of the board once it holds rows days,
	// each of its four hands (the board is read from a watch, which
	// follows the writes).
	ranked := func(rows int) string {
		t.Helper()
		var bd keep.DailyBoard
		for deadline := time.Now().Add(patience); ; time.Sleep(10 * time.Millisecond) {
			var err error
			if bd, err = srv.daily.BoardOf(ctx, game.Classic, d, ""); err != nil {
				t.Fatal(err)
			}
			all := len(bd.Rows) == rows
			for _, r := range bd.Rows {
				all = all && r.Done(game.Classic)
			}
			if all {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the board never held %d days of four hands: %+v", rows, bd.Rows)
			}
		}
		out := fmt.Sprintf("means %v played %v;", bd.Means, bd.Played)
		for _, r := range bd.Rows {
			if r.Place > 0 {
				out += fmt.Sprintf(" %d. %s %v field %.3f", r.Place, r.Name, r.Hands, r.Field)
			} else if r.Field = math.Round(r.Field); r.Ranked() {
				t.Errorf("row %s: ranked, with no place", r.Name)
			}
		}
		return out
	}

	ann := dial(t, addr, "ann", dialOpts{key: annKey, from: home})
	play(ann, "", false)
	score("ann", 1, 0, -1, 2)
	before := ranked(1)

	// The farmer, from one address: two guests learn the day, two keys
	// made today play it.
	for i, who := range []struct {
		name, want string
		key        gossh.Signer
	}{
		{"gus1", "Practice: a guest is not ranked.", nil},
		{"gus2", "Practice: a guest is not ranked.", nil},
		{"new1", "Practice: your key is new today.", newKey(t)},
		{"new2", "Practice: your key is new today.", newKey(t)},
	} {
		play(dial(t, addr, who.name, dialOpts{key: who.key, from: farm}), who.want, true)
		score(who.name, 30+i, 30, 30, 30)
	}
	if after := ranked(5); after != before {
		t.Fatalf("the ranked board moved:\nbefore %s\nafter  %s", before, after)
	}
	// None of them took the address's place: the farmer's key seen
	// yesterday is ranked, a second one is practice and moves nothing.
	play(dial(t, addr, "old", dialOpts{key: oldKey, from: farm}), "", false)
	score("old", 1, 0, 0, 1)
	withOld := ranked(6)
	play(dial(t, addr, "old2", dialOpts{key: oldKey2, from: farm}), "Practice: this address has already played today's daily.", true)
	score("old2", 34, 30, 30, 30)
	if after := ranked(7); after != withOld {
		t.Fatalf("the ranked board moved:\nbefore %s\nafter  %s", withOld, after)
	}

	// The page, as anyone sees it: ann's place, the replays after it,
	// unranked.
	cem := dial(t, addr, "cem", dialOpts{key: newKey(t), from: "127.0.0.53", w: 100, h: 30})
	cem.waitFor("d daily", patience)
	cem.press("d")
	scr := cem.waitFor("players: 7", patience)
	for _, want := range []string{"1.  ann", "1.  old", "–   old2 (practice)", "–   new1 (practice)", "–   gus2 (guest)"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the page has no %q:\n%s", want, scr)
		}
	}
}

// waitSeen makes sure the server keeps k as first seen before before.
// The session that showed k notes it in the background as it starts; the
// test's own note, if it comes first, is a minute before before — when
// the key was seen all the same — and either way the first one is kept.
func waitSeen(t *testing.T, srv *Server, k gossh.Signer, before time.Time) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	id := keep.KeyPrefix + gossh.FingerprintSHA256(k.PublicKey())
	if seen, err := srv.daily.FirstSeen(ctx, id, before.Add(-time.Minute), nil); err != nil || !seen.Before(before) {
		t.Fatalf("the key is not kept as seen before %v: %v, %v", before, seen, err)
	}
}

// TestDailyRanksAKeyRatedBefore: a key the store has no first sight of
// (a store kept before sightings were), but rated before the day began,
// is ranked on its first day; a key with neither is practice.
func TestDailyRanksAKeyRatedBefore(t *testing.T) {
	t.Parallel()
	// The server's day is well after the rating's write (the store's
	// own clock, now).
	later := time.Now().Add(72 * time.Hour)
	srv, _ := testServer(t, func(c *Config) { c.Now = func() time.Time { return later } })
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	rated, fresh := keep.KeyPrefix+"SHA256:rated", keep.KeyPrefix+"SHA256:fresh"
	if err := srv.book.Set(ctx, "classic", keep.RatedEntry{ID: rated, Mu: 25, Sigma: 8, Games: 3}); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{rated: "", fresh: keep.PracticeNewKey} {
		got, err := srv.desk.standing(ctx, game.Classic, srv.desk.today(), id, "203.0.113.9", false)
		if err != nil || got != want {
			t.Errorf("%s: standing %q (%v), want %q", id, got, err, want)
		}
	}
}
