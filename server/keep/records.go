package keep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The records: each table's match record is a stream of appends, one
// subject a table (okey.table.ID.record in the stream OKEY_RECORDS): a
// match's first message holds its whole record so far (header
// "Okey-Part: start"), every later one the lines added since. A move is
// saved once the stream has acknowledged it; every append names the
// sequence of the table's last one (WithExpectLastSequencePerSubject),
// so a writer that is not the table's only one can never append twice
// or out of order (TableLog writes them). The match before the one a
// record holds is kept whole under okey.table.ID.last.

// The records' stream, and its headers.
const (
	recordsStream = "OKEY_RECORDS"
	// partHeader marks a record message that starts the record afresh.
	partHeader = "Okey-Part"
	partStart  = "start"
)

// RecordBook is the tables' records in the store: read back whole
// (skipping what does not open), the match before each, the claims and
// parts opened; TableLog appends to it.
type RecordBook struct {
	eng    *Engine
	stream directStream
	*notes
	// remade counts the times the stream was made again (remake): each
	// table of the node writes its record again whole at its next
	// write.
	remade atomic.Uint64
}

// openRecordBook makes (or finds) the records' stream.
func openRecordBook(ctx context.Context, eng *Engine, n *notes) (*RecordBook, error) {
	st, err := makeRecords(ctx, eng)
	if err != nil {
		return nil, err
	}
	return &RecordBook{eng: eng, stream: st, notes: n}, nil
}

// makeRecords makes (or finds) the records' stream.
func makeRecords(ctx context.Context, eng *Engine) (directStream, error) {
	st, err := eng.makeStream(ctx, jetstream.StreamConfig{
		Name:        recordsStream,
		Description: "okey serve: each table's match record, appended as it is played",
		Subjects:    []string{recordSubject("*"), lastSubject("*")},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		AllowDirect: true,
		// A record only grows: no message of it is deleted, by a node
		// or anyone (a stream made before is given it as the node
		// starts, and the store never takes it back). A node purges
		// what comes before a match's start, so purges stay allowed:
		// a purge cuts a record from its front, which a reader sees
		// (cutAgainst).
		DenyDelete: true,
		Replicas:   eng.Replicas,
	})
	if err != nil {
		return directStream{}, fmt.Errorf("the records' stream: %w", err)
	}
	return directOf(eng.js, st, recordsStream, eng.askAgain()), nil
}

// remake makes the records' stream again if the store says it is gone
// (deleted by a writer of the store): true if it was, and is now made
// again, empty. The stream handle reaches it by name, as before.
func (b *RecordBook) remake(ctx context.Context) bool {
	if !b.eng.missing(ctx, recordsStream) {
		return false
	}
	if _, err := makeRecords(ctx, b.eng); err != nil {
		b.log.Error("the records' stream is gone from the store, and not made again", "err", err)
		return false
	}
	b.log.Error("the records' stream was gone from the store (deleted): made again; each table writes its record again whole, the matches before are lost")
	b.remade.Add(1)
	return true
}

// purge purges table id's record and its match before.
func (b *RecordBook) purge(ctx context.Context, id string) error {
	for _, subj := range []string{recordSubject(id), lastSubject(id)} {
		if err := b.stream.Purge(ctx, jetstream.WithPurgeSubject(subj)); err != nil {
			return fmt.Errorf("table %s: purging its record: %w", id, err)
		}
	}
	return nil
}

// recordSubject is the subject of table id's record.
func recordSubject(id string) string { return "okey.table." + id + ".record" }

// lastSubject is the subject of table id's match before the one its
// record holds: whole, in one message, so that 'record TABLE' can give
// the last finished match from any node, also once the next has begun
// and after a takeover.
func lastSubject(id string) string { return "okey.table." + id + ".last" }

// ownerHeader marks a claim: a record message that adds nothing to the
// record and names, sealed, the node that took the table (claim).
const ownerHeader = "Okey-Owner"

// claimPlace is where a claim of the record on subj is sealed for: not
// the record's own place, so that a claim is never read as a part of
// the record, nor a part as a claim.
func claimPlace(subj string) string { return subj + "/claim" }

