package hall

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/server/keep"
)

// When nodes share the store (a cluster of okey nodes, or one NATS
// deployment), the hall runs a table only while it holds the table's
// lease: it takes the lease before it opens a table or brings one back,
// gives it up when the table closes (or at once for every table when
// the node stops on purpose), and stops a table at once when its lease
// is lost. Every node watches the leases; when one ends with nobody
// running its table (a node died, or stopped), the quickest node takes
// the lease and brings the table back from the store, where its record
// ends at the last move the old node had acknowledged.

// takeoversAtOnce is how many tables a node takes over at once. One at
// a time, a killed node's tables would come up one round trip after
// another on a loaded store, and their players, back on another node
// within seconds, would wait for the last; a few at a time, the first
// ones wait together for the records' stream to elect a leader while
// the others wait for a slot. So a node's share of a killed node's
// tables (shareOf) goes at once.
const takeoversAtOnce = 32

// JoinNodes starts holding leases for h and taking over the tables other
// nodes free, until ctx ends. Call it before h.restore, so that no table
// freed meanwhile is missed.
func (h *Hall) JoinNodes(ctx context.Context, eng *keep.Engine, ttl time.Duration) error {
	l, err := keep.OpenLeases(ctx, eng, ttl)
	if err != nil {
		return err
	}
	l.SetLog(h.Opt.Log)
	freed, err := l.WatchFreed(ctx)
	if err != nil {
		return err
	}
	n := &nodes{h: h, leases: l, refused: map[string]uint64{}, taking: map[string]bool{}, slots: make(chan struct{}, takeoversAtOnce), leftOverEvery: time.Second}
	n.Hold = keep.NewHolding(ctx, l, n.leaseLost)
	h.Nodes = n
	// Every table from now on acts and speaks only while its lease is
	// surely this node's.
	h.Opt.Lease = h.Nodes.Hold
	h.Mu.Lock()
	say := h.door
	h.Mu.Unlock()
	if h.Relay, err = openRelay(ctx, h.side(), h.Nodes.Hold, say, eng, &h.wg); err != nil {
		return err
	}
	h.Nodes.findCold(ctx)
	entries, err := h.Keep.Tables.KV.WatchAll(ctx, jetstream.UpdatesOnly())
	if err != nil {
		return fmt.Errorf("watching the tables' entries: %w", err)
	}
	h.wg.Add(3)
	go func() {
		defer h.wg.Done()
		keep.Watch(ctx, entries, h.Nodes.guardEntry)
	}()
	go func() {
		defer h.wg.Done()
		h.Nodes.sweep(ctx, ttl)
	}()
	go func() {
		defer h.wg.Done()
		for f := range freed {
			// The clock stood still from when the node stopped: at a
			// release, now; at an expiry, about a TTL ago.
			stopped := h.Opt.Now()
			if f.Expired {
				stopped = stopped.Add(-ttl)
			}
			h.Nodes.takeOverSoon(f.Table, leaseEnd{stopped: stopped, released: !f.Expired, heard: true})
		}
	}()
	return nil
}

// guardEntry has a table run here write its entry again when the
// store's is written over by a value that does not open, or by an older
// entry of the table's put back, or deleted (a writer of the store
// without the cluster's secret): a node reading the table back, after a
// restart or to take it over, would refuse it or not find it, and the
// table would be lost to its players.
func (ns *nodes) guardEntry(e jetstream.KeyValueEntry) bool {
	if e == nil {
		return true
	}
	t := ns.h.Local(e.Key())
	if t != nil && e.Operation() != jetstream.KeyValuePut {
		// Deleted, by a writer of the store (a node retires a table
		// only once it has closed, and takes none over by deleting
		// it): written again. A table closing here deleted its own
		// (its saver stopped): nothing to say, though the hall lists
		// it until it is gone.
		if t.RewriteEntry() {
			ns.h.Opt.Log.Warn("a table's entry deleted from the store; written again", "table", e.Key())
		}
		return true
	}
	if t != nil && ns.h.Keep.Tables.Stale(e.Key(), e.Revision(), e.Value()) && t.RewriteEntry() {
		ns.h.Opt.Log.Warn("a table's entry refused: not sealed with the cluster's secret, or older than the one written last (put back); written again", "table", e.Key())
	}
	return true
}

