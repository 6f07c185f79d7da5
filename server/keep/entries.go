package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The tables' entries: each table's entry (what the host chose, who
// holds which seat: keys' fingerprints and guests' resume codes, the
// join code, the chat) is a key of the bucket okey_tables, the table's
// number; the bucket is the lobby's directory. Writes are Create, then
// Update at the revision last written (TableLog.putEntry): fenced as
// the records are.
//
// An entry is fresh, not only sealed. A writer of the store without the
// cluster's secret can put back an older entry of the same table (it is
// the cluster's seal, and opens): a seat given up would come back, with
// its resume code. So each entry carries, inside its seal, its
// generation (one more at each write of the table's entry, whichever
// node writes it) and the node that wrote it (entryStamp); and after
// each write the table's record gets a mark naming the generation and
// the revision the entry was written at (TableLog.mark). The record's
// messages are bound each to the one before (records.go), so its newest
// mark is the newest its writers made: an entry read back that is older
// than the mark says (freshAgainst) is a replay, refused and logged,
// never taken, as a value that does not open is; the node that runs the
// table writes it over (TableLog.putEntry, and the hall's guard by
// TableBook.Stale).

// tablesBucket is the tables' entries' bucket, and tablesAbout what it
// says it is.
const (
	tablesBucket = "okey_tables"
	tablesAbout  = "okey serve: each table's settings, seats, codes and chat"
)

// TableBook is the tables' entries in the store: which tables are kept,
// whether one is (as the stream's leader says), whether an entry opens.
type TableBook struct {
	// KV is the bucket, for a watch of the entries (the hall's guard).
	KV  jetstream.KeyValue
	eng *Engine
	*notes
	// mu guards wrote: each table's entry as this node last wrote or
	// read it, for Stale.
	mu    sync.Mutex
	wrote map[string]entrySeen
	// remade counts the times the bucket was made again (remake): each
	// table of the node writes its entry again at its next write.
	remade atomic.Uint64
	// looked is when the bucket was last looked for (unix nanoseconds):
	// a table that writes its record alone never writes to the bucket,
	// and would not see it gone (look).
	looked atomic.Int64
}

// lookEvery is how often the node looks whether the entries' bucket is
// still there, while its tables write.
const lookEvery = time.Second

// look makes the bucket again if it is gone (remake), looking once a
// lookEvery at most, as the node's tables write.
func (b *TableBook) look(ctx context.Context) {
	now := time.Now().UnixNano()
	last := b.looked.Load()
	if now-last < int64(lookEvery) || !b.looked.CompareAndSwap(last, now) {
		return
	}
	b.remake(ctx)
}

// entrySeen is a table's entry as this node last wrote (or read) it:
// its revision (0: sent, not yet answered), its generation and its
// sealed bytes.
type entrySeen struct {
	rev, gen uint64
	sealed   []byte
}

// saw notes a table's entry as this node wrote or read it.
func (b *TableBook) saw(id string, e entrySeen) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.wrote == nil {
		b.wrote = map[string]entrySeen{}
	}
	if cur, ok := b.wrote[id]; ok && e.rev == 0 {
		e.rev = cur.rev // sent: a write at the revision before
	}
	b.wrote[id] = e
}

// forgetSeen drops what this node saw of table id's entry (it no longer
// runs the table).
func (b *TableBook) forgetSeen(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.wrote, id)
}

// Stale reports whether v, a value of table id's entry at revision rev
// (as a watch brings it), is one a node must not leave in the store
// while it runs the table: it does not open, or it is older than the
// entry this node last wrote or read (a replay), written after it. The
// watch's own late news of this node's writes is not stale.
func (b *TableBook) Stale(id string, rev uint64, v []byte) bool {
	plain, err := b.eng.Seal.openKept(entryPlace(id), v)
	if err != nil {
		return true
	}
	b.mu.Lock()
	seen, ok := b.wrote[id]
	b.mu.Unlock()
	if !ok || rev <= seen.rev || bytes.Equal(v, seen.sealed) {
		return false
	}
	st, _ := unstamp(plain)
	return st.gen < seen.gen
}

