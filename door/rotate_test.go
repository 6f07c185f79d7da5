//go:build tune

package door

import (
	"context"
	"strings"
	"testing"
	"time"

	"okey/server/keep"
)

// restartNode stops node i on purpose (its tables handed over) and
// starts it again on its state directory and cluster address, given
// secret; addrs[i] becomes its new SSH address.
func restartNode(t *testing.T, srvs []*Server, addrs []string, i int, secret *keep.Secret) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	err := srvs[i].Shutdown(ctx)
	cancel()
	if err != nil {
		t.Fatalf("stopping node %d: %v", i, err)
	}
	cfg := srvs[i].cfg
	cfg.Store.Secret = secret
	srv, _, err := New(cfg)
	if err != nil {
		t.Fatalf("starting node %d again: %v", i, err)
	}
	srvs[i], addrs[i] = srv, serveLocal(t, srv)
}

// runner is the node that runs table id now (nil: none).
func runner(srvs []*Server, id string) *Server {
	for _, s := range srvs {
		if s.hall.Local(id) != nil {
			return s
		}
	}
	return nil
}

// TestRotatingTheSecretLosesNoTable changes a three-node cluster's
// secret as docs/cluster.md says, with a match in play: each of the
// secret file's three forms (old+new, new+old, new) given to every node
// in turn by a restart, the table handed from node to node meanwhile.
// The table is never lost: after every restart some node runs it with
// its record as it was; at the end the nodes hold the new key alone,
// and the record — sealed with the old key when the match began — still
// opens on every node (each node that took it on sealed it again), and
// its player comes back to it. About 30 s (nine restarts): go test
// -tags tune ./door -run TestRotatingTheSecretLosesNoTable.
func TestRotatingTheSecretLosesNoTable(t *testing.T) {
	t.Parallel()
	srvs, addrs := startNodes(t, 3)
	old := srvs[0].cfg.Store.Secret
	annKey := newKey(t)
	ann := dial(t, addrs[0], "ann", dialOpts{key: annKey})
	startMatch(t, ann)
	ann.waitFor("Hand 1 ·", 10*time.Second)
	ann.close()
	settled(t, srvs[0], "1")
	before, err := storedRecord(t, srvs[0], "1")
	if err != nil || len(before) == 0 {
		t.Fatalf("the record before: %q, %v", before, err)
	}

	forms := []*keep.Secret{old}
	for _, step := range []func(*keep.Secret) (*keep.Secret, error){(*keep.Secret).AddKey, (*keep.Secret).PromoteKey, (*keep.Secret).DropKey} {
		next, err := step(forms[len(forms)-1])
		if err != nil {
			t.Fatal(err)
		}
		forms = append(forms, next)
	}
	for _, form := range forms[1:] {
		for i := range srvs {
			start := time.Now()
			restartNode(t, srvs, addrs, i, form)
			// As the procedure says: the next node is stopped only once
			// every stream's copies are whole again.
			waitUntil(t, 60*time.Second, func() string { return "the streams never caught up" }, func() bool {
				ctx, cancel := keep.EngineCtx()
				defer cancel()
				behind, err := srvs[i].eng.Behind(ctx)
				return err == nil && len(behind) == 0 && len(srvs[i].eng.Peers()) == len(srvs)-1
			})
			t.Logf("node %d restarted with %v in %v", i, form.Fingerprints(), time.Since(start).Round(time.Millisecond))
			var on *Server
			waitUntil(t, 30*time.Second, func() string { return "no node runs table 1 after a restart" }, func() bool {
				on = runner(srvs, "1")
				return on != nil
			})
			rec, err := storedRecord(t, on, "1")
			if err != nil || !strings.HasPrefix(string(rec), string(before)) {
				t.Fatalf("after restarting node %d with %v: the record does not go on from the one before (err %v)", i, form.Fingerprints(), err)
			}
		}
	}
	// The new key alone: every node reads the record, whoever runs it.
	for i, s := range srvs {
		if rec, err := storedRecord(t, s, "1"); err != nil || !strings.HasPrefix(string(rec), string(before)) {
			t.Errorf("node %d, with the new key alone, cannot read table 1's record: %v", i, err)
		}
	}
	ann = dial(t, addrs[1], "ann", dialOpts{key: annKey})
	ann.waitFor("Hand 1 ·", 15*time.Second)
}
