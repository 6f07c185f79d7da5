package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strconv"
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
// longest a table waits for another node after its node dies, while its
// node's renewals were quick.
const LeaseTTL = 5 * time.Second

// leaseStretch is how many times the TTL a lease asks for while its
// node's renewals are slow (a starved machine, a store electing a
// leader): the store keeps such a lease longer, so a node that is slow,
// not gone, keeps its tables, and another node waits that much longer
// for the tables of a node that dies while slow. Each write of a lease
// carries its TTL (a message TTL); the bucket's own is the longest.
const leaseStretch = 3

// A renewal round slower than a sixth of the TTL makes a node ask for
// stretched leases; it asks for the TTL again once its rounds have been
// quicker than a twelfth of it for calmFor TTLs. A starved machine's
// rounds come slow and quick in turns, so one quick round is not enough:
// a node that went back at once would lose its leases in the next stall.
const (
	stretchPast   = 6
	unstretchTill = 12
	calmFor       = 6
)

// ErrLeaseHeld is an acquire refused because another node holds the
// table; ErrLeaseLost a lease read to be another node's: this node must
// stop running the table at once. Only a read of another holder says
// lost: a renewal refused or not answered says nothing yet (the write
// the node gave up waiting for may have landed, and moved the revision
// on).
var (
	ErrLeaseHeld = errors.New("another node runs the table")
	ErrLeaseLost = errors.New("the table's lease was lost")
)

// Leases is one node's side of the bucket.
type Leases struct {
	kv   jetstream.KeyValue
	js   jetstream.JetStream
	Node string
	ttl  time.Duration
	// stretched says the node asks for leases of leaseStretch times
	// the TTL: its renewals are slow.
	stretched atomic.Bool
	seal      *Sealer
	// log says each lease refused (its value does not open).
	log *slog.Logger

	// bucket is the bucket's name: okey_leases for tables (a
	// tournament's owner holds its lease in a bucket of its own).
	bucket string
	// hedges is the node's bound on its reads' extra attempts.
	hedges hedgeBudget
}

// asking is the TTL a lease written now asks for.
func (l *Leases) asking() time.Duration {
	if l.stretched.Load() {
		return leaseStretch * l.ttl
	}
	return l.ttl
}

// leaseValue is the value of table's lease held by node: the node's
// name and when it was written, sealed for the table's key, so that a
// writer of the store without the cluster's secret can neither name a
// holder nor put an older lease back for long (leaseHolder).
func (l *Leases) leaseValue(table string) []byte {
	return l.seal.Seal(l.bucket+"/"+table, fmt.Appendf(nil, "%s\n%d", l.Node, time.Now().UnixNano()))
}

// leaseHolder is the node a lease's value names and when it was
// written (zero: a value from before leases said when); a value that
// does not open (a forger's, or from before the seal) names no holder,
// and is logged.
func (l *Leases) leaseHolder(table string, v []byte) (string, time.Time, bool) {
	b, err := l.seal.Open(l.bucket+"/"+table, v)
	if err != nil {
		l.log.Warn("a table's lease refused: not sealed with the cluster's secret (forged, or written before the seal)", "table", table)
		return "", time.Time{}, false
	}
	node, at, ok := bytes.Cut(b, []byte("\n"))
	if !ok {
		return string(b), time.Time{}, true
	}
	n, err := strconv.ParseInt(string(at), 10, 64)
	if err != nil {
		return string(node), time.Time{}, true
	}
	return string(node), time.Unix(0, n), true
}

// leaseAge is how old a lease's value may be and still name a holder:
// a holder rewrites it every renewal, and the store keeps one at most
// leaseStretch TTLs; one more TTL for the clocks' drift between nodes.
// An older value is one put back (a replay), and holds nothing.
func (l *Leases) leaseAge() time.Duration { return (leaseStretch + 1) * l.ttl }

// SetLog makes the leases say on log each lease value refused.
func (l *Leases) SetLog(log *slog.Logger) {
	if log != nil {
		l.log = log
	}
}

