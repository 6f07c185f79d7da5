package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
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

	// Put back before each of the owner's writes, as fast as it
	// writes: never a fence (that would stop the table), and once the
	// forger stops, the owner's entry is the newest again.
	k.Tables.KV = &quickerKV{KeyValue: k.Tables.KV, before: func() { putBack(then) }}
	if err := l.Write(newest, nil); err == nil || errors.Is(err, ErrFenced) {
		t.Fatalf("the owner's write while older entries are put back before each try: %v, want an error not a fence", err)
	}
	k.Tables.KV = k.Tables.KV.(*quickerKV).KeyValue
	if err := l.Write(newest, nil); err != nil {
		t.Fatalf("the owner's write once the replays stop: %v", err)
	}
	readBack("written over after a burst", newest)

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

// TestAnOlderLeasePutBackTakesNoTable: a lease value another node wrote
// while it held the table, put back after this node took the table, is
// not a takeover: this node's renewal writes it over and it still holds
// the table. A lease value older than any lease is kept, put back while
// nobody holds the table, names no holder, and the table's lease is
// taken at its revision. Alone (two nodes' leases on one engine), and
// in a cluster of three.
func TestAnOlderLeasePutBackTakesNoTable(t *testing.T) {
	aloneAndThree(t, func(t *testing.T, owner, forger, reader *Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		leases := func(e *Engine, node string) *Leases {
			l, err := OpenLeases(ctx, e, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			l.Node = node
			return l
		}
		la, lb := leases(owner, "node-a"), leases(reader, "node-b")
		kv, err := forger.js.KeyValue(ctx, leasesBucket)
		if err != nil {
			t.Fatal(err)
		}
		// node b held table 1 before, and gave it up.
		b, err := lb.acquire(ctx, "1")
		if err != nil {
			t.Fatal(err)
		}
		e, err := kv.Get(ctx, "1")
		if err != nil {
			t.Fatal(err)
		}
		then := e.Value()
		if err := lb.release(ctx, b); err != nil {
			t.Fatal(err)
		}
		a, err := la.acquire(ctx, "1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, "1", then); err != nil {
			t.Fatal(err)
		}
		if a, err = la.renew(ctx, a); err != nil {
			t.Fatalf("the holder's renewal after node b's lease was put back: %v", err)
		}
		for tries := 1; ; tries++ {
			h, err := lb.Holder(ctx, "1")
			if err == nil && h == "node-a" {
				break
			}
			if tries == 100 {
				t.Fatalf("the lease reads as held by %q (%v)", h, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := la.release(ctx, a); err != nil {
			t.Fatal(err)
		}

		// Long ago, node b held table 2: put back while nobody holds it,
		// its lease names nobody, and is taken.
		long := lb.seal.Seal(leasesBucket+"/2", fmt.Appendf(nil, "node-b\n%d", time.Now().Add(-lb.leaseAge()-time.Second).UnixNano()))
		if _, err := kv.Put(ctx, "2", long); err != nil {
			t.Fatal(err)
		}
		if h, err := la.Holder(ctx, "2"); err != nil || h != "" {
			t.Fatalf("a lease older than any kept reads as held by %q (%v)", h, err)
		}
		if _, err := la.acquire(ctx, "2"); err != nil {
			t.Fatalf("a table whose lease put back is older than any kept: %v", err)
		}
	})
}

// TestAnOlderNumberPutBackIsNotGivenAgain: the next table's number put
// back (captured when it was 2, after tables 2 and 3 were given and
// closed), or deleted, gives no number twice: not by the node that gave
// them, nor by that node started again (it keeps the highest number it
// gave in its state directory, which the store's writers do not reach),
// nor by another node that heard of them (Seen). Alone, and in a
// cluster of three.
func TestAnOlderNumberPutBackIsNotGivenAgain(t *testing.T) {
	aloneAndThree(t, func(t *testing.T, owner, forger, reader *Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		dir := filepath.Join(t.TempDir(), store.TablesDir)
		open := func(e *Engine, dir string) *Keeper {
			k, err := openKeeper(ctx, e, dir)
			if err != nil {
				t.Fatal(err)
			}
			return k
		}
		k := open(owner, dir)
		hall, err := forger.js.KeyValue(ctx, hallBucket)
		if err != nil {
			t.Fatal(err)
		}
		var then []byte
		for want := 1; want <= 3; want++ {
			if n, err := k.Numbers.Take(ctx); err != nil || n != want {
				t.Fatalf("table number %d given as %d (%v)", want, n, err)
			}
			if want == 1 {
				e, err := hall.Get(ctx, nextKey)
				if err != nil {
					t.Fatal(err)
				}
				then = e.Value()
			}
		}
		other := open(reader, filepath.Join(t.TempDir(), store.TablesDir))
		other.Numbers.Seen(3) // heard of as it opened
		for i, take := range []struct {
			name string
			k    func() *Keeper
			want int
		}{
			{"the node that gave them", func() *Keeper { return k }, 4},
			{"that node, started again", func() *Keeper { return open(owner, dir) }, 5},
			{"a node that heard of them", func() *Keeper { return other }, 6},
		} {
			if i == 1 {
				if err := hall.Purge(ctx, nextKey); err != nil { // deleted, this time
					t.Fatal(err)
				}
			} else if _, err := hall.Put(ctx, nextKey, then); err != nil {
				t.Fatal(err)
			}
			kk := take.k()
			if i == 1 {
				if n, err := kk.Numbers.Load(ctx); err != nil || n != 5 {
					t.Fatalf("%s: the next number loads as %d (%v)", take.name, n, err)
				}
			}
			if n, err := kk.Numbers.Take(ctx); err != nil || n != take.want {
				t.Fatalf("%s: a number given after the older one was put back: %d (%v), want %d", take.name, n, err, take.want)
			}
			other.Numbers.Seen(take.want) // heard of as it opened
		}
	})
}

// quickerKV is a bucket in which a forger writes (before) just before
// each of the node's updates.
type quickerKV struct {
	jetstream.KeyValue
	before func()
}

func (k *quickerKV) Update(ctx context.Context, key string, v []byte, last uint64) (uint64, error) {
	k.before()
	return k.KeyValue.Update(ctx, key, v, last)
}
