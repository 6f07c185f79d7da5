package keep

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"
)

// TestAnOlderEntryPutBackIsNotTaken: a writer of the store without the
// cluster's secret captures a table's sealed entry (ann and a guest at
// their seats, the guest's resume code) and puts it back after the
// guest gave the seat up and bob took it. The entry opens (it is the
// cluster's seal), but it is not the newest: a node reading the table
// back (at a restart, or taking it over) refuses it and takes nothing
// from it, also once the table has begun a new match (whose start
// purged the marks before it); the owner's next write is not fenced by
// it and writes it over, after which every reader reads the newest
// again; and the owner's guard finds it stale while the owner's own
// newest is not. Alone, and in a cluster of three (the owner, the
// forger's node and a reader on one node each).
func TestAnOlderEntryPutBackIsNotTaken(t *testing.T) {
	aloneAndThree(t, replayEntries)
}

// replayEntries plays table 1 on owner, puts older entries back through
// forger's connection and reads the table back on reader.
func replayEntries(t *testing.T, owner, forger, reader *Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	keeper := func(e *Engine) *Keeper { return keeperOn(ctx, t, e) }
	k := keeper(owner)
	tablesKV, err := forger.js.KeyValue(ctx, tablesBucket)
	if err != nil {
		t.Fatal(err)
	}
	capture := func() []byte {
		t.Helper()
		e, err := tablesKV.Get(ctx, "1")
		if err != nil {
			t.Fatal(err)
		}
		return e.Value()
	}
	putBack := func(v []byte) uint64 {
		t.Helper()
		rev, err := tablesKV.Put(ctx, "1", v)
		if err != nil {
			t.Fatal(err)
		}
		return rev
	}
	// readBack reads table 1 on a node that has just started (a keeper
	// of its own: nothing seen before) until it reads want, or an error
	// if want is nil.
	readBack := func(what string, want []byte) KeptTable {
		t.Helper()
		for tries := 1; ; tries++ {
			kt, ok := keeper(reader).LoadOne(ctx, "1")
			if !ok {
				t.Fatalf("%s: the table is gone", what)
			}
			if want == nil && errors.Is(kt.Err, ErrStale) && kt.Table == nil {
				return kt
			}
			if want != nil && kt.Err == nil && bytes.Equal(kt.Table, want) {
				return kt
			}
			if want == nil && kt.Err == nil && !bytes.Equal(kt.Table, older) {
				// A replica behind the replay: the newest, not yet
				// the replay. Asked again.
			} else if kt.Err == nil && bytes.Equal(kt.Table, older) {
				t.Fatalf("%s: the older entry was taken:\n%s", what, kt.Table)
			}
			if tries == 100 {
				t.Fatalf("%s: read back %q (%v), want %q", what, kt.Table, kt.Err, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	l := k.Log("1")
	rec := []byte(`{"seed":7}` + "\nmove 1\n")
	if err := l.Write(older, rec); err != nil {
		t.Fatal(err)
	}
	then := capture()
	if err := l.Write(newer, nil); err != nil {
		t.Fatal(err)
	}
	mine := capture()
	if k.Tables.Stale("1", l.rev, mine) {
		t.Fatal("the owner's own newest entry is stale to its guard")
	}

	// Put back during play: refused by a reader, stale to the guard.
	rev := putBack(then)
	readBack("put back during play", nil)
	if !k.Tables.Stale("1", rev, then) {
		t.Fatal("the owner's guard does not find the older entry put back stale")
	}
	// The owner plays on, unfenced, and its next entry is read.
	rec = append(rec, "move 2\n"...)
	if err := l.Write(newest, rec); err != nil {
		t.Fatalf("the owner's write after the replay: %v", err)
	}
	readBack("written over", newest)

	// Across a new match: the start purges the record's marks, and
	// the entry is marked again with it.
	rec = []byte(`{"seed":8}` + "\n")
	if err := l.Write(nil, rec); err != nil {
		t.Fatal(err)
	}
	putBack(then)
	readBack("put back after a new match's start", nil)
	putBack(mine)
	readBack("the second older entry put back", nil)
	if err := l.Write(newest, rec); err != nil {
		t.Fatalf("the owner's write after the replays: %v", err)
	}
	readBack("written over again", newest)

	// Put back while the owner is away (a restart of every node): a
	// node starting refuses it, counted among the values refused.
	putBack(then)
	if kt := readBack("put back while the owner is away", nil); kt.Refused == 0 {
		t.Error("an older entry refused is not counted refused")
	}
}

// The entries of table 1, oldest first: ann and a guest with a resume
// code; the guest's seat given up and taken by bob; bob's chat line.
var (
	older  = []byte(`{"id":"1","code":"JOINME","seats":[{"owner":"key:ann"},{"owner":"guest:R3SUME"}]}`)
	newer  = []byte(`{"id":"1","code":"JOINME","seats":[{"owner":"key:ann"},{"owner":"key:bob"}]}`)
	newest = []byte(`{"id":"1","code":"JOINME","seats":[{"owner":"key:ann"},{"owner":"key:bob"}],"chat":["hi"]}`)
)
