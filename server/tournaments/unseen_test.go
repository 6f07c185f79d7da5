package tournaments

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
	"okey/server/tables"
)

// TestAnEndTheWatchMissesIsReadAfterANodesLoss: after a node's loss
// (NodeGone) the owner's watch of the store may bring nothing for
// seconds (its consumer made again once the cluster has elected the
// leaders it needs). The
// owner reads the ends of its tables that closed from the store
// itself: a table's end the watch never brings is counted all the
// same, once. Without that read the match stays in play until the
// watch comes back (here never).
func TestAnEndTheWatchMissesIsReadAfterANodesLoss(t *testing.T) {
	t.Parallel()
	n, one, clk := hallAndOwner(t)
	one.svc.watchMisses = func(key string) bool { return strings.HasPrefix(key, prefixEnd) }
	ctx := context.Background()
	id := arenaOfFour(t, one.svc, "watch stalled")
	rounds := func(what string, within time.Duration, want func(tourney.Tournament) bool) tourney.Tournament {
		t.Helper()
		return roundsUntil(t, one.svc, id, what, within, want)
	}
	clk.add(10 * time.Minute)
	tr := rounds("the first table", 2*time.Minute, func(tr tourney.Tournament) bool { return len(tr.Playing) == 1 })
	first := tr.Playing[0].Table
	one.svc.Owner().NodeGone("three") // another node lost: the watch is not trusted
	p := &players{at: map[string][]*tables.Member{}}
	p.come(t, &node{hall: n.hall, svc: one.svc, ended: n.ended}, id, nil)
	select {
	case got := <-n.ended:
		if got != strconv.Itoa(first) {
			t.Fatalf("table %s ended, want %d", got, first)
		}
		p.leave(n, got)
	case <-time.After(3 * time.Minute):
		t.Fatal("the first table's match never ended")
	}
	tr = rounds("the end, read past the watch", 30*time.Second, func(tr tourney.Tournament) bool { return len(tr.Matches) == 1 })
	// More rounds: the end, deleted once taken, is not counted again.
	for range 20 {
		one.svc.Owner().Round(ctx)
	}
	if _, tr, _ = one.svc.Tournament(id); len(tr.Matches) != 1 {
		t.Fatalf("%d matches counted, want 1", len(tr.Matches))
	}
}
