package tables

import (
	"context"
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
