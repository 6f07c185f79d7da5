package serve

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
	"okey/server/tables"
)

// membership is the session's place at a table; gen numbers them so a
// late message of an old one is dropped.
type membership struct {
	t      hall.SeatTable
	m      *tables.Member
	gen    uint64
	ctx    context.Context
	cancel context.CancelFunc
	kind   tables.GameKind
	// tourney: a tournament's table, whose match over sends the player
	// on to their next (session.toTourneyTable).
	tourney bool
	// seat is the seat held now: the join's, then each update's view's
	// (a duplicate table moves its players; m.Seat is the table's).
	seat int
}

// joinedMsg is a table's answer to a join or a watch.
type joinedMsg struct {
	t     hall.SeatTable
	m     *tables.Member
	seat  int
	err   error
	watch bool
	// resume is the resume code the seat was asked with ("": none).
	resume string
	// restarted: the table came back after every server stopped
	// (tables.JoinReply).
	restarted *tables.Restarted
	// asked is the request as made, and tries how many times it was
	// made: a request with no answer is made again (askAgain).
	asked tables.Request
	tries int
}

// fromTableMsg is a table's message to the membership gen.
type fromTableMsg struct {
	gen uint64
	msg tables.Msg
}

// join takes a seat (or watches) at t, in a command: the request
// waits for room in the table's queue, which Update must not.
func (c *shared) join(t hall.SeatTable, seat int, watch bool) tea.Cmd {
	r := tables.Request{Kind: tables.ReqJoin, Seat: seat}
	if watch {
		r.Kind = tables.ReqWatch
	}
	return askSeat(c.ctx, t, tables.NewMember(c.id, c.name, c.seatAddr(), seat), r, "")
}

// resume takes back, at t, the seat of the guest whose resume code is
// code, as that guest: the session becomes them only once the table has
// seated it (onJoined), so a code refused leaves it who it was. Unless
// checked (this node found the seat's session here and its connection
// dead), the table refuses while the seat's player is connected: the
// table's node knows every session at it, from whichever node.
func (c *shared) resume(t hall.SeatTable, code string, checked bool) tea.Cmd {
	r := tables.Request{Kind: tables.ReqJoin, Seat: -1, Resume: !checked}
	return askSeat(c.ctx, t, tables.NewMember(guestID(code), c.name, c.addr, -1), r, code)
}

// askSeat sends r (a join or a watch) for m to t and waits for its
// answer, in a command; resume is the resume code it is made with ("":
// none).
func askSeat(ctx context.Context, t hall.SeatTable, m *tables.Member, r tables.Request, resume string) tea.Cmd {
	return askSeatTry(ctx, t, m, r, resume, 1)
}

// askSeatTry is askSeat's try number try.
func askSeatTry(ctx context.Context, t hall.SeatTable, m *tables.Member, r tables.Request, resume string, try int) tea.Cmd {
	watch := r.Kind == tables.ReqWatch
	return func() tea.Msg {
		j := joinedMsg{t: t, m: m, watch: watch, resume: resume, asked: r, tries: try}
		r.M, r.Reply = m, make(chan tables.JoinReply, 1)
		if !t.Call(ctx, r) {
			j.err = tables.ErrClosed
			return j
		}
		select {
		case rep := <-r.Reply:
			j.seat, j.err, j.restarted = rep.Seat, rep.Err, rep.Restarted
		case <-t.Ended():
			j.err = tables.ErrClosed
		case <-ctx.Done():
			return nil
		}
		return j
	}
}

// seatTries is how many times a seat asked of a table with no answer
// (tables.ErrNoAnswer) is asked, and askPause how long the session
// waits before asking again: a node slow under load answers in seconds,
// a table moving is up on another node in a few.
const (
	seatTries = 3
	askPause  = time.Second
)

// askAgainMsg asks the session to make j's request again.
type askAgainMsg struct{ j joinedMsg }

// askAgain makes j's request again after a pause, as its next try.
func askAgain(j joinedMsg) tea.Cmd {
	return tea.Tick(askPause*time.Duration(j.tries), func(time.Time) tea.Msg { return askAgainMsg{j} })
}

// giveUpSeat leaves, in a command, a seat asked with no answer: the
// table may have seated the member after all, and no screen would show
// it. It leaves as a dropped connection does (the seat kept a while,
// the lobby listing it as the player's), because the seat may be one
// the player held before asking: a seat of theirs is never given away
// for want of an answer.
func giveUpSeat(j joinedMsg) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		j.t.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: j.m, Gone: true})
		return nil
	}
}

// wait waits for the table's next message, or the end of the
// membership.
func (at *membership) wait() tea.Cmd {
	return func() tea.Msg {
		select {
		case msg := <-at.m.Box:
			return fromTableMsg{gen: at.gen, msg: msg}
		case <-at.ctx.Done():
			return nil
		}
	}
}

// send sends the table r for the member, without waiting: false when
// its queue is full.
func (at *membership) send(r tables.Request) bool {
	r.M = at.m
	return at.t.Send(r)
}

// leave ends the place: the table is told in a command (gone: the
// connection ended, the seat is kept).
func (at *membership) leave(gone bool) tea.Cmd {
	at.cancel()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		at.t.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: at.m, Gone: gone})
		return nil
	}
}

// reseating is a seat being taken back at a table that moved.
type reseating struct {
	id    string
	watch bool
	until time.Time
	// quiet: a player reconnecting, not a table moving under them:
	// nothing to say once seated.
	quiet bool
}

// joinRefused says why a table refused a join, in the player's words.
func joinRefused(c *shared, err error) string {
	switch {
	case errors.Is(err, tables.ErrTableFull):
		return c.tr.T("lobby.full")
	case errors.Is(err, tables.ErrSeatTaken):
		return c.tr.T("lobby.taken")
	case errors.Is(err, tables.ErrSameAddr):
		return c.tr.T("lobby.sameaddr")
	case errors.Is(err, tables.ErrDailyOnly):
		return c.tr.T("served.onlyyou")
	case errors.Is(err, tables.ErrNoAnswer):
		return c.tr.T("lobby.noanswer")
	}
	return c.tr.T("lobby.gone")
}
