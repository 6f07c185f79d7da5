package keep

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// testLinkBook is a link book in an engine of its own, on a clock the
// test moves.
func testLinkBook(t *testing.T) (*LinkBook, *Engine, *atomic.Int64) {
	t.Helper()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	var clock atomic.Int64
	clock.Store(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC).UnixNano())
	ctx, cancel := EngineCtx()
	defer cancel()
	b, err := OpenLinkBook(ctx, eng, func() time.Time { return time.Unix(0, clock.Load()) })
	if err != nil {
		t.Fatal(err)
	}
	return b, eng, &clock
}

const (
	alice = "key:SHA256:alicealicealicealicealicealicealicealice123"
	bob   = "key:SHA256:bobbobbobbobbobbobbobbobbobbobbobbobbobbob12"
)

// TestLinkCodeOnce: a code links one browser, once; the link is the
// code's player's, listed under them only, checked at its revision, and
// refused once revoked — and the watch hears of it.
func TestLinkCodeOnce(t *testing.T) {
	b, _, _ := testLinkBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	gone := make(chan string, 4)
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := b.Watch(wctx, func(id string) { gone <- id }); err != nil {
		t.Fatal(err)
	}
	if _, err := b.NewCode(ctx, "ABCDEFGH", alice, "ali"); err != nil {
		t.Fatal(err)
	}
	l, err := b.Redeem(ctx, "ABCDEFGH", "Mozilla/5.0 (X11; Linux x86_64)\x1b[31m")
	if err != nil {
		t.Fatal(err)
	}
	if l.Player != alice || l.Name != "ali" || l.Rev == 0 || !validLinkID(l.ID) || strings.ContainsRune(l.Label, '\x1b') {
		t.Fatalf("link %+v", l)
	}
	if _, err := b.Redeem(ctx, "ABCDEFGH", "again"); !errors.Is(err, ErrNoLinkCode) {
		t.Fatalf("a code used twice: %v", err)
	}
	if _, err := b.Redeem(ctx, "ZZZZZZZZ", "never given"); !errors.Is(err, ErrNoLinkCode) {
		t.Fatalf("a code never given: %v", err)
	}
	if got, err := b.Check(ctx, alice, l.ID, l.Rev); err != nil || got.Name != "ali" {
		t.Fatalf("check: %+v %v", got, err)
	}
	// Another id of the same shape: its first byte changed (00, or ff
	// where it was 00 already).
	other := "00" + l.ID[2:]
	if other == l.ID {
		other = "ff" + l.ID[2:]
	}
	for _, bad := range []struct {
		player, id string
		rev        uint64
	}{{bob, l.ID, l.Rev}, {alice, l.ID, l.Rev + 1}, {alice, other, l.Rev}, {alice, "../" + l.ID, l.Rev}} {
		if _, err := b.Check(ctx, bad.player, bad.id, bad.rev); !errors.Is(err, ErrUnlinked) {
			t.Errorf("check %v: %v", bad, err)
		}
	}
	if ls, err := b.List(ctx, alice); err != nil || len(ls) != 1 || ls[0].ID != l.ID {
		t.Fatalf("alice's browsers: %+v %v", ls, err)
	}
	if ls, err := b.List(ctx, bob); err != nil || len(ls) != 0 {
		t.Fatalf("bob's browsers: %+v %v", ls, err)
	}
	if err := b.Revoke(ctx, alice, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Check(ctx, alice, l.ID, l.Rev); !errors.Is(err, ErrUnlinked) {
		t.Fatalf("revoked, checked: %v", err)
	}
	select {
	case id := <-gone:
		if id != l.ID {
			t.Fatalf("the watch said %q gone, not %q", id, l.ID)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the watch never heard of the revoke")
	}
}

// TestLinkCodeLapses: a code is taken no later than LinkCodeLife after
// it was given.
func TestLinkCodeLapses(t *testing.T) {
	b, _, clock := testLinkBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	if _, err := b.NewCode(ctx, "LAPSEDAA", alice, "ali"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.NewCode(ctx, "INTIMEAA", alice, "ali"); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64(LinkCodeLife - time.Second))
	if _, err := b.Redeem(ctx, "INTIMEAA", ""); err != nil {
		t.Fatalf("a code in time: %v", err)
	}
	clock.Add(int64(time.Second))
	if _, err := b.Redeem(ctx, "LAPSEDAA", ""); !errors.Is(err, ErrNoLinkCode) {
		t.Fatalf("a lapsed code: %v", err)
	}
}

// TestLinkCodeRace: two browsers handing in one code at once: one is
// linked.
func TestLinkCodeRace(t *testing.T) {
	b, _, _ := testLinkBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	for round := range 5 {
		code := "RACEAAA" + string(rune('A'+round))
		if _, err := b.NewCode(ctx, code, alice, "ali"); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var won, lost atomic.Int32
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := b.Redeem(ctx, code, "")
				switch {
				case err == nil:
					won.Add(1)
				case errors.Is(err, ErrNoLinkCode):
					lost.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 || lost.Load() != 3 {
			t.Fatalf("round %d: %d linked, %d refused", round, won.Load(), lost.Load())
		}
	}
}

// TestLinkPutBackRefused: a link revoked and its value put back by a
// writer of the store (it cannot seal one, but can copy one) is not
// the link the browser was given: refused.
func TestLinkPutBackRefused(t *testing.T) {
	b, eng, _ := testLinkBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	if _, err := b.NewCode(ctx, "PUTBACKA", alice, "ali"); err != nil {
		t.Fatal(err)
	}
	l, err := b.Redeem(ctx, "PUTBACKA", "")
	if err != nil {
		t.Fatal(err)
	}
	kv, err := eng.js.KeyValue(ctx, linksBucket)
	if err != nil {
		t.Fatal(err)
	}
	key := b.linkKey(alice, l.ID)
	e, err := kv.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Revoke(ctx, alice, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, key, e.Value()); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Check(ctx, alice, l.ID, l.Rev); !errors.Is(err, ErrUnlinked) {
		t.Fatalf("a link put back: %v", err)
	}
}

// TestLinkKeysNameNobody: neither a player nor a code is in any key of
// the links' buckets; and a player has at most MaxLinks browsers.
func TestLinkKeysNameNobody(t *testing.T) {
	b, eng, _ := testLinkBook(t)
	ctx, cancel := EngineCtx()
	defer cancel()
	for i := range MaxLinks + 1 {
		code := "MANYAA" + string(rune('A'+i/26)) + string(rune('A'+i%26))
		if _, err := b.NewCode(ctx, code, alice, "ali"); err != nil {
			t.Fatal(err)
		}
		_, err := b.Redeem(ctx, code, "")
		if i < MaxLinks && err != nil {
			t.Fatalf("link %d: %v", i, err)
		}
		if i == MaxLinks && !errors.Is(err, ErrTooManyLinks) {
			t.Fatalf("link %d: %v", i, err)
		}
	}
	if _, err := b.NewCode(ctx, "UNUSEDAA", alice, "ali"); err != nil {
		t.Fatal(err)
	}
	for _, bucket := range []string{linksBucket, linkCodesBucket} {
		kv, err := eng.js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		lister, err := kv.ListKeys(ctx)
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for k := range lister.Keys() {
			n++
			if strings.Contains(k, "alice") || strings.Contains(k, "SHA256") || strings.Contains(k, "UNUSED") || strings.Contains(k, "MANY") {
				t.Errorf("%s/%s names a player or a code", bucket, k)
			}
		}
		if n == 0 {
			t.Errorf("%s: no keys", bucket)
		}
	}
}
