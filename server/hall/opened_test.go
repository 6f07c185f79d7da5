package hall

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"okey/server/tables"
)

// TestATableOpenedIsHeardAtOnce: a node hears of a private table
// another node has just opened from that node's announcement, before
// the lobby bucket's entry (which a starved cluster took seconds to
// write and watch): its join code finds the table. An announcement of
// this node's own, one not sealed with the cluster's secret, or one
// past the cap, lists nothing. A table heard of so stays through a
// reread that does not find its entry for announcedKeep, then goes.
func TestATableOpenedIsHeardAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := testOptions(time.Now)
	seal := testSeal(t)
	// a is the node that opens the table; b hears of it.
	a := New(ctx, opt, nil, 10, ShareLimits{})
	a.Relay = &relay{side: a.side(), node: "a", seal: seal, fresh: newFreshness(seal, time.Now), Others: map[string]remoteSummary{}}
	b := New(ctx, opt, nil, 10, ShareLimits{})
	b.Relay = &relay{side: b.side(), node: "b", seal: seal, fresh: newFreshness(seal, time.Now), Others: map[string]remoteSummary{}}
	tb, _, err := a.createLocked(tables.Config{Game: "classic", Rules: "default", Code: "K7Q2ZX",
		Levels: [4]string{"normal", "normal", "normal", "normal"}}, "")
	if err != nil || tb == nil {
		t.Fatalf("a's table: %v", err)
	}
	announcement := func(r *relay) *nats.Msg {
		t.Helper()
		b, ok := r.openedNews(tb)
		if !ok {
			t.Fatal("nothing to announce")
		}
		return &nats.Msg{Subject: openedSubject, Data: b}
	}
	msg := announcement(a.Relay)

	// Its own announcement, come back to it: nothing listed.
	a.Relay.onOpened(msg)
	if len(a.Relay.Others) != 0 {
		t.Errorf("a node lists its own table as another's: %v", a.Relay.Others)
	}
	// Forged, and too long: refused.
	b.Relay.onOpened(&nats.Msg{Subject: openedSubject, Data: []byte(`{"node":"x","summary":{"id":"9","code":"K7Q2ZX"}}`)})
	b.Relay.onOpened(&nats.Msg{Subject: openedSubject, Data: append(msg.Data, make([]byte, maxOpened)...)})
	if len(b.Relay.Others) != 0 {
		t.Fatalf("b took a forged or overlong announcement: %v", b.Relay.Others)
	}
	if b.ByCode("K7Q2ZX") != nil {
		t.Fatal("the code found a table before it was announced")
	}
	b.Relay.onOpened(msg)
	if got := b.ByCode("K7Q2ZX"); got == nil {
		t.Fatal("the join code finds no table on b after a's announcement")
	}
	heard := b.Relay.Others[tb.ID]
	if heard.Node != "a" || heard.rev != 0 {
		t.Errorf("heard as %+v", heard)
	}
	// A reread that has not found its entry keeps it a while.
	if gone(heard, 100, heard.heard.Add(announcedKeep/2)) {
		t.Error("a table just announced is dropped by a reread that missed its entry")
	}
	if !gone(heard, 100, heard.heard.Add(announcedKeep+time.Second)) {
		t.Error("a table announced and never written stays listed past announcedKeep")
	}
	if gone(remoteSummary{rev: 101}, 100, time.Now()) || !gone(remoteSummary{rev: 99}, 100, time.Now()) {
		t.Error("an entry read from the bucket: kept only if written after the reread began")
	}

	// Put back (by a writer of the subjects without the secret) once
	// the table has closed and gone from the lobby: heard before, it
	// lists nothing; nor on a node started since it was said, nor once
	// it is older than freshFor.
	delete(b.Relay.Others, tb.ID)
	b.Relay.onOpened(msg)
	restarted := New(ctx, opt, nil, 10, ShareLimits{})
	restarted.Relay = &relay{side: restarted.side(), node: "c", seal: seal, fresh: newFreshness(seal, func() time.Time { return time.Now().Add(time.Second) }),
		Others: map[string]remoteSummary{}}
	restarted.Relay.onOpened(msg)
	later := New(ctx, opt, nil, 10, ShareLimits{})
	later.Relay = &relay{side: later.side(), node: "d", seal: seal, fresh: newFreshness(seal, time.Now), Others: map[string]remoteSummary{}}
	later.Relay.fresh.since = time.Time{} // listening since long before: only the stamp's age refuses it
	later.Relay.fresh.now = func() time.Time { return time.Now().Add(freshFor + time.Second) }
	later.Relay.onOpened(msg)
	for _, n := range []*Hall{b, restarted, later} {
		if len(n.Relay.Others) != 0 {
			t.Errorf("node %s lists an announcement put back: %v", n.Relay.node, n.Relay.Others)
		}
	}
	// Said again by its node, it is heard.
	b.Relay.onOpened(announcement(a.Relay))
	if b.ByCode("K7Q2ZX") == nil {
		t.Error("a table announced afresh is not heard")
	}
}

