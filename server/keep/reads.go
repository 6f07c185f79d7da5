package keep

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Asking the store while it may not answer: a cluster electing a
// stream's leader after a node's loss, or a replica on a node that froze,
// leaves a request unanswered for seconds. Writes and makes are asked
// again on a doubling wait (untilAvailable); reads are hedged, a new
// attempt every hedgeEvery, the first answer taken (hedged, getSoon);
// what must be the store's last word is read from the stream's leader
// (leaderLast). Every subject's type asks through these.

// EngineCtx is a context for one call to the engine: in process, a call that
// takes seconds means something is wrong.
func EngineCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// untilAvailable calls f until it succeeds, fails for a reason other
// than the store being unavailable for a moment (a cluster electing a
// stream's new leader after a node's loss takes a few seconds), or ctx
// ends.
//
// A call's wait starts short and doubles up to 2 s: nodes that start
// together and make the same stream at once see the duplicate requests
// go unanswered while the first is carried out, and the call made again
// soon finds the stream made, where a fixed wait would cost every node
// but the first its whole length at a cluster's start.
func untilAvailable(ctx context.Context, f func(context.Context) error) error {
	wait := 250 * time.Millisecond
	// answered is the last answer the store gave (an attempt that did
	// not run out of time): said with the end of the wait, whose last
	// attempt may have been cut by it and say only "deadline exceeded".
	var answered error
	for {
		actx, cancel := context.WithTimeout(ctx, wait)
		err := f(actx)
		// An attempt whose own short wait ran out is unanswered for now,
		// whatever the client made of it: on a starved machine the wait can
		// pass before the request is even sent, and the client then says
		// "context deadline already exceeded".
		timedOut := ended(actx) != nil && ended(ctx) == nil
		cancel()
		if err == nil || !unavailable(err) && !timedOut {
			return err
		}
		if !timedOut && ended(ctx) == nil {
			answered = err
		}
		wait = min(2*wait, 2*time.Second)
		select {
		case <-ctx.Done():
			if answered != nil && answered != err {
				return fmt.Errorf("the store stayed unavailable: %w (its last answer: %w)", err, answered)
			}
			return fmt.Errorf("the store stayed unavailable: %w", err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// ended is ctx's error, also once its deadline has passed but before its
// timer has fired (context.DeadlineExceeded then): on a starved machine
// the timer's goroutine runs late, while the client, which reads the
// deadline itself, already refuses — and a check of ctx.Err() alone
// would take that refusal for the store's answer (an append as fenced).
func ended(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		return context.DeadlineExceeded
	}
	return nil
}

// getSoon reads key from kv, hedged (a new attempt while the last still
// waits): a direct get may be handed to the replica of a node that froze
// (its subscription still there) and never answered, and a read waited
// out whole would spend a takeover's whole time.
func getSoon(ctx context.Context, budget hedgeBudget, kv jetstream.KeyValue, key string) (jetstream.KeyValueEntry, error) {
	return hedged(ctx, budget, func(ctx context.Context) (jetstream.KeyValueEntry, error) { return kv.Get(ctx, key) })
}

// hedgeEvery and hedgeMax pace hedged: a new attempt every hedgeEvery,
// each given hedgeMax of those (so at most hedgeMax at once).
const (
	hedgeEvery = 400 * time.Millisecond
	hedgeMax   = 5
)

// hedged reads with f until an attempt answers, fails for a reason other
// than the store being unavailable for a moment, or ctx ends — as
// untilAvailable, but it starts a new attempt every hedgeEvery without
// waiting for the last to time out, and the first answer wins. A read
// handed to a frozen node's replica never answers, and the stream's
// other replicas answer only once JetStream has elected a new leader in
// place of the frozen one (seconds): waits doubling to 2 s would learn
// of the election up to 2 s late, a hedged read learns within
// hedgeEvery, while each attempt still has 2 s to answer on a starved
// machine. Only for reads: each attempt's value is its own.
func hedged[T any](ctx context.Context, budget hedgeBudget, f func(context.Context) (T, error)) (T, error) {
	return hedgedUntil(ctx, budget, f, func(err error, timedOut bool) bool { return err == nil || !unavailable(err) && !timedOut })
}

// hedgedUntil is hedged, an attempt's answer taken once answered says
// so of its error and whether its own wait ran out.
func hedgedUntil[T any](ctx context.Context, budget hedgeBudget, f func(context.Context) (T, error), answered func(err error, timedOut bool) bool) (T, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		v        T
		err      error
		timedOut bool
	}
	answers := make(chan answer)
	attempt := func(release func()) {
		defer release()
		actx, acancel := context.WithTimeout(ctx, hedgeMax*hedgeEvery)
		defer acancel()
		v, err := f(actx)
		a := answer{v, err, ended(actx) != nil && ended(ctx) == nil}
		select {
		case answers <- a:
		case <-ctx.Done():
		}
	}
	inFlight := 1
	go attempt(func() {})
	tick := time.NewTicker(hedgeEvery)
	defer tick.Stop()
	var last error
	for {
		select {
		case a := <-answers:
			inFlight--
			if answered(a.err, a.timedOut) {
				return a.v, a.err
			}
			last = a.err
		case <-tick.C:
			// The read's own attempt, when none is under way; another
			// beside one still waiting only within the node's budget.
			if inFlight == 0 {
				inFlight++
				go attempt(func() {})
			} else if release, ok := budget.take(); ok {
				inFlight++
				go attempt(release)
			}
		case <-ctx.Done():
			var zero T
			return zero, fmt.Errorf("the store stayed unavailable: %w", cmp.Or(last, ctx.Err()))
		}
	}
}

// hedgeBudget bounds the attempts a node's hedged reads make beside
// their own (one each) at any time: a store slow for every read (a
// loaded cluster, not a frozen replica) was otherwise asked each read
// up to hedgeMax times over, and the more it was asked the slower it
// answered — in a 200-player arena on three nodes, reads of a table's
// record tried seven times at once, each attempt a consumer made on the
// stream, and every table paused on its writes. A frozen node's few
// takeovers fit in it. nil: no bound (a test's).
type hedgeBudget chan struct{}

// hedgeExtra is a node's hedgeBudget: attempts beside the reads' own.
const hedgeExtra = 8

// budget is e's hedgeBudget (nil for no engine: none).
func (e *Engine) budget() hedgeBudget {
	if e == nil {
		return nil
	}
	return e.hedges
}

// askAgain is the budget of e's direct gets asked again (askDirect):
// its hedgeBudget, or no place at all where the store keeps one replica
// (a get asked again there reaches the same server, only busier).
func (e *Engine) askAgain() hedgeBudget {
	if e == nil {
		return nil
	}
	if e.Replicas <= 1 {
		return make(hedgeBudget)
	}
	return e.hedges
}

// take takes one attempt from b, if one is free, and how to give it back.
func (b hedgeBudget) take() (release func(), ok bool) {
	if b == nil {
		return func() {}, true
	}
	select {
	case b <- struct{}{}:
		return func() { <-b }, true
	default:
		return nil, false
	}
}

// errCodeNoPeers is JetStream's "no suitable peers for placement"
// (JSClusterNoPeersErrF): nodes started at the same instant ask for a
// replicated stream before the cluster's meta leader knows its peers
// (seen: 1 start in 21 of three nodes at once failed on it). It passes
// once the peers have met, so it is waited out like a leader election.
const errCodeNoPeers = 10005

// errCodeDuplicateInProcess is JetStream's "duplicate message id is in
// process" (JSStreamDuplicateMessageConflict): a write asked again with
// its message id (a takeover's claim) while the first ask is still
// being stored. It is no refusal: asked once more, the store answers
// the first ask's acknowledgement. Read as one, a node taking a table
// over after a kill gave the table up ("another writer was quicker")
// six times in one run, and the table waited for the next sweep.
const errCodeDuplicateInProcess = 10158

// Unavailable reports whether err is the store not answering for now
// (in time, or at all while its cluster elects a leader) rather than
// refusing: what was asked may be asked again in a moment. A caller
// tells its player so, in words, instead of the store's error.
func Unavailable(err error) bool { return unavailable(err) }

// unavailable reports whether err is the store not answering for now
// rather than refusing.
func unavailable(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode == jetstream.JSErrCodeJetStreamNotEnabled || apiErr.Code == 503 ||
			apiErr.ErrorCode == errCodeNoPeers || apiErr.ErrorCode == errCodeDuplicateInProcess
	}
	return errors.Is(err, errNotYetSeen) || errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoHeartbeat)
}

