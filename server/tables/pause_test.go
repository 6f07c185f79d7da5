package tables

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"okey/kit/seatmsg"
)

// TestAStoreThatRefusesPausesTheTable: while the store refuses a
// table's writes (its stream deleted), the table plays on nothing it has
// not saved: its players are told at once that it is paused — with
// what they were last shown, not the change that waits — and it takes
// no request (the host's start waits); once the store takes the write,
// they are told it goes on, the change shows and the start is taken.
func TestAStoreThatRefusesPausesTheTable(t *testing.T) {
	t.Parallel()
	var refusing atomic.Bool
	var tries atomic.Int64
	tb, _ := testTableWriting(t, 0, func(_, _ []byte) error {
		if refusing.Load() {
			tries.Add(1)
			return errors.New("nats: no response from stream")
		}
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go tb.Run(ctx, func(*Table) {})
	defer func() { cancel(); <-tb.Done }()

	ann := NewMember("key:A", "ann", "", 0)
	reply := make(chan JoinReply, 1)
	if !tb.Call(ctx, Request{Kind: ReqJoin, M: ann, Seat: -1, Reply: reply}) {
		t.Fatal("the table took no join")
	}
	if r := <-reply; r.Err != nil {
		t.Fatal(r.Err)
	}
	// next is ann's next message with the room, within d.
	next := func(d time.Duration, ok func(Msg) bool) Msg {
		t.Helper()
		end := time.After(d)
		for {
			select {
			case m := <-ann.Box:
				if ok(m) {
					return m
				}
			case <-end:
				t.Fatalf("no such message within %v", d)
			}
		}
	}
	next(time.Minute, func(m Msg) bool { return m.Room != nil && len(m.Room.Players) > 0 })

	refusing.Store(true)
	said := time.Now()
	if !tb.Send(Request{Kind: ReqChat, M: ann, Text: "hello"}) {
		t.Fatal("the chat line was not taken")
	}
	paused := next(time.Minute, func(m Msg) bool { return m.Paused })
	t.Logf("the pause was said %v after the write refused", time.Since(said).Round(time.Millisecond))
	if paused.Room == nil || slices.ContainsFunc(paused.Room.Chat, func(c seatmsg.ChatLine) bool { return c.Text == "hello" }) {
		t.Fatalf("the pause shows %+v: not the room as last shown, or the line not saved", paused.Room)
	}
	tb.Send(Request{Kind: ReqStart, M: ann})
	for start := tries.Load(); tries.Load() < start+3; time.Sleep(10 * time.Millisecond) {
	}
	if s := tb.Summary.Load(); s.Started {
		t.Fatal("the paused table took the host's start")
	}

	refusing.Store(false)
	hello := func(c seatmsg.ChatLine) bool { return c.Text == "hello" }
	next(time.Minute, func(m Msg) bool {
		// The room, or the match the start waiting began.
		return !m.Paused && (m.Room != nil && slices.ContainsFunc(m.Room.Chat, hello) || m.Update != nil && slices.ContainsFunc(m.Update.Chat, hello))
	})
	for end := time.Now().Add(time.Minute); !tb.Summary.Load().Started; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the start waiting while paused was never taken")
		}
	}
}
