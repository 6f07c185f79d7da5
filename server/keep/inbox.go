package keep

import (
	"strconv"
	"sync"

	"github.com/nats-io/nats.go"
)

// Inbox is where the answers to a connection's requests come when one
// request may be answered more than once (a batch of messages, an
// attempt sent again, a stranger answering before the real one): one
// subscription for all of them, as the client's own requests share
// one, each request on a reply subject of its own under it. A
// subscription made and dropped for each request cost a read twenty
// times the client's own, and in a cluster each is said to every route.
type Inbox struct {
	nc     *nats.Conn
	once   sync.Once
	err    error
	prefix string
	mu     sync.Mutex
	asks   uint64
	sent   map[string]*Ask
}

// NewInbox is an inbox on nc, subscribed at its first request.
func NewInbox(nc *nats.Conn) *Inbox { return &Inbox{nc: nc} }

// Ask is one request's answers, in the order they came.
type Ask struct {
	in    *Inbox
	id    uint64
	tries int
	mu    sync.Mutex
	msgs  []*nats.Msg
	// ready has a token while msgs may hold a message not yet taken.
	ready chan struct{}
}

// Ask starts a request, subscribing the inbox at its first; the caller
// closes it.
func (in *Inbox) Ask() (*Ask, error) {
	in.once.Do(func() {
		in.prefix = in.nc.NewInbox()
		in.sent = map[string]*Ask{}
		_, in.err = in.nc.Subscribe(in.prefix+".*", in.deliver)
	})
	if in.err != nil {
		return nil, in.err
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	in.asks++
	return &Ask{in: in, id: in.asks, ready: make(chan struct{}, 1)}, nil
}

// Reply is the reply subject of the request's next attempt.
func (a *Ask) Reply() string {
	a.in.mu.Lock()
	defer a.in.mu.Unlock()
	a.tries++
	subj := a.in.subject(a.id, a.tries)
	a.in.sent[subj] = a
	return subj
}

// subject is the reply subject of a request's try.
func (in *Inbox) subject(id uint64, try int) string {
	return in.prefix + "." + strconv.FormatUint(id, 10) + "-" + strconv.Itoa(try)
}

// Close ends the request: its later answers are dropped.
func (a *Ask) Close() {
	a.in.mu.Lock()
	defer a.in.mu.Unlock()
	for i := 1; i <= a.tries; i++ {
		delete(a.in.sent, a.in.subject(a.id, i))
	}
}

// deliver hands m to the request it answers, never blocking the
// connection's delivery of the others.
func (in *Inbox) deliver(m *nats.Msg) {
	in.mu.Lock()
	a := in.sent[m.Subject]
	in.mu.Unlock()
	if a == nil {
		return // a request already over
	}
	a.mu.Lock()
	a.msgs = append(a.msgs, m)
	a.mu.Unlock()
	select {
	case a.ready <- struct{}{}:
	default:
	}
}

// Next is the request's oldest answer not yet taken (nil: none yet;
// wait on Ready).
func (a *Ask) Next() *nats.Msg {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.msgs) == 0 {
		return nil
	}
	m := a.msgs[0]
	a.msgs = a.msgs[1:]
	return m
}

// Ready is told when an answer may have come since Next said none.
func (a *Ask) Ready() <-chan struct{} { return a.ready }
