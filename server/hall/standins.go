package hall

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"okey/server/tables"
)

// Stand-ins: a table run here, served to the sessions of other nodes.
// A request comes on the table's subject (okey.tables.ID.req), sealed;
// a stand-in member, one a member of another node, takes it to the table
// and pumps the table's messages for that member out on the member's
// subject (okey.members.KEY), sealed, as a local member would get them.

// tableSubject is where table id takes requests from other nodes.
func tableSubject(id string) string { return "okey.tables." + id + ".req" }

// replyPlace is where the answers of table id's node are sealed for
// (the reply subject is an inbox of the asker's), with the nonce of the
// request answered (answerPlace).
func replyPlace(id string) string { return tableSubject(id) + ".reply" }

// memberSubject is where a member's messages go.
func memberSubject(key string) string { return "okey.members." + key }

// memberKey names a new member of a session here, for the other nodes:
// the node and a number (letters and digits only: one subject token).
func (r *relay) memberKey() string {
	return r.memberNode() + "_" + strconv.FormatUint(r.seq.Add(1), 10)
}

// memberNode is the node's name in letters, digits and _ only: one
// subject token, and a key the buckets take.
func (r *relay) memberNode() string { return memberName(r.node) }

// memberName is node's name as its words on the cluster's subjects give
// it: letters, digits and _ only.
func memberName(node string) string {
	return strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			return c
		}
		return '_'
	}, node)
}

// relayReply answers a request relayed to a table.
type relayReply struct {
	OK        bool              `json:"ok"`
	Seat      int               `json:"seat"`
	Err       string            `json:"err,omitempty"`
	Restarted *tables.Restarted `json:"restarted,omitempty"`
	Moved     bool              `json:"moved,omitempty"`
}

// join errors on the wire.
var wireErrs = map[string]error{"full": tables.ErrTableFull, "taken": tables.ErrSeatTaken, "sameaddr": tables.ErrSameAddr, "live": tables.ErrSeatLive, "closed": tables.ErrClosed, "noanswer": tables.ErrNoAnswer}

func errName(err error) string {
	for n, e := range wireErrs {
		if errors.Is(err, e) {
			return n
		}
	}
	return "closed"
}

// serveTable starts taking other nodes' requests to table t, run here.
func (r *relay) serveTable(t *tables.Table) {
	sub, err := r.nc.Subscribe(tableSubject(t.ID), func(msg *nats.Msg) { r.onRequest(t, msg) })
	if err != nil {
		r.opt.Log.Error("serving a table to other nodes", "table", t.ID, "err", err)
		return
	}
	r.Mu.Lock()
	r.subs[t.ID] = sub
	r.Mu.Unlock()
}

// unserveTable stops taking requests to table t (it closed here).
func (r *relay) unserveTable(t *tables.Table) {
	r.Mu.Lock()
	sub := r.subs[t.ID]
	delete(r.subs, t.ID)
	r.Mu.Unlock()
	if sub != nil {
		_ = sub.Unsubscribe()
	}
}

