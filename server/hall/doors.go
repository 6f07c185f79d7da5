package hall

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Doors: a node over its load limit turns newcomers away (admission
// control, server/door/health.go), and can send them to a node of the
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
	Node string    `json:"node"`
	Addr string    `json:"addr,omitempty"`
	Full bool      `json:"full"`
	At   time.Time `json:"at"`
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
	if e.Operation() != jetstream.KeyValuePut || json.Unmarshal(b, &d) != nil || d.Node == r.node {
		delete(r.doors, e.Key())
		return true
	}
	if cur, ok := r.doors[e.Key()]; ok && d.At.Before(cur.At) {
		// An older door put back: the newer stays.
		return true
	}
	r.doors[e.Key()] = d
	return true
}

// writeDoor writes this node's door, if the server says it.
func (r *relay) writeDoor(ctx context.Context) {
	if r.h.Door == nil {
		return
	}
	addr, full := r.h.Door()
	b, err := json.Marshal(door{Node: r.node, Addr: addr, Full: full, At: r.h.Opt.Now()})
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
	if r.h.Door == nil {
		return
	}
	_ = r.lobby.Delete(ctx, doorPrefix+r.memberNode())
}

// OpenDoor is the address of another node of the cluster that admits
// newcomers now ("" if none is known): where a full node sends them.
func (r *relay) OpenDoor() string {
	now := r.h.Opt.Now()
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
	now := r.h.Opt.Now()
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

// lobbyBucket holds each table's summary, written by the node running it.
const lobbyBucket = "okey_lobby"

// lobbyPlace is where a table's lobby entry is sealed for.
func lobbyPlace(id string) string { return lobbyBucket + "/" + id }
