package keep

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/ui/store"
)

// The keeper writes the tables into the engine and reads them back:
//
//   - each table's match record is a stream of appends, one subject a
//     table (okey.table.ID.record in the stream OKEY_RECORDS): a
//     match's first message holds its whole record so far (header
//     "Okey-Part: start"), every later one the lines added since. A
//     move is saved once the stream has acknowledged it; every append
//     names the sequence of the table's last one
//     (WithExpectLastSequencePerSubject), so a writer that is not the
//     table's only one can never append twice or out of order.
//   - each table's entry (what the host chose, who holds which seat:
//     keys' fingerprints and guests' resume codes, the join code, the
//     chat) is a key of the bucket okey_tables, the table's number; the
//     bucket is the lobby's directory. Writes are Create, then Update at
//     the revision last written: fenced the same way.
//   - the next table's number is the key "next" of the bucket okey_hall,
//     written at its revision too.
//
// Finished matches stay files (tables/matches/, pruned to
// --keep-matches): they are written once a match, read by people and by
// okey verify as files, and backed up with the rest of the folder.

// The engine's names.
const (
	recordsStream = "OKEY_RECORDS"
	tablesBucket  = "okey_tables"
	hallBucket    = "okey_hall"
	nextKey       = "next"
	// partHeader marks a record message that starts the record afresh.
	partHeader = "Okey-Part"
	partStart  = "start"
)

// recordSubject is the subject of table id's record.
func recordSubject(id string) string { return "okey.table." + id + ".record" }

// lastSubject is the subject of table id's match before the one its
// record holds: whole, in one message, so that 'record TABLE' can give
// the last finished match from any node, also once the next has begun
// and after a takeover.
func lastSubject(id string) string { return "okey.table." + id + ".last" }

// ErrFenced is a write the engine refused because another writer has
// written the table since: this one no longer holds it.
var ErrFenced = errors.New("the table was written by another writer (fenced)")

// Keeper is the tables as the engine keeps them.
type Keeper struct {
	eng     *Engine
	records jetstream.Stream
	Tables  jetstream.KeyValue
	hall    jetstream.KeyValue
	// dir is the tables' folder (finished matches, damaged tables set
	// aside, the files imported).
	dir string
	// nextRev is the revision of the next number as last written (0:
	// none yet). Only the hall writes it, under its lock.
	nextRev uint64
	// log says each value refused: not sealed with the cluster's secret
	// (a forgery, or a store from before the seal). Set by SetLog; none
	// before.
	log *slog.Logger
}

// SetLog makes the keeper say on log each value it refuses (a value not
// sealed with the cluster's secret is never taken; the operator must
// hear of it).
func (k *Keeper) SetLog(log *slog.Logger) {
	if log != nil {
		k.log = log
	}
}

// refused logs a value not taken.
func (k *Keeper) refused(what string, args ...any) {
	k.log.Warn(what+": refused, not sealed with the cluster's secret (forged, or written before the seal: okey serve --seal-store)", args...)
}

// openKeeper makes (or finds) the stream and buckets.
func openKeeper(ctx context.Context, eng *Engine, tablesDir string) (*Keeper, error) {
	k := &Keeper{eng: eng, dir: tablesDir, log: slog.New(slog.DiscardHandler)}
	var err error
	k.records, err = eng.makeStream(ctx, jetstream.StreamConfig{
		Name:        recordsStream,
		Description: "okey serve: each table's match record, appended as it is played",
		Subjects:    []string{recordSubject("*"), lastSubject("*")},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		AllowDirect: true,
		Replicas:    eng.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("the records' stream: %w", err)
	}
	for _, b := range []struct {
		kv   *jetstream.KeyValue
		name string
		desc string
	}{
		{&k.Tables, tablesBucket, "okey serve: each table's settings, seats, codes and chat"},
		{&k.hall, hallBucket, "okey serve: the hall (the next table's number)"},
	} {
		*b.kv, err = eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: b.name, Description: b.desc, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas})
		if err != nil {
			return nil, fmt.Errorf("the bucket %s: %w", b.name, err)
		}
	}
	return k, nil
}

// OpenDir opens the store of a server's state directory as sc says:
// its engine (which the caller closes) and the tables in it.
func OpenDir(ctx context.Context, stateDir string, sc StoreConfig) (*Engine, *Keeper, error) {
	eng, err := openEngine(ctx, engineDir(stateDir), sc)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	k, err := openKeeper(ctx, eng, filepath.Join(stateDir, store.TablesDir))
	if err != nil {
		eng.Close()
		return nil, nil, err
	}
	return eng, k, nil
}

// TableLog writes one table: its entry and its record. Only its saver's
// goroutine calls it, one call at a time.
type TableLog struct {
	k    *Keeper
	id   string
	subj string
	// seq is the stream sequence of the table's last record message (0:
	// none); rev the revision of its entry (0: none).
	seq, rev uint64
	// rec is the record as the stream holds it.
	rec []byte
	// stale: the entry or a part of the record, as read, was sealed
	// with a key the secret is being changed from (Reseal).
	stale bool
	// sent is the sealed bytes publish sent last. unsureRec and
	// unsureEntry are a record append and an entry write whose answer
	// never came (the store did not answer in time): they may have
	// landed, and a write that follows is refused as if another node
	// had written. Each is looked for before such a refusal is
	// believed (settle, putEntry): a write of this log's found there
	// is taken as written. The sealed bytes carry a random nonce, so
	// only this write has them.
	sent        []byte
	unsureRec   *unsureAppend
	unsureEntry *unsureWrite
}