// markHeader marks an entry's mark: a record message that adds nothing
// to the record and says, sealed, which write of the table's entry is
// its newest (entries.go's entryMark). The record's messages are bound
// each to the one before, so a mark cannot be replayed: the newest
// mark read is the newest the table's writer made.
const markHeader = "Okey-Entry"

// markPlace is where an entry's mark on the record subj is sealed for.
func markPlace(subj string) string { return subj + "/entry" }

// markWithPart is markHeader's value on a record message that is both
// a part of the record and the mark of the entry written before it: a
// move's append carrying the mark a write left for it (WriteSoon), so
// that a move costs the store two writes, not three.
const markWithPart = "with-part"

// markedPlace is where such a message on the record subj is sealed for:
// a place of its own, so that it is never read as a part alone or a
// mark alone (its header changed), nor either of those as it.
func markedPlace(subj string) string { return subj + "/part+entry" }

// prevHeader names the sequence a record message was appended after
// (the last sequence its writer expected), and the message is sealed
// for it too (recordPlace): a node's message copied onto the record
// later by a writer without the secret (a replay: the match's start
// again, to take the record back to its deal) follows another message,
// and does not open.
const prevHeader = "Okey-Prev"

// recordPlace is where a record message written after sequence prev is
// sealed for.
func recordPlace(place string, prev uint64) string {
	return place + "#" + strconv.FormatUint(prev, 10)
}

// keepLast keeps rec, table id's match before the one its record holds,
// sealed under its own subject, and purges those kept before it.
func (b *RecordBook) keepLast(ctx context.Context, id string, rec []byte) error {
	last := lastSubject(id)
	ack, err := b.eng.js.PublishMsg(ctx, &nats.Msg{Subject: last, Data: b.eng.Seal.Seal(last, rec)})
	if err != nil {
		return fmt.Errorf("keeping the match before: %w", err)
	}
	if err := b.stream.Purge(ctx, jetstream.WithPurgeSubject(last), jetstream.WithPurgeSequence(ack.Sequence)); err != nil {
		return fmt.Errorf("purging the matches before: %w", err)
	}
	return nil
}

// forgedAfter reads the messages of the record on subj after sequence
// seq: if none of them opens (every one a forgery), forged counts them
// and last is the sequence of the newest; forged is 0 if one opens (a
// node wrote there: the table was taken) or there are none.
func (b *RecordBook) forgedAfter(ctx context.Context, subj string, seq uint64) (last uint64, forged int, err error) {
	var top *jetstream.RawStreamMsg
	err = readPast(ctx, seq, func(ctx context.Context) (uint64, error) {
		var err error
		if top, err = b.stream.GetLastMsgForSubject(ctx, subj); err != nil {
			return 0, err
		}
		return top.Sequence, nil
	})
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	if top.Sequence <= seq {
		return 0, 0, nil
	}
	if top.Sequence-seq > maxForged {
		return 0, 0, fmt.Errorf("%d messages after the table's last", top.Sequence-seq)
	}
	opened, before := false, seq
	err = b.walk(ctx, subj, seq+1, top.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		if _, err := b.openPart(subj, h, data, before, nil); err == nil {
			opened = true
			return false
		}
		forged++
		last, before = seq, seq
		return true
	})
	if err != nil || opened {
		return 0, 0, err
	}
	return last, forged, nil
}

// maxForged is the most messages after a table's last that an append
// reads through before it is taken as fenced.
const maxForged = 1000

// walk hands fn the messages of subj from sequence from to last, in
// order, until fn says stop (false) or last is reached.
//
// They are read by direct gets, in batches ($JS.API.DIRECT.GET, which
// the stream's replicas answer, as they answer the record's last
// message), not through a consumer: a consumer is made by the
// cluster's meta leader, so a node killed while it led the meta group
// would leave every takeover's read of a record unanswered until
// another was elected, and each walk would make and delete a consumer,
// two changes of the meta group's state. A replica behind the last
// message answers what it has; the rest is asked again (errNotYetSeen:
// the caller's hedged read asks another). While the stream's leader is
// frozen, direct gets can go unanswered until another is elected: why
// is not traced — the frozen leader keeps its subscription, but the
// live replicas have theirs.
func (b *RecordBook) walk(ctx context.Context, subj string, from, last uint64, fn func(seq uint64, h nats.Header, data []byte) bool) error {
	next := max(from, 1)
	for next <= last {
		// A request on a context already ended is a client's "invalid
		// option" or worse, not the deadline the callers ask again
		// after: the context's own error is returned instead, also when
		// its deadline has passed before its timer fired (ended).
		if err := ended(ctx); err != nil {
			return err
		}
		handed, done, err := b.directBatch(ctx, subj, next, last, fn)
		if err != nil || done {
			return err
		}
		if handed < next {
			return fmt.Errorf("%s from %d to %d: %w", subj, next, last, errNotYetSeen)
		}
		next = handed + 1
	}
	return nil
}

