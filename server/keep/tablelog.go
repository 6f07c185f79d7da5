package keep

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
)

// TableLog writes one table: its entry and its record. Only its saver's
// goroutine calls it, one call at a time.
type TableLog struct {
	records *RecordBook
	tables  *TableBook
	// dir is the tables' folder, where a retired table's match is filed.
	dir  string
	id   string
	subj string
	// seq is the stream sequence of the table's last record message (0:
	// none); rev the revision of its entry (0: none), gen its generation
	// and sealed its sealed bytes, as last written or read (entries.go),
	// and entry the entry itself (to write it again whole, should the
	// store lose it).
	seq, rev, gen uint64
	sealed        []byte
	entry         []byte
	// remade is the count of the records' stream and the entries'
	// bucket made again (RecordBook and TableBook's remade) this log
	// has written the table again after.
	remade [2]uint64
	// rec is the record as the stream holds it.
	rec []byte
	// stale: the entry or a part of the record, as read, was sealed
	// with a key the secret is being changed from (Reseal).
	stale bool
	// sent is the sealed bytes publish sent last. unsureRec and
	// unsureEntry are the record appends and the entry writes whose
	// answer never came (the store did not answer in time), or whose
	// refusal could not be looked into (a send of the same write, hedged
	// beside it, may be what it was refused for): they may have
	// landed, and a write that follows is refused as if another node
	// had written. Each is looked for before such a refusal is
	// believed (settle, putEntry): a write of this log's found there
	// is taken as written. The sealed bytes carry a random nonce, so
	// only this write has them. Both are those after the sequence or
	// revision last written, a few at most (noteUnsure): writes not
	// answered in a row may each land yet.
	sent        []byte
	unsureRec   []unsureAppend
	unsureEntry []unsureWrite
	// resend is the last append sealed (sealOnce): asked for again, the
	// same message is sent, not one sealed anew.
	resend sealedAppend
	// soon: the write under way leaves its entry's mark for later
	// (WriteSoon); markDue: an entry is written whose mark is not yet
	// in the record, to ride the record's next append or be made by
	// MarkNow.
	soon, markDue bool
}

// sealedAppend is an append as sealed: the place it was sealed for,
// what it says, and its sealed bytes.
type sealedAppend struct {
	place        string
	plain, bytes []byte
}

// unsureWrite is a write sent and never answered: its sealed bytes and
// the sequence or revision it was written after (and an entry's, its
// generation).
type unsureWrite struct {
	sealed []byte
	after  uint64
	gen    uint64
}

// at is the sequence or revision the write was sent after.
func (u unsureWrite) at() uint64 { return u.after }

// unsureAppend is a record append never answered: the record as it is
// once the append has landed, and for a new match's start the match
// before it, kept (keepLast) once it has.
type unsureAppend struct {
	unsureWrite
	rec, before []byte
	start       bool
}

// Write saves a table's entry and record (either nil: unchanged). The
// record goes first, so an entry never names a match that is not there.
//
// A write the store refuses because what it goes in is gone — the
// records' stream or the entries' bucket deleted by a writer of the
// store — makes it again and writes the table whole into it: the node
// holds the table (its lease) and what it holds is the table as played.
// The table's matches before are lost with the stream, and said so.
func (l *TableLog) Write(table, rec []byte) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	err := l.write(ctx, table, rec)
	if err == nil || errors.Is(err, ErrFenced) {
		return err
	}
	records, tables := l.records.remake(ctx), l.tables.remake(ctx)
	if !records && !tables {
		return err
	}
	return l.write(ctx, table, rec)
}

// WriteSoon is Write, except that the entry's mark is not appended at
// once: it rides the record's next append, in the same message (a
// move then costs the store two writes, not three), or is made alone
// by MarkNow, which the table's saver calls once the table has been
// quiet a moment. Until the mark is in the record, an older entry put
// back by a writer of the store would be taken by a node that read the
// table then: the same gap Write leaves between its entry's write and
// its mark, made longer by the table's quiet moment.
func (l *TableLog) WriteSoon(table, rec []byte) error {
	l.soon = true
	defer func() { l.soon = false }()
	return l.Write(table, rec)
}