// lease is one held lease: its table, the revision last written, when
// the write of that revision was sent, and the TTL it asked for: the
// store keeps the lease at least that long from then, so until then no
// other node can hold it.
type lease struct {
	table string
	rev   uint64
	sent  time.Time
	ttl   time.Duration
}

// OpenLeases makes (or finds) the bucket, whose keys live ttl (each
// write says its own, at most leaseStretch times ttl; whole seconds, at
// least one: the store counts message TTLs so).
func OpenLeases(ctx context.Context, eng *Engine, ttl time.Duration) (*Leases, error) {
	return openLeasesIn(ctx, eng, ttl, leasesBucket, "okey serve: which node runs each table")
}

// openLeasesIn makes (or finds) a bucket of leases named bucket: the
// tables' (OpenLeases), or another kind of thing one node at a time
// runs.
func openLeasesIn(ctx context.Context, eng *Engine, ttl time.Duration, bucket, about string) (*Leases, error) {
	ttl = max(ttl.Round(time.Second), time.Second)
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{
		Bucket:      bucket,
		Description: about,
		History:     1,
		TTL:         leaseStretch * ttl,
		// An expired lease leaves a marker the watches see.
		LimitMarkerTTL: max(ttl, time.Second),
		Storage:        jetstream.FileStorage,
		Replicas:       eng.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", bucket, err)
	}
	// Its reads and writes go on the leases' own connection (Engine's
	// leaseNC): the bucket was made on the engine's.
	js := eng.leaseJS
	if js == nil {
		js = eng.js
	} else if kv, err = eng.bindBucket(ctx, js, bucket); err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", bucket, err)
	}
	return &Leases{bucket: bucket, kv: kv, js: js, Node: eng.Node, ttl: ttl, seal: eng.Seal, log: slog.New(slog.DiscardHandler), hedges: eng.budget()}, nil
}

// holderOf is the node a lease's entry names, and when it was written:
// the one place a lease's value is read. A value that does not open
// with the cluster's secret (a forger's, or from before the seal), or
// that was written longer ago than any lease is kept (leaseAge: a
// node's value put back), names no holder ("").
func (l *Leases) holderOf(e jetstream.KeyValueEntry) (string, time.Time) {
	return l.holderIn(e.Key(), e.Value())
}

// holderIn is holderOf of table's lease value v.
func (l *Leases) holderIn(table string, v []byte) (string, time.Time) {
	h, at, ok := l.leaseHolder(table, v)
	if ok && !at.IsZero() && time.Since(at) > l.leaseAge() {
		if h == l.Node {
			// This node's own last write, read as it wakes from a
			// freeze (or a starvation) longer than a lease is kept:
			// stale, not put back (one put back by a writer of the
			// store is said by every other node).
			l.log.Debug("a table's lease of this node's, older than a lease is kept: held no more", "table", table, "written", at)
		} else {
			l.log.Warn("a table's lease refused: older than a lease is kept (put back: replayed)", "table", table, "holder", h, "written", at)
		}
		return "", time.Time{}
	}
	return h, at
}

// acquire takes table's lease if nobody holds it. A lease whose value
// does not open holds nothing: it is taken over at its revision.
func (l *Leases) acquire(ctx context.Context, table string) (lease, error) {
	return l.acquireFrom(ctx, table, "")
}

