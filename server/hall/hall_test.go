package hall

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
	"okey/server/keep"
	"okey/server/servetest"
	"okey/server/tables"
)

// testOptions are a test hall's tables' options, on the clock now.
func testOptions(now func() time.Time) tables.Options {
	return tables.Options{
		BotDelay: time.Millisecond, BotTimeout: time.Minute, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: now, Random: servetest.Random(1),
	}
}

// TestDailyOutOfTheTableLimit: a player's daily table, which stays
// theirs all day even once they have left it, neither counts against the
// tables they may hold (ShareLimits' PerPlayer and PerAddr) nor is
// refused by them; ordinary tables still are. The hall's clock is
// within the daily's day: on the real clock the day had closed, and its
// table closed itself whenever its clock ticked before her join came.
func TestDailyOutOfTheTableLimit(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	noon := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	opt := testOptions(func() time.Time { return noon })
	h := New(ctx, opt, nil, 10, ShareLimits{PerPlayer: 1, PerAddr: 1})
	sit := func(tb *tables.Table, id string) {
		t.Helper()
		r := tables.Request{Kind: tables.ReqJoin, M: tables.NewMember(id, "ann", "1.2.3.4", 0), Reply: make(chan tables.JoinReply, 1)}
		if !tb.Call(ctx, r) {
			t.Fatal("the table took no request")
		}
		if rep := <-r.Reply; rep.Err != nil {
			t.Fatal(rep.Err)
		}
		for end := time.Now().Add(time.Minute); tb.Summary.Load().Holds(id) < 0; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatal("the lobby never shows her seat")
			}
		}
	}
	d, _ := daily.ParseDate("2026-11-24")
	set, err := daily.NewServed(game.Classic, d, daily.Secret{1})
	if err != nil {
		t.Fatal(err)
	}
	dcfg := tables.DailyConfig(game.Classic, tables.NewDailyPlan(set, daily.Commit(game.Classic, d, daily.Secret{1}), "key:A"), "DAILY1")
	dt, err := h.Create(dcfg, "key:A", "1.2.3.4")
	if err != nil {
		t.Fatalf("her daily: %v", err)
	}
	sit(dt, "key:A")
	plain := tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"normal", "normal", "normal", "normal"}}
	ot, err := h.Create(plain, "key:A", "1.2.3.4")
	if err != nil {
		t.Fatalf("a table beside her daily: %v", err)
	}
	sit(ot, "key:A")
	if _, err := h.Create(plain, "key:A", "1.2.3.4"); !errors.Is(err, ErrYourTables) {
		t.Errorf("a second ordinary table with one allowed: %v", err)
	}
	// Her daily again (another day's, say) with her one table held.
	if _, err := h.Create(dcfg, "key:A", "1.2.3.4"); err != nil {
		t.Errorf("a daily refused by the limit: %v", err)
	}
}

// TestLobbyPause: the lobby is written less often while the store is
// slow to acknowledge the node's lease renewals, and never less than
// once a second.
func TestLobbyPause(t *testing.T) {
	for _, c := range []struct{ wait, want time.Duration }{
		{0, lobbyEvery},
		{100 * time.Millisecond, lobbyEvery},
		{300 * time.Millisecond, 600 * time.Millisecond},
		{4 * time.Second, time.Second},
	} {
		if got := lobbyPause(c.wait); got != c.want {
			t.Errorf("renewals acknowledged in %v: the lobby waits %v, want %v", c.wait, got, c.want)
		}
	}
}

// TestMovedNews: a takeover's announcement names the node and the
// revision of the lease it holds; one of an older release names the
// node alone, and one whose revision does not read says no revision
// (nothing is stopped on it).
func TestMovedNews(t *testing.T) {
	for _, c := range []struct {
		in   string
		node string
		rev  uint64
	}{{"n1 42", "n1", 42}, {"n1", "n1", 0}, {"n1 x", "n1", 0}, {"n1 -3", "n1", 0}, {"", "", 0}} {
		if node, rev := movedNews([]byte(c.in)); node != c.node || rev != c.rev {
			t.Errorf("%q reads as %q at %d; want %q at %d", c.in, node, rev, c.node, c.rev)
		}
	}
}

// TestANumberTheStoreDoesNotGiveIsSlow: a table a node of a cluster
// cannot number because the store does not answer (here its hall's
// bucket is gone: the number is asked again until the hall's wait runs
// out, as for a store too loaded to answer) is refused as ErrStoreSlow,
// which a player is told in words and may try again after, with the
// store's error wrapped for the log.
func TestANumberTheStoreDoesNotGiveIsSlow(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	eng, kept, err := keep.OpenDir(ctx, t.TempDir(), keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	h := New(ctx, testOptions(time.Now), kept, 10, ShareLimits{})
	// The store never gives the number: half a second of asking again
	// ends as the 10 s of a node's hall do.
	h.numberWait = 500 * time.Millisecond
	defer h.Wait()
	defer cancel()
	if err := h.JoinNodes(ctx, eng, time.Minute); err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(eng.NC)
	if err != nil {
		t.Fatal(err)
	}
	if err := js.DeleteKeyValue(ctx, "okey_hall"); err != nil {
		t.Fatal(err)
	}
	_, err = h.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"normal", "normal", "normal", "normal"}}, "key:A", "1.2.3.4")
	if !errors.Is(err, ErrStoreSlow) || !keep.Unavailable(err) {
		t.Fatalf("a table the store gave no number: %v, want ErrStoreSlow wrapping the store's error", err)
	}
}