// unsureWrite is a write sent and never answered: its sealed bytes and
// the sequence or revision it was written after.
type unsureWrite struct {
	sealed []byte
	after  uint64
}

// unsureAppend is a record append never answered: the record as it is
// once the append has landed, and for a new match's start the match
// before it, kept (keepLast) once it has.
type unsureAppend struct {
	unsureWrite
	rec, before []byte
	start       bool
}

func (k *Keeper) Log(id string) *TableLog {
	return &TableLog{k: k, id: id, subj: recordSubject(id)}
}

// Write saves a table's entry and record (either nil: unchanged). The
// record goes first, so an entry never names a match that is not there.
func (l *TableLog) Write(table, rec []byte) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	if rec != nil {
		if err := l.appendRecord(ctx, rec); err != nil {
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

// appendRecord appends what rec adds to the record as last written; a
// record that does not follow it (a new match) starts afresh, and the
// messages before are purged.
//
// An append refused because the record has moved on since is fenced,
// unless what moved it on is this log's own append that the store did
// not answer in time and took after all (a starved node's writes land
// seconds late): then the record is as that append left it, and rec is
// appended after it. Taken for fenced, such an append stopped a table
// its own node still held.
func (l *TableLog) appendRecord(ctx context.Context, rec []byte) error {
	err := l.appendOnce(ctx, rec)
	if errors.Is(err, ErrFenced) && l.unsureRec != nil {
		landed, serr := l.settle(ctx)
		if serr != nil {
			return fmt.Errorf("%w (looking for an append not answered: %v)", err, serr)
		}
		if landed {
			err = l.appendOnce(ctx, rec)
		}
	}
	if err == nil {
		// Written after the record's last: an append not answered
		// before can no longer land.
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
			l.unsureRec = &u
		}
		return err
	}
	if len(l.rec) > 0 && len(rec) >= len(l.rec) && bytes.HasPrefix(rec, l.rec) {
		if len(rec) == len(l.rec) {
			return nil
		}
		if err := l.publish(ctx, l.subj, rec[len(l.rec):], nil); err != nil {
			return unsure(err, unsureAppend{})
		}
		l.rec = rec
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
		if err := l.k.keepLast(ctx, l.id, before); err != nil {
			return err
		}
	}
	if err := l.k.records.Purge(ctx, jetstream.WithPurgeSubject(l.subj), jetstream.WithPurgeSequence(l.seq)); err != nil {
		return fmt.Errorf("purging the match before: %w", err)
	}
	return nil
}

// settle looks for the append not answered (unsureRec) right after the
// record's last message: found, it is taken as written (landed) and the
// record is as it left it; another message there is another writer's,
// and the refusal stands.
func (l *TableLog) settle(ctx context.Context) (landed bool, err error) {
	u := l.unsureRec
	var seq uint64
	err = untilAvailable(ctx, func(ctx context.Context) error {
		top, err := l.k.records.GetLastMsgForSubject(ctx, l.subj)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return nil
		}
		if err != nil || top.Sequence <= u.after {
			return err
		}
		// The first of the record's messages after the one the append
		// followed: the append's, if it landed.
		return l.k.walk(ctx, l.subj, u.after+1, top.Sequence, func(s uint64, _ nats.Header, data []byte) bool {
			if bytes.Equal(data, u.sealed) {
				seq = s
			}
			return false
		})
	})
	if err != nil {
		return false, err
	}
	l.unsureRec = nil
	if seq == 0 {
		return false, nil
	}
	l.k.log.Info("a record append not answered in time had landed", "table", l.id, "seq", seq)
	l.seq, l.rec = seq, u.rec
	if u.start {
		return true, l.startedAfter(ctx, u.before)
	}
	return true, nil
}

// keepLast keeps rec, table id's match before the one its record holds,
// sealed under its own subject, and purges those kept before it.
func (k *Keeper) keepLast(ctx context.Context, id string, rec []byte) error {
	last := lastSubject(id)
	ack, err := k.eng.js.PublishMsg(ctx, &nats.Msg{Subject: last, Data: k.eng.Seal.Seal(last, rec)})
	if err != nil {
		return fmt.Errorf("keeping the match before: %w", err)
	}
	if err := k.records.Purge(ctx, jetstream.WithPurgeSubject(last), jetstream.WithPurgeSequence(ack.Sequence)); err != nil {
		return fmt.Errorf("purging the matches before: %w", err)
	}
	return nil
}

// ownerHeader marks a claim: a record message that adds nothing to the
// record and names, sealed, the node that took the table (claim).
const ownerHeader = "Okey-Owner"