// acquireFrom is acquire that also takes, at its revision, a lease
// naming node gone ("": none), a node known to have left the cluster:
// its leases need not be waited out. Another node quicker to take it
// leaves the revision moved on, and this write refused.
func (l *Leases) acquireFrom(ctx context.Context, table, gone string) (_ lease, err error) {
	sent, ttl := time.Now(), l.asking()
	if gone != "" {
		// A takeover from a node gone: bringing the table back takes
		// the store several round trips more (its record read, then
		// claimed), seconds each on a loaded store, and a lease that ran
		// short meanwhile would hold the table back for a confirmation
		// before it starts. Its lease is asked to outlive them; the
		// next renewal asks the usual TTL again.
		ttl = leaseStretch * l.ttl
	}
	// Asked on short waits, again while unanswered: a create sent while
	// the leases' stream elects a new leader waits on the frozen one, for
	// as long as a takeover. A create asked again after an attempt that
	// landed unanswered finds the lease, naming this node: taken at its
	// revision. The first attempt's send is the lease's start: the store
	// keeps it at least ttl from then.
	tries := 0
	var rev uint64
	err = untilAvailable(ctx, func(ctx context.Context) (err error) {
		tries++
		rev, err = l.kv.Create(ctx, table, l.leaseValue(table), jetstream.KeyTTL(ttl))
		return err
	})
	l.log.Debug("a lease's create", "table", table, "rev", rev, "tries", tries, "err", err, "in", time.Since(sent).Round(time.Millisecond))
	holder := ""
	if errors.Is(err, jetstream.ErrKeyExists) {
		// Whose lease stands is read from the leader: the create was
		// refused because the leader holds the key, and a replica a
		// write behind (a direct get) would say it holds none, the
		// create that landed unanswered then taken for another node's.
		var v []byte
		var cur uint64
		var removed bool
		v, cur, removed, err = leaderLastMarked(ctx, l.js.Conn(), l.bucket, table)
		switch {
		case err != nil:
			return lease{}, fmt.Errorf("table %s's lease, read after its create was refused: %w", table, err)
		case v == nil || removed:
			// Gone since the create was refused (released, or expired):
			// free to take at the marker's revision.
			sent = time.Now()
			rev, err = l.update(ctx, table, cur, ttl)
		default:
			holder, _ = l.holderIn(table, v)
			if holder == "" || gone != "" && holder == gone || tries > 1 && holder == l.Node {
				switch {
				case holder == "":
					sent = time.Now()
				case holder == gone:
					sent = time.Now()
					defer func() {
						if err == nil {
							l.log.Info("a table's lease taken from a node gone from the cluster", "table", table, "node", gone, "rev", cur)
						}
					}()
				default:
					l.log.Debug("a lease's create landed unanswered: taken at its revision", "table", table, "rev", cur)
				}
				rev, err = l.update(ctx, table, cur, ttl)
			} else {
				err = jetstream.ErrKeyExists
			}
		}
	}
	if errors.Is(err, jetstream.ErrKeyExists) || isWrongSequence(err) {
		if holder == "" {
			holder, _ = l.Holder(ctx, table)
		}
		return lease{}, fmt.Errorf("table %s: %w (%s)", table, ErrLeaseHeld, holder)
	}
	if err != nil {
		return lease{}, fmt.Errorf("table %s's lease: %w", table, err)
	}
	return lease{table: table, rev: rev, sent: sent, ttl: ttl}, nil
}

// update writes this node's lease of table over revision rev, asking
// the store to keep it ttl.
func (l *Leases) update(ctx context.Context, table string, rev uint64, ttl time.Duration) (uint64, error) {
	ack, err := l.js.Publish(ctx, "$KV."+l.bucket+"."+table, l.leaseValue(table),
		jetstream.WithExpectLastSequencePerSubject(rev), jetstream.WithMsgTTL(ttl))
	if err != nil {
		return 0, err
	}
	return ack.Sequence, nil
}

// renew extends a held lease; ErrLeaseLost if another node holds it.
func (l *Leases) renew(ctx context.Context, ls lease) (lease, error) {
	next, errs := l.renewAll(ctx, []lease{ls})
	return next[0], errs[0]
}

