package hall

import (
	"context"
	"time"
)

// take takes table id's lease before the hall runs it; without
// nodes it always may.
func (ns *nodes) take(id string) error {
	if ns == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ns.h.ctx, 10*time.Second)
	defer cancel()
	return ns.Hold.Take(ctx, id)
}

// give gives table id's lease up (the table closed here).
func (ns *nodes) give(id string) {
	if ns == nil {
		return
	}
	if f := ns.h.Opt.Fault; f != nil {
		f("give", id)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ns.Hold.Give(ctx, id); err != nil {
		ns.h.Opt.Log.Error("giving a table's lease up", "table", id, "err", err)
	}
}

// leaseLost stops table id: another node may run it now.
func (ns *nodes) leaseLost(id string) {
	if f := ns.h.Opt.Fault; f != nil {
		f("lost", id)
	}
	if t := ns.h.Local(id); t != nil {
		ns.h.Opt.Log.Warn("lease lost: the table stops here", "table", id)
		ns.h.Stopped.Add(1)
		t.Lose()
	}
}
