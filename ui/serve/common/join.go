package common

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/netip"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
	"okey/server/tables"
)

// Membership is the session's place at a table; gen numbers them so a
// late message of an old one is dropped.
type Membership struct {
	T      hall.SeatTable
	M      *tables.Member
	Gen    uint64
	Ctx    context.Context
	Cancel context.CancelFunc
	Kind   tables.GameKind
	// Tourney: a tournament's table, whose match over sends the player
	// on to their next (ToTable).
	Tourney bool
	// Seat is the Seat held now: the join's, then each update's view's
	// (a duplicate table moves its players; m.Seat is the table's).
	Seat int
}

// JoinedMsg is a table's answer to a join or a watch.
type JoinedMsg struct {
	T     hall.SeatTable
	M     *tables.Member
	Seat  int
	Err   error
	Watch bool
	// Resume is the Resume code the seat was asked with ("": none).
	Resume string
	// Restarted: the table came back after every server stopped
	// (tables.JoinReply).
	Restarted *tables.Restarted
	// Moved: the table was taken over by another node since the player
	// was last at it (tables.JoinReply).
	Moved bool
	// Asked is the request as made, and tries how many times it was
	// made: a request with no answer is made again (AskAgain).
	Asked tables.Request
	Tries int
	// Sent is when the request was made: a debug line says how long
	// its answer took.
	Sent time.Time
}

// FromTableMsg is a table's message to the membership gen.
type FromTableMsg struct {
	Gen uint64
	Msg tables.Msg
}

// Drop ends the session's place at its table: the table is told in a
// command (gone: the connection ended, the seat is kept).
func (c *Common) Drop(gone bool) tea.Cmd {
	at := c.At
	if at == nil {
		return nil
	}
	c.At = nil
	c.Srv.Log().Info("leave", "table", at.T.TableID(), "name", c.Name, "gone", gone)
	return at.Leave(gone)
}

// TourneyOf is the tournament whose table table id is, as the hall
// lists it ("": none, or not listed).
func (c *Common) TourneyOf(id string) string {
	for _, sm := range c.Srv.Hall().List() {
		if sm.ID == id {
			return sm.Tourney
		}
	}
	return ""
}

// Join takes a seat (or watches) at t, in a command: the request
// waits for room in the table's queue, which Update must not. It is nil
// while a seat asked of t is unanswered (SeatAsking): the answer to
// that one seats the player, or says why not. Two asked at once (on
// reconnecting, common.Reconnect, and by the tournament's word, ToTable)
// would each be seated in turn, the second taking the seat from the
// first as a newer connection does, and the session would end.
func (c *Common) Join(t hall.SeatTable, seat int, watch bool) tea.Cmd {
	if c.SeatAsking(t.TableID()) {
		return nil
	}
	c.SeatAsked(t.TableID())
	r := tables.Request{Kind: tables.ReqJoin, Seat: seat}
	if watch {
		r.Kind = tables.ReqWatch
	}
	return AskSeat(c.Ctx, t, tables.NewMember(c.ID, c.Name, c.SeatAddr(), seat), r, "")
}

// Rejoin asks t for the session's seat again after its table moved (or
// to watch it again): as Join, but a seat another session of the
// player's holds is not taken from it (tables.Request.Reseat): that
// session came while this one's node was frozen, and this one yields.
func (c *Common) Rejoin(t hall.SeatTable, watch bool) tea.Cmd {
	if c.SeatAsking(t.TableID()) {
		return nil
	}
	c.SeatAsked(t.TableID())
	if c.token == "" {
		var b [12]byte
		_, _ = rand.Read(b[:]) // crypto/rand does not fail on Linux
		c.token = hex.EncodeToString(b[:])
	}
	r := tables.Request{Kind: tables.ReqJoin, Seat: -1, Reseat: c.token}
	if watch {
		r = tables.Request{Kind: tables.ReqWatch, Seat: -1}
	}
	return AskSeat(c.Ctx, t, tables.NewMember(c.ID, c.Name, c.SeatAddr(), -1), r, "")
}

// Resume takes back, at t, the seat of the guest whose Resume code is
// code, as that guest: the session becomes them only once the table has
// seated it (onJoined), so a code refused leaves it who it was. Unless
// checked (this node found the seat's session here and its connection
// dead), the table refuses while the seat's player is connected: the
// table's node knows every session at it, from whichever node.
func (c *Common) Resume(t hall.SeatTable, code string, checked bool) tea.Cmd {
	r := tables.Request{Kind: tables.ReqJoin, Seat: -1, Resume: !checked}
	return AskSeat(c.Ctx, t, tables.NewMember(GuestID(code), c.Name, c.Addr, -1), r, code)
}

// AskSeat sends r (a join or a watch) for m to t and waits for its
// answer, in a command; resume is the resume code it is made with ("":
// none).
func AskSeat(ctx context.Context, t hall.SeatTable, m *tables.Member, r tables.Request, resume string) tea.Cmd {
	return AskSeatTry(ctx, t, m, r, resume, 1)
}

// AskSeatTry is AskSeat's try number try.
func AskSeatTry(ctx context.Context, t hall.SeatTable, m *tables.Member, r tables.Request, resume string, try int) tea.Cmd {
	watch := r.Kind == tables.ReqWatch
	return func() tea.Msg {
		j := JoinedMsg{T: t, M: m, Watch: watch, Resume: resume, Asked: r, Tries: try, Sent: time.Now()}
		r.M, r.Reply = m, make(chan tables.JoinReply, 1)
		if !t.Call(ctx, r) {
			j.Err = tables.ErrClosed
			return j
		}
		select {
		case rep := <-r.Reply:
			j.Seat, j.Err, j.Restarted, j.Moved = rep.Seat, rep.Err, rep.Restarted, rep.Moved
		case <-t.Ended():
			j.Err = tables.ErrClosed
		case <-ctx.Done():
			return nil
		}
		return j
	}
}