// renewAll extends held leases together: every renewal is published at
// once (an Update at the revision last written) and the
// acknowledgements are waited for after. One at a time, a node's
// renewals took a round of the cluster's replication each: on a machine
// starved of CPU a node with 80 tables took longer than the TTL to renew
// them all, and its tables' leases ran out while it was merely slow.
//
// A renewal refused (the revision moved on) or not answered before ctx
// ends is not a verdict: a renewal the node gave up waiting for lands
// all the same, and the next one, at the revision before it, is
// refused. Those leases are read (settle) while ctx lasts: still this
// node's, they are renewed at the revision read. errs[i] is ls[i]'s
// error: ErrLeaseLost only if another node holds it; any other error
// leaves the lease as it stood (next[i] may carry a revision read),
// for the next round to settle.
func (l *Leases) renewAll(ctx context.Context, ls []lease) (next []lease, errs []error) {
	next, errs = slices.Clone(ls), make([]error, len(ls))
	acks := make([]jetstream.PubAckFuture, len(ls))
	ttl := l.asking()
	for i, x := range ls {
		next[i].sent, next[i].ttl = time.Now(), ttl
		acks[i], errs[i] = l.js.PublishAsync("$KV."+l.bucket+"."+x.table, l.leaseValue(x.table),
			jetstream.WithExpectLastSequencePerSubject(x.rev), jetstream.WithMsgTTL(ttl))
	}
	var unsure []int
	for i, f := range acks {
		if f == nil {
			unsure = append(unsure, i)
			continue
		}
		select {
		case ack := <-f.Ok():
			next[i].rev = ack.Sequence
			continue
		case err := <-f.Err():
			errs[i] = err
		case <-ctx.Done():
			errs[i] = ctx.Err()
		}
		unsure = append(unsure, i)
	}
	for _, i := range unsure {
		errs[i] = fmt.Errorf("table %s's lease: %w", ls[i].table, errs[i])
		next[i] = ls[i]
	}
	if len(unsure) == 0 || ctx.Err() != nil {
		return next, errs
	}
	// Read what became of them, a few at a time (each read is a round
	// trip; a node that lost track of all its leases at once must not
	// wait for them one after another).
	var wg sync.WaitGroup
	limit := make(chan struct{}, settleAtOnce)
	for _, i := range unsure {
		wg.Add(1)
		limit <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-limit }()
			next[i], errs[i] = l.settle(ctx, ls[i])
		}()
	}
	wg.Wait()
	return next, errs
}

// settleAtOnce is how many leases a node reads at once when it lost
// track of their revisions.
const settleAtOnce = 16

// settle learns what became of a lease whose renewal was refused or
// not answered, and renews it if it is still this node's: read, it is
// renewed at the revision read; gone (expired, released), it is taken
// again, unless another node was quicker. ErrLeaseLost only when a read
// names another holder; another error says nothing either way (the
// lease, with any revision read, is kept for the next try).
func (l *Leases) settle(ctx context.Context, ls lease) (lease, error) {
	var past uint64 // a revision refused: the store holds a later one
	for range settleTries {
		e, err := l.readLease(ctx, ls.table, past)
		switch {
		case err == nil && e == nil:
			// Nobody holds it: this node's lease ran out (or was
			// given up) and nobody took it over, so nobody wrote the
			// table since either (a node taking over claims the
			// record, which fences this one's writes all the same).
			sent, ttl := time.Now(), l.asking()
			rev, err := l.kv.Create(ctx, ls.table, l.leaseValue(ls.table), jetstream.KeyTTL(ttl))
			if err == nil {
				return lease{table: ls.table, rev: rev, sent: sent, ttl: ttl}, nil
			}
			if !isWrongSequence(err) {
				return ls, fmt.Errorf("table %s's lease, taken again: %w", ls.table, err)
			}
			continue // another node was quicker: read whose it is
		case err != nil:
			return ls, fmt.Errorf("reading table %s's lease: %w", ls.table, err)
		}
		// Another node's is lost; a value that does not open names
		// nobody (a forger's, written since), and one written before
		// this node's last renewal was sent is an older value put back
		// (another node takes a lease only once this node's has run
		// out, a TTL after that): renewed over, as this node's own,
		// since a forgery takes no table from its node.
		if h, at := l.holderOf(e); h != l.Node && h != "" {
			if !at.Before(ls.sent) {
				return ls, fmt.Errorf("table %s: %w (%s)", ls.table, ErrLeaseLost, h)
			}
			l.log.Warn("a table's lease refused: older than this node's (put back: replayed); written over", "table", ls.table, "holder", h, "written", at)
		}
		ls.rev, past = e.Revision(), e.Revision()
		sent, ttl := time.Now(), l.asking()
		rev, err := l.update(ctx, ls.table, e.Revision(), ttl)
		if err == nil {
			return lease{table: ls.table, rev: rev, sent: sent, ttl: ttl}, nil
		}
		if !isWrongSequence(err) {
			return ls, fmt.Errorf("table %s's lease: %w", ls.table, err)
		}
		// Written again since the read (a renewal of this node's own,
		// landing late): read again.
	}
	return ls, fmt.Errorf("table %s's lease: %w", ls.table, errLeaseBusy)
}

