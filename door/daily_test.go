package door

import (
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"okey/game/daily"
	"okey/server/tables"
	"okey/ui/cli"
)

// TestServedDaily: the day's daily over ssh, as players meet it. ann
// (a key) opens the daily's page, sees the day's commitment, plays the
// day (her seat's bot plays it for her once she is away) and is told it
// is over; a second start is refused; a guest who begins the day is
// marked on the board, not ranked, and once the day is over their
// unfinished day is said forfeit. While the day lasts her hand's record is not
// given out; once the server's clock is in the next day, "daily GAME
// DATE HAND" gives it with the day's secret, okey verify checks it
// against the commitment she was shown, and the page shows yesterday's
// final board and the secret.
func TestServedDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a daily's four hands over ssh")
	}
	t.Parallel()
	var offset atomic.Int64
	start := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	began := time.Now()
	srv, addr := testServer(t, func(c *Config) {
		c.AwayAfter = time.Second
		c.Now = func() time.Time { return start.Add(time.Since(began) + time.Duration(offset.Load())) }
	})
	annKey := newKey(t)
	// ann's key is seen the day before: the board ranks keys first seen
	// before the day began (a key new on the day plays it as practice).
	offset.Store(int64(-24 * time.Hour))
	dial(t, addr, "ann", dialOpts{key: annKey}).waitFor("d daily", patience)
	waitSeen(t, srv, annKey, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC))
	offset.Store(0)
	srv.clockMoved()
	ann := dial(t, addr, "ann", dialOpts{key: annKey, w: 100, h: 30})
	defer ann.close()
	ann.waitFor("d daily", patience)
	ann.press("d")
	scr := ann.waitFor("You have not played today's daily", patience)
	if !strings.Contains(scr, "Today, 2026-11-24 (UTC): 4 hands") {
		t.Fatalf("the daily's page:\n%s", scr)
	}
	commit := regexp.MustCompile(`committed: ([0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4})`).FindStringSubmatch(scr)
	if commit == nil {
		t.Fatalf("no commitment shown:\n%s", scr)
	}
	ann.press("enter")
	ann.waitFor("Deal committed: "+commit[1], patience) // the table shows the day's commitment
	ann.waitUntil("told the daily is over", 5*time.Minute, func(s string) bool { return strings.Contains(s, "Your daily is over") })
	ann.press("d")
	// Away from the first deal, her seat's hard bot played her day: par
	// is what the hard bot makes in her seat at that table, so exactly
	// par, hand by hand (par is measured in the background: read again
	// until it is there).
	scr = ann.waitUntil("at par", patience, func(s string) bool {
		if !strings.Contains(s, "4 of 4 hands · 0.0 against the field · +0 against par") {
			ann.press("\t", "\t")
			time.Sleep(100 * time.Millisecond)
			return false
		}
		return true
	})
	if !strings.Contains(scr, "1.  ann") {
		t.Errorf("ann is not on the board:\n%s", scr)
	}
	ann.press("enter")
	ann.waitFor("You have played today's daily: once a day", patience)
	// 101's day apart: its two hands, each a match, played through.
	ann.press("\t")
	ann.waitFor("2 hands against three hard bots", patience)
	ann.press("enter")
	ann.waitUntil("told 101's daily is over", 5*time.Minute, func(s string) bool { return strings.Contains(s, "Your daily is over") })
	ann.press("d") // the page opens on the game it showed last
	// Her last hand's result is written as the table ends, which may
	// come after the page was read: read again until it is there (as
	// par above).
	ann.waitUntil("both hands counted", patience, func(s string) bool {
		if !strings.Contains(s, "2 of 2 hands") {
			ann.press("\t", "\t")
			time.Sleep(100 * time.Millisecond)
			return false
		}
		return true
	})
	ann.press("\t")
	ann.waitFor("4 of 4 hands", patience)

	gus := dial(t, addr, "gus", dialOpts{w: 100, h: 30})
	gus.waitFor("d daily", patience)
	gus.press("d")
	gus.waitFor("You have not played today's daily", patience)
	gus.press("enter")
	gus.waitFor("Deal committed: "+commit[1], patience)
	// His table's record would show the day's deals: refused, to anyone.
	for _, id := range []string{"3"} { // ann's two tables closed with her days
		if out, code := execSSH(t, addr, annKey, "record "+id); code != 1 || !strings.Contains(out, "plays a daily") {
			t.Errorf("record %s of a daily table: exit %d, %q", id, code, out)
		}
	}
	gus.close()
	ann.press("\t", "\t") // read the page again
	// Marked, and not ranked (no place): keep.RankDaily.
	ann.waitFor("–   gus (guest)", patience)

	if out, code := execSSH(t, addr, annKey, "daily classic 2026-11-24 1"); code != 1 || !strings.Contains(out, "not over") {
		t.Errorf("a hand given out on its day: exit %d, %q", code, out)
	}
	if out, code := execSSH(t, addr, annKey, "daily chess 2026-11-24 1"); code != 2 || !strings.Contains(out, "usage: daily") {
		t.Errorf("a wrong daily command: exit %d, %q", code, out)
	}

	// The next day (UTC).
	offset.Store(int64(24 * time.Hour))
	srv.clockMoved()
	out, code := execSSH(t, addr, annKey, "daily classic 2026-11-24 3")
	if code != 0 {
		t.Fatalf("hand 3 after the day: exit %d, %.300q", code, out)
	}
	v, err := cli.Verify([]byte(out))
	if err != nil || !v.Over || v.Commit.Short() != commit[1] {
		t.Fatalf("the hand does not verify: %+v, %v", v, err)
	}
	if out, code := execSSH(t, addr, newKey(t), "daily classic 2026-11-24 3"); code != 1 || !strings.Contains(out, "you played no hand 3") {
		t.Errorf("another key's hand: exit %d, %q", code, out)
	}
	sec := regexp.MustCompile(`"daily_secret":"([0-9a-f]{64})"`).FindStringSubmatch(out)
	if sec == nil {
		t.Fatalf("no secret in the record: %.300q", out)
	}
	if _, err := daily.ParseSecret(sec[1]); err != nil {
		t.Fatal(err)
	}
	cem := dial(t, addr, "cem", dialOpts{key: newKey(t), w: 100, h: 30})
	defer cem.close()
	cem.waitFor("d daily", patience)
	cem.press("d")
	scr = cem.waitFor("Yesterday, 2026-11-24 · final board · players: 2", patience)
	if !strings.Contains(scr, "its secret: "+sec[1]) || !strings.Contains(scr, "Today, 2026-11-25") {
		t.Errorf("yesterday's board:\n%s", scr)
	}
	// gus began the day and left it: unfinished when it closed, said.
	if !regexp.MustCompile(`gus \(guest\) +0/4 .*unfinished: forfeit`).MatchString(scr) {
		t.Errorf("yesterday's unfinished day is not said forfeit:\n%s", scr)
	}
}