// entryStamp is what makes an entry fresh, sealed with it: its
// generation (0: an entry from before stamps), the node that wrote it,
// and the sequence of the table's record's last message when it was
// written (0: none, or an entry from before records were counted): a
// record read back that ends before it was cut (cutAgainst).
type entryStamp struct {
	gen  uint64
	node string
	seq  uint64
}

// stampMagic starts a stamped entry's sealed bytes (an entry itself is
// JSON, and starts with '{').
const stampMagic = "\x00okey-entry "

// stamp is entry sealed with st: "\x00okey-entry GEN@SEQ NODE\n" and
// the entry.
func stamp(st entryStamp, entry []byte) []byte {
	b := make([]byte, 0, len(stampMagic)+len(st.node)+48+len(entry))
	b = append(b, stampMagic...)
	b = strconv.AppendUint(b, st.gen, 10)
	b = append(b, '@')
	b = strconv.AppendUint(b, st.seq, 10)
	b = append(b, ' ')
	b = append(b, st.node...)
	b = append(b, '\n')
	return append(b, entry...)
}

// unstamp is the stamp and the entry of what an entry's seal holds; an
// entry from before stamps is of generation 0, one from before records
// were counted ("GEN NODE") of sequence 0.
func unstamp(plain []byte) (entryStamp, []byte) {
	if !bytes.HasPrefix(plain, []byte(stampMagic)) {
		return entryStamp{}, plain
	}
	head, entry, ok := bytes.Cut(plain[len(stampMagic):], []byte("\n"))
	if !ok {
		return entryStamp{}, plain
	}
	counts, node, _ := strings.Cut(string(head), " ")
	gen, seq, counted := strings.Cut(counts, "@")
	n, err := strconv.ParseUint(gen, 10, 64)
	if err != nil {
		return entryStamp{}, plain
	}
	st := entryStamp{gen: n, node: node}
	if counted {
		if st.seq, err = strconv.ParseUint(seq, 10, 64); err != nil {
			return entryStamp{}, plain
		}
	}
	return st, entry
}

// entryMark is a mark of the table's entry in its record: the
// generation written, and the revision it was written at.
type entryMark struct{ gen, rev uint64 }

// bytes is the mark as sealed.
func (m entryMark) bytes() []byte {
	return fmt.Appendf(nil, "%d %d", m.gen, m.rev)
}

// parseMark reads a mark as sealed.
func parseMark(b []byte) (entryMark, error) {
	g, r, ok := strings.Cut(string(b), " ")
	gen, err1 := strconv.ParseUint(g, 10, 64)
	rev, err2 := strconv.ParseUint(r, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return entryMark{}, fmt.Errorf("an entry's mark %q", b)
	}
	return entryMark{gen: gen, rev: rev}, nil
}

// ErrStale is a table's entry older than its record's mark says: an
// older value of the same table put back by a writer of the store
// without the cluster's secret. It is refused as a value that does not
// open is.
var ErrStale = errors.New("an older value of the table's entry, put back (replayed): not the one its record names")

// ErrCut is a table's record shorter than its entry says: messages
// deleted from its end, or its start purged and put back, by a writer
// of the store without the cluster's secret. The table is not taken
// from it (its moves since would be undone, unsaid): it is lost.
var ErrCut = errors.New("the table's record is cut: it ends before the point its entry was written at")

// freshAgainst says whether an entry of stamp st at revision rev is the
// newest by mark, the newest mark of the table's record (nil: none
// since its start): the entry the mark names (its revision), or one
// written after it whose mark never landed (a later generation), or
// the very value it names copied again (the same generation).
func freshAgainst(st entryStamp, rev uint64, mark *entryMark) bool {
	return mark == nil || rev == mark.rev || st.gen >= mark.gen
}

// openTableBook makes (or finds) the entries' bucket.
func openTableBook(ctx context.Context, eng *Engine, n *notes) (*TableBook, error) {
	kv, err := tablesBucketIn(ctx, eng, tablesBucket, tablesAbout)
	if err != nil {
		return nil, err
	}
	return &TableBook{KV: kv, eng: eng, notes: n}, nil
}

