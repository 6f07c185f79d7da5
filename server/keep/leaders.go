package keep

import (
	"slices"

	"github.com/nats-io/nats-server/v2/server"
)

// LeadNone hands the leadership of every stream this node's embedded
// server leads to another node of the cluster, and returns the streams
// it asked to move (nil when it leads none, or is not clustered). A
// stream whose leader is lost cannot be written until its followers
// elect another, 4 to 9 s later (NATS's raft timeouts, not ours to
// set): a node that would cost the most if lost — the one driving the
// tournaments, whose tables and tournament must both be taken over —
// leads none, so that its loss costs no election. Leaders are asked
// to step down, never placed: NATS picks a follower it heard lately.
//
// Only in a whole cluster (a route to every other copy's node), and
// only a stream whose every follower is current: a node just lost
// still counts as heard for a few seconds, and a leadership handed to
// it leaves the stream without a leader until an election — in the
// middle of the takeover of the lost node's tables, which write to
// those very streams.
func (e *Engine) LeadNone() []string {
	if len(e.Peers()) < e.Replicas-1 {
		return nil
	}
	var moved []string
	for _, s := range e.led() {
		if s.ready && e.ns.JetStreamStepdownStream(s.account, s.name) == nil {
			moved = append(moved, s.name)
		}
	}
	slices.Sort(moved)
	return moved
}

// Leads lists the streams this node's embedded server leads now, by
// name (nil when it is not clustered): LeadNone's test, and a node's
// debug line.
func (e *Engine) Leads() []string {
	var out []string
	for _, s := range e.led() {
		out = append(out, s.name)
	}
	slices.Sort(out)
	return out
}

// ledStream is a stream this node leads: its account, its name, and
// whether it has followers and every one is current (its leadership
// may be handed on).
type ledStream struct {
	account, name string
	ready         bool
}

// led is the streams this node's embedded server leads, as its own
// monitoring says (no other node asked); nil when it is not clustered.
func (e *Engine) led() []ledStream {
	if e == nil || e.ns == nil || !e.ns.JetStreamIsClustered() {
		return nil
	}
	jsz, err := e.ns.Jsz(&server.JSzOptions{Accounts: true, Streams: true})
	if err != nil {
		return nil
	}
	var out []ledStream
	for _, a := range jsz.AccountDetails {
		for _, s := range a.Streams {
			if c := s.Cluster; c != nil && c.Leader == e.ns.Name() {
				// A stream of one copy has no follower to lead it.
				ready := len(c.Replicas) > 0
				for _, r := range c.Replicas {
					ready = ready && r != nil && r.Current && !r.Offline
				}
				out = append(out, ledStream{a.Name, s.Name, ready})
			}
		}
	}
	return out
}