// TestServedDailyInACluster: three nodes show one commitment for the
// day, whichever a player reaches first; a player who began the day on
// one node is refused it on another; a hand played on one node is on
// the board every node shows.
func TestServedDailyInACluster(t *testing.T) {
	if testing.Short() {
		t.Skip("a three-node cluster (seconds)")
	}
	t.Parallel() // a cluster of its own, its waits generous (patience): beside the package's other tests
	srvs, addrs := startNodes(t, 3)
	commits := make([]string, len(addrs))
	re := regexp.MustCompile(`committed: ([0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4})`)
	clients := make([]*client, len(addrs))
	for i, a := range addrs {
		clients[i] = dial(t, a, "p"+string(rune('0'+i)), dialOpts{key: newKey(t), w: 100, h: 30})
		defer clients[i].close()
		clients[i].waitFor("d daily", patience)
	}
	// All three ask at once: the first Create makes the day's secret.
	for _, c := range clients {
		c.press("d")
	}
	for i, c := range clients {
		m := re.FindStringSubmatch(c.waitFor("committed: ", patience))
		if m == nil {
			t.Fatalf("node %d shows no commitment", i)
		}
		commits[i] = m[1]
	}
	if commits[1] != commits[0] || commits[2] != commits[0] {
		t.Fatalf("the nodes show %q", commits)
	}
	annKey := newKey(t)
	ann := dial(t, addrs[0], "ann", dialOpts{key: annKey, w: 100, h: 30})
	defer ann.close()
	ann.waitFor("d daily", patience)
	ann.press("d")
	ann.waitFor("You have not played today's daily", patience)
	ann.press("enter")
	// The day's table is made through the store, whose listings a
	// starved machine answers late: a generous wait.
	ann.waitFor("Deal committed: "+commits[0], 3*patience)
	ann.close()
	// Node 2 lists ann's table (run by node 0) before she comes back
	// there: a player whose seat the lobby knows goes straight back to
	// it, one it does not know yet sees the lobby first, and which of
	// the two would depend on when node 0's summary went out.
	local := srvs[0].hall.List()
	if len(local) != 1 || local[0].Owners[0] == "" {
		t.Fatalf("node 0 runs %d tables, not ann's daily alone", len(local))
	}
	deadline := time.Now().Add(patience)
	for !slices.ContainsFunc(srvs[2].hall.List(), func(s *tables.Summary) bool { return s.Holds(local[0].Owners[0]) == 0 }) {
		if time.Now().After(deadline) {
			t.Fatalf("node 2 does not list ann's daily after %v", patience)
		}
		time.Sleep(20 * time.Millisecond)
	}
	again := dial(t, addrs[2], "ann", dialOpts{key: annKey, w: 100, h: 30})
	defer again.close()
	// ann's key on another node: back at her daily's table; left for the
	// lobby, it lists the table as hers, the daily's page says she has
	// begun the day, and enter takes her back to it there rather than
	// dealing it again.
	again.waitFor("Deal committed: "+commits[0], patience)
	again.press("q")
	again.waitFor("q again to leave", patience)
	again.press("q")
	again.waitFor("your daily · hand 1 of 4", patience)
	again.press("d")
	again.waitFor("You have begun today's daily", patience)
	again.press("enter")
	again.waitFor("Deal committed: "+commits[0], patience)
	clients[1].press("\t", "\t")
	clients[1].waitFor("ann", patience)
}
