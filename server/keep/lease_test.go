package keep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
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
	b = &Leases{bucket: a.bucket, kv: a.kv, js: a.js, Node: "other", ttl: ttl, seal: a.seal, log: a.log}
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
	// A renewal at an old revision (a node that lost track: a renewal
	// it gave up waiting for landed) is refused, read, and renewed at
	// the revision read: the lease is still this node's.
	la2, err = a.renew(ctx, la)
	if err != nil || la2.rev <= la.rev+1 {
		t.Fatalf("a renewal at a revision gone: %+v, %v, want renewed after the read", la2, err)
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
	if _, err := a.renew(ctx, la2); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("renewing a lease another node took: %v", err)
	}
	if err := a.release(ctx, la2); err != nil {
		t.Fatal(err)
	}
	if h, _ := a.Holder(ctx, "4"); h != "other" {
		t.Fatalf("the holder reads %q after the old one's release, want other", h)
	}
	_ = lb
}

// TestLeaseTakenFromANodeGone: a lease naming a node known to have
// left the cluster is taken at its revision at once, not waited out,
// and asked to last the stretched TTL; one naming any other node is
// still held.
func TestLeaseTakenFromANodeGone(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, time.Minute)
	la, err := a.acquire(ctx, "6")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.acquireFrom(ctx, "6", "somebody"); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("a lease taken from a live node for another one's leaving: %v", err)
	}
	if got, want := askedTTL(t, a, "6"), time.Minute.String(); got != want {
		t.Fatalf("a lease taken asks for %q, want %q", got, want)
	}
	if _, err := b.acquireFrom(ctx, "6", "one"); err != nil {
		t.Fatalf("the lease of a node gone: %v", err)
	}
	// Taken over, it is asked to outlive the takeover's round trips.
	if got, want := askedTTL(t, b, "6"), (leaseStretch * time.Minute).String(); got != want {
		t.Fatalf("a lease taken from a node gone asks for %q, want %q", got, want)
	}
	if h, _ := b.Holder(ctx, "6"); h != "other" {
		t.Fatalf("the holder reads %q, want other", h)
	}
	if _, err := a.renew(ctx, la); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("the node said gone renewed a lease taken from it: %v", err)
	}
}

