package tables

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"okey/server/keep"
)

// gateLease is a lease a test holds the answers of: Fresh as set (and
// once confirmed), each Confirm said to asked, then answered from
// answers.
type gateLease struct {
	fresh   atomic.Bool
	asked   chan struct{}
	answers chan error
}

func (g *gateLease) Fresh(string) bool { return g.fresh.Load() }

func (g *gateLease) Confirm(ctx context.Context, table string) error {
	g.asked <- struct{}{}
	select {
	case err := <-g.answers:
		if err == nil {
			g.fresh.Store(true) // renewed
		}
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// TestTableWaitsForItsLease: a table whose lease is not surely its
// node's (the node was frozen) takes the request that queued, but acts
// on it and tells its members anything only once the lease is
// confirmed; if the lease is another node's, it stops with the request
// unplayed, telling its members only where the table went.
func TestTableWaitsForItsLease(t *testing.T) {
	for _, c := range []struct {
		name    string
		answers []error
		said    bool // the chat line is played and sent
	}{
		{"confirmed", []error{nil}, true},
		{"not known, then confirmed", []error{errors.New("the store did not answer"), nil}, true},
		{"another node's", []error{fmt.Errorf("table 1: %w", keep.ErrLeaseLost)}, false},
		{"not known, then another node's", []error{errors.New("the store did not answer"), keep.ErrLeaseLost}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb, _ := testTable(t, 0)
			g := &gateLease{asked: make(chan struct{}), answers: make(chan error)}
			g.fresh.Store(true)
			tb.Opt.Lease = g
			ctx, cancel := context.WithCancel(context.Background())
			closed := make(chan struct{})
			defer func() {
				cancel()
				<-tb.Done // the table's goroutine stops its saver
			}()
			go tb.Run(ctx, func(*Table) { close(closed) })
			ann := NewMember("key:A", "ann", "", -1)
			join := Request{Kind: ReqJoin, M: ann, Seat: -1, Reply: make(chan JoinReply, 1)}
			if !tb.Call(ctx, join) {
				t.Fatal("the join was not taken")
			}
			if rep := <-join.Reply; rep.Err != nil {
				t.Fatal(rep.Err)
			}
			<-ann.Box // the room, as she sat

			g.fresh.Store(false) // frozen: the lease's last renewal too old
			if !tb.Send(Request{Kind: ReqChat, M: ann, Text: "hello"}) {
				t.Fatal("the chat was not taken")
			}
			for _, err := range c.answers {
				select {
				case <-g.asked:
				case <-time.After(time.Minute):
					t.Fatal("the table never asked for its lease")
				}
				select {
				case msg := <-ann.Box:
					t.Fatalf("ann was sent %+v before the lease was confirmed", msg)
				default:
				}
				g.answers <- err
			}
			if c.said {
				select {
				case msg := <-ann.Box:
					if msg.Room == nil || len(msg.Room.Chat) != 1 || msg.Room.Chat[0].Text != "hello" {
						t.Fatalf("ann was sent %+v, want her chat line", msg)
					}
				case <-time.After(time.Minute):
					t.Fatal("the chat line was never sent")
				}
				return
			}
			select {
			case <-closed:
			case <-time.After(time.Minute):
				t.Fatal("the table did not stop")
			}
			<-tb.Done
			if msg := <-ann.Box; msg.Closed != "table.moved" {
				t.Fatalf("ann was sent %+v, want told the table moved", msg)
			}
			if len(tb.chat.lines) != 0 {
				t.Fatalf("the chat line was played at a table another node runs: %+v", tb.chat.lines)
			}
		})
	}
}

// endedLease is a lease whose store never answers a confirmation: each
// Confirm waits for its context and says why it ended.
type endedLease struct {
	asked chan struct{}
	why   chan error
}

func (e *endedLease) Fresh(string) bool { return false }

func (e *endedLease) Confirm(ctx context.Context, table string) error {
	e.asked <- struct{}{}
	<-ctx.Done()
	e.why <- ctx.Err()
	return ctx.Err()
}

// TestTableLostWhileConfirming: a table waiting on a confirmation its
// store does not answer (its node just woken from a freeze) stops as
// soon as its node hears another node took it over (Lose): the wait is
// cut short then, not waited out to its end, and the request that
// queued is not played.
func TestTableLostWhileConfirming(t *testing.T) {
	tb, _ := testTable(t, 0)
	e := &endedLease{asked: make(chan struct{}, 1), why: make(chan error, 8)}
	tb.Opt.Lease = e
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		<-tb.Done
	}()
	closed := make(chan struct{})
	go tb.Run(ctx, func(*Table) { close(closed) })
	select {
	case <-e.asked:
	case <-time.After(time.Minute):
		t.Fatal("the table never asked for its lease")
	}
	tb.Lose()
	select {
	case why := <-e.why:
		if !errors.Is(why, context.Canceled) {
			t.Fatalf("the confirmation ended by %v; want cut short by the lease lost", why)
		}
	case <-time.After(time.Minute):
		t.Fatal("the confirmation never ended")
	}
	select {
	case <-closed:
	case <-time.After(time.Minute):
		t.Fatal("the table lost never stopped")
	}
}