// SeatTries is how many times a seat asked of a table with no answer
// (tables.ErrNoAnswer) is asked, and askPause how long the session
// waits before asking again: a node slow under load answers in seconds,
// a table moving is up on another node in a few.
const (
	SeatTries = 3
	askPause  = time.Second
)

// AskAgainMsg asks the session to make j's request again.
type AskAgainMsg struct{ J JoinedMsg }

// AskAgain makes j's request again after a pause, as its next try.
func AskAgain(j JoinedMsg) tea.Cmd {
	return tea.Tick(askPause*time.Duration(j.Tries), func(time.Time) tea.Msg { return AskAgainMsg{j} })
}

// GiveUpSeat leaves, in a command, a seat asked with no answer: the
// table may have seated the member after all, and no screen would show
// it. It leaves as a dropped connection does (the seat kept a while,
// the lobby listing it as the player's), because the seat may be one
// the player held before asking: a seat of theirs is never given away
// for want of an answer.
func GiveUpSeat(j JoinedMsg) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		j.T.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: j.M, Gone: true})
		return nil
	}
}

// Wait waits for the table's next message, or the end of the
// membership.
func (at *Membership) Wait() tea.Cmd {
	return func() tea.Msg {
		select {
		case msg := <-at.M.Box:
			return FromTableMsg{Gen: at.Gen, Msg: msg}
		case <-at.Ctx.Done():
			return nil
		}
	}
}

// Send sends the table r for the member, without waiting: false when
// its queue is full.
func (at *Membership) Send(r tables.Request) bool {
	r.M = at.M
	return at.T.Send(r)
}

// Leave ends the place: the table is told in a command (gone: the
// connection ended, the seat is kept).
func (at *Membership) Leave(gone bool) tea.Cmd {
	at.Cancel()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		at.T.Call(ctx, tables.Request{Kind: tables.ReqLeave, M: at.M, Gone: gone})
		return nil
	}
}

// Reseating is a seat being taken back at a table that moved.
type Reseating struct {
	ID    string
	Watch bool
	Until time.Time
	// Quiet: a player reconnecting, not a table moving under them:
	// nothing to say once seated.
	Quiet bool
}

// JoinRefused says why a table refused a join, in the player's words.
func (c *Common) JoinRefused(err error) string {
	switch {
	case errors.Is(err, tables.ErrTableFull):
		return c.Tr.T("lobby.full")
	case errors.Is(err, tables.ErrSeatTaken):
		return c.Tr.T("lobby.taken")
	case errors.Is(err, tables.ErrSameAddr):
		return c.Tr.T("lobby.sameaddr")
	case errors.Is(err, tables.ErrDailyOnly):
		return c.Tr.T("served.onlyyou")
	case errors.Is(err, tables.ErrRoundUnwatched):
		return c.Tr.T("served.roundunwatched")
	case errors.Is(err, tables.ErrNoAnswer):
		return c.Tr.T("lobby.noanswer")
	}
	return c.Tr.T("lobby.gone")
}

// RefuseLiveCode says the code's seat is taken by a live session.
func (c *Common) RefuseLiveCode() {
	c.Srv.Log().Warn("a resume code typed while its seat's player is connected: refused", "addr", c.Addr, "name", c.Name)
	c.Flash = c.Tr.T("lobby.codelive")
}

// SeatAsking reports whether a seat is asked of table id now, its
// answer not yet taken in.
func (c *Common) SeatAsking(id string) bool { return c.asking[id] }

// SeatAsked notes that a seat is asked of table id (Join does).
func (c *Common) SeatAsked(id string) {
	if c.asking == nil {
		c.asking = map[string]bool{}
	}
	c.asking[id] = true
}

// SeatAddr is the address a session's seats count by, for the tables
// one address may hold seats at and the one-seat rule: the address it
// came from, except that a key from the loopback counts by itself.
// Behind a tunnel (the docs' ssh -R) or a proxy that sends no PROXY
// header, every player arrives from the loopback: counted by it, all of
// them together would hold seats at TablesPerAddr tables. A key is one
// player's; guests from the loopback cannot be told apart, and share
// the loopback's count. (Wrong codes are counted by the address still,
// keys and guests together: a key is free to make, and a budget per key
// would be none.)
//
// A key is free to make, though: a key counts by itself only once the
// cluster has known it for loopbackKeyAge. Before, it shares the
// loopback's count with the guests, so that one client making keys by
// the dozen behind a tunnel opens no more tables than a guest would
// (TestHostileClients' flood, from the loopback).
func (c *Common) SeatAddr() string {
	if c.Code != "" {
		return c.Addr
	}
	ip, err := netip.ParseAddr(c.Addr)
	if err != nil || !ip.IsLoopback() {
		return c.Addr
	}
	if seen := c.SeenSince.Load(); seen != 0 && c.Srv.Now().Sub(time.Unix(0, seen)) >= loopbackKeyAge {
		return c.ID
	}
	return c.Addr
}

// loopbackKeyAge is how long the cluster must have known a key from the
// loopback before it counts by itself for seats and tables (SeatAddr).
const loopbackKeyAge = time.Hour
