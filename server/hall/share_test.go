package hall

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"testing"
	"time"

	"okey/server/tables"
)

// TestShareOfSplitsAGoneNodesTables: a gone node's tables are shared out
// among the nodes left, each table to one of them, the same whichever
// node reckons it (the alive list is sorted), and about evenly: no node
// left with most of them to bring back alone while another idles.
func TestShareOfSplitsAGoneNodesTables(t *testing.T) {
	alive := []string{"n1", "n2"}
	count := map[string]int{}
	for i := 51; i <= 100; i++ {
		id := strconv.Itoa(i)
		s := shareOf(id, alive)
		if s != shareOf(id, []string{"n1", "n2"}) {
			t.Fatalf("table %s: shared to %q, then otherwise", id, s)
		}
		count[s]++
	}
	if len(count) != 2 || count["n1"] < 15 || count["n2"] < 15 {
		t.Errorf("50 tables shared %v; want each node 15 or more", count)
	}
	if s := shareOf("7", []string{"n1"}); s != "n1" {
		t.Errorf("a node alone: table shared to %q, want it", s)
	}
	if s := shareOf("7", nil); s != "" {
		t.Errorf("no node alive: table shared to %q", s)
	}
}

// TestAShareLeftOverIsTakenOnceItsNodeIsSilent: a gone node's table in
// another node's share is left to it while that node is heard alive and
// has not brought it back; brought back there (listed as that node's),
// it is never taken here; once that node falls silent, or shareWait
// after the node went, what is left is taken here.
func TestAShareLeftOverIsTakenOnceItsNodeIsSilent(t *testing.T) {
	t.Parallel()
	alive := []string{"n1", "n2"}
	var theirs []string // tables of n0's in n2's share
	for i := 1; len(theirs) < 2; i++ {
		if id := strconv.Itoa(i); shareOf(id, alive) == "n2" {
			theirs = append(theirs, id)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := &Hall{ctx: ctx, here: &here{Tables: map[string]*tables.Table{}}}
	h.Opt.Now = time.Now
	h.Opt.Log = slog.New(slog.DiscardHandler)
	r := &relay{side: h.side(), node: "n1", Others: map[string]remoteSummary{}, alive: map[string]time.Time{"n2": time.Now()}}
	for _, id := range theirs {
		r.Others[id] = remoteSummary{Node: "n0"}
	}
	h.Relay = r
	// Looked at every 250 ms rather than every second: the same ticks,
	// sooner.
	ns := &nodes{h: h, leftOverEvery: 250 * time.Millisecond}
	took := make(chan string, 4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		ns.takeLeftOver("n0", slices.Clone(theirs), alive, time.Now(), func(id string) { took <- id })
	}()
	// n2 heard alive throughout (its last word dated ahead, so that a
	// loaded machine's late ticks cannot make it look silent): nothing
	// is taken over the next four ticks, and the words below change
	// between two (a look reads the tables, then who is alive).
	r.Mu.Lock()
	r.alive["n2"] = time.Now().Add(time.Hour)
	r.Mu.Unlock()
	select {
	case id := <-took:
		t.Fatalf("table %s taken while its share's node is heard alive", id)
	case <-time.After(1125 * time.Millisecond):
	}
	// n2 brings the first back, then falls silent.
	r.Mu.Lock()
	r.Others[theirs[0]] = remoteSummary{Node: "n2"}
	r.alive["n2"] = time.Now().Add(-time.Minute)
	r.Mu.Unlock()
	select {
	case id := <-took:
		if id != theirs[1] {
			t.Errorf("took %s, want %s (the other was brought back by its node)", id, theirs[1])
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a table left by a silent node was never taken")
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("still looking with nothing left")
	}
	select {
	case id := <-took:
		t.Errorf("table %s taken too", id)
	default:
	}

	// Late: past shareWait, taken though its node is heard alive.
	r.Mu.Lock()
	r.Others[theirs[0]] = remoteSummary{Node: "n0"}
	r.alive["n2"] = time.Now()
	r.Mu.Unlock()
	ns.takeLeftOver("n0", theirs[:1], alive, time.Now().Add(-2*shareWait), func(id string) { took <- id })
	if len(took) != 1 {
		t.Errorf("past shareWait, %d tables taken; want the one left", len(took))
	}
}