// remake makes the entries' bucket again if the store says it is gone
// (deleted by a writer of the store): true if it was, and is now made
// again, empty.
func (b *TableBook) remake(ctx context.Context) bool {
	if !b.eng.missing(ctx, "KV_"+tablesBucket) {
		return false
	}
	if _, err := tablesBucketIn(ctx, b.eng, tablesBucket, tablesAbout); err != nil {
		b.log.Error("the tables' entries' bucket is gone from the store, and not made again", "err", err)
		return false
	}
	b.log.Error("the tables' entries' bucket was gone from the store (deleted): made again; each table writes its entry again")
	b.remade.Add(1)
	return true
}

// purge deletes table id's entry (at revision rev, 0: whatever it is).
func (b *TableBook) purge(ctx context.Context, id string, rev uint64) error {
	var opts []jetstream.KVDeleteOpt
	if rev != 0 {
		opts = append(opts, jetstream.LastRevision(rev))
	}
	if err := b.KV.Purge(ctx, id, opts...); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("table %s: deleting its entry: %w", id, err)
	}
	return nil
}

// entryPlace is where a table's entry is sealed for.
func entryPlace(id string) string { return tablesBucket + "/" + id }

// IDs lists the tables kept. A listing not answered is asked again
// beside it (listedSoon).
func (b *TableBook) IDs(ctx context.Context) ([]string, error) {
	return listedSoon(ctx, b.eng.budget(), "the tables", b.ids)
}

// ids is one listing of the tables kept (IDs).
func (b *TableBook) ids(ctx context.Context) ([]string, error) {
	lister, err := b.KV.ListKeys(ctx)
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

// Kept reports whether the store keeps an entry of table id, as
// the tables' stream leader says: the one sure answer to whether any
// node can bring the table back. A direct get (KV.Get) may be
// answered by a replica that has not taken the entry yet, and a table
// then read as lost for good would be counted abandoned by its
// tournament while another node takes it over and plays its match out.
func (b *TableBook) Kept(ctx context.Context, id string) (bool, error) {
	_, _, ok, err := leaderLast(ctx, b.eng.NC, tablesBucket, id)
	if err != nil {
		return false, fmt.Errorf("table %s's entry: %w", id, err)
	}
	return ok, nil
}

// Written reports whether table id ever had an entry that its stream's
// leader still knows of: one kept, or one a node deleted as it put the
// table away (the delete's marker is the key's last message). A table
// lost with its node before it saved has none; one that closed — its
// match over, its end on its way to its tournament — has the marker
// (Hall.Lost tells the two apart: a tournament's table taken over after
// its node's loss and closed at its match's end was read as lost with
// the node, and its match counted abandoned while the end that the
// players had seen was still being written).
func (b *TableBook) Written(ctx context.Context, id string) (bool, error) {
	data, _, removed, err := leaderLastMarked(ctx, b.eng.NC, tablesBucket, id)
	if err != nil {
		return false, fmt.Errorf("table %s's entry: %w", id, err)
	}
	return data != nil || removed, nil
}

// RefusedAt reports whether table id's entry is one a node refuses
// (it does not open), and its revision; false if there is none or it
// could not be read (the caller then reads it as usual). Missing says
// the store answered that it keeps none (a replica may be behind: not
// sure proof that none was written).
func (b *TableBook) RefusedAt(ctx context.Context, id string) (rev uint64, refused, missing bool) {
	e, err := getSoon(ctx, b.eng.budget(), b.KV, id)
	if err != nil {
		return 0, false, errors.Is(err, jetstream.ErrKeyNotFound)
	}
	_, oerr := b.eng.Seal.openKept(entryPlace(id), e.Value())
	return e.Revision(), oerr != nil, false
}

// tablesBucketIn makes (or finds) one of the tables' buckets, name, as
// openKeeper has since there were two (the entries, the hall's number).
func tablesBucketIn(ctx context.Context, eng *Engine, name, desc string) (jetstream.KeyValue, error) {
	kv, err := eng.MakeBucket(ctx, jetstream.KeyValueConfig{Bucket: name, Description: desc, History: 1, Storage: jetstream.FileStorage, Replicas: eng.Replicas})
	if err != nil {
		return nil, fmt.Errorf("the bucket %s: %w", name, err)
	}
	return kv, nil
}