// claimPlace is where a claim of the record on subj is sealed for: not
// the record's own place, so that a claim is never read as a part of
// the record, nor a part as a claim.
func claimPlace(subj string) string { return subj + "/claim" }

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
// leader until JetStream elects another (4 to 9 s), and a claim given
// up then left the table to the next node's next try, 10 s later. The
// claim carries a message id of its own, so that one asked again after
// it had in fact landed is taken as the same claim, not refused as a
// write after someone else's.
func (l *TableLog) Claim(node string) error {
	ctx, cancel := context.WithTimeout(context.Background(), claimWait)
	defer cancel()
	var id [12]byte
	if _, err := rand.Read(id[:]); err != nil {
		return fmt.Errorf("table %s: claiming it: %w", l.id, err)
	}
	h := nats.Header{ownerHeader: []string{"sealed"}, nats.MsgIdHdr: []string{"claim-" + hex.EncodeToString(id[:])}}
	if err := untilAvailable(ctx, func(ctx context.Context) error { return l.publish(ctx, claimPlace(l.subj), []byte(node), h) }); err != nil {
		return fmt.Errorf("table %s: claiming it: %w", l.id, err)
	}
	return nil
}

// claimWait is how long a claim is asked for: past the longest election.
const claimWait = 20 * time.Second

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

