package hall

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/server/keep"
	"okey/server/tables"
)

// TestAnOlderLobbyEntryIsNotListed: a table's lobby entry put back by a
// writer of the store without the secret (an older summary, sealed by
// its node) is not listed over the newer one a node listed: the row
// stays as it was, whichever node wrote the older one, until a newer
// entry comes (a later lease's, or the same lease's later write). On
// the node that runs the table, an entry of its own table that is not
// the one it last wrote has its summary written again.
func TestAnOlderLobbyEntryIsNotListed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seal := testSeal(t)
	entry := func(id string, rev uint64, node, code string, st summaryStamp) jetstream.KeyValueEntry {
		b, err := json.Marshal(remoteSummary{Node: node, Summary: &tables.Summary{ID: id, Game: "classic", Code: code}, Stamp: st})
		if err != nil {
			t.Fatal(err)
		}
		return lobbyEntry{key: id, rev: rev, value: seal.Seal(lobbyPlace(id), b)}
	}
	watchAll := func(r *relay, es ...jetstream.KeyValueEntry) { watchEntries(ctx, r, es...) }

	b := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	b.Relay = &relay{side: b.side(), node: "b", seal: seal, Others: map[string]remoteSummary{}, stamps: map[string]ownEntry{}, written: map[string][]byte{}}
	for _, c := range []struct {
		name string
		e    jetstream.KeyValueEntry
		want string // the code listed after it
	}{
		{"a's entry", entry("1", 5, "a", "NEWER", summaryStamp{Lease: 10, Seq: 2}), "NEWER"},
		{"a's older entry put back", entry("1", 6, "a", "OLDER", summaryStamp{Lease: 10, Seq: 1}), "NEWER"},
		{"an older lease's entry put back", entry("1", 7, "c", "OLDEST", summaryStamp{Lease: 9, Seq: 40}), "NEWER"},
		{"a's later write", entry("1", 8, "a", "LATER", summaryStamp{Lease: 10, Seq: 3}), "LATER"},
		{"a later lease's entry (moved)", entry("1", 9, "c", "MOVED", summaryStamp{Lease: 12, Seq: 1}), "MOVED"},
	} {
		watchAll(b.Relay, c.e)
		if got := b.Relay.Others["1"]; got.Summary == nil || got.Summary.Code != c.want {
			t.Fatalf("after %s, the lobby lists %+v, want code %s", c.name, got.Summary, c.want)
		}
	}

	// The node that runs the table: its own entry, then an older one of
	// its own put back.
	a := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	a.Relay = &relay{side: a.side(), node: "a", seal: seal, Others: map[string]remoteSummary{}, stamps: map[string]ownEntry{}, written: map[string][]byte{}}
	tb, _, err := a.createLocked(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"normal", "normal", "normal", "normal"}}, "")
	if err != nil || tb == nil {
		t.Fatalf("a's table: %v", err)
	}
	mine := summaryStamp{Lease: 10, Seq: 2}
	a.Relay.stamps[tb.ID] = ownEntry{stamp: mine, rev: 5}
	a.Relay.written[tb.ID] = []byte("as written")
	watchAll(a.Relay, entry(tb.ID, 5, "a", "", mine))
	if a.Relay.written[tb.ID] == nil {
		t.Fatal("the node's own entry, as the watch brought it back, is written again")
	}
	watchAll(a.Relay, entry(tb.ID, 6, "a", "", summaryStamp{Lease: 10, Seq: 1}))
	if a.Relay.written[tb.ID] != nil {
		t.Fatal("an older entry of the node's own table put back is not written over")
	}
}

// A table's move heard of (the new node's word, movedTo) is not undone
// by its old entry brought again: a watch made again (when a lease ends)
// brings every entry of the lobby again, and the old node's entry named
// the old node, frozen or dead, for as long as the new node's entry
// waited for the lobby's stream to elect a leader — the players at the
// table on this node asking the old node for their seats meanwhile.
func TestAMoveIsNotUndoneByTheSameEntryAgain(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seal := testSeal(t)
	b, err := json.Marshal(remoteSummary{Node: "a", Summary: &tables.Summary{ID: "1", Game: "classic"}, Stamp: summaryStamp{Lease: 10, Seq: 2}})
	if err != nil {
		t.Fatal(err)
	}
	e := lobbyEntry{key: "1", rev: 5, value: seal.Seal(lobbyPlace("1"), b)}
	h := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	h.Relay = &relay{side: h.side(), node: "b", seal: seal, Others: map[string]remoteSummary{}, stamps: map[string]ownEntry{}, written: map[string][]byte{}}
	for _, step := range []struct {
		name string
		do   func()
		want string
	}{
		{"a's entry", func() { watchEntries(ctx, h.Relay, e) }, "a"},
		{"moved to c", func() { h.Relay.movedTo("1", "c") }, "c"},
		{"a's entry again (a watch made again)", func() { watchEntries(ctx, h.Relay, e) }, "c"},
	} {
		step.do()
		if got := h.Relay.Others["1"].Node; got != step.want {
			t.Fatalf("after %s, the lobby names %q for table 1, want %q", step.name, got, step.want)
		}
	}
}

// watchEntries has r's watch take es, as a watch brings them.
func watchEntries(ctx context.Context, r *relay, es ...jetstream.KeyValueEntry) {
	w := &fakeWatcher{updates: make(chan jetstream.KeyValueEntry, len(es))}
	for _, e := range es {
		w.updates <- e
	}
	close(w.updates)
	r.watch(ctx, w)
}

// testSeal is the seal of a cluster's secret made for a test.
func testSeal(t *testing.T) *keep.Sealer {
	t.Helper()
	secret, err := keep.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return secret.NewSealer()
}

// lobbyEntry is a lobby bucket's entry, as a watch brings it.
type lobbyEntry struct {
	jetstream.KeyValueEntry
	key   string
	rev   uint64
	value []byte
}

func (e lobbyEntry) Key() string                               { return e.key }
func (e lobbyEntry) Value() []byte                             { return e.value }
func (e lobbyEntry) Revision() uint64                          { return e.rev }
func (e lobbyEntry) Operation() jetstream.KeyValueOp           { return jetstream.KeyValuePut }
func (e lobbyEntry) Bucket() string                            { return lobbyBucket }
func (e lobbyEntry) Created() time.Time                        { return time.Time{} }
func (e lobbyEntry) Delta() uint64                             { return 0 }
func (w *fakeWatcher) Updates() <-chan jetstream.KeyValueEntry { return w.updates }
func (w *fakeWatcher) Stop() error                             { return nil }

// fakeWatcher hands a watch the entries it was given, then ends.
type fakeWatcher struct {
	jetstream.KeyWatcher
	updates chan jetstream.KeyValueEntry
}
