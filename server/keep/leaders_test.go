package keep

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"okey/kit/store"
)

// TestLeadNone: a node asked to lead no stream hands every stream it
// leads to the other nodes, which then lead them all; once a node is
// lost, none hands anything; a node alone has nothing to hand.
func TestLeadNone(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster (seconds)")
	}
	t.Parallel()
	engs := startCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for i, e := range engs {
		if _, err := openKeeper(ctx, e, filepath.Join(t.TempDir(), store.TablesDir)); err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
	}
	// The streams' leaders are elected as they are made: wait until
	// the records' has one, and take the node that leads it.
	led := func() map[string]int {
		out := map[string]int{}
		for i, e := range engs {
			for _, s := range e.Leads() {
				out[s] = i
			}
		}
		return out
	}
	for {
		if _, ok := led()[recordsStream]; ok {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the records' stream never had a leader: %v", led())
		}
		time.Sleep(50 * time.Millisecond)
	}
	n := led()[recordsStream]
	before := engs[n].Leads()
	moved := engs[n].LeadNone()
	if !slices.Equal(moved, before) {
		t.Errorf("node %d led %v and handed %v", n, before, moved)
	}
	for {
		l, now := led(), engs[n].Leads()
		if len(now) == 0 && !slices.ContainsFunc(before, func(s string) bool { _, ok := l[s]; return !ok }) {
			t.Logf("node %d handed %v to the others", n, before)
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("node %d still leads %v (all: %v)", n, now, l)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// A node lost: the cluster is not whole, and the nodes left keep
	// what they lead (a lost node still counts as heard a while, and a
	// leadership handed to it would wait for an election).
	engs[n].Close()
	for i, e := range engs {
		if i == n {
			continue
		}
		for len(e.Peers()) > 1 {
			if ctx.Err() != nil {
				t.Fatalf("node %d still has a route to the closed node", i)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if leads, got := e.Leads(), e.LeadNone(); got != nil {
			t.Errorf("node %d, a node of the cluster gone, handed %v of %v", i, got, leads)
		}
	}

	alone, err := startEngine(filepath.Join(t.TempDir(), NATSDir))
	if err != nil {
		t.Fatal(err)
	}
	defer alone.Close()
	if _, err := openKeeper(ctx, alone, filepath.Join(t.TempDir(), store.TablesDir)); err != nil {
		t.Fatal(err)
	}
	if got := alone.LeadNone(); got != nil {
		t.Errorf("a node alone handed %v", got)
	}
}
