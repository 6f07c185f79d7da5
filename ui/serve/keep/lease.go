package keep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Leases: when several nodes share the store, each table is run by one
// node at a time, the one holding its lease. A lease is the table's key
// in the bucket okey_leases, holding the node's name: made with Create
// (only if nobody holds it), renewed with Update at the revision last
// written (only if nobody took it since), and gone by itself once its
// holder stops renewing for the bucket's TTL, which leaves a marker that
// every node's watch sees, so another node can take the table over. The
// records' stream fences the moves themselves (each append names the
// last sequence); the lease only says who should be writing.

// leasesBucket is the bucket of the tables' leases.
const leasesBucket = "okey_leases"

// LeaseTTL is how long a lease outlives its holder's last renewal: the
// longest a table waits for another node after its node dies.
const LeaseTTL = 5 * time.Second

// ErrLeaseHeld is an acquire refused because another node holds the
// table; errLeaseLost a renewal refused because the lease expired or
// another node took it.
var (
	ErrLeaseHeld = errors.New("another node runs the table")
	errLeaseLost = errors.New("the table's lease was lost")
)

// Leases is one node's side of the bucket.
type Leases struct {
	kv   jetstream.KeyValue
	js   jetstream.JetStream
	Node string
	ttl  time.Duration
	seal *Sealer
	// log says each lease refused (its value does not open).
	log *slog.Logger
}

// leaseValue is the value of table's lease held by node: the node's
// name, sealed for the table's key, so that a writer of the store
// without the cluster's secret cannot name a holder.
func (l *Leases) leaseValue(table string) []byte {
	return l.seal.Seal(leasesBucket+"/"+table, []byte(l.Node))
}

// leaseHolder is the node a lease's value names; a value that does not
// open (a forger's, or from before the seal) names no holder, and is
// logged.
func (l *Leases) leaseHolder(table string, v []byte) (string, bool) {
	b, err := l.seal.Open(leasesBucket+"/"+table, v)
	if err != nil {
		l.log.Warn("a table's lease refused: not sealed with the cluster's secret (forged, or written before the seal)", "table", table)
		return "", false
	}
	return string(b), true
}

// SetLog makes the leases say on log each lease value refused.
func (l *Leases) SetLog(log *slog.Logger) {
	if log != nil {
		l.log = log
	}
}

// lease is one held lease: its table and the revision last written.
type lease struct {
	table string
	rev   uint64
}

// OpenLeases makes (or finds) the bucket, whose keys live ttl.
func OpenLeases(ctx context.Context, eng *Engine, ttl time.Duration) (*Leases, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{
		Bucket:      leasesBucket,
		Description: "okey serve: which node runs each table",
		History:     1,
		TTL:         ttl,
		// An expired lease leaves a marker the watches see.
		LimitMarkerTTL: max(ttl, time.Second),
		Storage:        jetstream.FileStorage,
		Replicas:       eng.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", leasesBucket, err)
	}
	return &Leases{kv: kv, js: eng.js, Node: eng.Node, ttl: ttl, seal: eng.Seal, log: slog.New(slog.DiscardHandler)}, nil
}

// acquire takes table's lease if nobody holds it. A lease whose value
// does not open holds nothing: it is taken over at its revision.
func (l *Leases) acquire(ctx context.Context, table string) (lease, error) {
	rev, err := l.kv.Create(ctx, table, l.leaseValue(table))
	if errors.Is(err, jetstream.ErrKeyExists) {
		if e, ok := l.current(ctx, table, 0, true); ok {
			if _, ok := l.leaseHolder(table, e.Value()); !ok {
				rev, err = l.kv.Update(ctx, table, l.leaseValue(table), e.Revision())
			}
		}
	}
	if errors.Is(err, jetstream.ErrKeyExists) || isWrongSequence(err) {
		holder, _ := l.Holder(ctx, table)
		return lease{}, fmt.Errorf("table %s: %w (%s)", table, ErrLeaseHeld, holder)
	}
	if err != nil {
		return lease{}, fmt.Errorf("table %s's lease: %w", table, err)
	}
	return lease{table: table, rev: rev}, nil
}