// publish appends plain, sealed for place and with the headers h, after
// the table's last message, and only there. An append refused because messages came after the table's last is
// fenced only if one of them is a node's (it opens: another node's
// claim or moves, or this node's own write that timed out and landed
// after all). Messages that do not open are a forger's, written by a
// user of the store without the cluster's secret: they are logged and
// written after, and every reader skips them (readRecordOnce), so a
// forger cannot stop a table by appending to its record.
func (l *TableLog) publish(ctx context.Context, place string, plain []byte, h nats.Header) error {
	for try := 0; ; try++ {
		msg := &nats.Msg{Subject: l.subj, Header: nats.Header{}, Data: l.k.eng.Seal.Seal(recordPlace(place, l.seq), plain)}
		for k, v := range h {
			msg.Header[k] = v
		}
		msg.Header.Set(prevHeader, strconv.FormatUint(l.seq, 10))
		l.sent = msg.Data
		ack, err := l.k.eng.js.PublishMsg(ctx, msg, jetstream.WithExpectLastSequencePerSubject(l.seq))
		if err == nil {
			l.seq = ack.Sequence
			return nil
		}
		if !isWrongSequence(err) {
			return err
		}
		if try == forgeryTries {
			return fmt.Errorf("%w: %v", ErrFenced, err)
		}
		var last uint64
		var forged int
		ferr := untilAvailable(ctx, func(ctx context.Context) (err error) {
			last, forged, err = l.k.forgedAfter(ctx, l.subj, l.seq)
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
		l.k.refused("a table's record", "table", l.id, "messages", forged, "after", l.seq)
		l.seq = last
	}
}

// forgeryTries is how many times in a row an append is written after
// forged messages before it is taken as fenced: a forger appending as
// fast as the table can is a store being written to without end.
const forgeryTries = 3

// forgedAfter reads the messages of the record on subj after sequence
// seq: if none of them opens (every one a forgery), forged counts them
// and last is the sequence of the newest; forged is 0 if one opens (a
// node wrote there: the table was taken) or there are none.
func (k *Keeper) forgedAfter(ctx context.Context, subj string, seq uint64) (last uint64, forged int, err error) {
	var top *jetstream.RawStreamMsg
	err = readPast(ctx, seq, func(ctx context.Context) (uint64, error) {
		var err error
		if top, err = k.records.GetLastMsgForSubject(ctx, subj); err != nil {
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
	err = k.walk(ctx, subj, seq+1, top.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		if _, _, err := k.openPart(subj, h, data, before, nil); err == nil {
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

// walk hands fn the messages of subj from sequence from to last, in
// order, until fn says stop (false) or last is reached. One consumer
// for the whole walk: an ordered consumer makes a new one on every
// fetch, so fetching the parts one by one made one for each part (a
// long match's record, read every 200 ms by a test on a loaded machine,
// stopped answering). And one attempt to make it: by default the client
// tries again for ever, without looking at ctx, while a cluster has no
// leader for the stream (a takeover read hung there, and the node's
// shutdown with it); the callers' untilAvailable asks again within ctx.
func (k *Keeper) walk(ctx context.Context, subj string, from, last uint64, fn func(seq uint64, h nats.Header, data []byte) bool) error {
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{subj}, MaxResetAttempts: 1}
	if from > 1 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, from
	}
	cons, err := k.records.OrderedConsumer(ctx, cfg)
	if err != nil {
		return fmt.Errorf("its consumer: %w", cmp.Or(ended(ctx), err))
	}
	for {
		// A fetch on a context already ended is a client's "invalid
		// option", not the deadline the callers ask again after: the
		// context's own error is returned instead, also when it ended
		// between this check and the fetch (seen under the race
		// detector at a load of 13), or its deadline has passed before
		// its timer fired (ended).
		if err := ended(ctx); err != nil {
			return err
		}
		// The messages come as they arrive: the walk ends at the last,
		// without waiting for the batch to fill.
		batch, err := cons.Fetch(recordBatch, jetstream.FetchContext(ctx))
		if err != nil {
			return cmp.Or(ended(ctx), err)
		}
		got := 0
		for m := range batch.Messages() {
			got++
			md, err := m.Metadata()
			if err != nil {
				return err
			}
			if !fn(md.Sequence.Stream, m.Headers(), m.Data()) || md.Sequence.Stream >= last {
				return nil
			}
		}
		if err := batch.Error(); err != nil {
			return cmp.Or(ended(ctx), err)
		}
		if got == 0 {
			return nats.ErrTimeout
		}
	}
}

// readPast reads with read until what it reads is past seq (a sequence
// or a revision), and at most staleTries times: a write was just refused
// because the store holds something newer, but a read may be answered
// by a replica that lags (direct gets are served by any), and what it
// says is only believed once it is that newer thing.
func readPast(ctx context.Context, seq uint64, read func(context.Context) (uint64, error)) error {
	for try := 1; ; try++ {
		got, err := read(ctx)
		if err != nil || got > seq || try == staleTries {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(staleWait):
		}
	}
}

// staleTries and staleWait bound readPast: half a second for a replica
// to catch up with a write its cluster has acknowledged.
const (
	staleTries = 10
	staleWait  = 50 * time.Millisecond
)

// maxForged is the most messages after a table's last that an append
// reads through before it is taken as fenced.
const maxForged = 1000

// isWrongSequence reports whether err is the engine refusing a write
// made at a sequence or revision that is no longer the last.
func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
			apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant
	}
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch)
}

// putEntry writes the table's entry at the revision last written. An
// entry another node wrote since fences the write; one that does not
// open (a forger's, without the cluster's secret) is logged and written
// over, at its revision.
func (l *TableLog) putEntry(ctx context.Context, table []byte) error {
	sealed := l.k.eng.Seal.Seal(entryPlace(l.id), table)
	for try := 0; ; try++ {
		var rev uint64
		var err error
		if l.rev == 0 {
			rev, err = l.k.Tables.Create(ctx, l.id, sealed)
		} else {
			rev, err = l.k.Tables.Update(ctx, l.id, sealed, l.rev)
		}
		if err == nil {
			l.rev, l.unsureEntry = rev, nil
			return nil
		}
		if !isWrongSequence(err) {
			// Not answered: it may land yet, and the next write be
			// refused for it (below).
			l.unsureEntry = &unsureWrite{sealed: sealed, after: l.rev}
			return err
		}
		var e jetstream.KeyValueEntry
		gerr := readPast(ctx, l.rev, func(ctx context.Context) (uint64, error) {
			var err error
			if e, err = l.k.Tables.Get(ctx, l.id); err != nil {
				return 0, err
			}
			return e.Revision(), nil
		})
		if try == forgeryTries || gerr != nil {
			return fmt.Errorf("%w: %v", ErrFenced, err)
		}
		if u := l.unsureEntry; u != nil && e.Revision() > u.after && bytes.Equal(e.Value(), u.sealed) {
			// This log's own write, not answered in time, landed:
			// the entry is written at its revision now.
			l.k.log.Info("a table entry's write not answered in time had landed", "table", l.id, "revision", e.Revision())
			l.rev, l.unsureEntry = e.Revision(), nil
			continue
		}
		if _, oerr := l.k.open(entryPlace(l.id), e.Value()); oerr == nil {
			return fmt.Errorf("%w: %v", ErrFenced, err)
		}
		l.k.refused("a table's entry", "table", l.id, "revision", e.Revision())
		l.rev = e.Revision()
	}
}

// Retire puts a closed table away: its match's record is filed with the
// finished matches (of which the newest keep are kept, 0: all), its entry
// deleted and its record purged, so it is not restored.
func (l *TableLog) Retire(now time.Time, keep int) error {
	if len(l.rec) > 0 {
		if _, err := store.ArchiveRecord(l.k.dir, l.rec, "table-"+l.id, now); err != nil {
			return fmt.Errorf("table %s: filing its match: %w", l.id, err)
		}
		if keep > 0 {
			if _, err := store.PruneFinished(filepath.Join(l.k.dir, store.FinishedDir), keep); err != nil {
				return err
			}
		}
	}
	return l.k.forget(l.id, l.rev)
}

// forget deletes table id's entry (at revision rev, 0: whatever it is)
// and purges its record.
func (k *Keeper) forget(id string, rev uint64) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	var opts []jetstream.KVDeleteOpt
	if rev != 0 {
		opts = append(opts, jetstream.LastRevision(rev))
	}
	if err := k.Tables.Purge(ctx, id, opts...); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("table %s: deleting its entry: %w", id, err)
	}
	for _, subj := range []string{recordSubject(id), lastSubject(id)} {
		if err := k.records.Purge(ctx, jetstream.WithPurgeSubject(subj)); err != nil {
			return fmt.Errorf("table %s: purging its record: %w", id, err)
		}
	}
	return nil
}

// nextPlace is where the next table's number is sealed for.
const nextPlace = hallBucket + "/" + nextKey

// readNext is the number a value of the key "next" holds; one that does
// not open is logged and read as 0 (the caller then counts from the
// tables it finds), never taken.
func (k *Keeper) readNext(v []byte) (int, error) {
	b, err := k.open(nextPlace, v)
	if err != nil {
		k.refused("the next table's number")
		return 0, nil
	}
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("the next table's number: %q", b)
	}
	return n, nil
}

