package hall

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/server/tables"
)

// Doors: a node over its load limit turns newcomers away (admission
// control, door/health.go), and can send them to a node of the
// cluster that is not. Each node writes its own door into the lobby
// bucket every couple of seconds — the address players reach it at, if
// it was given one (okey serve --public-addr), and whether it is full —
// under the key "node-NAME", sealed like the tables' summaries; every
// node reads the others' from the watch it keeps on the lobby anyway.
// A door not written for doorStale is of a node gone, and is not
// offered.

// doorPrefix starts a door's key in the lobby bucket (tables' keys are
// their numbers).
const doorPrefix = "node-"

// doorStale is how old a door may be and still be offered.
const doorStale = 10 * time.Second

// door is one node's door.
type door struct {
	Node string `json:"node"`
	// Server is the node's NATS server's identity (keep.Engine.ServerID;
	// new at each start, "" with a NATS deployment): the cluster member
	// the door is of.
	Server string    `json:"server,omitempty"`
	Addr   string    `json:"addr,omitempty"`
	Full   bool      `json:"full"`
	At     time.Time `json:"at"`
}

// Door says this node's door: the address players reach it at ("":
// not known) and whether it is full now. Set by the server (nil: the
// node writes none).
type Door func() (addr string, full bool)

// isDoor reports whether a lobby entry is a node's door, and keeps it
// if it opens.
func (r *relay) isDoor(e jetstream.KeyValueEntry) bool {
	if !strings.HasPrefix(e.Key(), doorPrefix) {
		return false
	}
	var d door
	b, err := r.seal.Open(lobbyPlace(e.Key()), e.Value())
	r.Mu.Lock()
	defer r.Mu.Unlock()
	if e.Operation() == jetstream.KeyValuePut && err != nil {
		// Not a node's: the door stays as it was.
		return true
	}
	put := e.Operation() == jetstream.KeyValuePut && json.Unmarshal(b, &d) == nil
	if put && d.Node == r.node && d.At.After(r.ownDoor) {
		// This node's own door, read back: the lobby as this node reads
		// it is current to when it was written.
		r.ownDoor = d.At
		if r.firstDoor.IsZero() {
			r.firstDoor = d.At
		}
	}
	if !put || d.Node == r.node {
		delete(r.doors, e.Key())
		return true
	}
	if cur, ok := r.doors[e.Key()]; ok && d.At.Before(cur.At) {
		// An older door put back: the newer stays.
		return true
	}
	r.doors[e.Key()] = d
	if d.Server != "" {
		r.servers[d.Server] = d.Node
	}
	return true
}

// writeDoor writes this node's door, if the server says it.
func (r *relay) writeDoor(ctx context.Context) {
	r.Mu.Lock()
	say := r.door
	r.Mu.Unlock()
	if say == nil {
		return
	}
	addr, full := say()
	b, err := json.Marshal(door{Node: r.node, Server: r.server, Addr: addr, Full: full, At: r.opt.Now()})
	if err != nil {
		return
	}
	key := doorPrefix + r.memberNode()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, _ = r.lobby.Put(ctx, key, r.seal.Seal(lobbyPlace(key), b))
}

// shutDoor deletes this node's door: it is stopping on purpose, and the
// others see it gone at once rather than once it is stale.
func (r *relay) shutDoor(ctx context.Context) {
	r.Mu.Lock()
	said := r.door != nil
	r.Mu.Unlock()
	if !said {
		return
	}
	_ = r.lobby.Delete(ctx, doorPrefix+r.memberNode())
}

// OpenDoor is the address of another node of the cluster that admits
// newcomers now ("" if none is known): where a full node sends them.
func (r *relay) OpenDoor() string {
	now := r.opt.Now()
	r.Mu.Lock()
	defer r.Mu.Unlock()
	var open []string
	for _, d := range r.doors {
		if !d.Full && d.Addr != "" && now.Sub(d.At) < doorStale {
			open = append(open, d.Addr)
		}
	}
	if len(open) == 0 {
		return ""
	}
	slices.Sort(open)
	return open[int(now.UnixNano()/int64(time.Millisecond))%len(open)]
}

