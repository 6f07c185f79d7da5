package hall

import (
	"context"
	"errors"
	"hash/fnv"
	"slices"
	"time"

	"okey/server/keep"
)

// A takeover: a table whose lease ended with nobody running it (its
// node died, or stopped) is brought back here from the store, if this
// node is the quickest to take the lease: its entry read, the lease
// taken, its record read and claimed (fencing off whatever the node
// before may still write), the table restored and announced.

// takeOverSoon takes table id over (takeOver) in a goroutine of its
// own, beside the others under way (at most takeoversAtOnce), unless
// its takeover is under way already. A takeover the store did not
// answer (a stream still electing its leader after a node's loss, a
// loaded store) is tried again takeoverAgain later, up to
// takeoverTries times, its slot given to the others meanwhile: the
// lease ends once, and the watch says so once; left to the sweep, whose
// listing of the leases may go unanswered on a loaded store, a killed
// node's tables would wait minutes, their players at the table. Its
// caller is one of the hall's goroutines (ns.h.wg counts it), so the
// count is never zero here.
//
// e.heard says the lease's end was heard (released or expired, from the
// leases' watch, or its node gone from the cluster): the sessions here
// at the table, run by another node, are told at once that it stopped
// there. A table the sweep found with no lease may have one by now (its
// node opened it as the leases were listed): its sessions are told only
// once this node has its lease, not sent from a table still in play.
func (ns *nodes) takeOverSoon(id string, e leaseEnd) {
	ns.mu.Lock()
	if ns.taking[id] {
		ns.mu.Unlock()
		return
	}
	ns.taking[id] = true
	ns.mu.Unlock()
	ns.h.wg.Add(1)
	go func() {
		defer ns.h.wg.Done()
		defer func() {
			ns.mu.Lock()
			delete(ns.taking, id)
			ns.mu.Unlock()
		}()
		if e.heard && ns.h.Relay != nil {
			ns.h.Relay.freed(id)
		}
		tries := tryAgain(ns.h.ctx, ns.slots, takeoverAgain, takeoverTries, func() bool { return ns.takeOver(id, e) })
		if tries > 1 {
			ns.h.Opt.Log.Debug("taking a table over: tried again", "table", id, "tries", tries)
		}
	}()
}

// leaseEnd is how a table's lease was found ended, for its takeover.
type leaseEnd struct {
	// stopped is when its node stopped running it, as near as known:
	// its turn's clock stood still from then.
	stopped time.Time
	// released: given up by a node alive, not expired.
	released bool
	// heard: the end was heard (the leases' watch, or the node gone),
	// not found by the sweep.
	heard bool
	// from is the node gone from the cluster that held the lease, taken
	// at its revision ("": only a lease nobody holds is taken).
	from string
}

// NodeGone takes over at once the tables node ran, as the lobby lists
// them: node has left the cluster (its routes closed and not back), so
// its leases need not be waited out, which can take many seconds while
// the store's new leaders expire them.
//
// The nodes left share the tables out (shareOf): each takes its own
// share at once and leaves the others' to them while they are heard
// alive, for at most shareWait, rather than race each other for every
// table, each race a takeover slot spent on a round trip.
func (h *Hall) NodeGone(node string) {
	if h.Nodes == nil || h.Relay == nil || node == "" || node == h.Relay.node {
		return
	}
	h.goneMu.Lock()
	tell := slices.Clone(h.nodeGone)
	h.goneMu.Unlock()
	defer func() {
		for _, f := range tell {
			f(node)
		}
	}()
	ids := h.Relay.tablesOf(node)
	if len(ids) == 0 {
		return
	}
	alive := h.Relay.aliveNodes(node)
	me := h.Relay.memberNode()
	var theirs []string
	now := h.Opt.Now()
	for _, id := range ids {
		if shareOf(id, alive) != me {
			theirs = append(theirs, id)
			h.Relay.freed(id) // its sessions here told at once that it stopped
			continue
		}
		h.Nodes.takeOverSoon(id, leaseEnd{stopped: now, heard: true, from: node})
	}
	h.Opt.Log.Info("a node gone from the cluster: its tables taken over", "node", node, "tables", len(ids), "here", len(ids)-len(theirs), "nodes", len(alive))
	if len(theirs) == 0 {
		return
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		h.Nodes.takeLeftOver(node, theirs, alive, now, func(id string) {
			h.Nodes.takeOverSoon(id, leaseEnd{stopped: now, from: node})
		})
	}()
}

// shareWait is the longest a node leaves a gone node's table to the
// node whose share it is (shareOf) while that node is heard alive: past
// it, or once that node falls silent, it takes the table over itself
// (the share's node may be slow: a store electing a leader holds every
// takeover for 4 to 9 s, and its own tables come first).
const shareWait = 15 * time.Second