// MarkNow appends the mark of the entry WriteSoon last wrote, if it is
// not yet in the record.
func (l *TableLog) MarkNow() error {
	if !l.markDue {
		return nil
	}
	ctx, cancel := EngineCtx()
	defer cancel()
	if err := l.markEntry(ctx); err != nil {
		return fmt.Errorf("table %s: %w", l.id, err)
	}
	return nil
}

// write is Write, once: the whole table if the store's stream or
// bucket was made again since this log last wrote (by this table's
// write, or another's of the node).
func (l *TableLog) write(ctx context.Context, table, rec []byte) error {
	l.tables.look(ctx)
	if n := l.records.remade.Load(); n != l.remade[0] {
		l.remade[0], l.seq, l.unsureRec = n, 0, nil
		if rec == nil {
			rec = l.rec
		}
		l.rec = nil
		if table == nil {
			// The entry names a message of the stream gone: written
			// again after the record, it names the new one's.
			table = l.entry
		}
	}
	if n := l.tables.remade.Load(); n != l.remade[1] {
		l.remade[1], l.rev, l.unsureEntry = n, 0, nil
		if table == nil {
			table = l.entry
		}
	}
	// A write slower than slowWrite says which part waited (a stream
	// electing its leader, a frozen node's replica): the table's game
	// waits for it.
	began := time.Now()
	var appended time.Duration
	defer func() {
		if d := time.Since(began); d > slowWrite {
			l.records.log.Debug("a table's write slow", "table", l.id, "record", appended.Round(time.Millisecond), "entry", (d - appended).Round(time.Millisecond))
		}
	}()
	if rec != nil {
		err := l.appendRecord(ctx, rec)
		appended = time.Since(began)
		if err != nil {
			return fmt.Errorf("table %s's record: %w", l.id, err)
		}
	}
	if table != nil {
		if err := l.putEntry(ctx, table); err != nil {
			return fmt.Errorf("table %s: %w", l.id, err)
		}
	}
	return nil
}

// slowWrite is a table's write slow enough to be logged (debug).
const slowWrite = 300 * time.Millisecond

// appendRecord appends what rec adds to the record as last written; a
// record that does not follow it (a new match) starts afresh, and the
// messages before are purged.
//
// An append refused because the record has moved on since is fenced,
// unless what moved it on is this log's own append that the store did
// not answer in time and took after all (a starved node's writes land
// seconds late): then the record is as that append left it, and rec is
// appended after it. Taken for fenced, such an append would stop a
// table its own node still holds.
func (l *TableLog) appendRecord(ctx context.Context, rec []byte) error {
	return l.settled(ctx, func() error {
		err := l.appendOnce(ctx, rec)
		if errors.Is(err, errRecordGone) {
			// Purged by a writer of the store: written again whole.
			err = l.appendOnce(ctx, rec)
		}
		return err
	})
}

// settled calls write, an append after the record's last message as
// this log knows it, and when the store refuses it as fenced while an
// append of this log's went unanswered (unsureRec), looks for that
// append (settle): found, the record is as it left it and write is
// called again after it. Once an append is written after the record's
// last, no append not answered before can land; a write that appended
// nothing (the record unchanged) leaves the one not answered to be
// looked for, or it would fence the entry's next mark.
func (l *TableLog) settled(ctx context.Context, write func() error) error {
	seq := l.seq
	err := write()
	if errors.Is(err, ErrFenced) && len(l.unsureRec) > 0 {
		landed, serr := l.settle(ctx)
		if serr != nil {
			// Not known to be another writer's: a write that failed,
			// tried again as usual, not a fence (that stops the table).
			return fmt.Errorf("%v (looking for an append not answered: %w)", err, serr)
		}
		if landed {
			seq = l.seq
			err = write()
		}
	}
	if err == nil && l.seq != seq {
		l.unsureRec = nil
	}
	return err
}

