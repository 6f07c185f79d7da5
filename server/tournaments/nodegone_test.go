package tournaments

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestANodeGonesTournamentIsTakenAtOnce: a tournament whose driving node
// is said gone from the cluster (NodeGone: its routes closed and not
// back) is taken by the next rounds of another node at its lease's
// revision, not once the lease runs out — here the gone node's lease is
// still held and renewed (its process not yet reaped). A node not said
// gone keeps its tournament.
func TestANodeGonesTournamentIsTakenAtOnce(t *testing.T) {
	t.Parallel()
	_, one, two, clk := hallAndTwoOwners(t)
	ctx := context.Background()
	id := arenaOfFour(t, one.svc, "gone")
	clk.add(10 * time.Minute)
	for end := time.Now().Add(time.Minute); !slices.Contains(one.svc.Owner().Owned(), id); time.Sleep(10 * time.Millisecond) {
		one.svc.Owner().Round(ctx)
		if time.Now().After(end) {
			t.Fatal("the first node never took its tournament")
		}
	}
	// Asked at once, while the first node's lease is surely held (no
	// wait past its TTL, which a loaded machine's late renewal could let
	// run out).
	two.svc.Owner().Round(ctx)
	if len(two.svc.Owner().Owned()) != 0 {
		t.Fatal("a second node took a tournament whose node renews its lease, not said gone")
	}
	// The first node still renews its lease here (in a real cluster a
	// node said gone does not): a renewal landing between the second
	// node's read of the lease and its write at that revision refuses
	// the write, and the second node then waits as for a lease held.
	// So the round is asked again, each time the node said gone anew,
	// for a while: the lease never runs out meanwhile (it is renewed),
	// so a take at all is a take at the revision.
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		two.svc.Owner().NodeGone("one")
		two.svc.Owner().Round(ctx)
		if slices.Contains(two.svc.Owner().Owned(), id) {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the node said gone's tournament not taken in 30 s of rounds: owned %v", two.svc.Owner().Owned())
		}
	}
	two.svc.Owner().NodeGone("three") // another node gone: nothing of the first's taken from it
	if got := two.svc.owner.goneLately(time.Now()); got != "three" {
		t.Errorf("the node gone lately is %q, want three", got)
	}
	if got := two.svc.owner.goneLately(time.Now().Add(2 * goneFor)); got != "" {
		t.Errorf("a node gone long ago still said gone lately: %q", got)
	}
}
