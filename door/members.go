package door

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode"

	"okey/kit/safetext"
	"okey/server/hall"
	"okey/server/keep"
)

// The cluster's members, as a node sees them (keep/members.go says
// how): each server that joins or leaves is logged, status lists them,
// and one that is not a running okey node is flagged.
//
// A member is unknown when no okey node of that name writes its door
// into the lobby bucket (hall/doors.go: every running node does, every
// two seconds, sealed), or when its name is this node's or another
// member's too. A NATS server started with a copy of the secret file,
// which is all an intruder needs to become a peer, writes no door: it
// is flagged in status at once, and logged as a warning once it has
// been there doorGrace without one (a new okey node writes its door
// within seconds of joining). An intruder that ran okey itself would
// show as one more node, by its name, on every node's log and status:
// seen, not stopped. Rotating the secret (docs/cluster.md) shuts it
// out.

// doorGrace is how long a new member may go without a door before it
// is logged as not an okey node (Config.memberGrace in tests).
const doorGrace = 10 * time.Second

// A member can show that it is an okey node only by saying something:
// its door, its word that it is alive. One that has said nothing on its
// routes for quietAfter (its messages' count standing still) is frozen
// or stopped, and cannot: a node frozen as the cluster started, before
// its peers had read its door or heard it once, would be warned of as a
// stranger. Such a member is not judged while it is quiet, nor for a
// grace after it speaks again (its door and its word come a moment
// after its store's traffic) — for at most quietMax after it joined: a
// server that joins and only listens, saying nothing, is warned of then.
// A running server is never quiet: its store's replication and an okey
// node's heartbeat speak every second.
const (
	quietAfter = 3 * time.Second
	quietMax   = 2 * time.Minute
)

// clusterWatch is the cluster as this node watches it: its members
// judged and logged, and status's part on them. A server that shares
// its tables with other nodes holds one (nil: it runs alone).
type clusterWatch struct {
	eng  *keep.Engine
	hall *hall.Hall
	log  *slog.Logger
	// grace is how long a new member may go without a door
	// (doorGrace; Config.memberGrace in tests).
	grace time.Duration
	// clustered: the nodes are clustered by routes (their servers are
	// ours to list), not clients of a NATS deployment.
	clustered bool
	// copies is status's word on the store's copies.
	copies copiesSeen
	// heard is when each member's routes last brought a message.
	heard routesHeard
}

// routesHeard follows each member's count of messages brought by its
// routes (keep.Peer.In), by its id: when the count last moved, and when
// it was last seen standing still for quietAfter. Looked at every
// routesEvery by watchMembers, and by every judging.
type routesHeard struct {
	mu   sync.Mutex
	seen map[string]heardCount
}

// heardCount is one member's count of messages, as routesHeard follows
// it.
type heardCount struct {
	n int64
	// moved is when n was first seen as it is; quiet is the last time
	// it was seen unmoved for quietAfter (zero: never).
	moved, quiet time.Time
}

// note takes in the members' counts at now and says, by id, when each
// was last quiet (zero: never seen quiet). Members gone are forgotten.
func (r *routesHeard) note(peers []keep.Peer, now time.Time) map[string]time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := make(map[string]heardCount, len(peers))
	out := make(map[string]time.Time, len(peers))
	for _, p := range peers {
		h, ok := r.seen[p.ID]
		if !ok || h.n != p.In {
			h.n, h.moved = p.In, now
		}
		if now.Sub(h.moved) >= quietAfter {
			h.quiet = now
		}
		seen[p.ID], out[p.ID] = h, h.quiet
	}
	r.seen = seen
	return out
}

// watch logs the cluster's comings and goings until ctx ends: its
// servers when they are clustered by routes, else the okey nodes'
// doors.
func (s *clusterWatch) watch(ctx context.Context) {
	if s.clustered {
		s.watchMembers(ctx, s.eng)
	} else {
		s.watchDoors(ctx)
	}
}

// member is one server of the cluster with what this node makes of it.
type member struct {
	keep.Peer
	// unknown says why it is not taken for a running okey node ("": it
	// is one, or it is not judged yet).
	unknown string
	// pending: not judged yet for want of a door, because the lobby as
	// this node has read it is not yet current to a grace after the
	// member joined, or because it has said nothing on its routes
	// lately (quiet; judge).
	pending bool
	// quiet: pending because it has said nothing on its routes lately
	// (frozen or stopped).
	quiet bool
	// silent: an okey node (its door named this very server) whose
	// door has stopped coming: frozen, starved or cut off.
	silent bool
}