// leaderLast is the last message of bucket's key as the bucket's stream
// leader holds it (ok false: none, deleted or purged) — a key-value get
// is a direct get that any replica answers, one that may not yet have
// taken the last write.
func leaderLast(ctx context.Context, nc *nats.Conn, bucket, key string) (data []byte, seq uint64, ok bool, err error) {
	data, seq, removed, err := leaderLastMarked(ctx, nc, bucket, key)
	if err != nil || data == nil || removed {
		return nil, 0, false, err
	}
	return data, seq, true, nil
}

// leaderLastMarked is leaderLast telling apart a key the leader never
// held (nil data, removed false) from one a node deleted or purged
// (removed true: the marker is the last message).
func leaderLastMarked(ctx context.Context, nc *nats.Conn, bucket, key string) (data []byte, seq uint64, removed bool, err error) {
	m, ok, err := leaderGet(ctx, nc, "KV_"+bucket, struct {
		LastBySubj string `json:"last_by_subj"`
	}{"$KV." + bucket + "." + key})
	if err != nil || !ok {
		return nil, 0, false, err // never held, or not said
	}
	if len(m.Header) > 0 {
		h, err := nats.DecodeHeadersMsg(m.Header)
		if err != nil {
			return nil, 0, false, err
		}
		if h.Get("KV-Operation") != "" {
			return nil, m.Seq, true, nil // deleted, or purged
		}
	}
	if m.Data == nil {
		m.Data = []byte{} // held, if empty: not "never"
	}
	return m.Data, m.Seq, false, nil
}

