package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"okey/ui/serve/keep"
	"okey/ui/serve/tables"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
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

// nodes is a hall's share of a store other nodes share too.
type nodes struct {
	leases *keep.Leases
	hold   *keep.Holding
}

// joinNodes starts holding leases for h and taking over the tables other
// nodes free, until ctx ends. Call it before h.restore, so that no table
// freed meanwhile is missed.
func (h *hall) joinNodes(ctx context.Context, eng *keep.Engine, ttl time.Duration) error {
	l, err := keep.OpenLeases(ctx, eng, ttl)
	if err != nil {
		return err
	}
	freed, err := l.WatchFreed(ctx)
	if err != nil {
		return err
	}
	h.nodes = &nodes{leases: l}
	if h.relay, err = openRelay(ctx, h, eng); err != nil {
		return err
	}
	h.nodes.hold = keep.NewHolding(ctx, l, h.leaseLost)
	h.wg.Add(2)
	go func() {
		defer h.wg.Done()
		h.sweep(ctx, ttl)
	}()
	go func() {
		defer h.wg.Done()
		for f := range freed {
			// The clock stood still from when the node stopped: at a
			// release, now; at an expiry, about a TTL ago.
			stopped := h.opt.Now()
			if f.Expired {
				stopped = stopped.Add(-ttl)
			}
			h.takeOver(f.Table, stopped)
		}
	}()
	return nil
}

// sweep looks, every lease TTL, for tables nobody holds the lease of,
// and takes them over: the watch says at once when a lease ends, but a
// watch whose consumer lived on the node that died is silent until it
// is made again, and a table must not wait on it.
func (h *hall) sweep(ctx context.Context, ttl time.Duration) {
	tick := time.NewTicker(ttl)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		lctx, cancel := context.WithTimeout(ctx, ttl)
		ids, err := h.keep.TableIDs(lctx)
		for _, id := range ids {
			if h.local(id) != nil {
				continue
			}
			if holder, err := h.nodes.leases.Holder(lctx, id); err == nil && holder == "" {
				h.takeOver(id, h.opt.Now().Add(-ttl))
			}
		}
		cancel()
		if err != nil && ctx.Err() == nil {
			h.opt.Log.Warn("looking for tables nobody runs", "err", err)
		}
	}
}

// leaseLost stops table id: another node may run it now.
func (h *hall) leaseLost(id string) {
	if t := h.local(id); t != nil {
		h.opt.Log.Warn("lease lost: the table stops here", "table", id)
		t.Lose()
	}
}

// takeOver brings back table id, whose lease has just ended, if this
// node is the quickest to take the lease. Taking a table over ignores
// the hall's limit: a table nobody runs is a table lost to its players.
func (h *hall) takeOver(id string, stopped time.Time) {
	if h.relay != nil {
		h.relay.freed(id)
	}
	if h.local(id) != nil || h.ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if err := h.nodes.hold.Take(ctx, id); err != nil {
		if !errors.Is(err, keep.ErrLeaseHeld) {
			h.opt.Log.Error("taking a table over", "table", id, "err", err)
		}
		return
	}
	start := time.Now()
	kt, ok := h.keep.LoadOne(ctx, id)
	if ok && kt.Err != nil {
		// The store did not answer (a cluster still electing, this
		// node stopping): the table is not damaged. Another node, or
		// the next sweep, takes it.
		h.opt.Log.Warn("taking a table over: not now", "table", id, "err", kt.Err)
		h.giveLease(id)
		return
	}
	if !ok {
		// The table closed with its lease: nothing to run, nothing to
		// list.
		if h.relay != nil {
			h.relay.unlist(ctx, id)
		}
		h.giveLease(id)
		return
	}
	if kt.Err == nil && kt.Record != nil {
		if err := kt.Log.Claim(h.nodes.leases.Node); err != nil {
			// Another writer was quicker: it runs the table.
			h.opt.Log.Warn("taking a table over", "table", id, "err", err)
			h.giveLease(id)
			return
		}
	}
	t, err := h.restoreOne(kt, stopped)
	if err != nil {
		h.opt.Log.Error("taking a table over: set aside", "table", id, "err", err)
		if aerr := h.keep.SetAside(kt, h.opt.Now()); aerr != nil {
			h.opt.Log.Error("setting a table aside", "table", id, "err", aerr)
		}
		h.giveLease(id)
		return
	}
	if t == nil {
		h.giveLease(id)
		return
	}
	h.mu.Lock()
	h.startLocked(t)
	h.mu.Unlock()
	if h.relay != nil {
		h.relay.announce(id)
	}
	h.opt.Log.Info("took over", "table", id, "hand", t.Summary.Load().Hand, "in", time.Since(start).Round(time.Millisecond))
}