// sweep looks, every second, for tables nobody holds the lease of,
// and takes them over: the watch says at once when a lease ends, but a
// watch whose consumer lived on a node that died or froze (SIGSTOP, a
// partition that keeps its connections open) is silent until it is made
// again, and a table must not wait on it. Once a second it lists the
// leases (one request) and looks at the tables the lobby knows of; every
// lease TTL it lists the tables kept too (another request), for a table
// the lobby lost. The lobby's tables are looked at every time, also in
// the rounds that list the tables kept: a table listed whose entry never
// reached the store (its node died as it opened it) is in the lobby
// alone. Every second, not every TTL: the stream leaders a frozen node
// held take JetStream seconds to elect again, and a sweep begun
// meanwhile waits out its own deadline before the next can try.
func (ns *nodes) sweep(ctx context.Context, ttl time.Duration) {
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	every := max(1, int(ttl/sweepEvery))
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		lctx, cancel := context.WithTimeout(ctx, sweepWait)
		began := time.Now()
		leased, err := ns.leases.Leased(lctx)
		ids := map[string]bool{}
		if err == nil && ns.h.Relay != nil {
			// Not a table heard of since the leases were asked for:
			// its node opened it (its lease taken) as they were read,
			// and a takeover tried then, refused, held up its players'
			// seats at it by a second (in an arena's pairing).
			for _, id := range ns.h.Relay.known(began) {
				ids[id] = true
			}
		}
		// The lobby's tables first: a listing of the tables kept can
		// wait out the sweep's whole wait (the entries' stream leader
		// frozen), and the tables found nobody's in the leases'
		// listing waited with it.
		ns.takeNobodys(lctx, ids, leased, ttl)
		if err == nil && n%every == 0 {
			var kept []string
			kept, err = ns.h.Keep.Tables.IDs(lctx)
			more := map[string]bool{}
			for _, id := range kept {
				if !ids[id] {
					more[id] = true
				}
			}
			ns.takeNobodys(lctx, more, leased, ttl)
		}
		cancel()
		if err != nil {
			ns.h.Opt.Log.Debug("sweep: not looked", "err", err, "in", time.Since(began).Round(time.Millisecond))
		}
		if err != nil && ctx.Err() == nil && n%every == 0 {
			ns.h.Opt.Log.Warn("looking for tables nobody runs", "err", err)
		}
	}
}

// takeNobodys takes over the tables of ids that neither run here nor
// are in leased, once their own lease is read as nobody's (sweep: its
// node stopped about a lease's ttl ago).
func (ns *nodes) takeNobodys(ctx context.Context, ids, leased map[string]bool, ttl time.Duration) {
	for id := range ids {
		if ns.h.Local(id) != nil || leased[id] {
			continue
		}
		// A listing of the leases misses a key renewed while it is
		// made (its older message gone under the bucket's history of
		// one, its newer one after the listing's end): ten held leases
		// at once in an arena's sweep. The table's own lease is read
		// before it is taken for nobody's.
		if holder, err := ns.leases.Holder(ctx, id); err == nil && holder != "" {
			continue
		}
		ns.h.Opt.Log.Debug("sweep: a table nobody holds", "table", id)
		ns.takeOverSoon(id, leaseEnd{stopped: ns.h.Opt.Now().Add(-ttl)})
	}
}

// coldFor is how long after a node joins the others a table nobody
// held then, brought back by this node, is said to come back from a
// stop of every node: the nodes of a cluster restarted together take
// their tables within seconds, by restoring or by taking them over.
const coldFor = time.Minute

// findCold notes the tables kept that the lobby lists nowhere as this
// node joins the others: the lobby is kept in memory, so every node
// stopped (a restart of the whole cluster, a power cut) leaves it empty,
// while a table whose node alone died stays listed until another node
// runs it. The leases do not tell: those of a cluster stopped whole are
// still there for a moment after it starts again, until they expire.
// None is noted if the store does not say at once.
func (ns *nodes) findCold(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	listed := map[string]bool{}
	lister, err := ns.h.Relay.lobby.ListKeys(ctx)
	if err == nil {
		for id := range lister.Keys() {
			listed[id] = true
		}
		_ = lister.Stop()
	} else if !errors.Is(err, jetstream.ErrNoKeysFound) {
		return
	}
	ids, err := ns.h.Keep.Tables.IDs(ctx)
	if err != nil || ctx.Err() != nil {
		return
	}
	ns.h.Mu.Lock()
	defer ns.h.Mu.Unlock()
	ns.h.cold, ns.h.coldUntil = map[string]bool{}, ns.h.Opt.Now().Add(coldFor)
	for _, id := range ids {
		if !listed[id] {
			ns.h.cold[id] = true
		}
	}
}