// leaderMsg is a stream's message as its leader answers a get.
type leaderMsg struct {
	Subject string `json:"subject"`
	Seq     uint64 `json:"seq"`
	// Header and Data are the message's bytes, in base64, as
	// encoding/json reads a []byte.
	Header []byte `json:"hdrs"`
	Data   []byte `json:"data"`
}

// leaderGet asks stream's leader for the message req names (by "seq",
// or "last_by_subj"): not a direct get, which any replica answers, one
// that may not yet have taken the last write. ok false: no such
// message.
func leaderGet(ctx context.Context, nc *nats.Conn, stream string, req any) (msg leaderMsg, ok bool, err error) {
	b, err := json.Marshal(req)
	if err != nil {
		return msg, false, err
	}
	var resp struct {
		Error   *jetstream.APIError `json:"error"`
		Message *leaderMsg          `json:"message"`
	}
	err = untilAvailable(ctx, func(ctx context.Context) error {
		m, err := nc.RequestWithContext(ctx, "$JS.API.STREAM.MSG.GET."+stream, b)
		if err != nil {
			return err
		}
		resp.Error, resp.Message = nil, nil
		if err := json.Unmarshal(m.Data, &resp); err != nil {
			return fmt.Errorf("the store's answer: %w", err)
		}
		if resp.Error != nil {
			return resp.Error
		}
		return nil
	})
	if resp.Error != nil && resp.Error.ErrorCode == jetstream.JSErrCodeMessageNotFound {
		return msg, false, nil
	}
	if err != nil {
		return msg, false, err
	}
	if resp.Message == nil {
		return msg, false, errors.New("an answer with no message")
	}
	return *resp.Message, true, nil
}