// shareOf is the node of alive (sorted member names) whose share table
// id is when a node is gone: the same on every node that hears the
// same nodes alive.
func shareOf(id string, alive []string) string {
	if len(alive) == 0 {
		return ""
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	return alive[h.Sum32()%uint32(len(alive))]
}

// takeLeftOver hands take those of ids, tables of node gone at stopped
// and in other nodes' shares, that nobody has brought back: once each
// share's node is no longer heard alive, or shareWait after stopped.
// A table listed as another node's again was brought back there. It
// looks every leftOverEvery (a second) until none is left.
func (ns *nodes) takeLeftOver(node string, ids, alive []string, stopped time.Time, take func(id string)) {
	tick := time.NewTicker(ns.leftOverEvery)
	defer tick.Stop()
	for len(ids) > 0 {
		select {
		case <-tick.C:
		case <-ns.h.ctx.Done():
			return
		}
		still := map[string]bool{}
		for _, id := range ns.h.Relay.tablesOf(node) {
			still[id] = true
		}
		late := ns.h.Opt.Now().Sub(stopped) >= shareWait
		left := ids[:0]
		for _, id := range ids {
			switch {
			case !still[id] || ns.h.Local(id) != nil:
				// brought back, there or here
			case late || !ns.h.Relay.heardAliveNow(shareOf(id, alive)):
				ns.h.Opt.Log.Info("a gone node's table left to another node: taken over here", "table", id, "share", shareOf(id, alive), "late", late)
				take(id)
			default:
				left = append(left, id)
			}
		}
		ids = left
	}
}

// tryAgain calls try while it says to try again, each call holding a
// slot of slots, every pause apart (the slot free meanwhile, for the
// other tables' takeovers), at most tries times or until ctx ends. It
// returns the calls made.
func tryAgain(ctx context.Context, slots chan struct{}, pause time.Duration, tries int, try func() bool) int {
	for n := 1; ; n++ {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return n - 1
		}
		again := try()
		<-slots
		if !again || n == tries {
			return n
		}
		select {
		case <-time.After(pause):
		case <-ctx.Done():
			return n
		}
	}
}

// takeoverAgain is how long after a takeover the store did not answer
// it is tried again; takeoverTries how many times it is tried at most
// (a minute's worth: the sweep looks on after that).
const (
	takeoverAgain = time.Second
	takeoverTries = 60
)

// claimTries is how many times a takeover reads its table's record and
// claims it while holding its lease, when the record moved on as it was
// read.
const claimTries = 3