// appendOnce is appendRecord's append, noting one the store did not
// answer (unsureRec).
func (l *TableLog) appendOnce(ctx context.Context, rec []byte) error {
	unsure := func(err error, u unsureAppend) error {
		if err != nil && !errors.Is(err, ErrFenced) && l.sent != nil {
			u.sealed, u.after, u.rec = l.sent, l.seq, rec
			l.unsureRec = noteUnsure(l.unsureRec, u)
		}
		return err
	}
	if len(l.rec) > 0 && len(rec) >= len(l.rec) && bytes.HasPrefix(rec, l.rec) {
		if len(rec) == len(l.rec) {
			return nil
		}
		// A mark left by the last write (WriteSoon) rides this part.
		place, plain, h := l.subj, rec[len(l.rec):], nats.Header(nil)
		marked := l.markDue && l.rev != 0
		if marked {
			place, h = markedPlace(l.subj), nats.Header{markHeader: []string{markWithPart}}
			plain = append(append(entryMark{gen: l.gen, rev: l.rev}.bytes(), '\n'), plain...)
		}
		if err := l.publish(ctx, place, plain, h); err != nil {
			return unsure(err, unsureAppend{})
		}
		l.rec = rec
		if marked {
			l.markDue = false
		}
		return nil
	}
	before := l.rec
	if err := l.publish(ctx, l.subj, rec, nats.Header{partHeader: []string{partStart}}); err != nil {
		return unsure(err, unsureAppend{before: before, start: true})
	}
	l.rec = rec
	return l.startedAfter(ctx, before)
}

// startedAfter files the match before (its record, before) once a new
// match's start is the record's last message.
//
// The match before is no longer the table's record: it is kept
// whole under its own subject (only the newest), and only the new
// start message stays in the record. The new start's fenced append
// went first, so only the table's owner gets here. What came before
// each is purged by sequence, not "all but the last": a message a
// forger appended meanwhile would have been the one kept.
func (l *TableLog) startedAfter(ctx context.Context, before []byte) error {
	if len(before) > 0 {
		if err := l.records.keepLast(ctx, l.id, before); err != nil {
			return err
		}
	}
	if err := l.records.stream.Purge(ctx, jetstream.WithPurgeSubject(l.subj), jetstream.WithPurgeSequence(l.seq)); err != nil {
		return fmt.Errorf("purging the match before: %w", err)
	}
	return l.markEntry(ctx)
}

// markEntry appends the mark of the table's entry as last written (or
// read) to its record (entries.go): the record's messages before were
// purged, its mark with them, and until the entry is next written an
// older entry put back would be read as the newest. Nothing is marked
// before the entry is first written.
//
// A mark the store does not answer is noted as an append not answered
// (unsureRec), as a part of the record is: landed all the same, it
// would fence this log's next append. A mark refused for an append of
// this log's not answered that landed (settle) is sent again after it,
// as appendRecord's appends are: a table whose entry alone changes (a
// waiting room filling) marks its entry at every write, and a mark
// landed late would fence the next one and give the table up.
func (l *TableLog) markEntry(ctx context.Context) error {
	if l.rev == 0 {
		l.markDue = false
		return nil
	}
	if err := l.settled(ctx, func() error { return l.markOnce(ctx) }); err != nil {
		return fmt.Errorf("marking its entry: %w", err)
	}
	l.markDue = false
	return nil
}

// markOnce is markEntry's append, noting one the store did not answer
// (unsureRec).
func (l *TableLog) markOnce(ctx context.Context) error {
	after := l.seq
	err := l.publish(ctx, markPlace(l.subj), entryMark{gen: l.gen, rev: l.rev}.bytes(), nats.Header{markHeader: []string{"sealed"}})
	if err != nil && !errors.Is(err, ErrFenced) && l.sent != nil {
		l.unsureRec = noteUnsure(l.unsureRec, unsureAppend{unsureWrite: unsureWrite{sealed: l.sent, after: after}, rec: l.rec})
	}
	return err
}