// onRequest takes one relayed request to table t to the table, through
// the stand-in of the member it comes from, and answers it.
func (r *relay) onRequest(t *tables.Table, msg *nats.Msg) {
	b, to, n, err := r.fresh.Open(msg.Subject, msg.Data)
	if err != nil {
		// Not from a node of this cluster, or said before (put back):
		// no answer at all.
		r.opt.Log.Warn("a request to a table refused", "table", t.ID, "why", err)
		return
	}
	answer := func(rep relayReply) {
		if msg.Reply != "" {
			b, _ := json.Marshal(rep)
			_ = msg.Respond(r.seal.Seal(answerPlace(replyPlace(t.ID), n), b))
		}
	}
	held, cancel := context.WithTimeout(r.ctx, relayWait)
	defer cancel()
	began := time.Now()
	defer func() {
		if d := time.Since(began); d > slowRelay {
			// Which request, and how long it held the table's other
			// relayed requests behind it (a debug line: the way back
			// after a node's loss, traced).
			r.opt.Log.Debug("a relayed request slow", "table", t.ID, "in", d.Round(time.Millisecond))
		}
	}()
	if !t.Holds(held) {
		// This node was frozen, and another node runs the table now
		// (it hears the table's subject too): it answers, not this one,
		// and a seat asked for goes where the table is.
		return
	}
	w, err := tables.DecodeRequest(b)
	if err != nil {
		r.opt.Log.Warn("a request from another node refused", "table", t.ID, "err", err)
		answer(relayReply{Err: "closed"})
		return
	}
	r.Mu.Lock()
	var m *tables.Member
	if s := r.stands[w.Member]; s != nil {
		m = s.m
	}
	if to != r.node {
		// Said for the node that ran the table before (a session there
		// had not heard it moved): not this node's member.
		m = nil
	} else if m == nil && (w.Kind == tables.ReqJoin || w.Kind == tables.ReqWatch) {
		m = tables.NewMember(w.ID, w.Name, w.Addr, w.Seat)
		s := &standIn{m: m, t: t, id: w.ID, stop: make(chan struct{})}
		r.stands[w.Member] = s
		go r.pump(t, w.Member, s)
	}
	if _, ok := r.silenced[silencedKey(keyNode(w.Member), w.ID)]; ok && w.Kind == tables.ReqJoin {
		// A player of a node that went silent, whose stand-in was let
		// go, asking for the seat again from that node (it woke): the
		// seat is theirs only if nobody took it back meanwhile with the
		// resume code, as a resume code's would be; the session that
		// did is not thrown out by the older one.
		w.Resume = true
	}
	r.Mu.Unlock()
	if m == nil {
		// A member this node does not know: one of the node that ran
		// the table before. It is told where the table went.
		r.tell(w.Member, tables.Msg{Closed: "table.moved"})
		answer(relayReply{Err: "closed"})
		return
	}
	req := w.Request(m)
	switch w.Kind {
	case tables.ReqJoin, tables.ReqWatch:
		req.Reply = make(chan tables.JoinReply, 1)
		ctx, cancel := context.WithTimeout(r.ctx, relayWait)
		defer cancel()
		if !t.Call(ctx, req) {
			answer(relayReply{Err: "closed"})
			return
		}
		select {
		case rep := <-req.Reply:
			if rep.Err != nil {
				answer(relayReply{Err: errName(rep.Err)})
				return
			}
			answer(relayReply{OK: true, Seat: rep.Seat, Restarted: rep.Restarted, Moved: rep.Moved})
		case <-t.Done:
			answer(relayReply{Err: "closed"})
		case <-ctx.Done():
			// The table took the request and has not answered yet: it
			// may still seat the member, which the asker learns by
			// asking again.
			answer(relayReply{Err: "noanswer"})
		}
	case tables.ReqLeave:
		ctx, cancel := context.WithTimeout(r.ctx, relayWait)
		defer cancel()
		answer(relayReply{OK: t.Call(ctx, req)})
	default:
		if t.Send(req) {
			answer(relayReply{OK: true})
			return
		}
		// The table's queue is full (the table behind: its store slow,
		// a burst of requests). A session here is told so by Send and
		// presses again; this one's node sent the request without
		// waiting for an answer, so it waits here for room, as a join
		// does (the table's other relayed requests queue behind it, in
		// order), and if none comes, its member is told.
		ctx, cancel := context.WithTimeout(r.ctx, relayWait)
		defer cancel()
		if t.Call(ctx, req) {
			answer(relayReply{OK: true})
			return
		}
		r.opt.Log.Warn("a request from another node's player not taken: the table's queue stayed full", "table", t.ID, "kind", w.Kind, "member", w.Member)
		if w.Kind != tables.ReqHere && w.Kind != tables.ReqAway {
			// A key the player pressed (an away player's word that
			// they are back comes with one, and is said by it).
			r.tell(w.Member, tables.Msg{Busy: true})
		}
		answer(relayReply{})
	}
}

// tell sends the member of key a message of the relay's own (not the
// table's).
func (r *relay) tell(key string, msg tables.Msg) {
	if b, err := tables.EncodeMsg(msg); err == nil {
		sealed, _ := r.fresh.Seal(memberSubject(key), "", b)
		_ = r.nc.Publish(memberSubject(key), sealed)
	}
}

// standIn is the stand-in of another node's member at a table run
// here.
type standIn struct {
	m  *tables.Member
	t  *tables.Table
	id string // the member's identity
	// stop is closed when the stand-in is let go (its node silent).
	stop chan struct{}
}

// pump sends stand-in s's messages to its member's node, until the
// table closes for it or ends, or s is let go.
func (r *relay) pump(t *tables.Table, key string, s *standIn) {
	m := s.m
	defer func() {
		r.Mu.Lock()
		if r.stands[key] == s {
			delete(r.stands, key)
		}
		r.Mu.Unlock()
	}()
	for {
		select {
		case <-s.stop:
			// Let go. Its node, silent, hears nothing now; its session's
			// next request is told the table moved (onRequest), and asks
			// for the seat again.
			return
		case msg := <-m.Box:
			if msg.Closed == "" && !t.Holds(r.ctx) {
				// Said before the node froze, and another node runs
				// the table since: its players there must not see the
				// game go back. (The table tells its members where it
				// went.)
				continue
			}
			b, err := tables.EncodeMsg(msg)
			if err != nil {
				r.opt.Log.Error("a table's message to another node", "table", t.ID, "err", err)
				continue
			}
			sealed, _ := r.fresh.Seal(memberSubject(key), "", b)
			if err := r.nc.Publish(memberSubject(key), sealed); err != nil {
				r.opt.Log.Warn("a table's message to another node", "table", t.ID, "err", err)
			}
			if msg.Closed != "" {
				return
			}
		case <-t.Done:
			// What the table said last is out already.
			return
		}
	}
}

// slowRelay is a relayed request slow enough to be logged (debug).
const slowRelay = time.Second

// relayWait is how long a request to another node's table waits for
// its answer.
const relayWait = 5 * time.Second

// silencedKey is how a player of a silent node is remembered.
func silencedKey(node, id string) string { return node + "\x00" + id }

// keyNode is the node of a member key (memberKey: the node's name,
// "_", a number).
func keyNode(key string) string {
	if i := strings.LastIndexByte(key, '_'); i >= 0 {
		return key[:i]
	}
	return key
}