// renew extends a held lease; errLeaseLost if it is no longer this
// node's.
func (l *Leases) renew(ctx context.Context, ls lease) (lease, error) {
	next, errs := l.renewAll(ctx, []lease{ls})
	return next[0], errs[0]
}

// renewAll extends held leases together: every renewal is published at
// once (an Update at the revision last written, as renew) and the
// acknowledgements are waited for after. One at a time, a node's
// renewals took a round of the cluster's replication each: on a machine
// starved of CPU a node with 80 tables took longer than the TTL to renew
// them all, and its tables' leases ran out while it was merely slow.
// errs[i] is ls[i]'s error (errLeaseLost if it is no longer this
// node's).
func (l *Leases) renewAll(ctx context.Context, ls []lease) (next []lease, errs []error) {
	next, errs = slices.Clone(ls), make([]error, len(ls))
	acks := make([]jetstream.PubAckFuture, len(ls))
	for i, x := range ls {
		acks[i], errs[i] = l.js.PublishAsync("$KV."+leasesBucket+"."+x.table, l.leaseValue(x.table), jetstream.WithExpectLastSequencePerSubject(x.rev))
	}
	for i, f := range acks {
		if f == nil {
			errs[i] = fmt.Errorf("table %s's lease: %w", ls[i].table, errs[i])
			continue
		}
		select {
		case ack := <-f.Ok():
			next[i].rev = ack.Sequence
		case err := <-f.Err():
			if rev, ok := l.overForged(ctx, ls[i], err); ok {
				next[i].rev = rev
			} else if isWrongSequence(err) {
				errs[i] = fmt.Errorf("table %s: %w", ls[i].table, errLeaseLost)
			} else {
				errs[i] = fmt.Errorf("table %s's lease: %w", ls[i].table, err)
			}
		case <-ctx.Done():
			errs[i] = fmt.Errorf("table %s's lease: %w", ls[i].table, ctx.Err())
		}
	}
	return next, errs
}

// overForged renews a held lease over a value that does not open (a
// forger's, written since the last renewal, err the renewal's refusal):
// a forgery does not take a table from its node. ok is false if the
// lease is another node's (or the store did not answer).
func (l *Leases) overForged(ctx context.Context, ls lease, err error) (rev uint64, ok bool) {
	if !isWrongSequence(err) {
		return 0, false
	}
	table := ls.table
	e, ok := l.current(ctx, table, ls.rev, false)
	if !ok {
		return 0, false
	}
	if _, opens := l.leaseHolder(table, e.Value()); opens {
		return 0, false
	}
	rev, uerr := l.kv.Update(ctx, table, l.leaseValue(table), e.Revision())
	return rev, uerr == nil
}

// current is table's lease as the store holds it past revision rev,
// which a write just refused says it holds (ok false: not read so). A
// lease not found is read again if missing says a replica may be behind
// (a Create refused); otherwise it is gone (a renewal refused after it
// expired), and is not waited for: the renewals after it in the round
// are waiting.
func (l *Leases) current(ctx context.Context, table string, rev uint64, missing bool) (e jetstream.KeyValueEntry, ok bool) {
	err := readPast(ctx, rev, func(ctx context.Context) (uint64, error) {
		var err error
		e, err = l.kv.Get(ctx, table)
		if missing && errors.Is(err, jetstream.ErrKeyNotFound) {
			return 0, nil // a replica behind the write refused
		}
		if err != nil {
			return 0, err
		}
		return e.Revision(), nil
	})
	return e, err == nil && e != nil && e.Revision() > rev
}

// release gives a held lease up at once (a node shutting down hands its
// tables over without waiting for the TTL). A lease already lost is no
// error.
func (l *Leases) release(ctx context.Context, ls lease) error {
	err := l.kv.Delete(ctx, ls.table, jetstream.LastRevision(ls.rev))
	if err != nil && !isWrongSequence(err) && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("table %s's lease: %w", ls.table, err)
	}
	return nil
}

