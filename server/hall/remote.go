package hall

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"okey/server/keep"
	"okey/server/tables"
)

// Sessions anywhere: a player connected to one node sits at a table
// another node runs. The lobby lists every node's tables (each node
// writes its tables' summaries to the bucket okey_lobby and watches the
// others'); a session here reaches a table there through a remoteTable,
// which sends the table its member's requests on the table's subject
// (okey.tables.ID.req) and receives that member's messages — its own
// seat's view and nothing else, as a local member would — on the
// member's subject (okey.members.KEY). On the table's node a stand-in
// member takes those requests to the table and pumps its messages out.

// SeatTable is a table as a session reaches it: run by this node (a
// *table) or by another (a *remoteTable).
type SeatTable interface {
	TableID() string
	GameKind() tables.GameKind
	Private() bool
	// send hands the table a request without blocking; call waits for
	// it to be taken (false: the table is gone, or ctx ended).
	Send(r tables.Request) bool
	Call(ctx context.Context, r tables.Request) bool
	// ended is closed once the table is gone (nil: not known here).
	Ended() <-chan struct{}
}

// link is what a remote table needs of its node, and no more: the
// connection and the seal (fresh.go), the log, a new member's key, and the relay's
// note of the tables sessions here sit at (sat, left), by which a table
// freed stops them (relay.freed). The relay makes it (openRelay).
type link struct {
	nc *nats.Conn
	// inbox is where the answers to this node's requests come.
	inbox     *keep.Inbox
	fresh     *freshness
	log       *slog.Logger
	memberKey func() string
	sat       func(rt *remoteTable, m *tables.Member)
	left      func(rt *remoteTable)
	// refused counts the answers to this node's requests that did not
	// open (ask), and refusedSaid is when they were last logged (unix
	// nanoseconds).
	refused, refusedSaid atomic.Int64
}

// remoteTable is a table another node runs, as a session here reaches
// it.
type remoteTable struct {
	link *link
	id   string
	node string // the node running it when it was found
	kind tables.GameKind
	code string

	mu  sync.Mutex
	sub *nats.Subscription
	key string
	// abort ends the wait for the answer to a join or a watch under way:
	// the table moved meanwhile (freed), and the node asked may be one
	// that froze and will never answer; the session asks again where
	// the table is now.
	abort context.CancelFunc
}

func (rt *remoteTable) TableID() string           { return rt.id }
func (rt *remoteTable) GameKind() tables.GameKind { return rt.kind }
func (rt *remoteTable) Private() bool             { return rt.code != "" }
func (rt *remoteTable) Ended() <-chan struct{}    { return nil }

// send relays a request; the table's node takes it without waiting.
func (rt *remoteTable) Send(req tables.Request) bool {
	b, err := tables.EncodeRequest(rt.memberKey(), req)
	if err != nil {
		return false
	}
	sealed, _ := rt.link.fresh.Seal(tableSubject(rt.id), rt.node, b)
	return rt.link.nc.Publish(tableSubject(rt.id), sealed) == nil
}

func (rt *remoteTable) memberKey() string {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.key
}

// call relays a request and waits for the table's node to take it. A
// join or a watch first listens on the member's subject (so that no
// message of the table is missed) and hands each message to the
// member's box, as a table here would; a leave stops listening.
func (rt *remoteTable) Call(ctx context.Context, req tables.Request) bool {
	if req.Kind == tables.ReqJoin || req.Kind == tables.ReqWatch {
		rt.mu.Lock()
		if rt.sub == nil {
			rt.key = rt.link.memberKey()
			m := req.M
			sub, err := rt.link.nc.Subscribe(memberSubject(rt.key), func(msg *nats.Msg) {
				b, _, _, err := rt.link.fresh.Open(msg.Subject, msg.Data)
				if err != nil {
					rt.link.log.Warn("a message to a member refused", "table", rt.id, "why", err)
					return
				}
				tm, err := tables.DecodeMsg(b)
				if err != nil {
					rt.link.log.Warn("a message from another node's table refused", "table", rt.id, "err", err)
					return
				}
				select {
				case unread := <-m.Box:
					if tm.Busy && tm.Room == nil && tm.Update == nil && tm.Closed == "" {
						// A word alone that a request was not taken
						// goes with the message unread: it never takes
						// the place of a view.
						unread.Busy, tm = true, unread
					}
				default:
				}
				m.Box <- tm
			})
			if err != nil {
				rt.mu.Unlock()
				return false
			}
			rt.sub = sub
			rt.link.sat(rt, m)
		}
		rt.mu.Unlock()
	}
	b, err := tables.EncodeRequest(rt.memberKey(), req)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, relayWait)
	defer cancel()
	if req.Kind == tables.ReqJoin || req.Kind == tables.ReqWatch {
		rt.mu.Lock()
		moved := rt.sub == nil
		rt.abort = cancel
		rt.mu.Unlock()
		if moved {
			return false // freed already: asked again where the table is
		}
	}
	sealed, n := rt.link.fresh.Seal(tableSubject(rt.id), rt.node, b)
	answer, err := rt.link.ask(ctx, tableSubject(rt.id), sealed, answerPlace(replyPlace(rt.id), n))
	if req.Kind == tables.ReqLeave || err != nil && (req.Kind == tables.ReqJoin || req.Kind == tables.ReqWatch) {
		rt.stop()
	}
	if err != nil && req.Reply != nil {
		// No answer (the node slow or frozen, the table moving): the
		// table may have seated the member all the same, so the asker
		// is told to ask again, not that the table closed.
		req.Reply <- tables.JoinReply{Seat: -1, Err: tables.ErrNoAnswer}
		return true
	}
	if err != nil {
		return false
	}
	var rep relayReply
	if json.Unmarshal(answer, &rep) != nil {
		return false
	}
	if req.Reply != nil {
		jr := tables.JoinReply{Seat: rep.Seat, Restarted: rep.Restarted, Moved: rep.Moved}
		if rep.OK && req.Kind == tables.ReqJoin {
			// As a table here sets the seat of the member it seats.
			req.M.Seat = rep.Seat
		}
		if !rep.OK {
			jr.Err = wireErrs[rep.Err]
			if jr.Err == nil {
				jr.Err = tables.ErrClosed
			}
		}
		req.Reply <- jr
		return true
	}
	return rep.OK
}