// takeLease takes table id's lease before the hall runs it; without
// nodes it always may.
func (h *hall) takeLease(id string) error {
	if h.nodes == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	return h.nodes.hold.Take(ctx, id)
}

// giveLease gives table id's lease up (the table closed here).
func (h *hall) giveLease(id string) {
	if h.nodes == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := h.nodes.hold.Give(ctx, id); err != nil {
		h.opt.Log.Error("giving a table's lease up", "table", id, "err", err)
	}
}

// handOver gives every lease up at once: the node is stopping on
// purpose and its tables have saved, so the others need not wait for the
// leases to expire.
func (h *hall) handOver() {
	if h.nodes == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	held := h.nodes.hold.Held()
	if err := h.nodes.hold.GiveAll(ctx); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
		h.opt.Log.Error("handing the tables over", "err", err)
		return
	}
	if len(held) > 0 {
		h.opt.Log.Info("tables handed over", "count", len(held))
	}
}

// owned lists the tables this node runs (holds the leases of), for the
// log and the status page.
func (h *hall) owned() []string {
	if h.nodes == nil {
		h.mu.Lock()
		defer h.mu.Unlock()
		out := make([]string, 0, len(h.tables))
		for id := range h.tables {
			out = append(out, id)
		}
		keep.SortByNumber(out, func(s string) string { return s })
		return out
	}
	return h.nodes.hold.Held()
}

// status is what "ssh HOST status" prints: this node, and every table
// with the node running it, its game, its hand and how many people hold
// seats or watch (no names, no codes: anyone may ask).
func (s *Server) status() string {
	var b strings.Builder
	node, shared := "", s.hall.nodes != nil
	if s.eng != nil {
		node = s.eng.Node
	}
	fmt.Fprintf(&b, "node %s", cmp.Or(node, "(no store)"))
	if shared {
		fmt.Fprintf(&b, " · sharing the tables with other nodes (%d copies of each)", s.eng.Replicas)
	} else {
		b.WriteString(" · alone")
	}
	b.WriteString("\n")
	owners := map[string]string{}
	if s.hall.relay != nil {
		s.hall.relay.mu.Lock()
		for id, rs := range s.hall.relay.others {
			owners[id] = rs.Node
		}
		s.hall.relay.mu.Unlock()
	}
	list := s.hall.list()
	fmt.Fprintf(&b, "%d tables\n", len(list))
	if len(list) > 0 {
		fmt.Fprintf(&b, "%-6s %-16s %-8s %-9s %s\n", "table", "node", "game", "hand", "seats held · watching")
	}
	for _, t := range list {
		owner := owners[t.ID]
		if owner == "" {
			owner = cmp.Or(node, "here")
		}
		hand := "waiting"
		switch {
		case t.Over:
			hand = "over"
		case t.Started:
			hand = strconv.Itoa(t.Hand)
		}
		held := 0
		for _, o := range t.Owners {
			if o != "" {
				held++
			}
		}
		fmt.Fprintf(&b, "%-6s %-16s %-8s %-9s %d · %d\n", t.ID, tables.CutWidth(owner, 16), t.Game, hand, held, t.Watchers)
	}
	return b.String()
}
