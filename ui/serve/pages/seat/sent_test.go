package seat

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/game/classic"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common"
	"okey/ui/serve/common/commontest"
)

// ptr is a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// sendTable is a table on another node as a session reaches it, which
// notes the moves sent to it and takes none.
type sendTable struct {
	id    string
	mu    sync.Mutex
	moves []seatmsg.Intent
	// leaves are the leaves the table was told, each gone or not.
	leaves []bool
}

func (f *sendTable) TableID() string           { return f.id }
func (f *sendTable) GameKind() tables.GameKind { return tables.GameKinds()[0] }
func (f *sendTable) Private() bool             { return false }
func (f *sendTable) Call(_ context.Context, r tables.Request) bool {
	if r.Kind == tables.ReqLeave {
		f.mu.Lock()
		f.leaves = append(f.leaves, r.Gone)
		f.mu.Unlock()
	}
	return true
}
func (f *sendTable) left() []bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.leaves)
}
func (f *sendTable) Ended() <-chan struct{} { return nil }
func (f *sendTable) sent() []seatmsg.Intent {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seatmsg.Intent(nil), f.moves...)
}
func (f *sendTable) Send(r tables.Request) bool {
	if r.Kind == tables.ReqMove {
		f.mu.Lock()
		in, _ := r.Move.(seatmsg.Intent)
		f.moves = append(f.moves, in)
		f.mu.Unlock()
	}
	return true
}

// TestAMoveLostWithItsNodeIsSentAgain: a move sent to a table whose node
// then dies (or freezes) before taking it is sent again where the table
// comes up, if it came up at the view the move was made on — and not if
// the table had taken it (its first view there is another one), nor if
// it was answered before the table moved. A move the table came up
// without, its view moved on by the seat's bot (the player not back
// yet), is said not played. A player never loses a key pressed around a
// node's loss without a word.
func TestAMoveLostWithItsNodeIsSentAgain(t *testing.T) {
	before := seatmsg.Update{View: &classic.View{Seat: 0, Hand: 1, Turn: 0, WallLeft: 40}}
	after := seatmsg.Update{View: &classic.View{Seat: 0, Hand: 1, Turn: 1, WallLeft: 40}}
	chat := before
	chat.Chat = []seatmsg.ChatLine{{Name: "bob", Text: "hi"}}
	byBot := after
	byBot.BotPlayed = 1
	move := seatmsg.Intent{Kind: seatmsg.IntentAct, Action: classic.Action{Kind: classic.ActDiscard}, Hand: 1}

	for _, tc := range []struct {
		name string
		// seen: the updates the first node sent after the move, before
		// it was lost; back: the first view where the table came up.
		seen   []seatmsg.Update
		back   seatmsg.Update
		resent bool
		// notPlayed: the line says the move was not played.
		notPlayed bool
	}{
		{"lost with its node", nil, before, true, false},
		{"lost, a chat line seen before", []seatmsg.Update{chat}, before, true, false},
		{"taken, the node lost before its view came", nil, after, false, false},
		{"taken and answered before the node was lost", []seatmsg.Update{after}, after, false, false},
		{"lost, the seat's bot played meanwhile", nil, byBot, false, true},
		{"answered before the node was lost, the seat's bot played since", []seatmsg.Update{after}, byBot, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, c, p, first := seatedAtSevenTest(t)
			second := &sendTable{id: "7"}
			deliver := func(msg tables.Msg) {
				p.onTable(c, common.FromTableMsg{Gen: c.At.Gen, Msg: msg})
			}
			deliver(tables.Msg{Update: ptr(before)})
			if !sendMove(c, p, move) || len(first.sent()) != 1 {
				t.Fatalf("the move did not go to the table: %v", first.sent())
			}
			for _, u := range tc.seen {
				deliver(tables.Msg{Update: ptr(u)})
			}
			deliver(tables.Msg{Closed: "table.moved"})
			if p.reseat == nil {
				t.Fatal("the table's move was not taken as one")
			}
			p.onJoined(c, common.JoinedMsg{T: second, M: tables.NewMember("key:test", "ann", "127.0.0.1", 0), Seat: 0})
			if len(second.sent()) != 0 {
				t.Fatalf("moves sent again before the table's first view: %v", second.sent())
			}
			deliver(tables.Msg{Update: ptr(tc.back)})
			got := second.sent()
			if tc.resent && (len(got) != 1 || got[0].Action.Kind != classic.ActDiscard) {
				t.Fatalf("the move the table had not taken was not sent again: %v", got)
			}
			if !tc.resent && len(got) != 0 {
				t.Fatalf("a move the table had taken was sent again: %v", got)
			}
			line := p.moveLine(c)
			if tc.resent != strings.Contains(line, "were sent again") {
				t.Fatalf("resent %v, the line says %q", tc.resent, line)
			}
			if tc.notPlayed != strings.Contains(line, "was not played") {
				t.Fatalf("not played %v, the line says %q", tc.notPlayed, line)
			}
		})
	}
}

