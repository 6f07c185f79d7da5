package tables

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"okey/server/keep"
)

// Lease is a node's hold on its tables' leases (keep.Holding).
type Lease interface {
	// Fresh says whether table's lease is surely still the node's,
	// without asking the store.
	Fresh(table string) bool
	// Confirm makes sure of it, asking the store if need be: nil, the
	// lease is the node's; keep.ErrLeaseLost, another node's; any other
	// error, not known yet.
	Confirm(ctx context.Context, table string) error
}

// tenure is a table's hold on being this node's to run: lost, closed
// once the table is no longer this node's (its lease lost, or a write
// fenced off because another node wrote it): it stops at once, writing
// nothing more. Any goroutine may ask it.
type tenure struct {
	table string
	log   *slog.Logger
	lost  chan struct{}
	once  sync.Once
}

// lose marks the table another node's; any number of times.
func (h *tenure) lose() { h.once.Do(func() { close(h.lost) }) }

// mayAct says whether the table may act and speak: its lease is surely
// still this node's, or has been confirmed so. A lease not surely held
// (the node was frozen, or its renewals are answered late) is
// confirmed first, the table waiting meanwhile, as long as the store
// does not answer: a table that acted on a stale lease could re-seat
// players, play a queued move and show players on other nodes a game
// gone back, while another node runs it. false: the lease is lost
// (another node runs the table), or ctx ended. l is the node's hold on
// its tables' leases (Options.Lease; nil: a server of one node, whose
// tables are always its own).
func (h *tenure) mayAct(ctx context.Context, l Lease) bool {
	if l == nil || l.Fresh(h.table) {
		return true
	}
	began := time.Now()
	for logged := false; ; {
		err := h.confirm(ctx, l)
		switch {
		case err == nil:
			if d := time.Since(began); d > slowConfirm {
				// The table waited on the leases' store (a debug line: the
				// way back after a node's loss, traced).
				h.log.Debug("a table waited for its lease's confirmation", "table", h.table, "in", d.Round(time.Millisecond))
			}
			return true
		case errors.Is(err, keep.ErrLeaseLost):
			h.lose()
			return false
		case h.isLost():
			return false // the node heard meanwhile that another runs it
		case !logged:
			h.log.Warn("the table's lease is not confirmed: the table waits", "table", h.table, "err", err)
			logged = true
		}
		select {
		case <-ctx.Done():
			return false
		case <-h.lost:
			return false
		case <-time.After(confirmAgain):
		}
	}
}

// confirm asks l to confirm the lease, for confirmWait at most, and no
// longer than the table is its own: word that another node took it
// over (lose) ends the wait at once, where a store slow to answer a
// node just woken from a freeze would have kept the table, and its
// players, waiting out the confirmation.
func (h *tenure) confirm(ctx context.Context, l Lease) error {
	cctx, cancel := context.WithTimeout(ctx, confirmWait)
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-h.lost:
			cancel()
		case <-done:
		}
	}()
	return l.Confirm(cctx, h.table)
}

// isLost says whether the table is no longer this node's.
func (h *tenure) isLost() bool {
	select {
	case <-h.lost:
		return true
	default:
		return false
	}
}

// How long one confirmation of the lease is waited for, and how soon
// after one not answered the next is asked.
const (
	confirmWait  = 2 * time.Second
	confirmAgain = 100 * time.Millisecond
)

// slowConfirm is a lease's confirmation slow enough to be logged
// (debug).
const slowConfirm = 300 * time.Millisecond
