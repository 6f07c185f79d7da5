package tables

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"okey/server/keep"
	"okey/server/servetest"
)

// TestFinishedMatchIsRatedOnceAcrossARestart: a table's match that
// ends is rated with who sat down to it; the table restored with its
// match over (a restart, or another node taking it) rates it again,
// and the store applies it once.
func TestFinishedMatchIsRatedOnceAcrossARestart(t *testing.T) {
	t.Parallel()
	eng, _, err := keep.OpenDir(context.Background(), t.TempDir(), keep.StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	b, err := keep.OpenRatingBook(context.Background(), eng)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var ends []keep.MatchEnd
	rate := func(m keep.MatchEnd) {
		mu.Lock()
		ends = append(ends, m)
		mu.Unlock()
		ctx, cancel := keep.EngineCtx()
		defer cancel()
		if _, err := b.Rate(ctx, m); err != nil {
			t.Error(err)
		}
	}
	var saved struct {
		sync.Mutex
		table, record []byte
	}
	opt := Options{
		BotDelay: 0, BotTimeout: 5 * time.Second, KeepSeat: 10 * time.Minute, HandWait: 20 * time.Second,
		ChatEvery: 5 * time.Second, ChatBurst: 3, ChatKeep: 50,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now, Random: servetest.Random(5), Rate: rate,
	}
	sv := NewSaver(func(table, record []byte) error {
		saved.Lock()
		defer saved.Unlock()
		if table != nil {
			saved.table = table
		}
		saved.record = record
		return nil
	}, func() error { return nil }, opt.Log)
	tb, err := New("7", Config{Game: "classic", Rules: "points=5", Levels: [4]string{"easy", "normal", "hard", "easy"}}, opt, sv)
	if err != nil {
		t.Fatal(err)
	}
	ann := NewMember("key:SHA256:ann", "ann", "", 0)
	tb.joinAs(ann, 0, false)
	tb.handle(Request{Kind: ReqStart, M: ann})
	tb.sit.seats[0].away = true // her bot plays
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
	}
	// Ann leaves the table: the match she sat down to is still hers.
	tb.leave(ann, true)
	sv.flush()
	places, _, _ := tb.Ref.Standings()
	mu.Lock()
	if len(ends) != 1 {
		t.Fatalf("the match's end was rated %d times, want 1", len(ends))
	}
	first := ends[0]
	mu.Unlock()
	if first.Key != tb.seal.Commit.String() || first.Places != places || first.Seats[0].ID != "key:SHA256:ann" || first.Seats[2].ID != "bot:hard" {
		t.Errorf("rated %+v; want the commitment %s, places %v, ann and the bots", first, tb.seal.Commit, places)
	}
	check := func() {
		t.Helper()
		for id, games := range map[string]int{"key:SHA256:ann": 1, "bot:easy": 1, "bot:normal": 1, "bot:hard": 1} {
			ctx, cancel := keep.EngineCtx()
			e, rev, err := b.Get(ctx, "classic", id)
			cancel()
			if err != nil || rev == 0 {
				t.Fatalf("%s has no rating in classic (%v)", id, err)
			}
			if e.Games != games {
				t.Errorf("%s: %d games, want %d", id, e.Games, games)
			}
		}
	}
	check()

	// The restart: the table comes back from what it saved.
	saved.Lock()
	entry, record := saved.table, saved.record
	saved.Unlock()
	back, err := RestoreTable("7", entry, record, time.Time{}, opt, func() *Saver {
		return NewSaver(func([]byte, []byte) error { return nil }, func() error { return nil }, opt.Log)
	})
	if err != nil || back == nil {
		t.Fatalf("restoring: %v, %v", back, err)
	}
	t.Cleanup(back.saving.saver.flush)
	mu.Lock()
	n := len(ends)
	mu.Unlock()
	if n != 2 || ends[1].Key != first.Key || ends[1].Seats != first.Seats {
		t.Fatalf("after the restart the end was handed over %d times in all (want 2, the same match): %+v", n, ends)
	}
	check()
}