// directBatch asks the records' stream for the messages of subj from
// sequence from to last, at most recordBatch of them, and hands them to
// fn as walk does: handed is the sequence of the last one handed (below
// from: none), done whether fn said stop or last was reached. A store
// that answers a batch with one message (a server from before batched
// gets: no pending count in its answer) is asked again from the next.
func (b *RecordBook) directBatch(ctx context.Context, subj string, from, last uint64, fn func(seq uint64, h nats.Header, data []byte) bool) (handed uint64, done bool, err error) {
	req, err := json.Marshal(struct {
		Seq     uint64 `json:"seq"`
		NextFor string `json:"next_by_subj"`
		Batch   int    `json:"batch"`
		UpTo    uint64 `json:"up_to_seq"`
	}{from, subj, recordBatch, last})
	if err != nil {
		return 0, false, err
	}
	// Asked again while no replica answers (askDirect); no replica
	// there to answer (direct gets turned off, the stream gone) is the
	// client's nats.ErrNoResponders, at once.
	err = askDirect(ctx, b.eng.batches, b.stream.again, b.stream.getSubject(), req, func(m *nats.Msg) (bool, error) {
		if status := m.Header.Get(statusHeader); len(m.Data) == 0 && status != "" {
			switch status {
			case "204": // the batch's end
				return false, nil
			case "404": // nothing from there: a replica behind
				return false, nil
			case "503":
				return false, fmt.Errorf("reading %s: %w", subj, nats.ErrNoResponders)
			}
			return false, fmt.Errorf("reading %s: %s %s", subj, status, m.Header.Get("Description"))
		}
		seq, err := strconv.ParseUint(m.Header.Get(jetstream.SequenceHeader), 10, 64)
		if err != nil || seq < from || m.Header.Get(jetstream.SubjectHeader) != subj {
			return false, fmt.Errorf("reading %s: an answer out of place (%q at %q)", subj, m.Header.Get(jetstream.SubjectHeader), m.Header.Get(jetstream.SequenceHeader))
		}
		if seq > last {
			// The message at last is gone (purged as a new match
			// began): the record is read again from its new last.
			return false, fmt.Errorf("%s past %d: moved on as it was read: %w", subj, last, errNotYetSeen)
		}
		handed = seq
		if !fn(seq, m.Header, m.Data) || seq >= last {
			done = true
			return false, nil
		}
		// One message an ask: a server from before batched gets.
		return m.Header.Get("Nats-Num-Pending") != "", nil
	})
	return handed, done, err
}

// recordBatch is how many parts of a record one direct get asks for.
const recordBatch = 512

// Read is table id's record as the stream holds it (nil: none),
// and the sequence of its last message.
// Messages that do not open are skipped (and logged).
func (b *RecordBook) Read(ctx context.Context, id string) (rec []byte, seq uint64, err error) {
	r, err := b.read(ctx, id)
	return r.rec, r.seq, err
}

// recordRead is a table's record as read: its bytes, the sequence of
// its last message, how many messages were skipped (they did not
// open), the newest mark of its entry since the record's start (nil:
// none), and whether a part was sealed with a key other than the one in
// use (old); the sequence of the start the record is read from (0:
// none), and whether a part of the record came before any start
// (headless: its beginning purged).
type recordRead struct {
	rec      []byte
	seq      uint64
	refused  int
	mark     *entryMark
	old      bool
	start    uint64
	headless bool
}