// SetDoor has the server say this node's door to the others (nil: the
// node writes none), from the relay's next write of its door on.
func (h *Hall) SetDoor(d Door) {
	h.Mu.Lock()
	h.door = d
	h.Mu.Unlock()
	if h.Relay != nil {
		h.Relay.Mu.Lock()
		h.Relay.door = d
		h.Relay.Mu.Unlock()
	}
}

// OpenDoor is the address of another node that admits newcomers now
// ("": none known, or the node is alone).
func (h *Hall) OpenDoor() string {
	if h.Relay == nil {
		return ""
	}
	return h.Relay.OpenDoor()
}

// DoorNodes lists the other nodes whose doors are fresh (written within
// doorStale), sorted: the okey nodes running now, as the lobby says.
// A server with the cluster's secret that is not a running okey node
// writes none (nil: the node is alone).
func (h *Hall) DoorNodes() []string {
	if h.Relay == nil {
		return nil
	}
	r := h.Relay
	now := r.opt.Now()
	r.Mu.Lock()
	defer r.Mu.Unlock()
	var out []string
	for _, d := range r.doors {
		if now.Sub(d.At) < doorStale {
			out = append(out, d.Node)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// LobbyReadBack is when this node wrote the newest of its own doors
// that it has read back from the lobby (zero: none yet, or the node is
// alone), and the first: when it began to read the lobby. The lobby as this node reads it holds every door written
// before then, so the doors it lacks are the doors of nodes not
// writing: a node frozen or starved, whose watch and rereads are
// behind, reads its own door back late, and its peers' doors with it.
// That, not the time since a member joined, is what may call a member
// unknown for lack of a door.
func (h *Hall) LobbyReadBack() (first, last time.Time) {
	if h.Relay == nil {
		return time.Time{}, time.Time{}
	}
	h.Relay.Mu.Lock()
	defer h.Relay.Mu.Unlock()
	return h.Relay.firstDoor, h.Relay.ownDoor
}

// DoorTimes is when each other node wrote the newest of its doors this
// node has read, by node (nil: the node is alone). Beside
// LobbyReadBack it says which nodes were writing doors as of the
// lobby this node has read, whatever the time now.
func (h *Hall) DoorTimes() map[string]time.Time {
	if h.Relay == nil {
		return nil
	}
	r := h.Relay
	r.Mu.Lock()
	defer r.Mu.Unlock()
	out := make(map[string]time.Time, len(r.doors))
	for _, d := range r.doors {
		if d.At.After(out[d.Node]) {
			out[d.Node] = d.At
		}
	}
	return out
}

// DoorServer is the node whose door named the cluster member server
// (its NATS server's identity) at any time since this node started ("":
// none did). A member whose door stopped coming is an okey node all the
// same, silent (frozen, starved or cut off), not a stranger.
func (h *Hall) DoorServer(server string) string {
	if h.Relay == nil || server == "" {
		return ""
	}
	h.Relay.Mu.Lock()
	defer h.Relay.Mu.Unlock()
	return h.Relay.servers[server]
}

// DoorStale is how long before the lobby this node has read back a
// node's newest door may have been written for that node to count as
// writing doors.
const DoorStale = doorStale

// A node gone silent (frozen, cut off, its process stopped) keeps its
// connections, so the stand-ins of its players at the tables run here
// would count as connected for as long as it is silent, and a guest
// there could not take their seat back from another node with the
// resume code (refused while the seat's player is connected). So each
// node says it is alive every second (a plain message, sealed and
// stamped, on aliveSubject: no store in the way, which a starved
// cluster answers late), and once a node has not been heard for
// silentAfter, its stand-ins here are let go: each seat is its
// player's, kept as for a connection ended, and its code takes it. A
// node that does not hear itself (frozen or starved itself, or its
// link down) lets nobody go. A player of the silent node asking for the
// seat again later is taken as a resume code is (onRequest): their
// seat again later is taken as a resume code is (onRequest): their
// seat, unless someone took it back. (Not the doors: a door is written
// through the store, and on a starved machine doors come seconds apart
// from nodes that are playing.)

// aliveSubject is where each node says it is alive.
const aliveSubject = "okey.nodes.alive"

// aliveEvery is how often a node says it is alive; silentAfter how long
// a node not heard is silent.
const (
	aliveEvery  = time.Second
	silentAfter = 10 * time.Second
)

// heartbeat says every aliveEvery that this node is alive, and lets go
// the stand-ins of nodes silent, until ctx ends.
func (r *relay) heartbeat(ctx context.Context) {
	tick := time.NewTicker(aliveEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if f := r.opt.Fault; f != nil {
			f("lobby", "") // tests: a node frozen stops here
		}
		sealed, _ := r.fresh.Seal(aliveSubject, "", []byte(r.memberNode()))
		_ = r.nc.Publish(aliveSubject, sealed)
		r.dropSilent(ctx, time.Now())
	}
}

// onAlive notes a node's word that it is alive (its own included).
func (r *relay) onAlive(msg *nats.Msg) {
	b, _, _, err := r.fresh.Open(msg.Subject, msg.Data)
	if err != nil {
		return // not a node's, or put back
	}
	r.Mu.Lock()
	r.alive[string(b)] = time.Now()
	r.Mu.Unlock()
}

// HeardAlive is when this node last heard node say it is alive (zero:
// never, or the node is alone); node is named as it names itself, its
// cluster member's name.
func (h *Hall) HeardAlive(node string) time.Time {
	if h.Relay == nil {
		return time.Time{}
	}
	h.Relay.Mu.Lock()
	defer h.Relay.Mu.Unlock()
	return h.Relay.alive[memberName(node)]
}

// aliveNodes are the nodes heard alive within silentAfter by their
// member names, this one's with them and gone's without, sorted: the
// nodes a gone node's tables are shared out among (shareOf).
func (r *relay) aliveNodes(gone string) []string {
	now := time.Now()
	me, g := r.memberNode(), memberName(gone)
	out := []string{me}
	r.Mu.Lock()
	for n, at := range r.alive {
		if n != me && n != g && now.Sub(at) < silentAfter {
			out = append(out, n)
		}
	}
	r.Mu.Unlock()
	slices.Sort(out)
	return out
}

// heardAliveNow reports whether node (a member name) was heard alive
// within three of its beats, or is this node.
func (r *relay) heardAliveNow(node string) bool {
	if node == r.memberNode() {
		return true
	}
	r.Mu.Lock()
	defer r.Mu.Unlock()
	at, ok := r.alive[node]
	return ok && time.Since(at) < 3*aliveEvery
}

// silencedKeep is how long a player of a silent node is remembered
// (onRequest): past a seat's keeping, it is given up anyway.
const silencedKeep = 10 * time.Minute

// dropSilent lets go the stand-ins of nodes not heard for silentAfter,
// if this node hears itself.
func (r *relay) dropSilent(ctx context.Context, now time.Time) {
	var drop []*standIn
	r.Mu.Lock()
	if self, ok := r.alive[r.memberNode()]; ok && now.Sub(self) < 3*aliveEvery {
		for key, s := range r.stands {
			node := keyNode(key)
			heard, ok := r.alive[node]
			if !ok || now.Sub(heard) < silentAfter {
				continue
			}
			delete(r.stands, key)
			r.silenced[silencedKey(node, s.id)] = now
			drop = append(drop, s)
			r.opt.Log.Info("a player's node is silent: their seat is kept for them, and their code takes it back from any node",
				"table", s.t.ID, "node", node, "last heard", heard.Format(time.TimeOnly))
		}
	}
	for k, at := range r.silenced {
		if now.Sub(at) > silencedKeep {
			delete(r.silenced, k)
		}
	}
	r.Mu.Unlock()
	for _, s := range drop {
		close(s.stop)
		go func() {
			ctx, cancel := context.WithTimeout(ctx, relayWait)
			defer cancel()
			s.t.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: s.m, Gone: true})
		}()
	}
}

// lobbyBucket holds each table's summary, written by the node running it.
const lobbyBucket = "okey_lobby"

// lobbyPlace is where a table's lobby entry is sealed for.
func lobbyPlace(id string) string { return lobbyBucket + "/" + id }
