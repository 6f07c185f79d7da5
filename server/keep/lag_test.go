package keep

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestAReplicaBehindIsNotAReplay: a key's read is a direct get, which
// any replica of the bucket answers, and on a starved machine one may
// be a write behind the record's replica. A node reading the table then
// saw an entry older than the record's mark and refused the table as
// replayed: lost to its players for a slow replica. It now reads the
// entry again from the bucket's leader, and takes the table; an older
// entry truly put back is still refused.
func TestAReplicaBehindIsNotAReplay(t *testing.T) {
	ctx, eng, k, l, _ := tableWritten(t)
	behind, err := k.Tables.KV.Get(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Write(newer, nil); err != nil {
		t.Fatal(err)
	}

	reader := keeperOn(ctx, t, eng)
	reader.Tables.KV = &replicaBehindKV{KeyValue: reader.Tables.KV, behind: behind}
	kt, ok := reader.LoadOne(ctx, "1")
	if !ok || kt.Err != nil || !bytes.Equal(kt.Table, newer) {
		t.Fatalf("read through a replica a write behind: %q (%v), want the newest entry %q", kt.Table, kt.Err, newer)
	}

	if _, err := k.Tables.KV.Put(ctx, "1", behind.Value()); err != nil {
		t.Fatal(err)
	}
	if kt, _ := keeperOn(ctx, t, eng).LoadOne(ctx, "1"); !errors.Is(kt.Err, ErrStale) || kt.Table != nil {
		t.Fatalf("an older entry put back, read from the leader too: %q (%v), want it refused as stale", kt.Table, kt.Err)
	}
}

// TestARecordBehindIsReadAgain: a record read from a replica behind
// the entry ends before the message the entry was written after; it is
// read again while the stream's leader holds that message, and judged
// as it is when the leader does not.
func TestARecordBehindIsReadAgain(t *testing.T) {
	ctx, _, k, l, rec := tableWritten(t)
	rec = append(rec, "move 2\n"...)
	if err := l.Write(newer, rec); err != nil {
		t.Fatal(err)
	}
	whole, err := k.Records.read(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	short := recordRead{rec: []byte(`{"seed":7}` + "\n"), seq: 1}
	r, err := k.Records.readPast(ctx, "1", short, whole.seq)
	if err != nil || r.seq != whole.seq || !bytes.Equal(r.rec, rec) {
		t.Fatalf("a record behind, read again: %q at %d (%v), want %q at %d", r.rec, r.seq, err, rec, whole.seq)
	}
	r, err = k.Records.readPast(ctx, "1", short, whole.seq+100)
	if err != nil || r.seq != short.seq {
		t.Fatalf("a record behind a message the leader does not hold: read to %d (%v), want it as read (%d), to be judged", r.seq, err, short.seq)
	}
}

// tableWritten starts an engine alone and writes table 1 on it: the
// entry older and a record of one move, rec.
func tableWritten(t *testing.T) (context.Context, *Engine, *Keeper, *TableLog, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	k := keeperOn(ctx, t, eng)
	l := k.Log("1")
	rec := []byte(`{"seed":7}` + "\nmove 1\n")
	if err := l.Write(older, rec); err != nil {
		t.Fatal(err)
	}
	return ctx, eng, k, l, rec
}

// replicaBehindKV answers a key's read as a replica a write behind would:
// with the entry as it was (behind).
type replicaBehindKV struct {
	jetstream.KeyValue
	behind jetstream.KeyValueEntry
}

func (k *replicaBehindKV) Get(context.Context, string) (jetstream.KeyValueEntry, error) {
	return k.behind, nil
}