// readLease reads table's lease once the store's answer is past
// revision rev (0: as it stands): a write at rev was just refused, so
// the store holds a later one, but a direct get may be answered by a
// replica that has not taken it yet, and a write at what it says is
// refused again (readPast reads again, half a second at most). nil: no
// lease kept — expired, or given up.
func (l *Leases) readLease(ctx context.Context, table string, rev uint64) (jetstream.KeyValueEntry, error) {
	var e jetstream.KeyValueEntry
	err := readPast(ctx, rev, func(ctx context.Context) (uint64, error) {
		var err error
		e, err = getSoon(ctx, l.hedges, l.kv, table)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			e = nil
			return math.MaxUint64, nil // none kept: nothing later to wait for
		}
		if err != nil {
			e = nil
			return 0, err
		}
		return e.Revision(), nil
	})
	return e, err
}

// settleTries is how many reads settle makes of a lease written again
// and again meanwhile before it leaves it to the next round.
const settleTries = 3

// errLeaseBusy is a lease written again after each of settle's reads:
// whose it is stays unknown until the next round.
var errLeaseBusy = errors.New("written again as it was read")

// release gives a held lease up at once (a node shutting down hands its
// tables over without waiting for the TTL). A lease already lost is no
// error; one written since its revision (a renewal that landed late) is
// read, and given up at the revision read if it is still this node's.
func (l *Leases) release(ctx context.Context, ls lease) error {
	for range settleTries {
		err := l.kv.Delete(ctx, ls.table, jetstream.LastRevision(ls.rev))
		if err == nil || errors.Is(err, jetstream.ErrKeyNotFound) {
			return nil
		}
		if !isWrongSequence(err) {
			return fmt.Errorf("table %s's lease: %w", ls.table, err)
		}
		e, err := l.readLease(ctx, ls.table, ls.rev)
		if err != nil {
			return fmt.Errorf("reading table %s's lease: %w", ls.table, err)
		}
		if e == nil {
			return nil
		}
		if h, _ := l.holderOf(e); h != l.Node {
			return nil // another node's now: not this one's to give
		}
		ls.rev = e.Revision()
	}
	return fmt.Errorf("table %s's lease: %w", ls.table, errLeaseBusy)
}

// Leased lists the tables whose lease someone holds: one listing of the
// bucket, not a request a table. It can miss a lease renewed while it
// lists (one listing in nine of 50 leases renewed meanwhile): a table
// it leaves out is not surely nobody's (Holder says). A listing not
// answered is asked again beside it (listedSoon).
func (l *Leases) Leased(ctx context.Context) (map[string]bool, error) {
	return listedSoon(ctx, l.hedges, "the leases", l.list)
}

// list is one listing of the leases (Leased).
func (l *Leases) list(ctx context.Context) (map[string]bool, error) {
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
	e, err := getSoon(ctx, l.hedges, l.kv, table)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("table %s's lease: %w", table, err)
	}
	h, _ := l.holderOf(e)
	return h, nil
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
		// The leases released and not held since: a release is a delete
		// marker, which the bucket's TTL removes in its turn, leaving a
		// purge marker as an expiry does. Taken for an expiry, a closed
		// table's lease would go round the nodes every TTL, each taking
		// it, finding nothing to run and giving it up.
		released := map[string]bool{}
		Watch(ctx, w, func(e jetstream.KeyValueEntry) bool {
			if e == nil {
				return true
			}
			key, op := e.Key(), e.Operation()
			if op == jetstream.KeyValuePut {
				delete(released, key)
				return true
			}
			if op == jetstream.KeyValuePurge && released[key] {
				delete(released, key) // the release's marker aged out
				return true
			}
			if op == jetstream.KeyValueDelete {
				released[key] = true
			} else {
				delete(released, key)
			}
			// An expired lease leaves a purge marker; a release is a
			// delete.
			select {
			case out <- freedLease{Table: key, Expired: op == jetstream.KeyValuePurge}:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	return out, nil
}