// settle looks for the appends not answered (unsureRec) right after the
// record's last message: one found is taken as written (landed) and the
// record is as it left it; another message there is another writer's,
// and the refusal stands.
func (l *TableLog) settle(ctx context.Context) (landed bool, err error) {
	sealed := make([][]byte, len(l.unsureRec))
	for i, u := range l.unsureRec {
		sealed[i] = u.sealed
	}
	seq, which, err := l.landedAfter(ctx, l.unsureRec[0].after, sealed...)
	if err != nil {
		return false, err
	}
	u := l.unsureRec[which]
	l.unsureRec = nil
	if seq == 0 {
		return false, nil
	}
	l.records.log.Info("a record append not answered in time had landed", "table", l.id, "seq", seq)
	l.seq, l.rec = seq, u.rec
	if u.start {
		return true, l.startedAfter(ctx, u.before)
	}
	return true, nil
}

// landedAfter reports the sequence of the record's first message after
// sequence after if it is one of sealed (an append of this log's: the
// sealed bytes carry a random nonce), and which; 0 if it is another or
// there is none.
func (l *TableLog) landedAfter(ctx context.Context, after uint64, sealed ...[]byte) (seq uint64, which int, err error) {
	mine := func(data []byte) int {
		return slices.IndexFunc(sealed, func(s []byte) bool { return bytes.Equal(data, s) })
	}
	err = untilAvailable(ctx, func(ctx context.Context) error {
		top, err := l.records.stream.GetLastMsgForSubject(ctx, l.subj)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return nil
		}
		if err != nil || top.Sequence <= after {
			return err
		}
		if top.Sequence == after+1 {
			// The common case, the append alone after: no walk.
			if i := mine(top.Data); i >= 0 {
				seq, which = top.Sequence, i
			}
			return nil
		}
		return l.records.walk(ctx, l.subj, after+1, top.Sequence, func(s uint64, _ nats.Header, data []byte) bool {
			if i := mine(data); i >= 0 {
				seq, which = s, i
			}
			return false
		})
	})
	return seq, which, err
}

// Claim appends a claim naming node after the table's last message: a
// node that takes a table over moves the record's last sequence on at
// once, so that whatever the node before it may still try to write is
// fenced off, even before the new node's first move. The record's bytes
// do not change. The node's name is sealed: a claim that does not open
// is a forgery, and fences nobody (publish).
//
// The claim is asked again while the store does not answer: a node
// taking over the table of a node that froze (SIGSTOP, a partition that
// keeps its connections open) finds the records' stream without a
// leader until JetStream elects another (seconds), and a claim given
// up then would leave the table to the next node's next try. The claim
// asked again is the same message (sealOnce), so that one asked again
// after it had in fact landed is taken as the same claim, not refused
// as a write after someone else's.
func (l *TableLog) Claim(node string) error {
	ctx, cancel := context.WithTimeout(context.Background(), claimWait)
	defer cancel()
	h := nats.Header{ownerHeader: []string{"sealed"}}
	if err := untilAvailable(ctx, func(ctx context.Context) error { return l.publish(ctx, claimPlace(l.subj), []byte(node), h) }); err != nil {
		return fmt.Errorf("table %s: claiming it: %w", l.id, err)
	}
	return nil
}

// claimWait is how long a claim is asked for: past the longest election.
const claimWait = 20 * time.Second