// members is the cluster's other servers, each judged.
func (s *clusterWatch) members(eng *keep.Engine) []member {
	if eng == nil {
		return nil
	}
	peers := eng.Peers()
	now := time.Now()
	quiet := s.heard.note(peers, now)
	doors := s.hall.DoorTimes()
	readFirst, readBack := s.hall.LobbyReadBack()
	names := map[string]int{}
	for _, p := range peers {
		names[p.Name]++
	}
	out := make([]member, len(peers))
	for i, p := range peers {
		out[i] = judge(p, eng.Node, names[p.Name] > 1, seen{doorAt: doors[p.Name], readFirst: readFirst, readBack: readBack, quiet: quiet[p.ID], now: now}, s.grace)
		if out[i].unknown != "" && names[p.Name] == 1 && p.Name != eng.Node && time.Since(s.hall.HeardAlive(p.Name)) < hall.DoorStale {
			// Heard saying it is alive (hall's heartbeat, sealed with
			// the cluster's key as a door is, and carried by the
			// routes, not the store) within as long as a door may be
			// late: an okey node whose door has not come yet — a node
			// woken from a freeze rejoins at once, while its door
			// waits on its store catching up.
			out[i].unknown, out[i].pending = "", false
		}
		if out[i].unknown != "" && !out[i].pending && names[p.Name] == 1 && p.Name != eng.Node && s.hall.DoorServer(p.ID) == p.Name {
			// Its door, naming this very server, was read before: an
			// okey node gone silent, which a stranger cannot pass for
			// (the door is sealed, and the server's identity is new at
			// each start).
			out[i].unknown, out[i].silent = "", true
		}
	}
	return out
}

// seen is what this node has seen of a member, to judge it by.
type seen struct {
	// doorAt is when the member's newest door read was written (zero:
	// none).
	doorAt time.Time
	// readFirst and readBack are when this node wrote the first and
	// the newest of its own doors read back: it began to read the lobby
	// then, and the lobby as read is current to then.
	readFirst, readBack time.Time
	// quiet is the last time the member's routes were seen bringing
	// nothing for quietAfter (zero: never); now is the time of judging.
	quiet, now time.Time
}

// judge says what this node makes of peer p, given what it has seen of
// it. A door is judged against readBack, not against the clock: a node
// frozen or starved reads the lobby late, and every peer's door looked
// stale to it by the clock on waking, a false alarm on every freeze.
// So a peer lacks a door only if none was written within doorStale
// before readBack, and is called unknown for it only once readBack is
// a grace past its joining, or past this node's beginning to read the
// lobby if that came later (an okey node's first door comes seconds
// after its route, as long after as this node's own did when they
// start together); until then it is pending. A peer quiet on its
// routes within a grace is pending too (it cannot show a door: frozen
// or stopped), up to quietMax after it joined.
func judge(p keep.Peer, self string, sameName bool, v seen, grace time.Duration) member {
	m := member{Peer: p}
	switch {
	case p.Name == self:
		m.unknown = "it gives this node's own name"
	case sameName:
		m.unknown = "another member gives the same name"
	case !v.doorAt.IsZero() && v.readBack.Sub(v.doorAt) < hall.DoorStale:
		// Writing doors as of the lobby read: an okey node.
	case !v.quiet.IsZero() && v.now.Sub(v.quiet) < grace && v.now.Before(p.Since.Add(quietMax)):
		m.pending, m.quiet = true, true
	case v.readBack.IsZero() || v.readBack.Before(later(p.Since, v.readFirst).Add(grace)):
		m.pending = true
	default:
		m.unknown = "no okey node of that name is running (it writes no door in the lobby)"
	}
	return m
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// membersEvery is how often a node looks at its cluster's members.
const membersEvery = time.Second

// routesEvery is how often a node looks at its server's routes: a route
// closed is a node gone (its tables taken over once it stays away
// goneAfter), and every look's delay is on the way to every one of its
// tables' takeovers. The routes are in the server's memory: looking
// costs no request.
const routesEvery = 250 * time.Millisecond

// watchChanges calls list every every until ctx ends, and joined for
// each member it gives that the call before did not (all of them, the
// first time), left for each the call before gave and it does not;
// members are told apart by their keys.
func watchChanges[T any](ctx context.Context, every time.Duration, list func() map[string]T, joined, left func(T)) {
	known := map[string]T{}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		now := list()
		for k, m := range now {
			if _, ok := known[k]; !ok {
				joined(m)
			}
		}
		for k, m := range known {
			if _, ok := now[k]; !ok {
				left(m)
			}
		}
		known = now
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// watchMembers logs each server that joins or leaves the cluster, and
// warns of one that is still unknown after the grace, until ctx ends.
func (s *clusterWatch) watchMembers(ctx context.Context, eng *keep.Engine) {
	grace := s.grace
	peers := func() map[string]keep.Peer {
		ps := eng.Peers()
		s.heard.note(ps, time.Now()) // followed every tick, judged or not
		out := map[string]keep.Peer{}
		for _, p := range ps {
			out[p.ID] = p
		}
		return out
	}
	watchChanges(ctx, routesEvery, peers, func(p keep.Peer) {
		s.log.Info("cluster member joined", "name", p.Name, "addr", p.Addr, "dialed", p.Dialed, "id", p.ID)
		go watchUnknown(ctx, grace, s.log, func() (member, bool) { return s.member(eng, p.ID) })
	}, func(p keep.Peer) {
		s.log.Info("cluster member left", "name", p.Name, "addr", p.Addr, "id", p.ID)
		if s.hall != nil {
			go s.gone(ctx, eng, p, peers)
		}
	})
}

// goneAfter is how long a member that left must stay away before its
// tables are taken over (hall.NodeGone): a route that drops and comes
// straight back is not a node gone.
const goneAfter = time.Second

// gone hands the tables of member p to the hall's takeover once p has
// stayed out of the cluster for goneAfter (unless ctx ends first).
func (s *clusterWatch) gone(ctx context.Context, eng *keep.Engine, p keep.Peer, peers func() map[string]keep.Peer) {
	t := time.NewTimer(goneAfter)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return
	case <-t.C:
	}
	if _, back := peers()[p.ID]; back {
		return
	}
	for _, q := range peers() {
		if q.Name == p.Name {
			return // the same node's name, back under a new server id
		}
	}
	s.hall.NodeGone(p.Name)
}

// watchUnknown looks at one new member every grace until it is known
// or gone (or ctx ends): still unknown after the first grace, it is
// warned of, once; known after that, the warning is taken back in the
// log. One pending (this node's view of the lobby behind: judge) is
// looked at again every membersEvery, neither warned of nor let go.
func watchUnknown(ctx context.Context, grace time.Duration, log *slog.Logger, look func() (member, bool)) {
	t := time.NewTimer(grace)
	defer t.Stop()
	warned := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		m, here := look()
		switch {
		case !here:
			return // gone: its leaving is logged
		case m.pending:
			t.Reset(min(grace, membersEvery))
			continue
		case m.unknown == "" && warned:
			log.Info("the cluster member warned of is an okey node after all: it wrote its door late (a node frozen or starved as it joined)",
				"name", m.Name, "addr", m.Addr, "id", m.ID)
			return
		case m.unknown == "":
			return
		case !warned:
			log.Warn("a cluster member that is not a known okey node: whoever has the cluster's secret file can join; if it is not yours, change the secret (docs/cluster.md)",
				"name", m.Name, "addr", m.Addr, "id", m.ID, "why", m.unknown)
			warned = true
		}
		t.Reset(grace)
	}
}