// read is Read, and the rest of what was read.
func (b *RecordBook) read(ctx context.Context, id string) (recordRead, error) {
	// In a cluster a read may go unanswered for a moment while a
	// stream's leader changes: it is asked again (hedged).
	var tries atomic.Int32
	return hedged(ctx, b.eng.budget(), func(ctx context.Context) (recordRead, error) {
		try := tries.Add(1)
		began := time.Now()
		r, err := b.readOnce(ctx, id)
		if err != nil {
			b.log.Debug("a record's read not answered", "table", id, "try", try, "err", err, "in", time.Since(began).Round(time.Millisecond))
		}
		return r, err
	})
}

// readPast reads table id's record again, r as first read, while it
// ends before message seq and the stream's leader holds that message
// as the record's: a replica behind the leader answered. The waits
// double from lagFirst, lagTries reads in all; the read still short
// after them is an error (a table not restored now), never a record
// cut. A record whose message seq the leader does not hold is r,
// judged as it is (cutAgainst).
func (b *RecordBook) readPast(ctx context.Context, id string, r recordRead, seq uint64) (recordRead, error) {
	m, ok, err := leaderGet(ctx, b.eng.NC, recordsStream, struct {
		Seq uint64 `json:"seq"`
	}{seq})
	if err != nil {
		return r, fmt.Errorf("its record's message %d, from the stream's leader: %w", seq, err)
	}
	if !ok || m.Subject != recordSubject(id) {
		return r, nil
	}
	wait := lagFirst
	for try := 1; ; try++ {
		b.log.Debug("a table's record read from a replica behind its entry: read again", "table", id, "ends", r.seq, "entry after", seq)
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
		r, err = b.read(ctx, id)
		if err != nil || r.seq >= seq {
			return r, err
		}
		if try == lagTries {
			return r, fmt.Errorf("its record read ends at message %d, before message %d the stream's leader holds: a replica behind, not read whole now", r.seq, seq)
		}
	}
}

// How long a record read from a replica behind is waited for: the
// first wait, doubling, and the reads in all (about 4 s).
const (
	lagFirst = 250 * time.Millisecond
	lagTries = 4
)

// Last is table id's match before the one its record holds (nil:
// none), as the table's owner kept it when the next match began. It is
// read from the stream's leader: a direct get may be answered by a
// replica a write behind, which would say there is none, or hold only
// a forger's.
func (b *RecordBook) Last(ctx context.Context, id string) (rec []byte, err error) {
	subj := lastSubject(id)
	m, ok, err := leaderGet(ctx, b.eng.NC, recordsStream, struct {
		LastBySubj string `json:"last_by_subj"`
	}{subj})
	switch {
	case err != nil:
		return nil, fmt.Errorf("its match before: %w", err)
	case !ok:
		return nil, nil
	}
	if rec, err = b.eng.Seal.openKept(subj, m.Data); err == nil {
		return rec, nil
	}
	// A forger's, appended after the node's: the node's is the first
	// (those before it were purged as it was written).
	b.refused("a table's match before", "table", id)
	first, ok, err := leaderGet(ctx, b.eng.NC, recordsStream, struct {
		NextBySubj string `json:"next_by_subj"`
		Seq        uint64 `json:"seq"`
	}{subj, 1})
	switch {
	case err != nil:
		return nil, fmt.Errorf("its match before: %w", err)
	case !ok:
		return nil, fmt.Errorf("its match before: %w", jetstream.ErrMsgNotFound)
	}
	return b.eng.Seal.openKept(subj, first.Data)
}

