package keep

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// The cluster's members. The secret file is the whole cluster: whoever
// holds a copy can start a NATS server that the nodes take as a peer,
// and it receives every replicated value. That is by design (one file
// to give a new machine); that it could happen unseen is not. So every
// node watches the servers its embedded server has routes to, logs
// each one that joins or leaves, and status lists them.
//
// NATS has no callback for a route that connects or closes (its log
// says so, in words, to a logger we keep silent), so the node asks its
// own server for its routes (Peers: Server.Routez, in memory, no
// request on the network) once a second and says what changed.
//
// With --nats the servers are the deployment's: its operator sees them
// (nats server list, its /routez) and the nodes, who are its clients,
// cannot; Peers is then nil.

// Peer is another server of the cluster, as this node's routes see it.
type Peer struct {
	// Name is the server's name: an okey node's --node (a server can
	// give any name: it is not proof of anything).
	Name string
	// ID is the server's identity, drawn anew at each of its starts.
	ID string
	// Addr is the route's far end: the peer's cluster address when this
	// node dialed it, else the address it dialed from.
	Addr string
	// Dialed is whether this node dialed it (it is at one of the
	// --routes); otherwise it dialed in.
	Dialed bool
	// Since is when its first route of those open now connected.
	Since time.Time
	// In is how many messages its routes open now have brought this
	// node: a server that says nothing (frozen, stopped) leaves it
	// still, a running one (its store's replication, an okey node's
	// word that it is alive every second) moves it on.
	In int64
}

// ServerID is the node's own NATS server's identity, as its peers'
// routes name it (Peer.ID; "": a node using a NATS deployment).
func (e *Engine) ServerID() string {
	if e == nil || e.ns == nil {
		return ""
	}
	return e.ns.ID()
}

// Peers lists the servers the node's embedded server has routes to, one
// entry a server (NATS opens several routes to each), sorted by name;
// nil for a node alone or one using a NATS deployment.
func (e *Engine) Peers() []Peer {
	if e == nil || e.ns == nil {
		return nil
	}
	rz, err := e.ns.Routez(&server.RoutezOptions{})
	if err != nil {
		return nil
	}
	return peersOf(rz.Routes)
}

// peersOf groups routes by the server at their far end.
func peersOf(routes []*server.RouteInfo) []Peer {
	byID := map[string]*Peer{}
	for _, r := range routes {
		if r.RemoteID == "" {
			continue // not yet introduced
		}
		addr := ""
		if r.IP != "" {
			addr = net.JoinHostPort(r.IP, strconv.Itoa(r.Port))
		}
		p := byID[r.RemoteID]
		if p == nil {
			p = &Peer{Name: r.RemoteName, ID: r.RemoteID, Addr: addr, Dialed: r.DidSolicit, Since: r.Start, In: r.InMsgs}
			byID[r.RemoteID] = p
			continue
		}
		p.In += r.InMsgs
		if r.DidSolicit && !p.Dialed {
			p.Addr, p.Dialed = addr, true
		}
		if r.Start.Before(p.Since) {
			p.Since = r.Start
		}
	}
	out := make([]Peer, 0, len(byID))
	for _, p := range byID {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b Peer) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Behind lists the store's streams (a bucket is one) whose copies are
// not all there and current: a leader not elected, a replica offline or
// still catching up. A node restarted catches up on what it missed
// before it holds a good copy again; restarting the next one before
// then can leave a stream without a majority (one held in memory, the
// lobby, without any copy). Empty: every stream is whole.
func (e *Engine) Behind(ctx context.Context) ([]string, error) {
	var behind []string
	names := e.js.StreamNames(ctx)
	for name := range names.Name() {
		st, err := e.js.Stream(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("the stream %s: %w", name, err)
		}
		info := st.CachedInfo()
		c := info.Cluster
		if c == nil || info.Config.Replicas <= 1 {
			continue
		}
		ok := c.Leader != "" && len(c.Replicas) >= info.Config.Replicas-1
		for _, r := range c.Replicas {
			ok = ok && r.Current && !r.Offline
		}
		if !ok {
			behind = append(behind, name)
		}
	}
	if err := names.Err(); err != nil {
		return nil, fmt.Errorf("the store's streams: %w", err)
	}
	slices.Sort(behind)
	return behind, nil
}
