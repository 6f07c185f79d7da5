package keep

import (
	"context"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/daily"
)

// waitBoard reads b's board of g on d for me until it is want (the
// watch brings writes in the background), for up to a minute.
func waitBoard(t *testing.T, b *DailyBook, g game.Kind, d daily.Date, me string, want DailyBoard) {
	t.Helper()
	ctx, cancel := EngineCtx()
	defer cancel()
	var got DailyBoard
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		var err error
		if got, err = b.BoardOf(ctx, g, d, me); err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(got, want) {
			return
		}
	}
	t.Fatalf("the watched board of %s %s:\n%+v\nthe store's:\n%+v", g, d, got, want)
}

// storeBoard is the board of g on d as the store holds it (no cache).
func storeBoard(t *testing.T, b *DailyBook, g game.Kind, d daily.Date, me string) DailyBoard {
	t.Helper()
	ctx, cancel := EngineCtx()
	defer cancel()
	rs, err := b.readResults(ctx, g, d)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _ := b.Par(ctx, g, d)
	return RankDaily(g, d, rs, p, me)
}

// TestDailyBoardWatched: a watched book ranks the boards from memory,
// and they are the store's: the results written before the watch began,
// those written after (claims, hands, both games), a day with nobody;
// a day older than the cache keeps is read from the store.
func TestDailyBoardWatched(t *testing.T) {
	t.Parallel()
	b := testDailyBook(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, old := day(t, "2026-11-24"), day(t, "2026-11-20")
	play := func(g game.Kind, d daily.Date, id string, hands ...int) {
		t.Helper()
		wctx, wcancel := EngineCtx()
		defer wcancel()
		if err := b.Claim(wctx, g, d, DailyResult{ID: id, Name: id, Guest: id == "guest:1"}); err != nil {
			t.Fatal(err)
		}
		for n, s := range hands {
			if err := b.Scored(wctx, g, d, id, n+1, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(game.Classic, old, "key:old", 1, 2, 3, 4)
	play(game.Classic, d, "key:a", 3, -1, 0, 2)
	play(game.Classic, d, "key:b", 1)
	if err := b.Watch(ctx); err != nil {
		t.Fatal(err)
	}
	// The bucket's results come in the background; until they have, a
	// board is the store's, so the board alone does not say the cache
	// is live: wait for that first (a busy machine takes its time).
	for end := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if _, ok := b.cache.results(game.Classic, d); ok {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the watched book is not live a minute after its watch began")
		}
	}
	waitBoard(t, b, game.Classic, d, "key:b", storeBoard(t, b, game.Classic, d, "key:b"))
	play(game.Classic, d, "guest:1", 2, 2)
	play(game.Okey101, d, "key:a", 80, 120)
	wctx, wcancel := EngineCtx()
	defer wcancel()
	if err := b.Scored(wctx, game.Classic, d, "key:b", 2, 5); err != nil {
		t.Fatal(err)
	}
	waitBoard(t, b, game.Classic, d, "key:b", storeBoard(t, b, game.Classic, d, "key:b"))
	waitBoard(t, b, game.Okey101, d, "key:a", storeBoard(t, b, game.Okey101, d, "key:a"))
	// A player's own day, as the page reads it: the cache's, the store's.
	for _, id := range []string{"key:a", "key:b", "guest:1", "key:nobody"} {
		want, _, wantOK, err := b.Result(wctx, game.Classic, d, id)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := b.Mine(wctx, game.Classic, d, id)
		if err != nil || ok != wantOK || !reflect.DeepEqual(got, want) {
			t.Errorf("%s's day: %+v %v %v, the store's %+v %v", id, got, ok, err, want, wantOK)
		}
	}
	if _, _, known := b.cache.result(game.Classic, d, b.resultKey(game.Classic, d, "key:a")); !known {
		t.Error("the cache does not answer for a player's day")
	}
	if bd := storeBoard(t, b, game.Okey101, d.AddDays(1), ""); len(bd.Rows) != 0 {
		t.Fatalf("a day nobody played: %+v", bd)
	}
	waitBoard(t, b, game.Classic, d.AddDays(1), "", storeBoard(t, b, game.Classic, d.AddDays(1), ""))
	// The old day is out of the cache's days: read from the store.
	if _, ok := b.cache.results(game.Classic, old); ok {
		t.Error("the cache answers for a day older than it keeps")
	}
	waitBoard(t, b, game.Classic, old, "key:old", storeBoard(t, b, game.Classic, old, "key:old"))
	if got := storeBoard(t, b, game.Classic, old, "key:old"); len(got.Rows) != 1 {
		t.Errorf("the old day's board: %+v", got)
	}
}

// BenchmarkDailyBoardWatched is BenchmarkDailyBoard's board of 500
// players ranked from the watch's memory.
func BenchmarkDailyBoardWatched(b *testing.B) {
	book, d := benchBook(b)
	ctx, cancel := EngineCtx()
	defer cancel()
	if err := book.Watch(ctx); err != nil {
		b.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if rs, ok := book.cache.results(game.Classic, d); ok && len(rs) == 500 {
			break
		}
		if time.Now().After(end) {
			b.Fatal("the watch did not bring the 500 results")
		}
	}
	b.ResetTimer()
	for range b.N {
		bd, err := book.BoardOf(ctx, game.Classic, d, "key:SHA256:p250")
		if err != nil || len(bd.Rows) != 500 {
			b.Fatalf("%d rows, %v", len(bd.Rows), err)
		}
	}
}

// BenchmarkDailyCacheApply is what a result's write costs a watching
// node: the entry decoded and kept (the store asked whether it was
// written over is not counted).
func BenchmarkDailyCacheApply(b *testing.B) {
	seal := testSecret(b).NewSealer()
	c := &dailyCache{days: map[string]map[string]DailyResult{}, notes: &notes{log: slog.New(slog.DiscardHandler)},
		open: func(e jetstream.KeyValueEntry) (r DailyResult, err error) {
			return r, seal.openJSON(dailyBucket, e.Key(), e.Value(), &r)
		}}
	const key = "result.classic.2026-11-24.a2V5OlNIQTI1NjpwMjUw"
	v, err := seal.sealJSON(dailyBucket, key, DailyResult{ID: "key:SHA256:p250", Name: "p250", Hands: []int{3, -1, 0, 2}, Table: "17"})
	if err != nil {
		b.Fatal(err)
	}
	e := testEntry{key: key, value: v}
	b.ResetTimer()
	for range b.N {
		c.apply(e)
	}
	if rs, ok := c.results(game.Classic, day(b, "2026-11-24")); ok || len(rs) != 0 {
		b.Fatal("not live, the cache answered")
	}
}

// testEntry is a bucket's entry as a watch brings it.
type testEntry struct {
	key   string
	value []byte
}

func (e testEntry) Bucket() string                  { return dailyBucket }
func (e testEntry) Key() string                     { return e.key }
func (e testEntry) Value() []byte                   { return e.value }
func (e testEntry) Revision() uint64                { return 1 }
func (e testEntry) Created() time.Time              { return time.Time{} }
func (e testEntry) Delta() uint64                   { return 0 }
func (e testEntry) Operation() jetstream.KeyValueOp { return jetstream.KeyValuePut }