// readOnce reads table id's record once.
func (b *RecordBook) readOnce(ctx context.Context, id string) (recordRead, error) {
	var r recordRead
	subj := recordSubject(id)
	last, err := b.stream.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return r, nil
	}
	if err != nil {
		return r, fmt.Errorf("its record's last message: %w", err)
	}
	if p, err := b.openPart(subj, last.Header, last.Data, 0, &r.old); err == nil && p.start {
		// The usual case after a new match: its start alone (the
		// first message of the record, so nothing it must follow).
		first, err := b.stream.firstFor(ctx, subj)
		if err == nil && first.Sequence == last.Sequence {
			r.rec, r.seq, r.start = p.data, last.Sequence, last.Sequence
			return r, nil
		}
	}
	r.old = false
	var before uint64 // the message before (0: none read, the first)
	err = b.walk(ctx, subj, 0, last.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		// A message that does not open is a forger's: skipped,
		// whatever its headers say (a forged start resets nothing).
		// The record's last sequence is the subject's all the same:
		// the table's next append goes after it.
		p, err := b.openPart(subj, h, data, before, &r.old)
		before = seq
		if err != nil {
			r.refused++
			return true
		}
		if p.start {
			r.rec, r.mark, r.start = r.rec[:0], nil, seq
		} else if p.data != nil && r.start == 0 {
			r.headless = true
		}
		if p.mark != nil {
			r.mark = p.mark
		}
		r.rec = append(r.rec, p.data...)
		return true
	})
	if err != nil {
		return recordRead{}, fmt.Errorf("its record: %w", err)
	}
	if r.refused > 0 {
		b.refused("a table's record", "table", id, "messages", r.refused)
	}
	r.seq = last.Sequence
	return r, nil
}

// cutAgainst says why a record read (r) is not one the entry of stamp
// st was written after ("": it is): it ends before the message the
// entry names (deleted from its end), it does not begin with a match's
// start (its first messages purged), or it begins again after the
// entry with no mark of the entry after its start (every node marks the
// entry at once after a start it writes: a start put back after a
// purge). An entry from before records were counted names none, and is
// not judged.
func cutAgainst(st entryStamp, r recordRead) string {
	switch {
	case st.seq == 0:
		return ""
	case r.seq < st.seq:
		return fmt.Sprintf("its record ends at message %d, before message %d its entry was written after (messages deleted)", r.seq, st.seq)
	case r.headless:
		return "its record does not begin with a match's start (its first messages purged)"
	case r.start > st.seq && r.mark == nil:
		return fmt.Sprintf("its record begins again at message %d, after its entry, with no mark of the entry (a start put back after a purge)", r.start)
	}
	return ""
}

// errReplayed is a sealed record message found after another message
// than the one it was written after: a copy, not a node's append.
var errReplayed = errors.New("a record message replayed after another message than its own")

// openPart opens one message of the record on subj, which came after
// the message of sequence before (0: not known, the first message
// read): the part of the record it adds (nil for a claim or a mark),
// whether it starts the record afresh, and the entry's mark it is (nil:
// none). Its headers are believed only once it opens.
//
// old (if not nil) is set when it was sealed with a key other than the
// one in use.
func (b *RecordBook) openPart(subj string, h nats.Header, data []byte, before uint64, old *bool) (p recordPart, err error) {
	prev, err := strconv.ParseUint(h.Get(prevHeader), 10, 64)
	if err != nil {
		return p, ErrUnsealed // from before the seal, or forged
	}
	if before != 0 && prev != before {
		return p, errReplayed
	}
	switch {
	case h.Get(ownerHeader) != "":
		_, err := b.eng.Seal.openKeptAged(recordPlace(claimPlace(subj), prev), data, old)
		return p, err
	case h.Get(markHeader) == markWithPart:
		plain, err := b.eng.Seal.openKeptAged(recordPlace(markedPlace(subj), prev), data, old)
		if err != nil {
			return p, err
		}
		mark, part, ok := bytes.Cut(plain, []byte{'\n'})
		if !ok {
			return p, fmt.Errorf("a record part with its entry's mark: no mark")
		}
		m, err := parseMark(mark)
		if err != nil {
			return p, err
		}
		p.mark, p.data = &m, part
		return p, nil
	case h.Get(markHeader) != "":
		plain, err := b.eng.Seal.openKeptAged(recordPlace(markPlace(subj), prev), data, old)
		if err != nil {
			return p, err
		}
		m, err := parseMark(plain)
		if err != nil {
			return p, err
		}
		p.mark = &m
		return p, nil
	}
	p.data, err = b.eng.Seal.openKeptAged(recordPlace(subj, prev), data, old)
	if err != nil {
		return p, err
	}
	p.start = h.Get(partHeader) == partStart
	return p, nil
}

// recordPart is one message of a record, opened: what it adds to the
// record, whether it starts it afresh, and the entry's mark it is.
type recordPart struct {
	data  []byte
	start bool
	mark  *entryMark
}
