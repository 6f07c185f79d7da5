package keep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Holding is a node's hold on the leases it took (lease.go): renewed
// a few times a TTL in rounds, each lease's state kept so that a table
// acts only while its lease is surely this node's (Fresh, Confirm), and
// the node told at once of a lease lost.

// Holding renews every lease a node holds, a few times a TTL, and says
// which are lost (the node must stop running those tables at once:
// another may have them). It also says, table by table, whether the
// lease is surely still this node's (Fresh) and makes sure of it when
// it may not be (Confirm): a node that was frozen (SIGSTOP, a long
// pause, a starved machine) must not act on what queued meanwhile, nor
// send its players anything, before it knows the table is still its.
type Holding struct {
	// paused (tests) stops the renewals, as a node cut off from the
	// others would: nothing is renewed or confirmed.
	Paused atomic.Bool
	l      *Leases
	lost   func(table string)
	mu     sync.Mutex
	leases map[string]lease
	// inflight is closed when the round of renewals under way ends (nil:
	// none under way).
	inflight chan struct{}
	// round is how long the last round of renewals took to be
	// acknowledged, in nanoseconds: the store's acknowledgement time,
	// for the node's health.
	round atomic.Int64
	// calmSince is when the renewals last turned quick (stretch).
	calmSince time.Time
	// ackedAt is when the last round that had a renewal acknowledged
	// was sent (zero: no lease held); unrenewed the longest, in
	// nanoseconds, a node holding leases went from such a round to the
	// next (Unrenewed). Both are the renewing goroutine's.
	ackedAt   time.Time
	unrenewed atomic.Int64
}

// Unrenewed is the longest this node, holding leases, went without the
// store acknowledging any of its renewals: from the sending of one round
// that renewed a lease to the next's (or to the end of a round that
// renewed none). At the TTL or longer its leases may have run out while
// it ran (a store that took no writes: an fsync stalled on a busy disk,
// its streams electing leaders), as a frozen node's must; below a
// third of the TTL its renewals were never late. A measure that tells a
// starved store from a fault of the node's (okey load's children say it).
func (h *Holding) Unrenewed() time.Duration { return time.Duration(h.unrenewed.Load()) }

// LastRound is how long the last round of renewals took to be
// acknowledged (0: none yet, or no lease held).
func (h *Holding) LastRound() time.Duration { return time.Duration(h.round.Load()) }

// NewHolding starts renewing until ctx ends; lost is called (from the
// renewing goroutine) for each lease another node holds now.
func NewHolding(ctx context.Context, l *Leases, lost func(table string)) *Holding {
	h := &Holding{l: l, lost: lost, leases: map[string]lease{}}
	go h.run(ctx)
	return h
}

// Take acquires table's lease and keeps it renewed.
func (h *Holding) Take(ctx context.Context, table string) error {
	return h.TakeFrom(ctx, table, "")
}

// TakeFrom is Take that also takes the lease from node gone, known to
// have left the cluster (its process killed, its routes closed): its
// tables are taken over at once, not after their leases run out, which
// can take many seconds while the store elects new leaders.
func (h *Holding) TakeFrom(ctx context.Context, table, gone string) error {
	ls, err := h.l.acquireFrom(ctx, table, gone)
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.leases[table] = ls
	h.mu.Unlock()
	return nil
}

// Give releases table's lease (the table closed, or is handed over).
func (h *Holding) Give(ctx context.Context, table string) error {
	h.mu.Lock()
	ls, ok := h.leases[table]
	delete(h.leases, table)
	h.mu.Unlock()
	if !ok {
		return nil
	}
	return h.l.release(ctx, ls)
}

// GiveAll releases every lease held: a node shutting down.
func (h *Holding) GiveAll(ctx context.Context) error {
	h.mu.Lock()
	tables := make([]string, 0, len(h.leases))
	for t := range h.leases {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	var errs []error
	for _, t := range tables {
		errs = append(errs, h.Give(ctx, t))
	}
	return errors.Join(errs...)
}

// Held lists the tables whose leases this node holds.
func (h *Holding) Held() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.leases))
	for t := range h.leases {
		out = append(out, t)
	}
	SortByNumber(out, func(s string) string { return s })
	return out
}