// publish appends plain, sealed for place and with the headers h, after
// the table's last message, and only there. An append refused because messages came after the table's last is
// fenced only if one of them is a node's (it opens: another node's
// claim or moves, or this node's own write that timed out and landed
// after all). Messages that do not open are a forger's, written by a
// user of the store without the cluster's secret: they are logged and
// written after, and every reader skips them (RecordBook.readOnce), so a
// forger cannot stop a table by appending to its record.
func (l *TableLog) publish(ctx context.Context, place string, plain []byte, h nats.Header) error {
	for try := 0; ; try++ {
		msg := &nats.Msg{Subject: l.subj, Header: nats.Header{}, Data: l.sealOnce(recordPlace(place, l.seq), plain)}
		for k, v := range h {
			msg.Header[k] = v
		}
		msg.Header.Set(prevHeader, strconv.FormatUint(l.seq, 10))
		l.sent = msg.Data
		ack, err := l.publishSoon(ctx, msg)
		if err == nil {
			l.seq = ack.Sequence
			return nil
		}
		if !isWrongSequence(err) {
			return err
		}
		// A send of this very append may be what came after: sent
		// again while the first's answer was late (hedged), the resend
		// is refused by a store of one node, which checks the last
		// sequence before the message id. Found there, it is written.
		seq, _, lerr := l.landedAfter(ctx, l.seq, msg.Data)
		if lerr != nil {
			// Whether it is this append's own is not known: a write
			// that failed, tried again as usual (its answer not known,
			// it is looked for then: unsureRec), not a fence.
			return fmt.Errorf("%v (what came after, not read: %w)", err, lerr)
		}
		if seq > 0 {
			l.seq = seq
			return nil
		}
		if gone, gerr := l.purged(ctx); gerr == nil && gone {
			l.records.log.Error("a table's record was purged from the store (not by a node): written again whole", "table", l.id, "after", l.seq)
			l.seq, l.rec, l.unsureRec = 0, nil, nil
			return errRecordGone
		}
		if try == forgeryTries {
			return fmt.Errorf("%w: %v", ErrFenced, err)
		}
		var last uint64
		var forged int
		ferr := untilAvailable(ctx, func(ctx context.Context) (err error) {
			last, forged, err = l.records.forgedAfter(ctx, l.subj, l.seq)
			return err
		})
		if ferr != nil {
			// Whose the messages after are is not known: not taken
			// as fenced (that stops the table), but as a write that
			// failed; the next is tried as usual.
			return fmt.Errorf("%v (what came after, not read: %w)", err, ferr)
		}
		if forged == 0 {
			return fmt.Errorf("%w: %v", ErrFenced, err)
		}
		l.records.refused("a table's record", "table", l.id, "messages", forged, "after", l.seq)
		l.seq = last
	}
}

// sealOnce is plain sealed for place, the very bytes sealed the last
// time the same was asked: an append asked again (a claim whose send
// timed out, tried again by Claim; a write the saver tries again) is
// the same message, under the same message id (publishSoon), which the
// store takes once and answers as the first, and which is found as this
// log's own after the record's last (landedAfter). Sealed anew, with a
// new nonce, it would be another message: a claim that had landed
// unanswered would fence its own resend, and the takeover give the
// table up for a later try.
func (l *TableLog) sealOnce(place string, plain []byte) []byte {
	if l.resend.bytes != nil && l.resend.place == place && bytes.Equal(l.resend.plain, plain) {
		return l.resend.bytes
	}
	sealed := l.records.eng.Seal.Seal(place, plain)
	l.resend = sealedAppend{place: place, plain: bytes.Clone(plain), bytes: sealed}
	return sealed
}

// writeTry is how long one attempt at a table's write waits for the
// store's answer, within the write's whole wait (EngineCtx): a write
// sent to a stream leader that died or froze is never answered, and
// waited out whole it would hold a new owner's first save long after
// the new leader could have answered. It is hedgeMax*hedgeEvery: the
// write is hedged as a read is.
const writeTry = hedgeMax * hedgeEvery

