package keep

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
)

// The keeper is the tables in the store, through their three types:
// the records (records.go), the entries (entries.go), the next number
// (numbers.go); a table is written through its TableLog (tablelog.go).
//
// Finished matches stay files (tables/matches/, pruned to
// --keep-matches): they are written once a match, read by people and by
// okey verify as files, and backed up with the rest of the folder.

// Keeper is the tables as the store keeps them: each table's entry
// (TableBook), its record (RecordBook) and the next table's number
// (Numbers), each a type of its own over the store, and what needs all
// three: a table read back whole, a table set aside, the tables saved
// as files imported, an old store sealed.
type Keeper struct {
	Tables  *TableBook
	Records *RecordBook
	Numbers *Numbers
	eng     *Engine
	// notes says each value refused, for all three (SetLog).
	notes *notes
	// dir is the tables' folder (finished matches, damaged tables set
	// aside, the files imported).
	dir string
}

// SetLog makes the keeper say on log each value it refuses (a value not
// sealed with the cluster's secret is never taken; the operator must
// hear of it).
func (k *Keeper) SetLog(log *slog.Logger) {
	if log != nil {
		k.notes.log = log
	}
}

// openKeeper makes (or finds) the stream and buckets.
func openKeeper(ctx context.Context, eng *Engine, tablesDir string) (*Keeper, error) {
	n := &notes{log: slog.New(slog.DiscardHandler)}
	records, err := openRecordBook(ctx, eng, n)
	if err != nil {
		return nil, err
	}
	tables, err := openTableBook(ctx, eng, n)
	if err != nil {
		return nil, err
	}
	numbers, err := openNumbers(ctx, eng, n, tables, tablesDir)
	if err != nil {
		return nil, err
	}
	return &Keeper{Tables: tables, Records: records, Numbers: numbers, eng: eng, notes: n, dir: tablesDir}, nil
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

// Log is table id's writer, for a table new to the store (a table read
// back has its own: KeptTable.Log).
func (k *Keeper) Log(id string) *TableLog {
	return newLog(k, id)
}

// newLog is table id's writer, as the store is now (a stream or bucket
// made again before is no news to it).
func newLog(k *Keeper, id string) *TableLog {
	return &TableLog{records: k.Records, tables: k.Tables, dir: k.dir, id: id, subj: recordSubject(id),
		remade: [2]uint64{k.Records.remade.Load(), k.Tables.remade.Load()}}
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

// Load reads every table kept, by number.
func (k *Keeper) Load(ctx context.Context) ([]KeptTable, error) {
	ids, err := k.Tables.IDs(ctx)
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
	// there), and waited out whole it would hold up a takeover; asked
	// again, another replica answers.
	e, err := getSoon(ctx, k.eng.budget(), k.Tables.KV, id)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		// A direct read, any replica's answer: one that has not yet
		// taken the entry's write (a bucket just made again, beside a
		// busy neighbour) says it is not there. The leader decides
		// between deleted, or never was, and kept.
		e, ok := k.leaderEntry(ctx, id, 0)
		if !ok {
			return kt, false
		}
		return k.loadFrom(ctx, kt, e, false), true
	case err != nil:
		kt.Err = err
		return kt, true
	}
	return k.loadFrom(ctx, kt, entryRead{value: e.Value(), rev: e.Revision()}, true), true
}

// entryRead is a table's entry as read: its sealed bytes and revision.
type entryRead struct {
	value []byte
	rev   uint64
}

// loadFrom reads the rest of table kt.ID after its entry e. A direct
// read may be answered by a replica behind the others (mayLag): an
// entry older than its record's mark is read again from the bucket's
// leader, and a record shorter than its entry's stamp is read again
// until it reaches it, before either is refused; a slow replica is
// not a writer of the store changing the table.
func (k *Keeper) loadFrom(ctx context.Context, kt KeptTable, e entryRead, mayLag bool) KeptTable {
	id := kt.ID
	kt.Log.rev = e.rev
	plain, err := k.eng.Seal.openKeptAged(entryPlace(id), e.value, &kt.Log.stale)
	if err != nil {
		k.notes.refused("a table's entry", "table", id, "revision", e.rev)
		kt.Refused = 1
		kt.Err = fmt.Errorf("table %s's entry: %w", id, err)
		return kt
	}
	var st entryStamp
	st, kt.Table = unstamp(plain)
	r, err := k.Records.read(ctx, id)
	if err == nil && mayLag && !freshAgainst(st, e.rev, r.mark) {
		// The bucket's leader holds every entry a mark names: a mark
		// is appended once its entry is taken.
		if newer, ok := k.leaderEntry(ctx, id, e.rev); ok {
			k.notes.log.Debug("a table's entry read from a replica behind its record: read from the leader", "table", id, "revision", e.rev, "leader", newer.rev)
			return k.loadFrom(ctx, KeptTable{SavedTable: store.SavedTable{ID: id}, Log: k.Log(id)}, newer, false)
		}
	}
	if err == nil && mayLag && r.seq < st.seq {
		r, err = k.Records.readPast(ctx, id, r, st.seq)
	}
	kt.Record, kt.Log.seq, kt.Refused, kt.Err = r.rec, r.seq, r.refused, err
	kt.Log.stale = kt.Log.stale || r.old
	kt.Log.rec = kt.Record
	if err == nil && !freshAgainst(st, e.rev, r.mark) {
		// An older entry put back: the table is not taken from
		// it (its players' seats, codes and chat would go back).
		k.notes.replayed("a table's entry", "table", id, "revision", e.rev, "generation", st.gen, "marked", r.mark.gen)
		kt.Table, kt.Refused = nil, kt.Refused+1
		kt.Err = fmt.Errorf("table %s's entry: %w", id, ErrStale)
		return kt
	}
	if err == nil {
		if why := cutAgainst(st, r); why != "" {
			// Played on from it, the moves since would be undone
			// unsaid: the table is lost, and the reason logged.
			k.notes.log.Error("a table's record refused: cut by a writer of the store", "table", id, "why", why)
			kt.Table, kt.Record, kt.Refused = nil, nil, kt.Refused+1
			kt.Err = fmt.Errorf("table %s: %s: %w", id, why, ErrCut)
			return kt
		}
	}
	kt.Log.gen, kt.Log.sealed, kt.Log.entry = st.gen, e.value, kt.Table
	return kt
}

// leaderEntry is table id's entry as the bucket's leader holds it, if
// it is later than revision rev (ok false: not, or not said).
func (k *Keeper) leaderEntry(ctx context.Context, id string, rev uint64) (entryRead, bool) {
	data, seq, ok, err := leaderLast(ctx, k.eng.NC, tablesBucket, id)
	if err != nil || !ok || seq <= rev {
		return entryRead{}, false
	}
	return entryRead{value: data, rev: seq}, true
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
	return forget(k.Tables, k.Records, kt.ID, 0)
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
	have, err := k.Numbers.Load(ctx)
	if err != nil {
		return n, errors.Join(append(errs, err)...)
	}
	if next > have {
		if err := k.Numbers.Save(next); err != nil {
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
	if _, err := k.Tables.KV.Get(ctx, sv.ID); err == nil {
		return nil
	} else if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return err
	}
	// A record a cut-short import left is replaced.
	if err := k.Records.stream.Purge(ctx, jetstream.WithPurgeSubject(recordSubject(sv.ID))); err != nil {
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

// Reseal seals again, with the secret's key in use, what the tables
// keep outside any one table and another key sealed: the next table's
// number (each table's entry and record are sealed again by the node
// that brings it back: TableLog.Reseal). A number left sealed with the
// old key was refused by every node once that key was dropped. Nothing
// to do unless the secret is being changed (Sealer.Changing).
func (k *Keeper) Reseal(ctx context.Context) (int, error) {
	if !k.eng.Seal.Changing() {
		return 0, nil
	}
	n, err := resealBucket(ctx, k.Numbers.hall, hallBucket, k.eng.Seal)
	if err != nil {
		return n, fmt.Errorf("the bucket %s: %w", hallBucket, err)
	}
	return n, nil
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
	if e, err := k.Numbers.hall.Get(ctx, nextKey); err == nil && !Sealed(e.Value()) {
		if _, err := k.Numbers.hall.Update(ctx, nextKey, k.eng.Seal.Seal(nextPlace, e.Value()), e.Revision()); err != nil {
			return n, fmt.Errorf("the next table's number: %w", err)
		}
		n.Next++
	} else if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return n, fmt.Errorf("the next table's number: %w", err)
	}
	ids, err := k.Tables.IDs(ctx)
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
	e, err := k.Tables.KV.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !Sealed(e.Value()) {
		if _, err := k.Tables.KV.Update(ctx, id, k.eng.Seal.Seal(entryPlace(id), e.Value()), e.Revision()); err != nil {
			return fmt.Errorf("its entry: %w", err)
		}
		n.Entries++
	}
	if m, err := k.Records.stream.GetLastMsgForSubject(ctx, lastSubject(id)); err == nil && !Sealed(m.Data) {
		if err := k.Records.keepLast(ctx, id, m.Data); err != nil {
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
	top, err := k.Records.stream.GetLastMsgForSubject(ctx, subj)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("its record: %w", err)
	}
	var rec []byte
	old := 0
	var bad error
	err = k.Records.walk(ctx, subj, 0, top.Sequence, func(seq uint64, h nats.Header, data []byte) bool {
		p, err := k.Records.openPart(subj, h, data, 0, nil)
		part, start := p.data, p.start
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
	l := newLog(k, id)
	l.seq = top.Sequence
	if err := l.appendRecord(ctx, rec); err != nil {
		return fmt.Errorf("its record: %w", err)
	}
	n.Records++
	return nil
}

// SealPlain seals the daily's results and par, and the players'
// ratings and the marks of matches rated, that an okey from before they
// were sealed kept in plain: once, at the operator's asking (okey serve
// --seal-store), never on read. It returns how many it sealed.
func SealPlain(ctx context.Context, d *DailyBook, r *RatingBook) (int, error) {
	n := 0
	for _, b := range []struct {
		kv   jetstream.KeyValue
		name string
	}{{d.kv, dailyBucket}, {r.Ratings, ratingsBucket}, {r.rated, ratedBucket}} {
		m, err := sealPlainBucket(ctx, b.kv, b.name, d.seal)
		n += m
		if err != nil {
			return n, fmt.Errorf("the bucket %s: %w", b.name, err)
		}
	}
	return n, nil
}