// SaveNext records the number the next table gets, at the revision last
// written: a number is never given twice.
func (k *Keeper) SaveNext(n int) error {
	ctx, cancel := EngineCtx()
	defer cancel()
	v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n)))
	var rev uint64
	var err error
	if k.nextRev == 0 {
		rev, err = k.hall.Create(ctx, nextKey, v)
	} else {
		rev, err = k.hall.Update(ctx, nextKey, v, k.nextRev)
	}
	if err != nil {
		return fmt.Errorf("the next table's number: %w", err)
	}
	k.nextRev = rev
	return nil
}

// LoadNext is the number the next table gets, as last saved (0 if
// never).
func (k *Keeper) LoadNext(ctx context.Context) (int, error) {
	e, err := k.hall.Get(ctx, nextKey)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("the next table's number: %w", err)
	}
	k.nextRev = e.Revision()
	return k.readNext(e.Value())
}

// KeptTable is a table read back: its entry and record, and the log
// that goes on writing it where they end.
type KeptTable struct {
	store.SavedTable
	Log *TableLog
	// Refused counts the values of the table not taken: its entry, or
	// messages of its record, not sealed with the cluster's secret
	// (forged, or from a store before the seal). A table whose entry
	// was refused has Err ErrUnsealed or ErrSealBroken; one whose record
	// cannot be restored without the messages refused is not damaged
	// beyond them, and is not set aside.
	Refused int
}

// TableIDs lists the tables kept.
func (k *Keeper) TableIDs(ctx context.Context) ([]string, error) {
	lister, err := k.Tables.ListKeys(ctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing the tables: %w", err)
	}
	var ids []string
	for id := range lister.Keys() {
		ids = append(ids, id)
	}
	_ = lister.Stop() // the listing has ended: its watcher is gone already
	if ctx.Err() != nil {
		return nil, fmt.Errorf("listing the tables: %w", ctx.Err())
	}
	return ids, nil
}

// Load reads every table kept, by number.
func (k *Keeper) Load(ctx context.Context) ([]KeptTable, error) {
	ids, err := k.TableIDs(ctx)
	if err != nil {
		return nil, err
	}
	var out []KeptTable
	for _, id := range ids {
		if kt, ok := k.LoadOne(ctx, id); ok {
			out = append(out, kt)
		}
	}
	SortByNumber(out, func(kt KeptTable) string { return kt.ID })
	return out, nil
}

// LoadOne reads table id (ok false: there is no such table); what could
// not be read is the table's Err.
func (k *Keeper) LoadOne(ctx context.Context, id string) (kt KeptTable, ok bool) {
	kt = KeptTable{SavedTable: store.SavedTable{ID: id}, Log: k.Log(id)}
	// Asked again on a short wait while unanswered: a direct read can be
	// handed to a replica on a node that froze (its subscription still
	// there), and waiting it out whole cost a takeover 10 s; asked again,
	// another replica answers.
	e, err := getSoon(ctx, k.Tables, id)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return kt, false // deleted, or never was
	case err != nil:
		kt.Err = err
	default:
		kt.Log.rev = e.Revision()
		if kt.Table, kt.Err = k.openNoting(entryPlace(id), e.Value(), &kt.Log.stale); kt.Err != nil {
			k.refused("a table's entry", "table", id, "revision", e.Revision())
			kt.Refused = 1
			kt.Err = fmt.Errorf("table %s's entry: %w", id, kt.Err)
			return kt, true
		}
		kt.Record, kt.Log.seq, kt.Refused, kt.Err = k.readRecord(ctx, id, &kt.Log.stale)
		kt.Log.rec = kt.Record
	}
	return kt, true
}

// EntryKept reports whether the store keeps an entry of table id, as
// the tables' stream leader says: the one sure answer to whether any
// node can bring the table back. A direct get (Tables.Get) may be
// answered by a replica that has not taken the entry yet, and a table
// then read as lost for good was counted abandoned by its tournament
// while another node took it over and played its match to the end
// (okey load's arena with a node killed).
func (k *Keeper) EntryKept(ctx context.Context, id string) (bool, error) {
	_, _, ok, err := leaderLast(ctx, k.eng.NC, tablesBucket, id)
	if err != nil {
		return false, fmt.Errorf("table %s's entry: %w", id, err)
	}
	return ok, nil
}

// TakeNumber takes the next table's number from the store, for a node
// that shares it with others: read at a revision, written back one
// higher at that revision, again if another node was quicker. No number
// is ever given twice, across nodes and restarts.
func (k *Keeper) TakeNumber(ctx context.Context) (int, error) {
	for {
		n, rev := 1, uint64(0)
		e, err := k.hall.Get(ctx, nextKey)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return 0, fmt.Errorf("the next table's number: %w", err)
		default:
			if n, err = k.readNext(e.Value()); err != nil {
				return 0, err
			}
			if n < 1 {
				// Forged: past every table kept, never one of theirs.
				if n, err = k.pastTables(ctx); err != nil {
					return 0, err
				}
			}
			rev = e.Revision()
		}
		v := k.eng.Seal.Seal(nextPlace, []byte(strconv.Itoa(n+1)))
		if rev == 0 {
			_, err = k.hall.Create(ctx, nextKey, v)
		} else {
			_, err = k.hall.Update(ctx, nextKey, v, rev)
		}
		switch {
		case err == nil:
			return n, nil
		case isWrongSequence(err):
			continue // another node took this one
		case ctx.Err() != nil:
			return 0, fmt.Errorf("the next table's number: %w", ctx.Err())
		default:
			return 0, fmt.Errorf("the next table's number: %w", err)
		}
	}
}

