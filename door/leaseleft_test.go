package door

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestAClosedTablesLeaseIsLeftAlone: a table that closes purges its
// entry and gives its lease up; the other nodes hear the lease end, find
// nothing kept, and leave it. Taken, each node's take found no entry,
// gave the lease back, and the others heard that end in turn: the lease
// of every closed table went from node to node for as long as they ran
// (seen as "giving a table's lease up" errors, minutes after a
// tournament's tables closed).
func TestAClosedTablesLeaseIsLeftAlone(t *testing.T) {
	t.Parallel()
	url := sharedNATS(t)
	a, addrA := testServer(t, steadyNode(url, "a"))
	b, _ := testServer(t, steadyNode(url, "b"))
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	sub, err := nc.SubscribeSync("$KV.okey_leases.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	ann := dial(t, addrA, "ann", dialOpts{key: newKey(t)})
	openTable(t, ann)
	// Its lobby entry written, as every table's is but one that closes
	// before the lobby's writer comes round (a fraction of a second):
	// listed on the other nodes from its opening's word alone, such a
	// one is taken over once by their sweep, to be unlisted.
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	lobby, err := js.KeyValue(ctx, "okey_lobby")
	if err != nil {
		t.Fatal(err)
	}
	for _, err := lobby.Get(ctx, "1"); err != nil; _, err = lobby.Get(ctx, "1") {
		if ctx.Err() != nil {
			t.Fatalf("table 1 not in the lobby within %v: %v", patience, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	ann.press("q") // leaves the waiting room, the table's one seat held
	for deadline := time.Now().Add(patience); a.hall.Local("1") != nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("table 1 still open on a %v after ann left", patience)
		}
	}
	// The lease's writes: taken by a, renewed, given up (a delete);
	// then nothing for 3 s.
	var ops []string
	given := false
	for {
		wait := patience
		if given {
			wait = 3 * time.Second
		}
		m, err := sub.NextMsg(wait)
		if err == nats.ErrTimeout && given {
			break
		}
		if err != nil {
			t.Fatalf("table 1's lease, after %v: %v", ops, err)
		}
		op := m.Header.Get("KV-Operation")
		if op == "" {
			op = "PUT"
		}
		if given {
			t.Fatalf("table 1's lease written after a gave it up (the table closed): %v then %s (b took %d tables over)", ops, op, b.hall.TakenOver.Load())
		}
		ops = append(ops, op)
		given = op == "DEL"
	}
	if n := b.hall.TakenOver.Load(); n != 0 {
		t.Fatalf("b took %d tables over", n)
	}
}