// untilWritten calls read until it returns something other than notYet:
// in a cluster a key's read may be answered by a replica that has not
// yet got a write the leader took (a bucket's direct gets), so a key
// known to exist is read again for a while before it is said missing.
func untilWritten[T any](ctx context.Context, read func() (T, error), notYet error) (T, error) {
	v, err := read()
	for wait := 10 * time.Millisecond; errors.Is(err, notYet) && wait < 5*time.Second; wait *= 2 {
		select {
		case <-ctx.Done():
			return v, err
		case <-time.After(wait):
		}
		v, err = read()
	}
	return v, err
}

// boardKeys are the keys of kv that filter matches, boardMax at the
// most (the listing is read to its end either way): what a board, the
// leaderboard's or a daily's, reads.
func boardKeys(ctx context.Context, kv jetstream.KeyValue, filter string) ([]string, error) {
	lister, err := kv.ListKeysFiltered(ctx, filter)
	if err != nil {
		return nil, err
	}
	var keys []string
	for k := range lister.Keys() {
		if len(keys) < boardMax {
			keys = append(keys, k)
		}
	}
	_ = lister.Stop() // the listing has ended
	// A listing cut by ctx ends early, as one read whole does: a board
	// read from part of its keys would rank the wrong players.
	if err := ended(ctx); err != nil {
		return nil, err
	}
	return keys, nil
}

// boardMax is the most ratings a leaderboard reads: far more than a
// server of a few hundred players has, and a bound on the page's cost.
const boardMax = 100_000

// errNotYetSeen is a stream or bucket just made that the server asked
// does not know of yet: asked again, as the store not answering is.
var errNotYetSeen = errors.New("made a moment ago, not yet seen")

// listedSoon lists what with list, asking again beside a listing not answered
// within listAgain, up to listsAtOnce at once (those beside the first
// within budget), and takes the first answer. A listing of a bucket is a
// consumer made on its stream, and one asked while the stream's leader
// is frozen (SIGSTOP, a partition that keeps its connections open) is
// never made, even once JetStream has elected another leader: asked
// once, the sweep's listing would wait out its whole wait round after
// round, and find a frozen node's table nobody's seconds after the
// store could have said so. Asked again only beside those still
// waiting, not in their place: a loaded store's listing can take over
// a second, and one asked again in its place every second might never
// be answered at all.
func listedSoon[T any](ctx context.Context, budget hedgeBudget, what string, list func(context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		v   T
		err error
	}
	// Buffered for every listing asked: none waits to be heard once an
	// answer has been taken.
	answers := make(chan answer, listsAtOnce)
	ask := func(release func()) {
		go func() {
			defer release()
			v, err := list(ctx)
			answers <- answer{v, err}
		}()
	}
	ask(func() {})
	asked, waiting := 1, 1
	tick := time.NewTicker(listAgain)
	defer tick.Stop()
	var last error
	for {
		select {
		case a := <-answers:
			waiting--
			if a.err == nil || !unavailable(a.err) {
				return a.v, a.err
			}
			last = a.err
		case <-tick.C:
			if asked == listsAtOnce {
				continue
			}
			if waiting == 0 {
				ask(func() {})
			} else if release, ok := budget.take(); ok {
				ask(release)
			} else {
				continue
			}
			asked++
			waiting++
		case <-ctx.Done():
			var zero T
			return zero, cmp.Or(last, fmt.Errorf("listing %s: %w", what, ctx.Err()))
		}
	}
}

// listAgain is how long a listing waits before another is asked beside
// it; listsAtOnce is how many one listedSoon asks at most.
const (
	listAgain   = time.Second
	listsAtOnce = 3
)
