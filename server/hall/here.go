package hall

import (
	"okey/server/keep"
	"okey/server/tables"
	"time"
)

// Local is table id if this node runs it, or nil.
func (h *here) Local(id string) *tables.Table {
	h.Mu.Lock()
	defer h.Mu.Unlock()
	return h.Tables[id]
}

// listLocal is the summary of every table this node runs, by number.
func (h *here) listLocal() []*tables.Summary {
	h.Mu.Lock()
	out := make([]*tables.Summary, 0, len(h.Tables))
	for _, t := range h.Tables {
		out = append(out, t.Summary.Load())
	}
	h.Mu.Unlock()
	keep.SortByNumber(out, func(s *tables.Summary) string { return s.ID })
	return out
}

// Running is the tables this node runs now, in order: a table taken
// over is held (Owned) from its lease on, and runs once its record is
// read and restored.
func (h *here) Running() []string {
	h.Mu.Lock()
	defer h.Mu.Unlock()
	out := make([]string, 0, len(h.Tables))
	for id := range h.Tables {
		out = append(out, id)
	}
	keep.SortByNumber(out, func(s string) string { return s })
	return out
}

// side is what the hall hands down to the relay and the nodes.
func (h *Hall) side() side {
	return side{ctx: h.ctx, opt: h.Opt, news: h.News, keep: h.Keep, here: h.here}
}

// StoreWait is how long the store took to acknowledge this node's last
// round of lease renewals (0: a node alone, or none yet).
func (h *Hall) StoreWait() time.Duration {
	if h.Nodes == nil {
		return 0
	}
	return storeWait(h.Nodes.Hold)
}

// storeWait is how long the store took to acknowledge the last round of
// renewals of hold (0: none, or no leases).
func storeWait(hold *keep.Holding) time.Duration {
	if hold == nil {
		return 0
	}
	return hold.LastRound()
}