// freshFor is how long after a renewal asking ttl was sent its lease
// counts as surely this node's: the TTL (the store keeps the lease at
// least that long from when it took the write, after it was sent) less
// a fifth, for the clocks' drift and the time a message to a player
// takes.
func freshFor(ttl time.Duration) time.Duration { return ttl - ttl/5 }

// Fresh says whether table's lease is surely still this node's: renewed
// (a renewal acknowledged) recently enough that it cannot have run out,
// so no other node can run the table yet. A node that was frozen, or
// whose renewals the store is slow to acknowledge, finds it false, and
// must Confirm before the table acts or speaks.
func (h *Holding) Fresh(table string) bool {
	h.mu.Lock()
	ls, ok := h.leases[table]
	h.mu.Unlock()
	return ok && time.Since(ls.sent) < freshFor(ls.ttl)
}

// Revision is the revision of table's lease as this node last wrote or
// read it (0: not held here): what a node that took a table over says
// it holds, so that a node that ran it before learns it lost it.
func (h *Holding) Revision(table string) uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.leases[table].rev
}

// Overtaken takes word from another node that it holds table's lease
// at revision rev: if this node holds it at an older revision, the
// lease is lost (another node's write came after every one of this
// node's), as if a renewal had been refused, and lost is called; true
// then. A node waking from a freeze hears this before its store answers
// the confirmation its tables wait for, and stops them at once.
func (h *Holding) Overtaken(table string, rev uint64) bool {
	h.mu.Lock()
	cur, ok := h.leases[table]
	h.mu.Unlock()
	if !ok || rev <= cur.rev {
		return false
	}
	h.note(cur, lease{}, fmt.Errorf("table %s: written by another node at revision %d: %w", table, rev, ErrLeaseLost))
	return true
}

// errPaused is a confirmation asked of a node whose renewals are paused
// (tests: a node cut off from the others).
var errPaused = errors.New("the renewals are paused")

// Confirm makes sure table's lease is still this node's: at once if it
// is Fresh; else after the round of renewals under way, if that renews
// it; else by renewing it now (reading it, if the renewal is refused or
// not answered). nil: the table may act; ErrLeaseLost: another node
// holds it (the lost callback has been called); any other error: not
// known yet (the store did not answer before ctx ended), and the table
// must not act until it is.
func (h *Holding) Confirm(ctx context.Context, table string) error {
	for {
		h.mu.Lock()
		ls, ok := h.leases[table]
		wait := h.inflight
		h.mu.Unlock()
		switch {
		case !ok:
			return fmt.Errorf("table %s: %w", table, ErrLeaseLost)
		case time.Since(ls.sent) < freshFor(ls.ttl):
			return nil
		case h.Paused.Load():
			return fmt.Errorf("table %s's lease: %w", table, errPaused)
		}
		if wait == nil {
			next, errs := h.l.renewAll(ctx, []lease{ls})
			h.note(ls, next[0], errs[0])
			return errs[0]
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return fmt.Errorf("table %s's lease: %w", table, ctx.Err())
		}
	}
}

// note keeps what a renewal (or a read) learned of lease old: a newer
// revision, or the lease lost (then lost is called). A lease given up
// meanwhile that the renewal took again is given up again.
func (h *Holding) note(old, next lease, err error) {
	h.mu.Lock()
	cur, still := h.leases[old.table]
	switch {
	case !still:
	case errors.Is(err, ErrLeaseLost):
		delete(h.leases, old.table)
	case next.rev > cur.rev || next.rev == cur.rev && next.sent.After(cur.sent):
		if cur.sent.After(next.sent) {
			// A revision read, after a renewal of this node's that
			// another goroutine saw acknowledged.
			next.sent = cur.sent
		}
		h.leases[old.table] = next
	}
	h.mu.Unlock()
	switch {
	case still && errors.Is(err, ErrLeaseLost):
		h.lost(old.table)
	case !still && err == nil:
		ctx, cancel := context.WithTimeout(context.Background(), h.l.ttl/3)
		_ = h.l.release(ctx, next)
		cancel()
	}
}

