package door

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestACutRecordIsSaidLost: table 1's node dies while a user of the NATS
// deployment without the cluster's secret cuts the table's record back
// to its match's start (purged, and its start put back: its messages
// cannot be deleted). Node b does not take the table over from it —
// the moves since would be undone, unsaid — and says why in its log;
// bob, at it from node b, is told the table is lost, not that his seat
// is kept, and the lobby no longer offers it.
func TestACutRecordIsSaidLost(t *testing.T) {
	url, js := deployment(t, "two nodes, one dies, a record cut (seconds)")
	logs, node := loggedNodes(url)
	// Node a's lease outlasts the cut below: node b must not take the
	// table over before it lands.
	a, addrA := testServer(t, func(c *Config) { node("a")(c); c.Store.LeaseTTL = 10 * time.Second })
	_, addrB := testServer(t, node("b"))
	ann, bob := seatAcross(t, addrA, addrB)
	playUntil(t, a, ann, bob, 4)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a.crash()
	st, err := js.Stream(ctx, "OKEY_RECORDS")
	if err != nil {
		t.Fatal(err)
	}
	const subj = "okey.table.1.record"
	start, err := st.GetMsg(ctx, 1, jetstream.WithGetMsgSubject(subj))
	if err != nil {
		t.Fatal(err)
	}
	if start.Header.Get("Okey-Part") != "start" {
		t.Fatalf("the record's first message is not its start: %v", start.Header)
	}
	if err := st.DeleteMsg(ctx, start.Sequence+1); err == nil {
		t.Fatal("a message of the record was deleted")
	}
	if err := st.Purge(ctx, jetstream.WithPurgeSubject(subj)); err != nil {
		t.Fatal(err)
	}
	h := nats.Header{}
	for k, v := range start.Header {
		if !strings.HasPrefix(k, "Nats-") {
			h[k] = v
		}
	}
	if _, err := js.PublishMsg(ctx, &nats.Msg{Subject: subj, Header: h, Data: start.Data}); err != nil {
		t.Fatal(err)
	}
	cut := time.Now()
	bob.waitFor("The table is lost: the server no longer holds it. No seat was kept.", patience)
	t.Logf("bob was told the table is lost %v after its record was cut (its node dead, its lease 10 s)", time.Since(cut).Round(time.Millisecond))
	if !strings.Contains(logs["b"].String(), "record is cut") {
		t.Fatalf("node b's log does not say the record was cut:\n%s", logs["b"].String())
	}
	carol := dial(t, addrB, "carol", dialOpts{key: newKey(t)})
	scr := carol.waitFor("Tables (", patience)
	if strings.Contains(scr, "Table 1 ·") {
		t.Fatalf("the lobby still offers table 1:\n%s", scr)
	}
}
