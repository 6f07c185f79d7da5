package door

import (
	"context"
	"slices"
	"sync"
	"time"
)

// A node's health, for admission control. A server that players trust
// slows down under overload and never stops, and turns newcomers away
// politely before it fails the players already seated. The node
// measures itself, on two clocks nothing else on the machine can fake:
//
//   - its run-queue delay: how late a timer of its own fires, every
//     100 ms (a process starved of CPU, by its own work or a
//     neighbour's, fires late, and every session's screen with it);
//   - in a cluster, its store's acknowledgement time: how long the last
//     round of its lease renewals took (one round of the cluster's
//     replication, the same wait every move's append has).
//
// Past the limit (Config.Overload) on either, for the last few seconds,
// the node admits no new session (a player holding a seat here still
// comes back in) and opens no new table, saying so in the player's
// language, while the seated play on.

// healthEvery is how often the run-queue clock ticks; healthWindow how
// many ticks it looks back over (5 s).
const (
	healthEvery  = 100 * time.Millisecond
	healthWindow = 50
)

// health is a node's measure of itself.
type health struct {
	mu   sync.Mutex
	late [healthWindow]time.Duration
	n    int
	// store is how long the last round of the store's acknowledgements
	// took (nil: a node alone).
	store func() time.Duration
}

// watch measures the run-queue delay until ctx ends.
func (h *health) watch(ctx context.Context) {
	next := time.Now().Add(healthEvery)
	t := time.NewTimer(healthEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			late := max(0, now.Sub(next))
			h.mu.Lock()
			h.late[h.n%healthWindow] = late
			h.n++
			h.mu.Unlock()
			next = time.Now().Add(healthEvery)
			t.Reset(healthEvery)
		}
	}
}

// delay is the run-queue delay the node has seen lately: the 90th
// percentile of its timer's lateness over the last five seconds.
func (h *health) delay() time.Duration {
	h.mu.Lock()
	k := min(h.n, healthWindow)
	seen := slices.Clone(h.late[:k])
	h.mu.Unlock()
	if k == 0 {
		return 0
	}
	slices.Sort(seen)
	return seen[max(0, (9*k+9)/10-1)]
}

// storeWait is the store's last acknowledgement time (0: not known).
func (h *health) storeWait() time.Duration {
	if h.store == nil {
		return 0
	}
	return h.store()
}

// over reports whether the node is past limit (0: never).
func (h *health) over(limit time.Duration) bool {
	return limit > 0 && (h.delay() > limit || h.storeWait() > limit)
}