// watchDoors logs each okey node that joins or leaves, as the doors in
// the lobby bucket say (a node writes its own every two seconds and
// deletes it when it stops on purpose; one not written for ten is of a
// node gone), until ctx ends: what a node using a NATS deployment can
// see of the others. The deployment's own servers are its operator's
// to watch.
func (s *clusterWatch) watchDoors(ctx context.Context) {
	doors := func() map[string]string {
		out := map[string]string{}
		for _, n := range s.hall.DoorNodes() {
			out[n] = n
		}
		return out
	}
	watchChanges(ctx, membersEvery, doors, func(n string) { s.log.Info("okey node joined", "name", n) },
		func(n string) { s.log.Info("okey node left", "name", n) })
}

// membersStatus is status's part on the cluster's members.
func (s *clusterWatch) membersStatus() string {
	if s == nil {
		return ""
	}
	var b strings.Builder
	if !s.clustered {
		// A NATS deployment: its servers are its operator's to list.
		fmt.Fprintf(&b, "store: a NATS deployment (its servers are listed by its operator: nats server list) · okey nodes writing their doors: %s\n",
			cmp.Or(strings.Join(s.hall.DoorNodes(), ", "), "none but this one"))
		return b.String()
	}
	ms := s.members(s.eng)
	unknown := 0
	for _, m := range ms {
		if m.unknown != "" {
			unknown++
		}
	}
	fmt.Fprintf(&b, "cluster: this node and %d other servers", len(ms))
	if unknown > 0 {
		fmt.Fprintf(&b, " · %d UNKNOWN", unknown)
	}
	b.WriteString("\n")
	behind, err := s.copies.get(s.eng)
	switch {
	case err != nil:
		fmt.Fprintf(&b, "copies: not known (%v)\n", err)
	case len(behind) == 0:
		b.WriteString("copies: every stream whole and current\n")
	default:
		fmt.Fprintf(&b, "copies: %d streams catching up (%s): wait before stopping another node\n", len(behind), strings.Join(behind, ", "))
	}
	for _, m := range ms {
		how := "it dialed"
		if m.Dialed {
			how = "we dialed"
		}
		state := "okey node"
		switch {
		case m.unknown != "":
			state = "UNKNOWN: " + m.unknown
		case m.quiet:
			state = "not judged yet: it says nothing (frozen or stopped?)"
		case m.pending:
			state = "not judged yet: this node has not read the lobby since it joined"
		case m.silent:
			state = "okey node, silent: no door written lately (frozen, starved or cut off?)"
		}
		fmt.Fprintf(&b, "  %-16s %-22s %-10s %s\n", printable(m.Name, 16), printable(m.Addr, 22), how, state)
	}
	return b.String()
}

// printable is what a peer says of itself, as status may print it to
// anyone: control characters (a terminal's escapes) dropped, cut to
// width.
func printable(s string, width int) string {
	return safetext.CutWidth(strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, s), width)
}

// member is the cluster member of that id, if it is still one.
func (s *clusterWatch) member(eng *keep.Engine, id string) (member, bool) {
	for _, m := range s.members(eng) {
		if m.ID == id {
			return m, true
		}
	}
	return member{}, false
}
