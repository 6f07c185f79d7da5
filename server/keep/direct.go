package keep

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Direct gets asked again while unanswered.
//
// A stream's direct get is answered by any one of its replicas, picked
// at random from a queue group. A frozen node keeps its routes, and so
// its place in the group, for minutes: while it is frozen, one get in
// three of a three-node cluster goes to it and is never answered, and a
// read made of several gets rarely gets through whole.
//
// So each get here is asked again while no answer has come, each time
// to a reply subject of its own (a new pick of the replica), and the
// first answer is the one read. On a starved machine every replica is
// slow, and each get asked again is one more for it to answer, so the
// asks are bounded: the wait doubles after each (directAgain up to
// directAgainMost), each ask beside the first takes a place in the
// node's hedgeBudget (none free: not asked), and a store of one
// replica, where another ask reaches the same server, is never asked
// again. Unbounded, a one-node server under load answered every get
// several times over and formed its tables several times slower.

// statusHeader says, in a message with no data, the status of a direct
// get's answer (204: a batch's end, 404: no message).
const statusHeader = "Status"

// directAgain is how long a direct get waits for its answer before it
// is first asked again; directAgainMost the longest wait between asks.
const (
	directAgain     = 250 * time.Millisecond
	directAgainMost = 2 * time.Second
)