// pastTables is the number after every table kept (1 if none).
func (k *Keeper) pastTables(ctx context.Context) (int, error) {
	ids, err := k.TableIDs(ctx)
	if err != nil {
		return 0, err
	}
	n := 1
	for _, id := range ids {
		if i, err := strconv.Atoi(id); err == nil && i >= n {
			n = i + 1
		}
	}
	return n, nil
}

// ReadRecord is table id's record as the stream holds it (nil: none),
// and the sequence of its last message.
// Messages that do not open are skipped (and logged).
func (k *Keeper) ReadRecord(ctx context.Context, id string) (rec []byte, seq uint64, err error) {
	rec, seq, _, err = k.readRecord(ctx, id, nil)
	return rec, seq, err
}

// readRecord is ReadRecord, and how many messages it skipped.
func (k *Keeper) readRecord(ctx context.Context, id string, old *bool) (rec []byte, seq uint64, refused int, err error) {
	// In a cluster a read may go unanswered for a moment while a
	// stream's leader changes: it is asked again (hedged).
	type read struct {
		rec          []byte
		seq          uint64
		refused      int
		sealedBefore bool
	}
	var tries atomic.Int32
	r, err := hedged(ctx, func(ctx context.Context) (r read, err error) {
		try := tries.Add(1)
		began := time.Now()
		r.rec, r.seq, r.refused, err = k.readRecordOnce(ctx, id, &r.sealedBefore)
		if err != nil {
			k.log.Debug("a record's read not answered", "table", id, "try", try, "err", err, "in", time.Since(began).Round(time.Millisecond))
		}
		return r, err
	})
	if old != nil && r.sealedBefore {
		*old = true
	}
	return r.rec, r.seq, r.refused, err
}

// ReadLast is table id's match before the one its record holds (nil:
// none), as the table's owner kept it when the next match began.
func (k *Keeper) ReadLast(ctx context.Context, id string) (rec []byte, err error) {
	subj := lastSubject(id)
	err = untilAvailable(ctx, func(ctx context.Context) error {
		m, err := k.records.GetLastMsgForSubject(ctx, subj)
		switch {
		case errors.Is(err, jetstream.ErrMsgNotFound):
			rec = nil
			return nil
		case err != nil:
			return fmt.Errorf("its match before: %w", err)
		}
		if rec, err = k.open(subj, m.Data); err == nil {
			return nil
		}
		// A forger's, appended after the node's: the node's is the
		// first (those before it were purged as it was written).
		k.refused("a table's match before", "table", id)
		if m, err = k.records.GetMsg(ctx, 1, jetstream.WithGetMsgSubject(subj)); err != nil {
			return fmt.Errorf("its match before: %w", err)
		}
		rec, err = k.open(subj, m.Data)
		return err
	})
	return rec, err
}

// readRecordOnce reads table id's record once; old (if not nil) is set
// when a part of it was sealed with a key other than the one in use.
func (k *Keeper) readRecordOnce(ctx context.Context, id string, old *bool) ([]byte, uint64, int, error) {
	subj := recordSubject(id)
	last, err := k.records.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, 0, 0, nil
	}
	if err != nil {
		return nil, 0, 0, fmt.Errorf("its record's last message: %w", err)
	}
	if rec, start, err := k.openPart(subj, last.Header, last.Data, 0, old); err == nil && start {
		// The usual case after a new match: its start alone (the
		// first message of the record, so nothing it must follow).
		first, err := k.records.GetMsg(ctx, 1, jetstream.WithGetMsgSubject(subj))
		if err == nil && first.Sequence == last.Sequence {
			return rec, last.Sequence, 0, nil
		}
	}
	var rec []byte
	forged := 0
	var before uint64 // the message before (0: none read, the first)
	err = k.walk(ctx, subj, 0, last.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		// A message that does not open is a forger's: skipped,
		// whatever its headers say (a forged start resets nothing).
		// The record's last sequence is the subject's all the same:
		// the table's next append goes after it.
		part, start, err := k.openPart(subj, h, data, before, old)
		before = seq
		if err != nil {
			forged++
			return true
		}
		if start {
			rec = rec[:0]
		}
		rec = append(rec, part...)
		return true
	})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("its record: %w", err)
	}
	if forged > 0 {
		k.refused("a table's record", "table", id, "messages", forged)
	}
	return rec, last.Sequence, forged, nil
}

// entryPlace is where a table's entry is sealed for.
func entryPlace(id string) string { return tablesBucket + "/" + id }

// ErrUnsealed is a value that is not sealed at all: a forger's, written
// without the cluster's secret, or one an older okey wrote before the
// seal. Neither is taken; a store from before the seal is sealed once,
// by okey serve --seal-store (SealStore).
var ErrUnsealed = errors.New("a value not sealed with the cluster's secret (forged, or written before the seal: okey serve --seal-store seals an old store)")