// TestATableMovedFromHereIsFoundThere: a node woken from a freeze hears
// that another node runs a table it ran (the word "moved"): the table is
// listed as that node's at once, from its summary here, so its players
// here are seated again there without waiting for the lobby's entry
// (which can come seconds later), and the sessions here waiting for it
// are woken (the hall's news). A table it never knew, or word of
// itself, lists nothing.
func TestATableMovedFromHereIsFoundThere(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	a.Relay = &relay{side: a.side(), node: "a", Others: map[string]remoteSummary{}}
	tb, _, err := a.createLocked(tables.Config{Game: "classic", Rules: "default",
		Levels: [4]string{"normal", "normal", "normal", "normal"}}, "")
	if err != nil || tb == nil {
		t.Fatalf("a's table: %v", err)
	}
	before := a.News.Seen()
	a.Relay.movedTo(tb.ID, "a")
	a.Relay.movedTo("99", "b")
	if len(a.Relay.Others) != 0 {
		t.Fatalf("listed from word of itself or of a table never known: %v", a.Relay.Others)
	}
	if a.News.Seen() != before {
		t.Errorf("word of nothing listed here is news")
	}
	a.Relay.movedTo(tb.ID, "b")
	// The sessions waiting to sit at it again are woken at once.
	if a.News.Seen() == before {
		t.Error("the table moved to b is no news to the sessions here")
	}
	rt, s := a.Relay.remote(tb.ID)
	if rt == nil || rt.node != "b" || s == nil || s.ID != tb.ID {
		t.Fatalf("the table moved to b is found at %+v", rt)
	}
	if heard := a.Relay.Others[tb.ID]; heard.rev != 0 || gone(heard, 100, heard.heard.Add(announcedKeep/2)) {
		t.Errorf("the moved table's listing %+v is not kept until its entry is read", heard)
	}
}

// TestATournamentsTableIsAnnounced: a tournament's table is announced
// as it opens, as a player's is: its players on other nodes are taken
// to it when their node hears of it, not with the opening node's next
// write of the lobby and their watch of it (a third of a second of
// every arena's pairing, for two of three players on three nodes).
func TestATournamentsTableIsAnnounced(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	defer ns.Shutdown()
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("the NATS server did not start")
	}
	nc, err := nats.Connect(ns.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	seal := testSeal(t)
	a := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	a.Relay = &relay{side: a.side(), nc: nc, node: "a", seal: seal, fresh: newFreshness(seal, time.Now), Others: map[string]remoteSummary{}, subs: map[string]*nats.Subscription{}}
	b := New(ctx, testOptions(time.Now), nil, 10, ShareLimits{})
	b.Relay = &relay{side: b.side(), node: "b", seal: seal, fresh: newFreshness(seal, time.Now), Others: map[string]remoteSummary{}}
	heard := make(chan *nats.Msg, 4)
	sub, err := nc.ChanSubscribe(openedSubject, heard)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	tb, err := a.OpenSeated(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"},
		Seated: &tables.Seated{Tourney: "t1", Players: [4]string{"key:ann", "key:bob", "key:cem", ""}, Back: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case msg := <-heard:
		b.Relay.onOpened(msg)
	case <-time.After(30 * time.Second):
		t.Fatal("the tournament's table was not announced")
	}
	if s := b.Relay.Others[tb.ID]; s.Summary == nil || s.Summary.Holds("key:bob") < 0 {
		t.Errorf("b heard of the table as %+v: bob's seat not held in it", s)
	}
}

// TestATableHeardOfDuringASweepIsNotTakenOver: the sweep reads the
// leases, then looks for the tables the lobby lists that none holds; a
// table heard of as it opened after the leases were read has its lease
// already, and is left for the next sweep, not taken over (a takeover
// tried and refused held up its players' seats by a second).
func TestATableHeardOfDuringASweepIsNotTakenOver(t *testing.T) {
	r := &relay{Others: map[string]remoteSummary{}}
	began := time.Now()
	r.Others["1"] = remoteSummary{rev: 7}                             // from the lobby's bucket
	r.Others["2"] = remoteSummary{heard: began.Add(-time.Second)}     // announced before
	r.Others["3"] = remoteSummary{heard: began.Add(time.Millisecond)} // announced since
	got := r.known(began)
	slices.Sort(got)
	if !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("the sweep looks at %v, want the tables known before it read the leases, [1 2]", got)
	}
}