// landed waits until table's lease in the store is past revision rev: a
// write the client gave up waiting for has landed.
func landed(t *testing.T, l *Leases, table string, rev uint64) uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		e, err := l.kv.Get(ctx, table)
		if err == nil && e.Revision() > rev {
			return e.Revision()
		}
		if ctx.Err() != nil {
			t.Fatalf("table %s's renewal never landed past revision %d (%v)", table, rev, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLeaseRenewalAnsweredLate: a renewal whose acknowledgement comes
// after the node stopped waiting still lands; the next renewal, at the
// revision the node knew, is refused, and that is no verdict: the lease
// is read, found this node's, and renewed. Only a lease another node
// holds is lost; one that ran out with nobody taking it is taken again.
func TestLeaseRenewalAnsweredLate(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, time.Minute)
	la, err := a.acquire(ctx, "5")
	if err != nil {
		t.Fatal(err)
	}
	// The client gives up before the acknowledgement can come.
	gaveUp, cancel := context.WithCancel(ctx)
	cancel()
	a.renewAll(gaveUp, []lease{la})
	now := landed(t, a, "5", la.rev)

	next, err := a.renew(ctx, la)
	if err != nil {
		t.Fatalf("the renewal after one answered late: %v, want renewed", err)
	}
	if next.rev <= now {
		t.Fatalf("renewed at revision %d, not past the one that landed late (%d)", next.rev, now)
	}
	if next, err = a.renew(ctx, next); err != nil {
		t.Fatalf("the next renewal, at the revision read: %v", err)
	}

	// Run out and taken by another node (as the store's expiry and a
	// takeover would): lost.
	if err := a.kv.Delete(ctx, "5"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.acquire(ctx, "5"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.renew(ctx, next); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("renewing a lease another node holds: %v, want ErrLeaseLost", err)
	}

	// Run out and taken by nobody: taken again.
	l6, err := a.acquire(ctx, "6")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.kv.Purge(ctx, "6"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.renew(ctx, l6); err != nil {
		t.Fatalf("renewing a lease nobody took after it ran out: %v", err)
	}
	if h, _ := b.Holder(ctx, "6"); h != "one" {
		t.Fatalf("the lease taken again reads %q, want one", h)
	}
}

// TestHoldingAfterALateRound: the holding's round of renewals given up
// before its acknowledgements (the store slow, the node starved) loses
// nothing, and the next round renews; a lease whose renewal is too old
// to be sure of (a node that was frozen) is not Fresh until it is
// confirmed, and confirming it says lost only once another node holds
// it.
func TestHoldingAfterALateRound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// A long TTL: the rounds here are the test's, none by the clock.
	a, b := twoNodes(t, time.Minute)
	var lost []string
	h := &Holding{l: a, leases: map[string]lease{}, lost: func(table string) { lost = append(lost, table) }}
	if err := h.Take(ctx, "7"); err != nil {
		t.Fatal(err)
	}
	rev := h.leases["7"].rev
	gaveUp, stop := context.WithCancel(ctx)
	stop()
	h.renewRound(gaveUp)
	landed(t, a, "7", rev)
	h.renewRound(ctx)
	if len(lost) > 0 || !slices.Equal(h.Held(), []string{"7"}) {
		t.Fatalf("after a round answered late: lost %v, held %v", lost, h.Held())
	}
	if got := h.leases["7"].rev; got <= rev+1 {
		t.Fatalf("the round after renewed nothing: revision %d, was %d", got, rev)
	}
	if !h.Fresh("7") {
		t.Fatal("a lease just renewed is not fresh")
	}

	// Frozen: the last renewal a TTL ago.
	age := func() {
		h.mu.Lock()
		ls := h.leases["7"]
		ls.sent = ls.sent.Add(-time.Minute)
		h.leases["7"] = ls
		h.mu.Unlock()
	}
	age()
	if h.Fresh("7") {
		t.Fatal("a lease last renewed a TTL ago is fresh")
	}
	h.Paused.Store(true)
	if err := h.Confirm(ctx, "7"); err == nil || errors.Is(err, ErrLeaseLost) {
		t.Fatalf("confirming with the renewals paused: %v, want not known", err)
	}
	h.Paused.Store(false)
	if err := h.Confirm(ctx, "7"); err != nil || !h.Fresh("7") {
		t.Fatalf("confirming a lease still held: %v (fresh %v)", err, h.Fresh("7"))
	}

	// Taken by another node while this one was frozen.
	age()
	if err := a.kv.Delete(ctx, "7"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.acquire(ctx, "7"); err != nil {
		t.Fatal(err)
	}
	if err := h.Confirm(ctx, "7"); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("confirming a lease another node took: %v, want ErrLeaseLost", err)
	}
	if !slices.Equal(lost, []string{"7"}) || len(h.Held()) != 0 {
		t.Fatalf("lost %v, held %v; want 7 lost", lost, h.Held())
	}
	if h, _ := b.Holder(ctx, "7"); h != "other" {
		t.Fatalf("the other node's lease reads %q after the old holder's confirmation", h)
	}
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
	gave := start
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
	// The lease given up is not said free again when its delete
	// marker ages out (the bucket's TTL): taken for an expiry, a closed
	// table's lease went round the nodes every TTL for as long as they
	// ran.
	for got := (freedLease{}); got.Table != "9"; {
		select {
		case got = <-freed:
			if got.Table != "9" || !got.Expired {
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
	if _, err := a.renew(ctx, stale); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("the old holder renews: %v, want ErrLeaseLost", err)
	}
	// Until the release's marker has surely aged out (the bucket's TTL
	// is leaseStretch TTLs), lease 10 is not said free again.
	quiet := time.After(max(0, 2*leaseStretch*ttl-time.Since(gave)))
	for {
		select {
		case got := <-freed:
			// (9, taken here and not renewed, expires again.)
			if got.Table == "10" {
				t.Fatalf("freed %+v after its release was said; want nothing more of 10", got)
			}
		case <-quiet:
			return
		case <-ctx.Done():
			t.Fatal(ctx.Err())
		}
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

// askedTTL is the TTL the store was asked to keep table's lease by its
// last write.
func askedTTL(t *testing.T, l *Leases, table string) string {
	t.Helper()
	st, err := l.js.Stream(context.Background(), "KV_"+leasesBucket)
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.GetLastMsgForSubject(context.Background(), "$KV."+leasesBucket+"."+table)
	if err != nil {
		t.Fatal(err)
	}
	return m.Header.Get(jetstream.MsgTTLHeader)
}

// A node whose renewals are slow asks the store to keep its leases
// three times the TTL, from its next write on — an acquisition, a
// round's renewals, a lease read and written again — so that a starved
// node keeps its tables rather than having them run out while it is
// slow; once its rounds have been quick for six TTLs it asks for the
// TTL again (a starved machine's rounds come slow and quick in turns). A
// lease stretched is fresh for as long as the store was asked to keep
// it.
func TestSlowRenewalsStretchTheLeases(t *testing.T) {
	ctx := context.Background()
	a, _ := twoNodes(t, 10*time.Second)
	h := &Holding{l: a, leases: map[string]lease{}, lost: func(string) {}}
	if err := h.Take(ctx, "1"); err != nil {
		t.Fatal(err)
	}
	if got := askedTTL(t, a, "1"); got != "10s" {
		t.Fatalf("a quick node's lease asks for %q, want 10s", got)
	}
	t0 := time.Now()
	for _, c := range []struct {
		at        time.Duration // after t0
		round     time.Duration
		stretched bool
	}{
		{0, time.Second, false},                         // under a sixth of the TTL
		{time.Second, 2 * time.Second, true},            // past a sixth: slow
		{2 * time.Second, 500 * time.Millisecond, true}, // quick: calm from here
		{50 * time.Second, 500 * time.Millisecond, true},
		{55 * time.Second, 3 * time.Second, true},          // slow again
		{56 * time.Second, 500 * time.Millisecond, true},   // calm from here
		{80 * time.Second, time.Second, true},              // between: not calm
		{81 * time.Second, 500 * time.Millisecond, true},   // calm from here
		{140 * time.Second, 500 * time.Millisecond, true},  // calm for 59 s
		{141 * time.Second, 500 * time.Millisecond, false}, // calm for 60 s
		{142 * time.Second, 2 * time.Second, true},
	} {
		h.stretch(c.round, t0.Add(c.at))
		if h.Stretched() != c.stretched {
			t.Fatalf("after a round of %v at %v: stretched %v, want %v", c.round, c.at, h.Stretched(), c.stretched)
		}
	}
	h.renewRound(ctx)
	if got := askedTTL(t, a, "1"); got != "30s" {
		t.Fatalf("a slow node's renewal asks for %q, want 30s", got)
	}
	// That round was quick (nothing starves here), but one quick round
	// does not make the node calm.
	if !h.Stretched() {
		t.Fatal("asking for the TTL again after one quick round")
	}
	if err := h.Take(ctx, "2"); err != nil {
		t.Fatal(err)
	}
	if got := askedTTL(t, a, "2"); got != "30s" {
		t.Fatalf("a slow node's new lease asks for %q, want 30s", got)
	}
	// Fresh for the stretched TTL less a fifth, not the TTL's.
	h.mu.Lock()
	ls := h.leases["2"]
	ls.sent = ls.sent.Add(-15 * time.Second)
	h.leases["2"] = ls
	h.mu.Unlock()
	if !h.Fresh("2") {
		t.Fatal("a lease asked for 30 s is not fresh 15 s after its write")
	}
	// A renewal at a revision gone is read and written again, asking
	// for what the node asks now.
	a.stretched.Store(false)
	if _, err := a.renew(ctx, lease{table: "1", rev: 1}); err != nil {
		t.Fatal(err)
	}
	if got := askedTTL(t, a, "1"); got != "10s" {
		t.Fatalf("a lease read and written again asks for %q, want 10s", got)
	}
}

// TestOvertakenByALaterRevision: word from another node that it holds a
// table's lease at a later revision than this node's loses the lease at
// once, with the store not asked (its renewals paused, as a node just
// woken from a freeze finds its store slow); word of an older or the
// same revision (news late, or this node's own) changes nothing.
func TestOvertakenByALaterRevision(t *testing.T) {
	ctx := context.Background()
	a, b := twoNodes(t, time.Minute)
	var lost []string
	h := &Holding{l: a, leases: map[string]lease{}, lost: func(table string) { lost = append(lost, table) }}
	if err := h.Take(ctx, "7"); err != nil {
		t.Fatal(err)
	}
	rev := h.Revision("7")
	if rev == 0 || h.Revision("8") != 0 {
		t.Fatalf("revisions %d held, %d not held", rev, h.Revision("8"))
	}
	h.Paused.Store(true)
	if h.Overtaken("7", rev) || h.Overtaken("7", rev-1) || h.Overtaken("8", rev+5) || len(lost) > 0 {
		t.Fatalf("lost %v on news of the same, an older revision or a table not held", lost)
	}
	if err := a.kv.Delete(ctx, "7"); err != nil {
		t.Fatal(err)
	}
	lb, err := b.acquire(ctx, "7")
	if err != nil {
		t.Fatal(err)
	}
	if !h.Overtaken("7", lb.rev) || !slices.Equal(lost, []string{"7"}) || len(h.Held()) != 0 {
		t.Fatalf("news of the other node's lease at %d (this node's %d): lost %v, held %v", lb.rev, rev, lost, h.Held())
	}
	if h.Overtaken("7", lb.rev+1) || len(lost) != 1 {
		t.Fatalf("a lease lost twice: %v", lost)
	}
}

// TestLeasesOnAConnectionOfTheirOwn: the leases' reads and writes do not
// go through the connection the tables' writes and watches use, so a
// renewal never waits behind them (a starved node's renewals came back
// after their wait, queued behind a burst of moves). With the engine's
// main connection closed, a lease is still taken, renewed, read and
// released.
func TestLeasesOnAConnectionOfTheirOwn(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	l, err := OpenLeases(ctx, eng, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	eng.NC.Close()
	ls, err := l.acquire(ctx, "7")
	if err != nil {
		t.Fatalf("a lease taken with the tables' connection closed: %v", err)
	}
	if ls, err = l.renew(ctx, ls); err != nil {
		t.Fatalf("a lease renewed with the tables' connection closed: %v", err)
	}
	if h, err := l.Holder(ctx, "7"); err != nil || h != eng.Node {
		t.Fatalf("the holder read with the tables' connection closed: %q, %v; want %q", h, err, eng.Node)
	}
	if err := l.release(ctx, ls); err != nil {
		t.Fatalf("a lease released with the tables' connection closed: %v", err)
	}
}

// laggingKV answers its first stale gets of each key with the entry
// read when it was made stale, as a replica behind the leader answers
// a direct get: the key-value bucket of a cluster whose writes one
// replica has not taken yet.
type laggingKV struct {
	jetstream.KeyValue
	mu    sync.Mutex
	old   map[string]jetstream.KeyValueEntry
	stale map[string]int
}

// lag makes the next n gets of key answer what the bucket holds now.
func (k *laggingKV) lag(t *testing.T, key string, n int) {
	t.Helper()
	e, err := k.KeyValue.Get(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.old[key], k.stale[key] = e, n
}

func (k *laggingKV) Get(ctx context.Context, key string) (jetstream.KeyValueEntry, error) {
	k.mu.Lock()
	if k.stale[key] > 0 {
		k.stale[key]--
		e := k.old[key]
		k.mu.Unlock()
		return e, nil
	}
	k.mu.Unlock()
	return k.KeyValue.Get(ctx, key)
}

// A lease written again since the node's revision (a renewal of its
// own that landed late), read back from a replica that lags three
// reads behind: given up, and renewed, at the revision the leader
// holds — not refused three times and left held.
func TestLeaseReadFromAReplicaBehind(t *testing.T) {
	ctx := context.Background()
	a, _ := twoNodes(t, time.Minute)
	lag := &laggingKV{KeyValue: a.kv, old: map[string]jetstream.KeyValueEntry{}, stale: map[string]int{}}
	a.kv = lag
	for _, c := range []struct {
		table string
		do    func(lease) error
	}{
		{"7", func(ls lease) error { return a.release(ctx, ls) }},
		{"8", func(ls lease) error { _, err := a.renew(ctx, ls); return err }},
	} {
		ls, err := a.acquire(ctx, c.table)
		if err != nil {
			t.Fatal(err)
		}
		lag.lag(t, c.table, 3) // the replica holds the lease at ls.rev
		if _, err := a.update(ctx, c.table, ls.rev, time.Minute); err != nil {
			t.Fatal(err) // the renewal that landed late
		}
		if err := c.do(ls); err != nil {
			t.Errorf("table %s, its lease read from a replica behind: %v", c.table, err)
		}
	}
	if _, err := a.kv.Get(ctx, "7"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("table 7's lease after its release: %v, want none", err)
	}
	if h, _ := a.Holder(ctx, "8"); h != "one" {
		t.Errorf("table 8's lease reads %q after its renewal, want one", h)
	}
}

// silentKV is a bucket whose next calls, as a frozen node's replica or
// stream leader would, never answer: each waits until its context ends.
// A create may land first (landed): its answer is what is lost. It
// counts the creates and updates sent while a silent one still waited
// (beside).
type silentKV struct {
	jetstream.KeyValue
	mu      sync.Mutex
	gets    int  // the next gets that never answer
	creates int  // the next creates that never answer
	updates int  // the next updates that never answer
	lists   int  // the next listings that never answer
	missing int  // the next gets answered "none" (a replica behind)
	landed  bool // a silent create or update lands all the same
	// waiting is the silent writes still waiting; beside the writes
	// sent meanwhile.
	waiting, beside int
}

func (k *silentKV) silent(n *int) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if *n > 0 {
		*n--
		return true
	}
	return false
}

// write says whether a create or update (its next count n) is silent,
// counting it beside the silent ones still waiting; done ends a silent
// one's wait.
func (k *silentKV) write(n *int) (silent bool, done func()) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.waiting > 0 {
		k.beside++
	}
	if *n == 0 {
		return false, nil
	}
	*n--
	k.waiting++
	return true, func() {
		k.mu.Lock()
		k.waiting--
		k.mu.Unlock()
	}
}

// sentBeside is how many writes were sent while a silent one waited.
func (k *silentKV) sentBeside() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.beside
}

func (k *silentKV) Get(ctx context.Context, key string) (jetstream.KeyValueEntry, error) {
	if k.silent(&k.gets) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if k.silent(&k.missing) {
		return nil, jetstream.ErrKeyNotFound
	}
	return k.KeyValue.Get(ctx, key)
}

func (k *silentKV) ListKeys(ctx context.Context, opts ...jetstream.WatchOpt) (jetstream.KeyLister, error) {
	if k.silent(&k.lists) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return k.KeyValue.ListKeys(ctx, opts...)
}

func (k *silentKV) Create(ctx context.Context, key string, v []byte, opts ...jetstream.KVCreateOpt) (uint64, error) {
	if silent, done := k.write(&k.creates); silent {
		defer done()
		if k.landed {
			if _, err := k.KeyValue.Create(context.Background(), key, v, opts...); err != nil {
				return 0, err
			}
		}
		<-ctx.Done()
		return 0, ctx.Err()
	}
	return k.KeyValue.Create(ctx, key, v, opts...)
}

func (k *silentKV) Update(ctx context.Context, key string, v []byte, last uint64) (uint64, error) {
	if silent, done := k.write(&k.updates); silent {
		defer done()
		if k.landed {
			if _, err := k.KeyValue.Update(context.Background(), key, v, last); err != nil {
				return 0, err
			}
		}
		<-ctx.Done()
		return 0, ctx.Err()
	}
	return k.KeyValue.Update(ctx, key, v, last)
}

// A takeover's lease asked of a store whose first answers never come
// (the leases' stream leader frozen, a direct get handed to a frozen
// replica) is taken on the next ask, well inside the takeover's wait,
// not after each call is waited out whole. A create that landed
// unanswered is this node's lease, taken at its revision — not read as
// another node's, also where the replicas a direct get asks have not
// taken it yet (the leader, which refused the create, is asked).
func TestLeaseTakenPastSilentAnswers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		kv     *silentKV
		holder string
	}{
		{"create unanswered", &silentKV{creates: 2}, "one"},
		{"create landed unanswered", &silentKV{creates: 1, landed: true}, "one"},
		{"create landed unanswered, replicas behind", &silentKV{creates: 1, landed: true, missing: 2 * staleTries}, "one"},
		{"read unanswered", &silentKV{gets: 2}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // each on a store of its own
			a, _ := twoNodes(t, time.Minute)
			c.kv.KeyValue = a.kv
			a.kv = c.kv
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if c.holder == "" {
				if h, err := a.Holder(ctx, "5"); err != nil || h != "" {
					t.Fatalf("the holder of a table nobody holds: %q, %v", h, err)
				}
				return
			}
			ls, err := a.acquire(ctx, "5")
			if err != nil {
				t.Fatalf("the lease not taken: %v", err)
			}
			c.kv.mu.Lock()
			c.kv.missing = 0 // the replicas caught up
			c.kv.mu.Unlock()
			if h, err := a.Holder(ctx, "5"); err != nil || h != c.holder {
				t.Fatalf("the lease reads %q (%v), want %s", h, err, c.holder)
			}
			// The lease is held at the revision acquire says: renewed at it.
			if _, err := a.renew(ctx, ls); err != nil {
				t.Errorf("the lease not renewed at the revision taken: %v", err)
			}
			if ctx.Err() != nil {
				t.Errorf("the takeover's whole wait spent")
			}
		})
	}
}

// A listing of the leases whose first asks are never answered (made
// while the leases' stream leader was frozen) is answered by one asked
// beside them, well inside the listing's wait: asked once and waited
// out whole, the sweep found a frozen node's table nobody's only at its
// next listing, 3 s later.
func TestLeasesListedPastSilentListings(t *testing.T) {
	t.Parallel()
	// Each listing waits on a store of its own, beside the others.
	for _, silent := range []int{1, listsAtOnce - 1} {
		t.Run(fmt.Sprintf("%d unanswered", silent), func(t *testing.T) {
			t.Parallel()
			a, _ := twoNodes(t, time.Minute)
			kv := &silentKV{KeyValue: a.kv, lists: silent}
			a.kv = kv
			if _, err := a.acquire(context.Background(), "3"); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			leased, err := a.Leased(ctx)
			if err != nil || !leased["3"] || len(leased) != 1 {
				t.Errorf("%d listings unanswered: the leases listed %v (%v), want table 3's", silent, leased, err)
			}
			if ctx.Err() != nil {
				t.Errorf("%d listings unanswered: the listing's whole wait spent", silent)
			}
		})
	}
	// The tables kept, listed the same way.
	t.Run("the tables", func(t *testing.T) {
		t.Parallel()
		k, closeFn := openStoreAt(t, t.TempDir())
		defer closeFn()
		if err := k.Log("4").Write([]byte("{}"), nil); err != nil {
			t.Fatal(err)
		}
		k.Tables.KV = &silentKV{KeyValue: k.Tables.KV, lists: 1}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if ids, err := k.Tables.IDs(ctx); err != nil || !slices.Equal(ids, []string{"4"}) || ctx.Err() != nil {
			t.Errorf("a listing of the tables unanswered: listed %v (%v; its whole wait spent: %v), want table 4", ids, err, ctx.Err() != nil)
		}
	})
}

// TestUnrenewedMeasuresTheStoresSilence: Unrenewed is the longest a node
// holding leases went from one round of renewals the store acknowledged
// to the next, or to the end of a round it acknowledged none of; a node
// that held none counts afresh from its next round. Its real rounds on a
// store that answers count the time between them.
func TestUnrenewedMeasuresTheStoresSilence(t *testing.T) {
	h := &Holding{}
	t0 := time.Now()
	for _, c := range []struct {
		sent, end time.Duration // after t0
		acked     bool
		none      bool // no lease held at this round
		want      time.Duration
	}{
		{sent: 0, end: 100 * time.Millisecond, acked: true, want: 0},
		{sent: 2 * time.Second, end: 2100 * time.Millisecond, acked: true, want: 2 * time.Second},
		{sent: 4 * time.Second, end: 8 * time.Second, acked: false, want: 6 * time.Second},           // none acknowledged: from 2 s to its end
		{sent: 9 * time.Second, end: 13 * time.Second, acked: false, want: 11 * time.Second},         // still none
		{sent: 14 * time.Second, end: 14100 * time.Millisecond, acked: true, want: 12 * time.Second}, // from 2 s to 14 s
		{sent: 16 * time.Second, end: 16100 * time.Millisecond, acked: true, want: 12 * time.Second}, // quick again: the longest stays
		{none: true, want: 12 * time.Second},
		{sent: 60 * time.Second, end: 64 * time.Second, acked: false, want: 12 * time.Second}, // afresh: 4 s, not 44 s
		{sent: 65 * time.Second, end: 79 * time.Second, acked: false, want: 19 * time.Second}, // from 60 s to 79 s
	} {
		if c.none {
			h.ackedAt = time.Time{}
		} else {
			h.unrenewedFor(t0.Add(c.sent), t0.Add(c.end), c.acked)
		}
		if got := h.Unrenewed(); got != c.want {
			t.Fatalf("after the round sent at %v (acknowledged %v, none held %v): unrenewed %v, want %v", c.sent, c.acked, c.none, got, c.want)
		}
	}

	ctx := context.Background()
	a, _ := twoNodes(t, 10*time.Second)
	h = &Holding{l: a, leases: map[string]lease{}, lost: func(string) {}}
	if err := h.Take(ctx, "1"); err != nil {
		t.Fatal(err)
	}
	h.renewRound(ctx)
	const apart = 300 * time.Millisecond
	time.Sleep(apart)
	h.renewRound(ctx)
	if got := h.Unrenewed(); got < apart || got >= 10*time.Second {
		t.Fatalf("two rounds the store acknowledged %v apart: unrenewed %v, want at least that and under the TTL", apart, got)
	}
}