// open opens a value the keeper sealed for where: only a sealed value
// that opens is taken (ErrUnsealed, ErrSealBroken).
func (k *Keeper) open(where string, b []byte) ([]byte, error) {
	return k.openNoting(where, b, nil)
}

// openNoting is open, which also sets *old (if old is not nil) when the
// value was sealed with a key other than the one in use: a value to be
// sealed again while the secret is changed (rotate.go).
func (k *Keeper) openNoting(where string, b []byte, old *bool) ([]byte, error) {
	if !Sealed(b) {
		return nil, ErrUnsealed
	}
	plain, aged, err := k.eng.Seal.OpenAged(where, b)
	if aged && old != nil {
		*old = true
	}
	return plain, err
}

// errReplayed is a sealed record message found after another message
// than the one it was written after: a copy, not a node's append.
var errReplayed = errors.New("a record message replayed after another message than its own")

// openPart opens one message of the record on subj, which came after
// the message of sequence before (0: not known, the first message
// read): the part of the record it adds (nil for a claim), and whether
// it starts the record afresh. Its headers are believed only once it
// opens.
//
// old (if not nil) is set when it was sealed with a key other than the
// one in use.
func (k *Keeper) openPart(subj string, h nats.Header, data []byte, before uint64, old *bool) (part []byte, start bool, err error) {
	prev, err := strconv.ParseUint(h.Get(prevHeader), 10, 64)
	if err != nil {
		return nil, false, ErrUnsealed // from before the seal, or forged
	}
	if before != 0 && prev != before {
		return nil, false, errReplayed
	}
	if h.Get(ownerHeader) != "" {
		if _, err := k.openNoting(recordPlace(claimPlace(subj), prev), data, old); err != nil {
			return nil, false, err
		}
		return nil, false, nil
	}
	part, err = k.openNoting(recordPlace(subj, prev), data, old)
	if err != nil {
		return nil, false, err
	}
	return part, h.Get(partHeader) == partStart, nil
}

// recordBatch is how many parts of a record one fetch asks for.
const recordBatch = 512

// RefusedEntry reports whether table id's entry is one a node refuses
// (it does not open), and its revision; false if there is none or it
// could not be read (the caller then reads it as usual). Missing says
// the store answered that it keeps none (a replica may be behind: not
// sure proof that none was written).
func (k *Keeper) RefusedEntry(ctx context.Context, id string) (rev uint64, refused, missing bool) {
	e, err := getSoon(ctx, k.Tables, id)
	if err != nil {
		return 0, false, errors.Is(err, jetstream.ErrKeyNotFound)
	}
	return e.Revision(), !k.EntryOpens(id, e.Value()), false
}

// EntryOpens reports whether v, a value of table id's entry, is a
// node's (sealed with the cluster's secret for it).
func (k *Keeper) EntryOpens(id string, v []byte) bool {
	_, err := k.open(entryPlace(id), v)
	return err == nil
}

// SetAside files away a table that cannot be restored: its entry and
// record are written beside the tables as damaged files (kept, not read
// again), and the table is forgotten.
func (k *Keeper) SetAside(kt KeptTable, now time.Time) error {
	stamp := now.Format("20060102-150405")
	var errs []error
	for _, f := range []struct {
		ext  string
		data []byte
	}{{".json", kt.Table}, {".okey", kt.Record}} {
		if f.data == nil {
			continue
		}
		p := filepath.Join(k.dir, kt.ID+f.ext+".damaged-"+stamp)
		if err := store.WriteAtomic(p, f.data); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...) // kept in the engine rather than lost
	}
	return k.forget(kt.ID, 0)
}

// ImportFiles brings the tables saved as files (before the engine) into
// it, once: each table's record and entry are written unless the engine
// has the table already, then its files are moved into tables/imported/,
// where they are kept and not read again. The next number is the larger
// of the two. Files that cannot be read stay where they are and are
// reported.
func (k *Keeper) ImportFiles(ctx context.Context) (int, error) {
	files, err := store.OpenTables(filepath.Dir(k.dir))
	if err != nil {
		return 0, err
	}
	saved, err := files.Load()
	if err != nil {
		return 0, err
	}
	next, nerr := files.LoadNext()
	if nerr != nil {
		return 0, fmt.Errorf("importing: %w", nerr)
	}
	if len(saved) == 0 && next == 0 {
		return 0, nil
	}
	done := filepath.Join(k.dir, "imported")
	if err := os.MkdirAll(done, 0o755); err != nil {
		return 0, fmt.Errorf("importing: %w", err)
	}
	var errs []error
	n := 0
	for _, sv := range saved {
		if sv.Err != nil {
			errs = append(errs, fmt.Errorf("importing table %s: %w", sv.ID, sv.Err))
			continue
		}
		if err := k.importOne(ctx, sv); err != nil {
			errs = append(errs, fmt.Errorf("importing table %s: %w", sv.ID, err))
			continue
		}
		for _, ext := range []string{".json", ".okey"} {
			if err := moveIfThere(filepath.Join(k.dir, sv.ID+ext), filepath.Join(done, sv.ID+ext)); err != nil {
				errs = append(errs, err)
			}
		}
		n++
	}
	have, err := k.LoadNext(ctx)
	if err != nil {
		return n, errors.Join(append(errs, err)...)
	}
	if next > have {
		if err := k.SaveNext(next); err != nil {
			return n, errors.Join(append(errs, err)...)
		}
	}
	if err := moveIfThere(filepath.Join(k.dir, "next"), filepath.Join(done, "next")); err != nil {
		errs = append(errs, err)
	}
	return n, errors.Join(errs...)
}