// TestAMoveNotTakenIsSaidWhenTheSeatDoesNotComeBack: a move the table
// had not taken when it moved, whose seat never comes back, is counted
// among the keys the lobby's line says were not played.
func TestAMoveNotTakenIsSaidWhenTheSeatDoesNotComeBack(t *testing.T) {
	side, c, p, _ := seatedAtSevenTest(t)
	p.onTable(c, common.FromTableMsg{Gen: c.At.Gen, Msg: tables.Msg{Update: &seatmsg.Update{View: &classic.View{Hand: 1, WallLeft: 40}}}})
	sendMove(c, p, seatmsg.Intent{Kind: seatmsg.IntentAct, Hand: 1})
	p.onTable(c, common.FromTableMsg{Gen: c.At.Gen, Msg: tables.Msg{Closed: "table.moved"}})
	p.reseat.Until = side.Now().Add(-1) // the seat never came back
	p.onReseat(c, false)
	if !strings.Contains(c.Flash, "(1) were not played") {
		t.Fatalf("the lobby's line: %q", c.Flash)
	}
}

// TestAMovedTableKeepsTheSeat: a table said to have moved is told the
// player is gone, never that they left — it may still run where it
// ran (its lease renewed late), and a leave would give their seat up
// there: at a tournament's table, their match forfeit. A tournament's
// table whose seat did not come back within reseatFor is one the
// player is taken to again once it is listed.
func TestAMovedTableKeepsTheSeat(t *testing.T) {
	side, c, p, first := seatedAtSevenTest(t)
	c.GoneTo("7") // taken there by the tournament
	goCmds(p.onTable(c, common.FromTableMsg{Gen: c.At.Gen, Msg: tables.Msg{Closed: "table.moved"}}).Cmd)
	deadline := time.Now().Add(time.Minute)
	for len(first.left()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := first.left(); len(got) != 1 || !got[0] {
		t.Fatalf("the table was told leaves %v (gone or not), want one, gone: the seat kept", got)
	}
	p.reseat.Until = side.Now().Add(-1) // the seat never came back
	p.onReseat(c, false)
	if c.Went["7"] {
		t.Fatal("the tournament's table is still one the player is never taken to again")
	}
}

// goCmds runs cmd, and each command of a batch it makes, in goroutines
// of their own (their messages dropped): what they tell a table is
// what a test looks at.
func goCmds(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if b, ok := cmd().(tea.BatchMsg); ok {
			for _, c := range b {
				goCmds(c)
			}
		}
	}()
}

// seatedAtSevenTest is ann's seat at table 7 (a table that keeps what
// it is sent), on a screen of 100×30 whose keys are moves.
func seatedAtSevenTest(t *testing.T) (*commontest.Side, *common.Common, *Page, *sendTable) {
	t.Helper()
	side := commontest.New(t)
	c := side.Common(context.Background(), "key:test", "", "ann", "en")
	p := &Page{}
	first := &sendTable{id: "7"}
	p.onJoined(c, common.JoinedMsg{T: first, M: tables.NewMember("key:test", "ann", "127.0.0.1", 0), Seat: 0})
	p.scr = &keyScreen{}
	return side, c, p, first
}

// sendMove is the screen's move sent to the table the session is at, as
// the screen's way to the table sends it (open).
func sendMove(c *common.Common, p *Page, in seatmsg.Intent) bool {
	return c.At != nil && p.send(c.At, in)
}
