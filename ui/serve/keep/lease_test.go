package keep

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// twoNodes are two nodes' views of one bucket (one engine, two names:
// the bucket cannot tell).
func twoNodes(t *testing.T, ttl time.Duration) (a, b *Leases) {
	t.Helper()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	a, err = OpenLeases(context.Background(), eng, ttl)
	if err != nil {
		t.Fatal(err)
	}
	b = &Leases{kv: a.kv, js: a.js, Node: "other", ttl: ttl, seal: a.seal, log: a.log}
	a.Node = "one"
	return a, b
}

func TestLeaseOneHolderAtATime(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, time.Minute)
	la, err := a.acquire(ctx, "4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.acquire(ctx, "4"); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("a second node took a held table: %v", err)
	}
	if h, _ := b.Holder(ctx, "4"); h != "one" {
		t.Fatalf("the holder reads %q, want one", h)
	}
	la2, err := a.renew(ctx, la)
	if err != nil || la2.rev <= la.rev {
		t.Fatalf("renewal: %+v, %v", la2, err)
	}
	// A renewal at an old revision (a node that lost track) is refused.
	if _, err := a.renew(ctx, la); !errors.Is(err, errLeaseLost) {
		t.Fatalf("a stale renewal: %v, want errLeaseLost", err)
	}
	if err := a.release(ctx, la2); err != nil {
		t.Fatal(err)
	}
	lb, err := b.acquire(ctx, "4")
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	// The old holder's lease is gone: neither renewing nor releasing it
	// touches the new holder's.
	if _, err := a.renew(ctx, la2); !errors.Is(err, errLeaseLost) {
		t.Fatalf("renewing a released lease: %v", err)
	}
	if err := a.release(ctx, la2); err != nil {
		t.Fatal(err)
	}
	if h, _ := a.Holder(ctx, "4"); h != "other" {
		t.Fatalf("the holder reads %q after the old one's release, want other", h)
	}
	_ = lb
}

// TestLeaseExpiresAndIsWatched: a holder that stops renewing loses the
// table within about the TTL; the other node's watch says so, it takes
// the table, and the old holder's renewal finds it lost.
func TestLeaseExpiresAndIsWatched(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a lease to expire")
	}
	ttl := time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, b := twoNodes(t, ttl)
	freed, err := b.WatchFreed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hctx, die := context.WithCancel(ctx)
	h := NewHolding(hctx, a, func(table string) { t.Errorf("lease %s lost while renewed", table) })
	if err := h.Take(ctx, "9"); err != nil {
		t.Fatal(err)
	}
	if err := h.Take(ctx, "10"); err != nil {
		t.Fatal(err)
	}
	// Renewed, the leases outlive several TTLs.
	time.Sleep(3 * ttl)
	if got := h.Held(); !slices.Equal(got, []string{"9", "10"}) {
		t.Fatalf("held %v after 3 TTLs of renewals", got)
	}
	if _, err := b.acquire(ctx, "9"); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("a renewed lease was taken: %v", err)
	}
	// Handed over on purpose: freed at once.
	start := time.Now()
	if err := h.Give(ctx, "10"); err != nil {
		t.Fatal(err)
	}
	if got := <-freed; got != (freedLease{Table: "10"}) {
		t.Fatalf("freed %+v, want 10 released", got)
	}
	t.Logf("a lease given up was seen free after %v", time.Since(start).Round(time.Millisecond))

	// The holder stops (a node dies): the lease expires.
	h.mu.Lock()
	stale, ok := h.leases["9"]
	h.mu.Unlock()
	if !ok {
		t.Fatal("no lease 9")
	}
	die()
	start = time.Now()
	// (The lease given up may be said free again as its delete marker
	// ages out: a node taking it over finds nothing to run.)
	for got := (freedLease{}); got.Table != "9"; {
		select {
		case got = <-freed:
			if got.Table != "9" && got.Table != "10" || got.Table == "9" && !got.Expired {
				t.Fatalf("freed %+v, want 9 expired", got)
			}
		case <-ctx.Done():
			t.Fatal("the lease of a node that stopped renewing never expired")
		}
	}
	took := time.Since(start)
	t.Logf("a lease not renewed was seen free after %v (TTL %v)", took.Round(time.Millisecond), ttl)
	if took > 5*ttl {
		t.Errorf("freed after %v, more than 5 TTLs", took)
	}
	if _, err := b.acquire(ctx, "9"); err != nil {
		t.Fatalf("taking over: %v", err)
	}
	if _, err := a.renew(ctx, stale); !errors.Is(err, errLeaseLost) {
		t.Fatalf("the old holder renews: %v, want errLeaseLost", err)
	}
}

// TestLeasesHandedOverAtShutdown: a node stopping on purpose gives every
// table up at once; the others need not wait for the TTL.
func TestLeasesHandedOverAtShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, b := twoNodes(t, time.Minute)
	h := NewHolding(ctx, a, func(string) {})
	for _, id := range []string{"1", "2", "3"} {
		if err := h.Take(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.GiveAll(ctx); err != nil {
		t.Fatal(err)
	}
	if got := h.Held(); len(got) != 0 {
		t.Fatalf("still held after giving all up: %v", got)
	}
	for _, id := range []string{"1", "2", "3"} {
		if _, err := b.acquire(ctx, id); err != nil {
			t.Fatalf("table %s after the handover: %v", id, err)
		}
	}
}
