package hall

import (
	"context"
	"errors"
	"fmt"
	"okey/server/keep"
	"okey/server/tables"
	"runtime/debug"
	"time"
)

// restoreOne brings one kept table back; stopped is when the node that
// ran it stopped (zero: not known, as after a restart of every node):
// the turn clock then resumes with the time that was left.
func (h *Hall) restoreOne(sv keep.KeptTable, stopped time.Time) (t *tables.Table, err error) {
	// A record that trips a bug is set aside like a damaged one: the
	// other tables come back.
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("restoring it panicked: %v", r)
			h.Opt.Log.Error("panic restoring a table", "table", sv.ID, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	if sv.Err != nil {
		return nil, sv.Err
	}
	if sv.Log != nil && sv.Log.Stale() {
		// The secret is being changed (keep/rotate.go): the table is
		// sealed again with the key in use before it plays on. If the
		// store does not take it now, the table plays on all the same
		// (it is not damaged), and is sealed again when it next moves.
		if err := sv.Log.Reseal(sv.Table); err != nil {
			h.Opt.Log.Warn("sealing a table again with the secret's key in use: not now", "table", sv.ID, "err", err)
		} else {
			h.Opt.Log.Info("sealed again with the secret's key in use", "table", sv.ID)
		}
	}
	return tables.RestoreTable(sv.ID, sv.Table, sv.Record, stopped, h.Opt, func() *tables.Saver { return h.saverFor(sv.ID, sv.Log) })
}

// saverFor is the saver of table id, writing through l (nil: a new
// table's).
func (h *Hall) saverFor(id string, l *keep.TableLog) *tables.Saver {
	write := func([]byte, []byte) error { return nil }
	retire := func() error { return nil }
	var mark func() error
	if h.Keep != nil {
		if l == nil {
			l = h.Keep.Log(id)
		}
		write, mark = l.WriteSoon, l.MarkNow
		retire = func() error { return l.Retire(h.Opt.Now(), h.Opt.KeepMatches) }
	}
	return tables.NewMarkingSaver(write, mark, retire, h.Opt.Log)
}

func (h *Hall) startLocked(t *tables.Table) {
	h.Tables[t.ID] = t
	h.News.Changed()
	if h.Relay != nil {
		h.Relay.serveTable(t)
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t.Run(h.ctx, h.closed)
	}()
}

// closed forgets a table that closed (or stopped here because another
// node runs it now), and gives its lease up.
func (h *Hall) closed(t *tables.Table) {
	h.Mu.Lock()
	mine := h.Tables[t.ID] == t
	if mine {
		delete(h.Tables, t.ID)
		h.News.Changed()
	}
	h.Mu.Unlock()
	if mine {
		if h.Relay != nil {
			h.Relay.unserveTable(t)
			if h.Nodes.Hold.Fresh(t.ID) {
				// Unlisted before its lease is given up: the others,
				// hearing the lease end, find nothing kept (a table
				// closed) and leave it, but their sweep takes over a
				// table the lobby lists with no lease, and the lobby's
				// writer would unlist it only at its next round.
				ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
				h.Relay.unlistOwn(ctx, t.ID)
				cancel()
			}
		}
		h.Nodes.give(t.ID)
	}
}

// lost notes table id as one this node will not take (its entry or
// record refused) and takes it out of the lobby: its players are told
// it is lost (Gone), and nobody is offered a seat at it.
func (h *Hall) lost(id string) {
	if h.Nodes == nil {
		return
	}
	h.Nodes.mu.Lock()
	if _, ok := h.Nodes.refused[id]; !ok {
		h.Nodes.refused[id] = 0 // the revision is not known here: a takeover notes it
	}
	h.Nodes.mu.Unlock()
	if h.Relay != nil {
		ctx, cancel := context.WithTimeout(h.ctx, relayWait)
		defer cancel()
		h.Relay.unlist(ctx, id)
	}
}

// refusedEntry reports whether a kept table's entry was refused: not
// sealed with the cluster's secret, an older entry of the table's put
// back, or its record cut short of it. Such a table is neither run nor
// set aside (a store from before the seal keeps it until sealed; a
// table whose newest entry or record is gone is lost, and its players
// are told so).
func refusedEntry(kt keep.KeptTable) bool {
	return errors.Is(kt.Err, keep.ErrUnsealed) || errors.Is(kt.Err, keep.ErrSealBroken) || errors.Is(kt.Err, keep.ErrStale) || errors.Is(kt.Err, keep.ErrCut)
}

// broughtBack marks table t, restored or taken over by this node, as
// brought back after every server had stopped if it is: a node alone
// restarting, or a cold table of the cluster (findCold). Its players are
// then told where it goes on from.
func (h *Hall) broughtBack(t *tables.Table) {
	if h.Nodes == nil {
		t.BroughtBack()
		return
	}
	h.Mu.Lock()
	cold := h.cold[t.ID] && h.Opt.Now().Before(h.coldUntil)
	delete(h.cold, t.ID)
	h.Mu.Unlock()
	if cold {
		t.BroughtBack()
	}
}