// sweepEvery is how often a node looks for tables nobody runs, and
// sweepWait the longest one look waits for the store: a loaded store
// (a node's loss, its players all dialling in again) can take longer
// than a second to list the leases, and the tables nobody held would
// wait round after round. One listing at a time, not hedged: each
// listing is a consumer of the leases' stream, and many at once can
// keep the store from taking leases.
const (
	sweepEvery = time.Second
	sweepWait  = 3 * time.Second
)

// HandOver gives every lease up at once: the node is stopping on
// purpose and its tables have saved, so the others need not wait for the
// leases to expire.
func (h *Hall) HandOver() {
	if h.Nodes == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if h.Relay != nil {
		h.Relay.shutDoor(ctx)
	}
	held := h.Nodes.Hold.Held()
	if err := h.Nodes.Hold.GiveAll(ctx); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
		h.Opt.Log.Error("handing the tables over", "err", err)
		return
	}
	if len(held) > 0 {
		h.Opt.Log.Info("tables handed over", "count", len(held))
	}
}

// Owned lists the tables this node runs (holds the leases of), for the
// log and the status page.
func (h *Hall) Owned() []string {
	if h.Nodes == nil {
		return h.Running()
	}
	return h.Nodes.Hold.Held()
}

// Lost reports whether table id, opened by node by, is lost for good
// with that node: by is another node whose door is gone (it stopped
// writing it, or shut it), nobody holds the table's lease (its holder
// stopped renewing it, and it ran out), this node does not run it, and
// the store never held an entry of it, so no node can ever bring it back
// (its node died before the table's first write landed). A table closed
// on a node still running, or taken over and closed at its match's end,
// may have an end still on its way: its entry's delete marker says a
// node put it away, and it is not lost here. A node alone says false:
// every table is its own. err: the store did not say.
func (h *Hall) Lost(ctx context.Context, id, by string) (bool, error) {
	if h.Nodes == nil || h.Relay == nil || h.Keep == nil || by == "" || by == h.Node() || h.Local(id) != nil {
		return false, nil
	}
	if slices.Contains(h.DoorNodes(), by) {
		return false, nil
	}
	holder, err := h.Nodes.leases.Holder(ctx, id)
	if err != nil || holder != "" {
		return false, err
	}
	written, err := h.Keep.Tables.Written(ctx, id)
	if err != nil {
		return false, err
	}
	return !written, nil
}

// Gone reports whether table id is lost for good to its players: this
// node does not run it, and the store keeps no entry of it that a node
// takes — none at all (as the stream's leader says: Kept), or one this
// node refused (not sealed with the cluster's secret, or older than its
// record says), which every node refuses alike. A table moving to
// another node is not gone: its entry is kept. err: the store did not
// say. The store's word is kept goneFor: every session waiting for the
// table asks (a node's loss leaves hundreds waiting), the store once.
func (h *Hall) Gone(ctx context.Context, id string) (bool, error) {
	if h.Keep == nil || h.Local(id) != nil {
		return false, nil
	}
	if h.Nodes != nil {
		h.Nodes.mu.Lock()
		_, refused := h.Nodes.refused[id]
		h.Nodes.mu.Unlock()
		if refused {
			return true, nil
		}
	}
	now := time.Now()
	h.goneMu.Lock()
	if w, ok := h.gone[id]; ok && now.Sub(w.at) < goneFor {
		h.goneMu.Unlock()
		return w.gone, nil
	}
	h.goneMu.Unlock()
	kept, err := h.Kept(ctx, id)
	if err != nil {
		return false, err
	}
	h.goneMu.Lock()
	defer h.goneMu.Unlock()
	if h.gone == nil || len(h.gone) > goneKept {
		h.gone = map[string]goneWord{}
	}
	h.gone[id] = goneWord{at: now, gone: !kept}
	return !kept, nil
}

// goneFor is how long the store's word on a table gone is taken again;
// goneKept how many tables' words are kept at most.
const (
	goneFor  = 500 * time.Millisecond
	goneKept = 1024
)

// Kept reports whether the store keeps an entry of table id: a table
// that opened and saved once, which a restart or another node brings
// back (rather than one opened afresh under its number). A hall with
// no store says false. err: the store did not say.
func (h *Hall) Kept(ctx context.Context, id string) (bool, error) {
	if h.Keep == nil || h.Keep.Tables == nil {
		return false, nil
	}
	return h.Keep.Tables.Kept(ctx, id) // as the leader says (Lost)
}

// Node is this node's name among the others, as its door and its
// tables' leases say it ("": the node is alone).
func (h *Hall) Node() string {
	if h.Relay == nil {
		return ""
	}
	return h.Relay.node
}