// run renews every lease held, a round every third of the TTL, until
// ctx ends. A round whose acknowledgements are slow (a starved machine,
// a store electing a leader) is waited for up to the TTL less a margin,
// and the next begins only once it is over: a renewal not answered
// within a third of the TTL has not failed (it lands all the same), and
// rounds that overlapped would renew at revisions already gone.
func (h *Holding) run(ctx context.Context) {
	tick := time.NewTicker(h.l.ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if h.Paused.Load() {
			continue
		}
		h.renewRound(ctx)
	}
}

// stretch takes a round of renewals that took took, ended at now: the
// leases written from then on ask for leaseStretch times the TTL after
// a round slower than a sixth of it, and for the TTL again once the
// rounds have been quicker than a twelfth of it for calmFor TTLs. A node
// whose renewals slow down (a starved machine) keeps its leases while it
// is slow, before they can run out, rather than having them taken by a
// node as starved as it is; and a node that dies after a calm spell is
// still taken over a TTL after its last renewal. It is called from the
// renewing goroutine only (and tests).
func (h *Holding) stretch(took time.Duration, now time.Time) {
	ttl := h.l.ttl
	stretched := h.l.stretched.Load()
	switch {
	case took > ttl/stretchPast:
		h.calmSince = time.Time{}
		if !stretched {
			h.l.stretched.Store(true)
			h.l.log.Warn("renewals are slow: leases ask for longer", "round", took.Round(time.Millisecond), "ttl", leaseStretch*ttl)
		}
	case took >= ttl/unstretchTill:
		h.calmSince = time.Time{} // not calm yet
	case !stretched:
	case h.calmSince.IsZero():
		h.calmSince = now
	case now.Sub(h.calmSince) >= calmFor*ttl:
		h.l.stretched.Store(false)
		h.l.log.Info("renewals are quick again: leases ask for the TTL", "calm", now.Sub(h.calmSince).Round(time.Second), "ttl", ttl)
		h.calmSince = time.Time{}
	}
}

// unrenewedFor takes a round of renewals sent at sent and ended at end,
// acked if the store acknowledged one of them, into Unrenewed. The first
// round after none was held counts from its own sending (the leases
// were taken just before: a take is acknowledged). It is called from
// the renewing goroutine only (and tests).
func (h *Holding) unrenewedFor(sent, end time.Time, acked bool) {
	if h.ackedAt.IsZero() {
		h.ackedAt = sent
	}
	gap := end.Sub(h.ackedAt)
	if acked {
		gap = sent.Sub(h.ackedAt)
		h.ackedAt = sent
	}
	if int64(gap) > h.unrenewed.Load() {
		h.unrenewed.Store(int64(gap))
	}
}

// Stretched says whether this node's leases ask for longer than the TTL
// now (its renewals were slow).
func (h *Holding) Stretched() bool { return h.l.stretched.Load() }

// renewRound renews every lease held, once.
func (h *Holding) renewRound(ctx context.Context) {
	h.mu.Lock()
	now := make([]lease, 0, len(h.leases))
	for _, ls := range h.leases {
		now = append(now, ls)
	}
	done := make(chan struct{})
	h.inflight = done
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inflight = nil
		h.mu.Unlock()
		close(done)
	}()
	rctx, cancel := context.WithTimeout(ctx, freshFor(h.l.ttl))
	start := time.Now()
	renewed, errs := h.l.renewAll(rctx, now)
	cancel()
	if len(now) > 0 {
		took := time.Since(start)
		h.round.Store(int64(took))
		h.stretch(took, time.Now())
		h.unrenewedFor(start, time.Now(), slices.ContainsFunc(errs, func(err error) bool { return err == nil }))
	} else {
		h.ackedAt = time.Time{}
	}
	for i, ls := range now {
		// A renewal not settled is tried again at the next round, at
		// the revision read if one was.
		h.note(ls, renewed[i], errs[i])
	}
}

// SortByNumber sorts tables by their numbers (id of each).
func SortByNumber[T any](ts []T, id func(T) string) {
	slices.SortFunc(ts, func(a, b T) int {
		x, _ := strconv.Atoi(id(a))
		y, _ := strconv.Atoi(id(b))
		return x - y
	})
}