// takeOver brings back table id, whose lease has just ended, if this
// node is the quickest to take the lease. Taking a table over ignores
// the hall's limit: a table nobody runs is a table lost to its players.
//
// A lease released (given up by a node alive, not expired) of a table
// the store keeps no entry of is left alone: the table closed, and its
// node unlists it. Taken, it would be given up again at once, and the
// lease of every closed table would go round the nodes for as long as
// they ran. A table handed over whose entry a replica behind said
// missing is found by the sweep, which lists the tables kept from the
// stream's leader.
//
// Again says the takeover was cut short by a store that did not answer
// (its lease not taken, its record not read, its claim not landed), not
// by another node holding the table nor by what the store keeps: it
// may be tried again.
func (ns *nodes) takeOver(id string, e leaseEnd) (again bool) {
	stopped, released := e.stopped, e.released
	if ns.h.Local(id) != nil || ns.h.ctx.Err() != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(ns.h.ctx, 10*time.Second)
	defer cancel()
	began := time.Now()
	rev, refused, missing := ns.h.Keep.Tables.RefusedAt(ctx, id)
	ns.h.Opt.Log.Debug("taking a table over: its entry read", "table", id, "missing", missing, "released", released, "in", time.Since(began).Round(time.Millisecond))
	if missing && released {
		return false // a table that closed: nothing to run
	}
	ns.mu.Lock()
	said := rev != 0 && ns.refused[id] == rev
	if refused {
		ns.refused[id] = rev
	}
	ns.mu.Unlock()
	if refused && !said {
		ns.h.Opt.Log.Warn("taking a table over: not taken, its entry is not sealed with the cluster's secret (forged, or a store from before the seal: okey serve --seal-store)", "table", id)
		ns.h.lost(id)
	}
	if said || refused {
		return false // its entry is refused, or its record was at this entry
	}
	took := time.Now()
	if err := ns.Hold.TakeFrom(ctx, id, e.from); err != nil {
		if !errors.Is(err, keep.ErrLeaseHeld) && ns.h.ctx.Err() == nil { // not the node stopping
			ns.h.Opt.Log.Error("taking a table over", "table", id, "err", err)
		}
		ns.h.Opt.Log.Debug("taking a table over: its lease not taken", "table", id, "err", err, "in", time.Since(took).Round(time.Millisecond))
		return !errors.Is(err, keep.ErrLeaseHeld) && ns.h.ctx.Err() == nil
	}
	ns.h.Opt.Log.Debug("taking a table over: its lease taken", "table", id, "in", time.Since(took).Round(time.Millisecond))
	if !e.heard && ns.h.Relay != nil {
		ns.h.Relay.freed(id) // the sessions here at it, run elsewhere until now
	}
	var kt keep.KeptTable
	start := time.Now()
	for claims := 1; ; claims++ {
		var ok bool
		read := time.Now()
		kt, ok = ns.h.Keep.LoadOne(ctx, id)
		ns.h.Opt.Log.Debug("taking a table over: its record read", "table", id, "kept", ok, "err", kt.Err, "in", time.Since(read).Round(time.Millisecond))
		if ok && refusedEntry(kt) {
			// An older entry put back (a replay), or a record cut short
			// of it: nothing is taken from it, and it is not tried again
			// until the entry changes.
			ns.h.Opt.Log.Warn("taking a table over: not taken, what the store keeps of it was changed by a writer of the store: lost to its players", "table", id, "err", kt.Err)
			ns.mu.Lock()
			ns.refused[id] = rev
			ns.mu.Unlock()
			ns.give(id)
			ns.h.lost(id)
			return false
		}
		if ok && kt.Err != nil {
			// The store did not answer (a cluster still electing, this
			// node stopping): the table is not damaged. Another node, or
			// the next sweep, takes it.
			if ns.h.ctx.Err() == nil {
				ns.h.Opt.Log.Warn("taking a table over: not now", "table", id, "err", kt.Err)
			}
			ns.give(id)
			return ns.h.ctx.Err() == nil
		}
		if !ok {
			// The table closed with its lease: nothing to run, nothing to
			// list.
			if ns.h.Relay != nil {
				ns.h.Relay.unlist(ctx, id)
			}
			ns.give(id)
			return false
		}
		if kt.Err == nil && kt.Record != nil {
			if f := ns.h.Opt.Fault; f != nil {
				f("claim", id)
			}
			claimed := time.Now()
			err := kt.Log.Claim(ns.leases.Node)
			ns.h.Opt.Log.Debug("taking a table over: its record claimed", "table", id, "err", err, "in", time.Since(claimed).Round(time.Millisecond))
			if err != nil && claims < claimTries && errors.Is(err, keep.ErrFenced) && ns.Hold.Confirm(ctx, id) == nil {
				// The record moved on after it was read while the
				// lease is still this node's: the write of the node
				// that ran the table before, sent to a stream leader
				// that froze and landed as the stream elected another,
				// or a read from a copy behind. Read again and claimed
				// again, the lease kept: given up, the table would wait
				// for a whole second takeover.
				ns.h.Opt.Log.Debug("taking a table over: its record moved on as it was read, read again", "table", id, "claims", claims)
				continue
			}
			if err != nil {
				// Another writer was quicker (it runs the table: tried
				// again, its lease is found held), or the store did not
				// take the claim, or the record was read from a copy
				// behind the stream's (the claim after its end is
				// refused): tried again, from a fresh read.
				ns.h.Opt.Log.Warn("taking a table over", "table", id, "err", err)
				ns.give(id)
				return ns.h.ctx.Err() == nil
			}
		}
		break
	}
	t, err := ns.h.restoreOne(kt, stopped)
	if err != nil && kt.Refused > 0 {
		// Not damaged beyond the values refused: left as it is, and
		// not tried again until its entry changes.
		ns.h.Opt.Log.Error("taking a table over: not restored", "table", id, "refused", kt.Refused, "err", err)
		ns.mu.Lock()
		ns.refused[id] = rev
		ns.mu.Unlock()
		ns.give(id)
		return false
	}
	if err != nil {
		ns.h.Opt.Log.Error("taking a table over: set aside", "table", id, "err", err)
		if aerr := ns.h.Keep.SetAside(kt, ns.h.Opt.Now()); aerr != nil {
			ns.h.Opt.Log.Error("setting a table aside", "table", id, "err", aerr)
		}
		ns.give(id)
		return false
	}
	if t == nil {
		ns.give(id)
		return false
	}
	ns.h.broughtBack(t)
	t.TakenOver() // unless brought back after every server stopped
	ns.h.Mu.Lock()
	ns.h.startLocked(t)
	ns.h.Mu.Unlock()
	if ns.h.Relay != nil {
		ns.h.Relay.announce(id, ns.Hold.Revision(id))
	}
	ns.h.TakenOver.Add(1)
	ns.h.Opt.Log.Info("took over", "table", id, "hand", t.Summary.Load().Hand, "in", time.Since(start).Round(time.Millisecond))
	return false
}