// Leased lists the tables whose lease someone holds: one listing of the
// bucket, not a request a table.
func (l *Leases) Leased(ctx context.Context) (map[string]bool, error) {
	lister, err := l.kv.ListKeys(ctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing the leases: %w", err)
	}
	out := map[string]bool{}
	for k := range lister.Keys() {
		out[k] = true
	}
	_ = lister.Stop()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("listing the leases: %w", ctx.Err())
	}
	return out, nil
}

// Holder is the node holding table's lease ("" if none).
func (l *Leases) Holder(ctx context.Context, table string) (string, error) {
	e, err := l.kv.Get(ctx, table)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("table %s's lease: %w", table, err)
	}
	holder, _ := l.leaseHolder(table, e.Value())
	return holder, nil
}

// freedLease is a table whose lease ended: released by its holder, or
// expired with it (the holder stopped renewing about a TTL ago).
type freedLease struct {
	Table   string
	Expired bool
}

// WatchFreed sends each table whose lease ends (released, or expired
// with its holder) until ctx ends: the tables another node may take
// over.
func (l *Leases) WatchFreed(ctx context.Context) (<-chan freedLease, error) {
	w, err := l.kv.WatchAll(ctx, jetstream.UpdatesOnly())
	if err != nil {
		return nil, fmt.Errorf("watching the leases: %w", err)
	}
	out := make(chan freedLease)
	go func() {
		defer close(out)
		defer w.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case e, ok := <-w.Updates():
				if !ok {
					return
				}
				if e == nil || e.Operation() == jetstream.KeyValuePut {
					continue
				}
				// An expired lease leaves a purge marker; a release
				// is a delete.
				select {
				case out <- freedLease{Table: e.Key(), Expired: e.Operation() == jetstream.KeyValuePurge}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

// Holding renews every lease a node holds, a few times a TTL, and says
// which are lost (the node must stop running those tables at once:
// another may have them).
type Holding struct {
	// paused (tests) stops the renewals, as a node cut off from the
	// others would.
	Paused atomic.Bool
	l      *Leases
	lost   func(table string)
	mu     sync.Mutex
	leases map[string]lease
	// round is how long the last round of renewals took to be
	// acknowledged, in nanoseconds: the store's acknowledgement time,
	// for the node's health.
	round atomic.Int64
}

// LastRound is how long the last round of renewals took to be
// acknowledged (0: none yet, or no lease held).
func (h *Holding) LastRound() time.Duration { return time.Duration(h.round.Load()) }

// NewHolding starts renewing until ctx ends; lost is called (from the
// renewing goroutine) for each lease that could not be renewed.
func NewHolding(ctx context.Context, l *Leases, lost func(table string)) *Holding {
	h := &Holding{l: l, lost: lost, leases: map[string]lease{}}
	go h.run(ctx)
	return h
}

// Take acquires table's lease and keeps it renewed.
func (h *Holding) Take(ctx context.Context, table string) error {
	ls, err := h.l.acquire(ctx, table)
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
		h.mu.Lock()
		now := make([]lease, 0, len(h.leases))
		for _, ls := range h.leases {
			now = append(now, ls)
		}
		h.mu.Unlock()
		rctx, cancel := context.WithTimeout(ctx, h.l.ttl/3)
		start := time.Now()
		renewed, errs := h.l.renewAll(rctx, now)
		cancel()
		if len(now) > 0 {
			h.round.Store(int64(time.Since(start)))
		}
		for i, ls := range now {
			next, err := renewed[i], errs[i]
			h.mu.Lock()
			cur, still := h.leases[ls.table]
			if still && cur.rev == ls.rev {
				if err == nil {
					h.leases[ls.table] = next
				} else if errors.Is(err, errLeaseLost) {
					delete(h.leases, ls.table)
				}
			}
			h.mu.Unlock()
			// A renewal the store could not answer is tried again at
			// the next tick; the lease may still expire meanwhile, and
			// then the next renewal says so.
			if still && errors.Is(err, errLeaseLost) {
				h.lost(ls.table)
			}
		}
	}
}
