package tables

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestNothingShownBeforeTheStoreHasIt: a table shows its members a
// change only once the store has taken it — a node killed or frozen
// between showing a change and writing it would come back without it,
// and every player's game would go back (seen: a match's start shown,
// its node frozen, the table brought back in its waiting room). Here the
// store takes each write only when the test lets it: a seat taken and
// a chat line are shown after their write, not before.
func TestNothingShownBeforeTheStoreHasIt(t *testing.T) {
	gate := make(chan struct{})
	tb, _ := testTableWriting(t, 0, func([]byte, []byte) error { <-gate; return nil })
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		close(gate) // the last save, as the table stops
		<-tb.Done
	}()
	go tb.Run(ctx, func(*Table) {})
	ann := NewMember("key:A", "ann", "", -1)
	join := Request{Kind: ReqJoin, M: ann, Seat: -1, Reply: make(chan JoinReply, 1)}
	if !tb.Call(ctx, join) {
		t.Fatal("the join was not taken")
	}
	if rep := <-join.Reply; rep.Err != nil {
		t.Fatal(rep.Err)
	}
	shownAfterWrite := func(what string, ok func(Msg) bool) {
		t.Helper()
		// Not shown while the write waits (a while is enough to see a
		// table that does not wait: it sends at once).
		select {
		case msg := <-ann.Box:
			t.Fatalf("%s shown before the store had it: %+v", what, msg)
		case <-time.After(300 * time.Millisecond):
		}
		gate <- struct{}{}
		select {
		case msg := <-ann.Box:
			if !ok(msg) {
				t.Fatalf("%s: ann was sent %+v", what, msg)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s never shown once written", what)
		}
	}
	shownAfterWrite("the seat taken", func(m Msg) bool { return m.Room != nil && m.Room.Seat >= 0 })
	if !tb.Send(Request{Kind: ReqChat, M: ann, Text: "hello"}) {
		t.Fatal("the chat was not taken")
	}
	shownAfterWrite("the chat line", func(m Msg) bool {
		return m.Room != nil && len(m.Room.Chat) == 1 && m.Room.Chat[0].Text == "hello"
	})
}