// publishSoon appends msg at the record's last sequence, sent again
// every hedgeEvery while no send has been answered (each waiting
// writeTry, those beside the first within the node's budget: hedged),
// until the store answers or ctx ends. Each send carries the same
// message id, so sends that land late and their repeats are one
// message (the store answers a repeat with the first's sequence; a
// store that does not dedupe refuses it as at a wrong sequence, and the
// append not answered is found as ever: settle). Sent again only once
// the last send's wait ran out, a takeover's claim would wait past the
// election of the records' new leader after a freeze.
func (l *TableLog) publishSoon(ctx context.Context, msg *nats.Msg) (*jetstream.PubAck, error) {
	sum := sha256.Sum256(msg.Data)
	id := hex.EncodeToString(sum[:16])
	seq := l.seq
	return hedgedUntil(ctx, l.records.eng.budget(), func(ctx context.Context) (*jetstream.PubAck, error) {
		// Each send its own headers: the client sets its options there.
		m := &nats.Msg{Subject: msg.Subject, Header: maps.Clone(msg.Header), Data: msg.Data}
		return l.records.eng.js.PublishMsg(ctx, m, jetstream.WithExpectLastSequencePerSubject(seq), jetstream.WithMsgID(id))
	}, publishAnswered)
}

// publishAnswered says whether a send of publishSoon (or sendEntry) was
// answered: not when its wait ran out, nor when the store says a send of
// the same message id is still in process (the first, sent to a leader
// that has not answered it yet): taken for a refusal, that answer
// would pause every table a takeover brings up. Any other answer is
// one (a store with no stream at all answers at once, and Write makes
// it again).
func publishAnswered(err error, timedOut bool) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode == errCodeDuplicateInProcess {
		return false
	}
	return !timedOut
}

// errRecordGone is a table's record purged from the store by a writer
// that is not a node: the table's record is written again whole.
var errRecordGone = errors.New("the table's record is gone from the store")

// purged reports whether the table's record's last message, as this log
// wrote it, is gone from the store, as the stream's leader says: the
// record was purged (a node purges only what comes before a start it
// has written, never its last).
func (l *TableLog) purged(ctx context.Context) (bool, error) {
	if l.seq == 0 {
		return false, nil
	}
	m, ok, err := leaderGet(ctx, l.records.eng.NC, recordsStream, struct {
		Seq uint64 `json:"seq"`
	}{l.seq})
	if err != nil {
		return false, err
	}
	return !ok || m.Subject != l.subj, nil
}