// askDirect sends a direct get request (subj, body) through in and
// hands fn the messages of the first attempt to answer, until fn says
// no more or fails: while no attempt has answered, the request is sent
// again, to a reply subject of its own, after a wait that doubles from
// directAgain to directAgainMost, each attempt beside the first within
// again (a place held for as long as the get lasts; none free: not
// sent this time), until ctx ends.
func askDirect(ctx context.Context, in *Inbox, again hedgeBudget, subj string, body []byte, fn func(*nats.Msg) (more bool, err error)) error {
	w, err := in.Ask()
	if err != nil {
		return fmt.Errorf("asking %s: %w", subj, err)
	}
	defer w.Close()
	send := func() error {
		if err := in.nc.PublishRequest(subj, w.Reply(), body); err != nil {
			return fmt.Errorf("asking %s: %w", subj, err)
		}
		return nil
	}
	if err := send(); err != nil {
		return err
	}
	var releases []func()
	defer func() {
		for _, r := range releases {
			r()
		}
	}()
	chosen, pause := "", directAgain
	timer := time.NewTimer(pause)
	defer timer.Stop()
	for {
		if err := ended(ctx); err != nil {
			return err
		}
		m := w.Next()
		if m == nil {
			select {
			case <-w.Ready():
				continue
			case <-timer.C:
				if chosen != "" {
					continue
				}
				pause = min(2*pause, directAgainMost)
				timer.Reset(pause)
				release, ok := again.take()
				if !ok {
					continue
				}
				releases = append(releases, release)
				if err := send(); err != nil {
					return err
				}
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if chosen == "" {
			chosen = m.Subject
		} else if m.Subject != chosen {
			continue // a later answer of another attempt
		}
		more, err := fn(m)
		if err != nil || !more {
			return err
		}
	}
}

// directStatus is the error a direct get's answer carries in its
// status (nil: a message): jetstream.ErrMsgNotFound for 404, the
// client's nats.ErrNoResponders for 503 (no replica serves direct gets:
// the stream gone, or made without them).
func directStatus(m *nats.Msg) error {
	if len(m.Data) != 0 {
		return nil
	}
	switch status := m.Header.Get(statusHeader); status {
	case "":
		return nil
	case "404":
		return jetstream.ErrMsgNotFound
	case "503":
		return nats.ErrNoResponders
	default:
		return fmt.Errorf("nats: %s %s", status, cmp.Or(m.Header.Get("Description"), "unable to get message"))
	}
}

// directMsg is the stream message a direct get's answer carries, as
// the client's own stream get would give it.
func directMsg(m *nats.Msg) (*jetstream.RawStreamMsg, error) {
	if err := directStatus(m); err != nil {
		return nil, err
	}
	seq, err := strconv.ParseUint(m.Header.Get(jetstream.SequenceHeader), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("nats: a direct get's answer without its sequence: %w", err)
	}
	at, err := time.Parse(time.RFC3339Nano, m.Header.Get(jetstream.TimeStampHeaer))
	if err != nil {
		return nil, fmt.Errorf("nats: a direct get's answer without its time: %w", err)
	}
	subj := m.Header.Get(jetstream.SubjectHeader)
	if subj == "" {
		return nil, errors.New("nats: a direct get's answer without its subject")
	}
	return &jetstream.RawStreamMsg{Subject: subj, Sequence: seq, Header: m.Header, Data: m.Data, Time: at}, nil
}

// directOne is the one message a direct get asks for: asked as the
// client's own requests are, through the connection's one inbox, and
// asked again while unanswered as askDirect does (a new request is a
// new pick of the replica), the first answer taken.
func directOne(ctx context.Context, nc *nats.Conn, again hedgeBudget, subj string, body []byte) (*jetstream.RawStreamMsg, error) {
	ctx, cancel := context.WithCancel(ctx)
	var asking sync.WaitGroup
	defer func() {
		cancel()
		asking.Wait() // every place of the budget given back
	}()
	type answer struct {
		m   *nats.Msg
		err error
	}
	answers := make(chan answer, 1)
	ask := func(release func()) {
		defer asking.Done()
		defer release()
		m, err := nc.RequestWithContext(ctx, subj, body)
		select {
		case answers <- answer{m, err}:
		default: // another attempt answered first
		}
	}
	asking.Add(1)
	go ask(func() {})
	pause := directAgain
	timer := time.NewTimer(pause)
	defer timer.Stop()
	for {
		select {
		case a := <-answers:
			if a.err != nil {
				if e := ended(ctx); e != nil {
					return nil, e
				}
				return nil, fmt.Errorf("asking %s: %w", subj, a.err)
			}
			return directMsg(a.m)
		case <-timer.C:
			pause = min(2*pause, directAgainMost)
			timer.Reset(pause)
			if release, ok := again.take(); ok {
				asking.Add(1)
				go ask(release)
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// directStream is a stream whose reads of a subject's last and first
// message are direct gets asked again while unanswered (askDirect);
// everything else is the client's own.
type directStream struct {
	jetstream.Stream
	nc   *nats.Conn
	name string
	// api is the JetStream API's subject prefix ("$JS.API.").
	api string
	// again bounds the gets asked again (Engine.askAgain).
	again hedgeBudget
}

// directOf wraps st, a stream made or found through js.
func directOf(js jetstream.JetStream, st jetstream.Stream, name string, again hedgeBudget) directStream {
	return directStream{Stream: st, nc: js.Conn(), name: name, api: apiPrefix(js), again: again}
}

// apiPrefix is the subject prefix of js's API requests, as the client
// makes it.
func apiPrefix(js jetstream.JetStream) string {
	o := js.Options()
	switch {
	case o.APIPrefix != "":
		return strings.TrimSuffix(o.APIPrefix, ".") + "."
	case o.Domain != "":
		return "$JS." + o.Domain + ".API."
	}
	return jetstream.DefaultAPIPrefix
}

// getSubject is the subject a direct get of the stream is asked on.
func (s directStream) getSubject() string { return s.api + "DIRECT.GET." + s.name }

// GetLastMsgForSubject is subj's last message, as the client's own but
// asked again while unanswered; a stream that serves no direct gets is
// asked through the API, as the client's own does.
func (s directStream) GetLastMsgForSubject(ctx context.Context, subj string) (*jetstream.RawStreamMsg, error) {
	m, err := directOne(ctx, s.nc, s.again, s.getSubject()+"."+subj, nil)
	if errors.Is(err, nats.ErrNoResponders) {
		return s.Stream.GetLastMsgForSubject(ctx, subj)
	}
	return m, err
}

// firstFor is subj's first message (jetstream.ErrMsgNotFound: none).
func (s directStream) firstFor(ctx context.Context, subj string) (*jetstream.RawStreamMsg, error) {
	body := fmt.Appendf(nil, `{"seq":1,"next_by_subj":%q}`, subj)
	m, err := directOne(ctx, s.nc, s.again, s.getSubject(), body)
	if errors.Is(err, nats.ErrNoResponders) {
		return s.Stream.GetMsg(ctx, 1, jetstream.WithGetMsgSubject(subj))
	}
	return m, err
}

// directBucket is a key-value bucket whose Get is a direct get asked
// again while unanswered (askDirect); everything else is the client's
// own.
type directBucket struct {
	jetstream.KeyValue
	stream directStream
}

// directBucketOf wraps kv, a bucket made or found through js.
func directBucketOf(js jetstream.JetStream, kv jetstream.KeyValue, again hedgeBudget) directBucket {
	name := kv.Bucket()
	return directBucket{KeyValue: kv, stream: directStream{nc: js.Conn(), name: "KV_" + name, api: apiPrefix(js), again: again}}
}

// kvKey is what the client takes for a key (other keys it refuses).
var kvKey = regexp.MustCompile(`^[-/_=\.a-zA-Z0-9]+$`)

// Get is key's latest value, as the client's own Get says it: its
// entry, or jetstream.ErrKeyNotFound when it never was or was deleted,
// purged or ran out.
func (b directBucket) Get(ctx context.Context, key string) (jetstream.KeyValueEntry, error) {
	if !kvKey.MatchString(key) || strings.HasPrefix(key, ".") || strings.HasSuffix(key, ".") {
		return b.KeyValue.Get(ctx, key) // the client's own refusal
	}
	m, err := directOne(ctx, b.stream.nc, b.stream.again, b.stream.getSubject()+".$KV."+b.Bucket()+"."+key, nil)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return b.KeyValue.Get(ctx, key)
	case errors.Is(err, jetstream.ErrMsgNotFound):
		return nil, jetstream.ErrKeyNotFound
	case err != nil:
		return nil, err
	}
	e := kvEntry{bucket: b.Bucket(), key: key, value: m.Data, revision: m.Sequence, created: m.Time, op: jetstream.KeyValuePut}
	switch m.Header.Get("KV-Operation") {
	case "DEL":
		e.op = jetstream.KeyValueDelete
	case "PURGE":
		e.op = jetstream.KeyValuePurge
	case "":
		switch m.Header.Get(jetstream.MarkerReasonHeader) {
		case "MaxAge", "Purge":
			e.op = jetstream.KeyValuePurge
		case "Remove":
			e.op = jetstream.KeyValueDelete
		}
	}
	if e.op != jetstream.KeyValuePut {
		return nil, jetstream.ErrKeyNotFound
	}
	return e, nil
}

// kvEntry is a key's entry as directBucket.Get read it.
type kvEntry struct {
	bucket, key string
	value       []byte
	revision    uint64
	created     time.Time
	op          jetstream.KeyValueOp
}

func (e kvEntry) Bucket() string                  { return e.bucket }
func (e kvEntry) Key() string                     { return e.key }
func (e kvEntry) Value() []byte                   { return e.value }
func (e kvEntry) Revision() uint64                { return e.revision }
func (e kvEntry) Created() time.Time              { return e.created }
func (e kvEntry) Delta() uint64                   { return 0 }
func (e kvEntry) Operation() jetstream.KeyValueOp { return e.op }