// ask sends data, a request sealed on subj, and waits for its answer:
// the first that opens for place (sealed for the request's nonce by a
// node of the cluster). What does not open is not the table's answer —
// a writer of the subjects without the secret answering first, or an
// answer put back — and is passed over: the wait goes on for the real
// one, and the refusals are logged once in a while (refusedAnswer).
// The store's word that nobody listens on subj (a status alone, as a
// request's no responders) ends the wait, as it would a request's: the
// asker is told there was no answer, and asks again, never that the
// table closed.
func (l *link) ask(ctx context.Context, subj string, data []byte, place string) ([]byte, error) {
	a, err := l.inbox.Ask()
	if err != nil {
		return nil, err
	}
	defer a.Close()
	if err := l.nc.PublishRequest(subj, a.Reply(), data); err != nil {
		return nil, err
	}
	for {
		msg := a.Next()
		if msg == nil {
			select {
			case <-a.Ready():
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if len(msg.Data) == 0 && msg.Header.Get("Status") == "503" {
			return nil, nats.ErrNoResponders
		}
		if b, err := l.fresh.seal.Open(place, msg.Data); err == nil {
			return b, nil
		}
		l.refusedAnswer(subj)
	}
}

// refusedAnswer notes an answer to a request on subj that did not open,
// and logs the count once a refusedEvery.
func (l *link) refusedAnswer(subj string) {
	n := l.refused.Add(1)
	now := time.Now().UnixNano()
	last := l.refusedSaid.Load()
	if now-last < int64(refusedEvery) || !l.refusedSaid.CompareAndSwap(last, now) {
		return
	}
	l.log.Warn("answers to a request to another node refused: not sealed for it with the cluster's secret (a writer of the subjects without it answering); waiting for the table's own", "subject", subj, "refused", n)
}

// refusedEvery is how often the answers refused are logged at most.
const refusedEvery = 10 * time.Second

// stop stops listening for the member's messages.
func (rt *remoteTable) stop() {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.abort != nil {
		rt.abort()
		rt.abort = nil
	}
	if rt.sub != nil {
		_ = rt.sub.Unsubscribe()
		rt.sub = nil
	}
	rt.link.left(rt)
}

// remoteSummary is a table another node runs, as its lobby entry says.
type remoteSummary struct {
	Node    string          `json:"node"`
	Summary *tables.Summary `json:"summary"`
	// Stamp says how new the entry is, sealed with it: an older entry
	// of the table put back is not taken over a newer one.
	Stamp summaryStamp `json:"stamp,omitzero"`
	// rev is the revision of the lobby entry it was read from: what is
	// read later but older (a reread begun before a watch's update) does
	// not undo what is newer. 0: heard from its node as it opened
	// (announceOpen), at heard, before its entry was read.
	rev   uint64
	heard time.Time
}

// summaryStamp orders a table's lobby entries, whichever node wrote
// them: the revision of the table's lease its writer held (a node that
// takes a table over holds a later revision than every one before it,
// and a holder's renewals only move it on), then the writer's count of
// entries written.
type summaryStamp struct {
	Lease uint64 `json:"lease"`
	Seq   uint64 `json:"seq"`
}

// before reports whether s is older than o.
func (s summaryStamp) before(o summaryStamp) bool {
	return s.Lease < o.Lease || s.Lease == o.Lease && s.Seq < o.Seq
}