// importOne writes one table's files into the engine, unless it has the
// table already (an import cut short, then run again).
func (k *Keeper) importOne(ctx context.Context, sv store.SavedTable) error {
	if _, err := k.Tables.Get(ctx, sv.ID); err == nil {
		return nil
	} else if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return err
	}
	// A record a cut-short import left is replaced.
	if err := k.records.Purge(ctx, jetstream.WithPurgeSubject(recordSubject(sv.ID))); err != nil {
		return err
	}
	l := k.Log(sv.ID)
	if sv.Record != nil {
		if err := l.appendRecord(ctx, sv.Record); err != nil {
			return err
		}
	}
	return l.putEntry(ctx, sv.Table)
}

// moveIfThere renames from to to, if from is there.
func moveIfThere(from, to string) error {
	if err := os.Rename(from, to); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("importing: %w", err)
	}
	return nil
}

// SortByNumber sorts tables by their numbers (id of each).
func SortByNumber[T any](ts []T, id func(T) string) {
	slices.SortFunc(ts, func(a, b T) int {
		x, _ := strconv.Atoi(id(a))
		y, _ := strconv.Atoi(id(b))
		return x - y
	})
}

// SealedCounts is what SealStore rewrote: the tables' entries and records
// (each record rewritten whole as one sealed start), the tables' matches
// before, and the next table's number.
type SealedCounts struct {
	Entries, Records, Last, Next int
}

// SealStore seals a store written before the seal, once, at the
// operator's asking (okey serve --seal-store): every value a node would
// refuse as unsealed is read as it is and written back sealed, at its
// revision or after its record's last message (a node writing
// meanwhile fences the rewrite, which is then an error: run it with the
// tables stopped). Whatever the store holds unsealed is taken — forged
// values too — so it is run on a store one trusts, before a node with
// the seal serves it. A record's empty claims (from before claims were
// sealed) add nothing and are dropped; a record sealed by an okey from
// before its messages were bound to the one they follow is rewritten
// too.
func (k *Keeper) SealStore(ctx context.Context) (SealedCounts, error) {
	var n SealedCounts
	if e, err := k.hall.Get(ctx, nextKey); err == nil && !Sealed(e.Value()) {
		if _, err := k.hall.Update(ctx, nextKey, k.eng.Seal.Seal(nextPlace, e.Value()), e.Revision()); err != nil {
			return n, fmt.Errorf("the next table's number: %w", err)
		}
		n.Next++
	} else if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return n, fmt.Errorf("the next table's number: %w", err)
	}
	ids, err := k.TableIDs(ctx)
	if err != nil {
		return n, err
	}
	for _, id := range ids {
		if err := k.sealTable(ctx, id, &n); err != nil {
			return n, fmt.Errorf("table %s: %w", id, err)
		}
	}
	return n, nil
}

// sealTable seals what table id keeps unsealed.
func (k *Keeper) sealTable(ctx context.Context, id string, n *SealedCounts) error {
	e, err := k.Tables.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !Sealed(e.Value()) {
		if _, err := k.Tables.Update(ctx, id, k.eng.Seal.Seal(entryPlace(id), e.Value()), e.Revision()); err != nil {
			return fmt.Errorf("its entry: %w", err)
		}
		n.Entries++
	}
	if m, err := k.records.GetLastMsgForSubject(ctx, lastSubject(id)); err == nil && !Sealed(m.Data) {
		if err := k.keepLast(ctx, id, m.Data); err != nil {
			return err
		}
		n.Last++
	} else if err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		return fmt.Errorf("its match before: %w", err)
	}
	// The record as an older okey read it: unsealed parts as they are,
	// empty claims as nothing, and parts sealed before a record's
	// messages were bound to the one they follow opened for the subject
	// alone.
	subj := recordSubject(id)
	top, err := k.records.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("its record: %w", err)
	}
	var rec []byte
	old := 0
	var bad error
	err = k.walk(ctx, subj, 0, top.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		part, start, err := k.openPart(subj, h, data, 0, nil)
		if h.Get(prevHeader) == "" {
			old++
			part, err, start = data, nil, h.Get(partHeader) == partStart
			if Sealed(data) {
				part, err = k.eng.Seal.Open(subj, data)
			}
		}
		if err != nil {
			bad = fmt.Errorf("its record, at message %d: %w", seq, err)
			return false
		}
		if start {
			rec = rec[:0]
		}
		rec = append(rec, part...)
		return true
	})
	if err = cmp.Or(err, bad); err != nil {
		return err
	}
	if old == 0 {
		return nil
	}
	l := &TableLog{k: k, id: id, subj: subj, seq: top.Sequence}
	if err := l.appendRecord(ctx, rec); err != nil {
		return fmt.Errorf("its record: %w", err)
	}
	n.Records++
	return nil
}
