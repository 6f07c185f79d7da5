package keep

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// The tables' entries: each table's entry (what the host chose, who
// holds which seat: keys' fingerprints and guests' resume codes, the
// join code, the chat) is a key of the bucket okey_tables, the table's
// number; the bucket is the lobby's directory. Writes are Create, then
// Update at the revision last written (TableLog.putEntry): fenced as
// the records are.

// tablesBucket is the tables' entries' bucket.
const tablesBucket = "okey_tables"

// TableBook is the tables' entries in the store: which tables are kept,
// whether one is (as the stream's leader says), whether an entry opens.
type TableBook struct {
	// KV is the bucket, for a watch of the entries (the hall's guard).
	KV  jetstream.KeyValue
	eng *Engine
	*notes
}

// openTableBook makes (or finds) the entries' bucket.
func openTableBook(ctx context.Context, eng *Engine, n *notes) (*TableBook, error) {
	kv, err := tablesBucketIn(ctx, eng, tablesBucket, "okey serve: each table's settings, seats, codes and chat")
	if err != nil {
		return nil, err
	}
	return &TableBook{KV: kv, eng: eng, notes: n}, nil
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

// IDs lists the tables kept.
func (b *TableBook) IDs(ctx context.Context) ([]string, error) {
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
// then read as lost for good was counted abandoned by its tournament
// while another node took it over and played its match to the end
// (okey load's arena with a node killed).
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
	e, err := getSoon(ctx, b.KV, id)
	if err != nil {
		return 0, false, errors.Is(err, jetstream.ErrKeyNotFound)
	}
	return e.Revision(), !b.Opens(id, e.Value()), false
}

// Opens reports whether v, a value of table id's entry, is a
// node's (sealed with the cluster's secret for it).
func (b *TableBook) Opens(id string, v []byte) bool {
	_, err := b.eng.Seal.openKept(entryPlace(id), v)
	return err == nil
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
