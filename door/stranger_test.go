package door

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// TestAStrangersAnswerIsNotTaken: a user of the NATS deployment without
// the cluster's secret listens on every table's request subject and
// answers each request at once, with garbage and with a status of its
// own making. bob, on node b, still sits at table 1, which node a runs,
// and carol watches it from node b, her watch's answer held back at
// node a until node b has refused the stranger's (so the stranger is
// surely first): the answers that do not open are passed over and the
// table's own is waited for, and node b says it refused them.
func TestAStrangersAnswerIsNotTaken(t *testing.T) {
	url, _ := deployment(t, "two nodes, a stranger answering (seconds)")
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	var answered atomic.Int64
	sub, err := nc.Subscribe("okey.tables.*.req", func(m *nats.Msg) {
		if m.Reply == "" {
			return
		}
		answered.Add(1)
		_ = nc.Publish(m.Reply, []byte(`{"ok":false,"err":"closed"}`))
		_ = nc.PublishMsg(&nats.Msg{Subject: m.Reply, Header: nats.Header{"Status": []string{"404"}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sub.Unsubscribe() })
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	logs, node := loggedNodes(url)
	f := newFreezer()
	_, addrA := testServer(t, f.node(url, "a"), node("a"))
	_, addrB := testServer(t, node("b"))
	_, bob := seatAcross(t, addrA, addrB) // bob's join crosses from node b
	if answered.Load() == 0 {
		t.Fatal("the stranger answered no request: the test tested nothing")
	}
	carol := dial(t, addrB, "carol", dialOpts{key: newKey(t)})
	carol.waitFor("Table 1 ·", patience)
	// Node a's table takes no event (its lease renewed all along) until
	// node b has refused an answer to carol's watch.
	f.frozen.Store(true)
	defer f.thawEvents()
	carol.press("w") // watch table 1 from node b
	deadline := time.Now().Add(patience)
	for !strings.Contains(logs["b"].String(), "answers to a request to another node refused") {
		if time.Now().After(deadline) {
			t.Fatalf("node b did not say it refused the stranger's answers:\n%s", logs["b"].String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	f.thawEvents()
	carol.waitUntil("watching table 1", patience, func(s string) bool { return strings.Contains(s, "Hand 1 ·") || strings.Contains(s, "has closed") })
	if scr := carol.term.String(); strings.Contains(scr, "has closed") {
		t.Fatalf("carol's watch failed on the stranger's word:\n%s", scr)
	}
	if scr := bob.term.String(); strings.Contains(scr, "has closed") {
		t.Fatalf("bob was told the table closed:\n%s", scr)
	}
}