// putEntry writes the table's entry at the revision last written,
// stamped one generation on (entries.go), and marks it in the record. An
// entry another node wrote since (a later generation) fences the write;
// one that does not open (a forger's, without the cluster's secret), or
// an older one put back (a replay), is logged and written over, at its
// revision.
//
// The write is hedged (sendEntry): several sends of it may be out at
// once, at the same revision, and one of them may land while another is
// refused for it. A refusal is believed only once the entry read back
// is not this write's own sealed bytes (they carry a random nonce, so
// only this write has them).
func (l *TableLog) putEntry(ctx context.Context, table []byte) error {
	gen := l.gen + 1
	sealed := l.tables.eng.Seal.Seal(entryPlace(l.id), stamp(entryStamp{gen: gen, node: l.tables.eng.Node, seq: l.seq}, table))
	l.tables.saw(l.id, entrySeen{gen: gen, sealed: sealed})
	written := func(rev uint64) error {
		l.rev, l.gen, l.sealed, l.entry, l.unsureEntry = rev, gen, sealed, table, nil
		l.tables.saw(l.id, entrySeen{rev: rev, gen: gen, sealed: sealed})
		if l.soon {
			l.markDue = true
			return nil
		}
		return l.markEntry(ctx)
	}
	for try := 0; ; try++ {
		sent := unsureWrite{sealed: sealed, after: l.rev, gen: gen}
		rev, err := l.sendEntry(ctx, sealed)
		if err == nil {
			return written(rev)
		}
		if !isWrongSequence(err) {
			// Not answered: it may land yet, and the next write be
			// refused for it (below).
			l.unsure(sent)
			return err
		}
		var e jetstream.KeyValueEntry
		gerr := readPast(ctx, l.rev, func(ctx context.Context) (uint64, error) {
			var err error
			if e, err = l.tables.KV.Get(ctx, l.id); err != nil {
				return 0, err
			}
			return e.Revision(), nil
		})
		if errors.Is(gerr, jetstream.ErrKeyNotFound) && try < forgeryTries {
			// Deleted by a writer of the store (a node that takes the
			// table over writes it, never deletes it): made again.
			l.tables.log.Error("a table's entry was deleted from the store (not by a node): written again", "table", l.id)
			l.rev = 0
			continue
		}
		if gerr != nil {
			// Whose the entry is now is not known: this write's own (a send of
			// it hedged beside the one refused) or one not answered before may
			// be it. So it is a write that failed, looked for at the next
			// (unsure), not a fence that would give the table up.
			l.unsure(sent)
			return fmt.Errorf("%v (the entry after, not read: %w)", err, gerr)
		}
		if e.Revision() > sent.after && bytes.Equal(e.Value(), sealed) {
			// A send of this very write landed, and another send of
			// it was refused for it: written.
			return written(e.Revision())
		}
		if u, ok := l.landedEntry(e); ok {
			// This log's own write, not answered in time, landed:
			// the entry is written at its revision now.
			l.tables.log.Info("a table entry's write not answered in time had landed", "table", l.id, "revision", e.Revision())
			l.rev, l.gen, l.sealed, l.unsureEntry = e.Revision(), u.gen, u.sealed, nil
			continue
		}
		if plain, oerr := l.tables.eng.Seal.openKept(entryPlace(l.id), e.Value()); oerr != nil {
			l.tables.refused("a table's entry", "table", l.id, "revision", e.Revision())
		} else if st, _ := unstamp(plain); st.gen > l.gen || st.gen == l.gen && st.gen != 0 && !bytes.Equal(e.Value(), l.sealed) {
			// Another node's write: it runs the table now.
			return fmt.Errorf("%w: %v", ErrFenced, err)
		} else {
			// An older entry of the table's, put back (or the newest
			// copied again): not a node's write since.
			l.tables.replayed("a table's entry", "table", l.id, "revision", e.Revision())
		}
		l.rev = e.Revision()
		if try == forgeryTries {
			// Written over as fast as it is written: not a node's
			// doing, so not a fence (that would stop the table); the
			// next write tries again.
			return fmt.Errorf("table %s's entry, written over by values not a node's %d times: %w", l.id, try+1, err)
		}
	}
}

// unsureMax is how many writes not answered a log keeps looking for at
// once, of the entry and of the record each.
const unsureMax = 4

// unsure notes an entry write sent and not answered (noteUnsure).
func (l *TableLog) unsure(w unsureWrite) { l.unsureEntry = noteUnsure(l.unsureEntry, w) }

// noteUnsure is noted with w, a write sent and not answered, added.
// Those noted before after the same sequence or revision may land yet
// as well, and are kept beside it (of two writes unanswered in a row,
// either may be what a later refusal is for); those after one before
// can land no more. Past unsureMax the first is kept, as the likeliest
// to have landed (the store takes the sends in turn, and the first it
// takes fences the rest), and the one after it dropped.
func noteUnsure[T interface{ at() uint64 }](noted []T, w T) []T {
	kept := noted[:0]
	for _, u := range noted {
		if u.at() == w.at() {
			kept = append(kept, u)
		}
	}
	if len(kept) == unsureMax {
		kept = slices.Delete(kept, 1, 2)
	}
	return append(kept, w)
}

// landedEntry is the write not answered (unsure) that e, the entry as
// the store holds it, is, if it is one.
func (l *TableLog) landedEntry(e jetstream.KeyValueEntry) (unsureWrite, bool) {
	for _, u := range l.unsureEntry {
		if e.Revision() > u.after && bytes.Equal(e.Value(), u.sealed) {
			return u, true
		}
	}
	return unsureWrite{}, false
}