// TestRequestsQueuedTogetherAreSavedOnce: the requests that queue while
// a change is written are taken together and saved in one write, each
// shown once it is stored. One by one, a tournament's new table seated
// its four players a write apart, and the last waited for all four.
func TestRequestsQueuedTogetherAreSavedOnce(t *testing.T) {
	gate := make(chan struct{}) // closed: every write goes through
	var opened sync.Once
	release := func() { opened.Do(func() { close(gate) }) }
	var writes atomic.Int32
	tb, _ := testTableWriting(t, 0, func([]byte, []byte) error {
		writes.Add(1)
		<-gate
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		release() // the last save, as the table stops
		<-tb.Done
	}()
	go tb.Run(ctx, func(*Table) {})
	join := func(id, name, addr string) (*Member, Request) {
		m := NewMember(id, name, addr, -1)
		r := Request{Kind: ReqJoin, M: m, Seat: -1, Reply: make(chan JoinReply, 1)}
		if !tb.Call(ctx, r) {
			t.Fatalf("%s's join was not taken", name)
		}
		return m, r
	}
	_, first := join("key:A", "ann", "10.0.0.1")
	if rep := <-first.Reply; rep.Err != nil {
		t.Fatal(rep.Err)
	}
	// ann's seat is being written: the next three queue behind it.
	deadline := time.After(time.Minute)
	for writes.Load() < 1 {
		select {
		case <-deadline:
			t.Fatal("ann's seat never written")
		case <-time.After(time.Millisecond):
		}
	}
	var others []*Member
	var asked []Request
	for i, name := range []string{"bob", "cem", "dan"} {
		m, r := join("key:"+name, name, fmt.Sprintf("10.0.0.%d", i+2))
		others, asked = append(others, m), append(asked, r)
	}
	// Queued (Call returned), not yet taken: the table takes nothing
	// while it writes.
	release()
	for i, r := range asked {
		select {
		case rep := <-r.Reply:
			if rep.Err != nil {
				t.Fatalf("%s: %v", others[i].name, rep.Err)
			}
		case <-deadline:
			t.Fatalf("%s never seated", others[i].name)
		}
	}
	// Each is shown its seat once it is stored.
	for _, m := range others {
		for seated := false; !seated; {
			select {
			case msg := <-m.Box:
				seated = msg.Room != nil && msg.Room.Seat >= 0
			case <-deadline:
				t.Fatalf("%s never shown the seat", m.name)
			}
		}
	}
	if n := writes.Load(); n != 2 {
		t.Errorf("four joins, three of them queued together, made %d writes; want 2 (ann's, then the three's)", n)
	}
}

// TestASeatTakenBackIsShownBeforeItsWrite: a player back at the seat
// they hold is shown the table without waiting for the write that says
// they are back (it undoes nothing if lost: the store has the seat as
// theirs already), and the write is made all the same; a player new to
// a seat still waits for theirs. Waited for, a table taken over under
// an arena seated its players back a slow write apart.
func TestASeatTakenBackIsShownBeforeItsWrite(t *testing.T) {
	gate := make(chan struct{})
	written := make(chan []byte, 8)
	tb, _ := testTableWriting(t, 0, func(table, _ []byte) error {
		<-gate
		if table != nil {
			written <- table
		}
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		close(gate) // every write goes through now, the last as the table stops
		<-tb.Done
	}()
	go tb.Run(ctx, func(*Table) {})
	join := func(m *Member) {
		t.Helper()
		r := Request{Kind: ReqJoin, M: m, Seat: -1, Reply: make(chan JoinReply, 1)}
		if !tb.Call(ctx, r) {
			t.Fatalf("%s's join was not taken", m.name)
		}
		select {
		case rep := <-r.Reply:
			if rep.Err != nil {
				t.Fatalf("%s: %v", m.name, rep.Err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s's join never answered", m.name)
		}
	}
	seated := func(m *Member, within time.Duration) bool {
		t.Helper()
		timeout := time.After(within)
		for {
			select {
			case msg := <-m.Box:
				if msg.Room != nil && msg.Room.Seat >= 0 {
					return true
				}
			case <-timeout:
				return false
			}
		}
	}
	ann := NewMember("key:A", "ann", "10.0.0.1", -1)
	join(ann)
	gate <- struct{}{}
	if !seated(ann, time.Minute) {
		t.Fatal("ann never shown her seat once written")
	}
	<-written
	// Her connection ends: the seat is kept for her (the entry as it
	// was: the table's write has no entry to write).
	if !tb.Send(Request{Kind: ReqLeave, M: ann, Gone: true}) {
		t.Fatal("the leave was not taken")
	}
	gate <- struct{}{}

	// Back from another address, the write not let through: shown.
	again := NewMember("key:A", "ann", "10.0.0.9", -1)
	join(again)
	if !seated(again, time.Minute) {
		t.Fatal("ann, back at her seat, not shown it while its write waits")
	}
	// A newcomer waits for the store: not shown while both writes wait.
	bob := NewMember("key:B", "bob", "10.0.0.2", -1)
	join(bob)
	if seated(bob, 300*time.Millisecond) {
		t.Fatal("bob, new to his seat, shown it before the store had it")
	}
	// The writes are let through until bob is shown his seat: ann's and
	// his, or one, when the saver took the newer snapshot (which holds
	// both) before it began the first.
	deadline := time.After(time.Minute)
	for shown := false; !shown; {
		select {
		case gate <- struct{}{}:
		case msg := <-bob.Box:
			shown = msg.Room != nil && msg.Room.Seat >= 0
		case <-deadline:
			t.Fatal("bob never shown his seat once written")
		}
	}
	// The last write holds ann's return (her new address) and bob's seat.
	var last []byte
	for drained := false; !drained; {
		select {
		case b := <-written:
			last = b
		default:
			drained = true
		}
	}
	for _, w := range []string{`"addr":"10.0.0.9"`, `"owner":"key:B"`} {
		if !strings.Contains(string(last), w) {
			t.Errorf("the last write, after ann's return and bob's seat, lacks %s: %s", w, last)
		}
	}
}