// sendEntry writes sealed as the table's entry at the revision last
// written (created, if none), sent again every hedgeEvery while no send
// has been answered, as a record's append is (publishSoon): each send
// waits writeTry, and the first answer is taken. A write sent to the
// entries' stream leader as it died or froze is never answered; sent
// again only once its writeTry ran out, a table taken over after a kill
// would wait past the new leader's election at each of its first
// writes, its players told it was paused. Every send is
// at the same revision, so only one of them can land; another is
// refused for it, and putEntry finds the entry its own.
func (l *TableLog) sendEntry(ctx context.Context, sealed []byte) (uint64, error) {
	after := l.rev
	return hedgedUntil(ctx, l.tables.eng.budget(), func(ctx context.Context) (uint64, error) {
		if after == 0 {
			return l.tables.KV.Create(ctx, l.id, sealed)
		}
		return l.tables.KV.Update(ctx, l.id, sealed, after)
	}, publishAnswered)
}

// Retire puts a closed table away: its match's record is filed with the
// finished matches (of which the newest keep are kept, 0: all), its entry
// deleted and its record purged, so it is not restored.
func (l *TableLog) Retire(now time.Time, keep int) error {
	if len(l.rec) > 0 {
		if _, err := store.ArchiveRecord(l.dir, l.rec, "table-"+l.id, now); err != nil {
			return fmt.Errorf("table %s: filing its match: %w", l.id, err)
		}
		if keep > 0 {
			if _, err := store.PruneFinished(filepath.Join(l.dir, store.FinishedDir), keep); err != nil {
				return err
			}
		}
	}
	l.tables.forgetSeen(l.id)
	return forget(l.tables, l.records, l.id, l.rev)
}

// forget deletes table id's entry (at revision rev, 0: whatever it is)
// and purges its record.
func forget(tables *TableBook, records *RecordBook, id string, rev uint64) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	if err := tables.purge(ctx, id, rev); err != nil {
		return err
	}
	return records.purge(ctx, id)
}

// Stale reports whether the table, as read, holds a value sealed with a
// key the secret is being changed from: Reseal it before it plays on.
func (l *TableLog) Stale() bool { return l.stale }

// Reseal writes the table again sealed with the secret's key in use:
// its record whole (one start message, the parts before purged), the
// match before, and its entry (the one read, given back). Called by the
// node that holds the table's lease and has claimed its record, before
// the table runs: like every write of the table, it is fenced.
func (l *TableLog) Reseal(entry []byte) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	if len(l.rec) > 0 {
		// One start message, and what came before it purged by
		// sequence (as a new match's start: appendRecord).
		if err := l.publish(ctx, l.subj, l.rec, nats.Header{partHeader: []string{partStart}}); err != nil {
			return fmt.Errorf("table %s: sealing its record again: %w", l.id, err)
		}
		if err := l.records.stream.Purge(ctx, jetstream.WithPurgeSubject(l.subj), jetstream.WithPurgeSequence(l.seq)); err != nil {
			return fmt.Errorf("table %s: sealing its record again: %w", l.id, err)
		}
		if entry == nil {
			if err := l.markEntry(ctx); err != nil {
				return fmt.Errorf("table %s: %w", l.id, err)
			}
		}
	}
	last := lastSubject(l.id)
	m, err := l.records.stream.GetLastMsgForSubject(ctx, last)
	switch {
	case errors.Is(err, jetstream.ErrMsgNotFound):
	case err != nil:
		return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
	default:
		var old bool
		before, err := l.records.eng.Seal.openKeptAged(last, m.Data, &old)
		if err != nil {
			return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
		}
		if old {
			if err := l.records.keepLast(ctx, l.id, before); err != nil {
				return fmt.Errorf("table %s: sealing its match before again: %w", l.id, err)
			}
		}
	}
	if entry != nil {
		if err := l.putEntry(ctx, entry); err != nil {
			return fmt.Errorf("table %s: sealing its entry again: %w", l.id, err)
		}
	}
	l.stale = false
	return nil
}
