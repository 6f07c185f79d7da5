package keep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
)

// TestForgeriesChangeNoTable: a writer of the store without the
// cluster's secret (a user of a NATS deployment the nodes share, its
// operator) writes every kind of value a node reads — record starts,
// moves and claims, entries, a lease, the next table's number — in
// plain, sealed with another secret, replayed from another table, or
// cut short. After each, the table plays on untouched: its owner's
// next move and entry land (a forger's message fences nobody), a node
// reading the table back finds the same deal, seats and code and every
// move, the owner still holds its lease, and no new table is given its
// number. Alone, and in a cluster of three (the owner, the forger's
// node and a reader on one node each).
func TestForgeriesChangeNoTable(t *testing.T) {
	aloneAndThree(t, forgeAgainst)
}

// aloneAndThree runs test twice, in parallel: on one engine that is
// owner, forger and reader at once, and on a cluster of three with one
// engine each. The test itself runs beside the package's other
// parallel tests: its stores are its own, and it mostly waits.
func aloneAndThree(t *testing.T, test func(t *testing.T, owner, forger, reader *Engine)) {
	t.Parallel()
	t.Run("alone", func(t *testing.T) {
		t.Parallel()
		eng, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng.Close() })
		test(t, eng, eng, eng)
	})
	t.Run("three nodes", func(t *testing.T) {
		t.Parallel()
		engs := startClusterWith(t, 3, testSecret(t))
		test(t, engs[0], engs[1], engs[2])
	})
}

// keeperOn opens the tables' types on engine e, as a node starting.
func keeperOn(ctx context.Context, t *testing.T, e *Engine) *Keeper {
	t.Helper()
	k, err := openKeeper(ctx, e, filepath.Join(t.TempDir(), store.TablesDir))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// forgeAgainst plays table 1 on owner, forges through forger's
// connection (never its seal) and reads back on reader.
func forgeAgainst(t *testing.T, owner, forger, reader *Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	keeper := func(e *Engine) *Keeper { return keeperOn(ctx, t, e) }
	k, rk := keeper(owner), keeper(reader)
	leases, err := OpenLeases(ctx, owner, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	held, err := leases.acquire(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Numbers.Take(ctx); err != nil { // table 1's number
		t.Fatal(err)
	}
	// Table 1, and table 2 to replay from.
	entry := []byte(`{"id":"1","code":"JOINME","seats":["ann","bob"],"commit":"c0ffee"}`)
	rec := []byte(`{"seed":7,"meta":{"commit":"c0ffee","salt":"5a17"}}` + "\n" + "move 1\n")
	l := k.Log("1")
	if err := l.Write(entry, rec); err != nil {
		t.Fatal(err)
	}
	if err := l.Claim(owner.Node); err != nil { // as a node taking it over
		t.Fatal(err)
	}
	if err := k.Log("2").Write([]byte(`{"id":"2","code":"OTHERS"}`), []byte(`{"seed":9,"meta":{"commit":"0dd"}}`+"\n")); err != nil {
		t.Fatal(err)
	}

	// What the forger reads (sealed) and writes (anything), by hand.
	js, other := forger.js, testSecret(t).NewSealer()
	subj := recordSubject("1")
	stream, err := js.Stream(ctx, recordsStream)
	if err != nil {
		t.Fatal(err)
	}
	// raw is subj's last message as the stream's leader holds it: a
	// direct get may be answered by a replica a write behind.
	raw := func(subj string) []byte {
		m, ok, err := leaderGet(ctx, forger.NC, recordsStream, struct {
			LastBySubj string `json:"last_by_subj"`
		}{subj})
		if err != nil || !ok {
			t.Fatalf("%s's last message: %v (found %v)", subj, err, ok)
		}
		return m.Data
	}
	rawEntry := func(id string) []byte {
		e, err := k.Tables.KV.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return e.Value()
	}
	// again copies the last of the node's messages of the record with
	// header h (read through the node: a forger who watched the store
	// would know which), headers and all.
	again := func(h string) error {
		var m *jetstream.RawStreamMsg
		for seq := uint64(1); ; seq++ {
			next, err := stream.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(subj))
			if err != nil {
				break
			}
			seq = next.Sequence
			if _, err := k.Records.openPart(subj, next.Header, next.Data, 0, nil); err == nil && next.Header.Get(h) != "" {
				m = next
			}
		}
		if m == nil {
			t.Fatalf("no message of the node's with %s to replay", h)
		}
		hdr := nats.Header{}
		for k, v := range m.Header {
			if !strings.HasPrefix(k, "Nats-") { // the owner's expectations
				hdr[k] = v
			}
		}
		_, err := js.PublishMsg(ctx, &nats.Msg{Subject: subj, Data: m.Data, Header: hdr})
		return err
	}
	pub := func(data []byte, hdr ...string) error {
		m := &nats.Msg{Subject: subj, Data: data, Header: nats.Header{}}
		for i := 0; i+1 < len(hdr); i += 2 {
			m.Header.Set(hdr[i], hdr[i+1])
		}
		_, err := js.PublishMsg(ctx, m)
		return err
	}
	kv := func(bucket string) jetstream.KeyValue {
		b, err := js.KeyValue(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	put := func(bucket, key string, v []byte) error {
		_, err := kv(bucket).Put(ctx, key, v)
		return err
	}
	plainStart := []byte(`{"seed":666,"meta":{"commit":"f0f0","salt":"bad"}}` + "\n")
	forgeries := []struct {
		name  string
		forge func() error
	}{
		{"a plaintext record start", func() error { return pub(plainStart, partHeader, partStart) }},
		{"a record start sealed with another secret", func() error { return pub(other.Seal(subj, plainStart), partHeader, partStart) }},
		{"another table's record start replayed", func() error { return pub(raw(recordSubject("2")), partHeader, partStart) }},
		{"an unsealed move appended", func() error { return pub([]byte("forged move\n")) }},
		{"an unsealed claim", func() error { return pub(nil, ownerHeader, "forger") }},
		{"a claim sealed with another secret", func() error { return pub(other.Seal(claimPlace(subj), []byte("forger")), ownerHeader, "sealed") }},
		{"a sealed move cut short", func() error { m := raw(subj); return pub(m[:len(m)-5]) }},
		{"the match's start replayed", func() error { return again(partHeader) }},
		{"a move replayed", func() error { return again(prevHeader) }},
		{"a claim replayed", func() error { return again(ownerHeader) }},
		{"a plaintext table entry", func() error { return put(tablesBucket, "1", []byte(`{"id":"1","code":"FORGED","seats":["eve"]}`)) }},
		{"another table's entry", func() error { return put(tablesBucket, "1", rawEntry("2")) }},
		{"a sealed entry cut short", func() error { e := rawEntry("1"); return put(tablesBucket, "1", e[:len(e)-3]) }},
		{"an entry sealed with another secret", func() error { return put(tablesBucket, "1", other.Seal(entryPlace("1"), []byte(`{"id":"1"}`))) }},
		{"a plaintext lease", func() error { return put(leasesBucket, "1", []byte("forger")) }},
		{"a plaintext next table's number", func() error { return put(hallBucket, nextKey, []byte("1")) }},
	}
	moves := 1
	for _, f := range forgeries {
		if err := f.forge(); err != nil {
			t.Fatalf("%s: forging: %v", f.name, err)
		}
		// Before the owner writes again, a reader takes nothing forged:
		// the table as it was, or (an entry written over) nothing.
		if kt, ok := rk.LoadOne(ctx, "1"); !ok {
			t.Fatalf("%s: the table is gone", f.name)
		} else if kt.Err == nil && (!bytes.Equal(kt.Table, entry) || !bytes.Equal(kt.Record, rec)) {
			t.Fatalf("%s: read back as\n%s\n%s", f.name, kt.Table, kt.Record)
		} else if kt.Err != nil && !errors.Is(kt.Err, ErrUnsealed) && !errors.Is(kt.Err, ErrSealBroken) {
			t.Fatalf("%s: read back: %v", f.name, kt.Err)
		}
		// The owner plays on: a move and the entry (as a seat taken
		// writes it) land.
		moves++
		rec = fmt.Appendf(rec, "move %d\n", moves)
		if err := l.Write(entry, rec); err != nil {
			t.Fatalf("%s: the owner's next write: %v", f.name, err)
		}
		// Read on another node, the owner's writes may take a moment
		// to reach its replica.
		for tries := 1; ; tries++ {
			kt, ok := rk.LoadOne(ctx, "1")
			if ok && kt.Err == nil && bytes.Equal(kt.Table, entry) && bytes.Equal(kt.Record, rec) {
				break
			}
			if tries == 100 {
				t.Fatalf("%s: read back (%v, %v) as\n%s\n%s\nwant\n%s\n%s", f.name, ok, kt.Err, kt.Table, kt.Record, entry, rec)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if held, err = leases.renew(ctx, held); err != nil {
			t.Fatalf("%s: the owner's lease: %v", f.name, err)
		}
		for tries := 1; ; tries++ {
			h, err := leases.Holder(ctx, "1")
			if err == nil && h == owner.Node {
				break
			}
			if tries == 100 {
				t.Fatalf("%s: the lease's holder reads %q (%v)", f.name, h, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// A new match: the one before is kept for "record TABLE", and a
	// forged one after it is not given in its place.
	next := []byte(`{"seed":8,"meta":{"commit":"beef"}}` + "\n")
	if err := l.Write(nil, next); err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, lastSubject("1"), plainStart); err != nil {
		t.Fatal(err)
	}
	if got, err := rk.Records.Last(ctx, "1"); err != nil || !bytes.Equal(got, rec) {
		t.Fatalf("the match before reads %q (%v), want %q", got, err, rec)
	}
	// Read until it is the new match, a minute at most: on three nodes
	// the reader's direct get may be answered by a replica a write
	// behind (as TestClusterKeepsATableThroughANodesLoss's once was).
	if got, _, err := readUntil(ctx, rk, "1", next); err != nil || !bytes.Equal(got, next) {
		t.Fatalf("the new match reads %q (%v)", got, err)
	}
	// No new table is given a number kept.
	if n, err := rk.Numbers.Take(ctx); err != nil || n < 3 {
		t.Fatalf("the next table's number after a forged one: %d (%v)", n, err)
	}
	// A lease forged for a table nobody holds holds nothing.
	if err := put(leasesBucket, "2", []byte(owner.Node)); err != nil {
		t.Fatal(err)
	}
	if h, err := leases.Holder(ctx, "2"); err != nil || h != "" {
		t.Fatalf("a plaintext lease reads as held by %q (%v)", h, err)
	}
	if _, err := leases.acquire(ctx, "2"); err != nil {
		t.Fatalf("a table whose only lease is forged: %v", err)
	}
}

// TestSealStore: a store an older okey wrote (entries, records, the
// match before and the next number in plain, a record half plain and
// half sealed, an empty claim in it) is refused as it is, and taken
// once SealStore has sealed it; a second run has nothing left to seal.
func TestSealStore(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	js, subj := k.eng.js, recordSubject("4")
	for _, m := range []*nats.Msg{
		{Subject: subj, Data: []byte("H\n"), Header: nats.Header{partHeader: []string{partStart}}},
		{Subject: subj, Data: []byte("A\n")},
		{Subject: subj, Header: nats.Header{ownerHeader: []string{"node1"}}},
		{Subject: subj, Data: k.eng.Seal.Seal(subj, []byte("B\n"))},
		{Subject: lastSubject("4"), Data: []byte("OLD\n")},
	} {
		if _, err := js.PublishMsg(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := k.Tables.KV.Put(ctx, "4", []byte(`{"id":"4"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Numbers.hall.Put(ctx, nextKey, []byte("5")); err != nil {
		t.Fatal(err)
	}
	if kt, _ := k.LoadOne(ctx, "4"); !errors.Is(kt.Err, ErrUnsealed) {
		t.Fatalf("a table kept in plain read as %q, %q (%v)", kt.Table, kt.Record, kt.Err)
	}
	n, err := k.SealStore(ctx)
	if err != nil || n != (SealedCounts{Entries: 1, Records: 1, Last: 1, Next: 1}) {
		t.Fatalf("sealed %+v (%v)", n, err)
	}
	kt, ok := k.LoadOne(ctx, "4")
	if !ok || kt.Err != nil || string(kt.Table) != `{"id":"4"}` || string(kt.Record) != "H\nA\nB\n" || kt.Refused != 0 {
		t.Fatalf("the table sealed reads %q, %q (%v, %d refused)", kt.Table, kt.Record, kt.Err, kt.Refused)
	}
	if last, err := k.Records.Last(ctx, "4"); err != nil || string(last) != "OLD\n" {
		t.Fatalf("its match before: %q (%v)", last, err)
	}
	if next, err := k.Numbers.Load(ctx); err != nil || next != 5 {
		t.Fatalf("the next number: %d (%v)", next, err)
	}
	// The table goes on from the record sealed.
	if err := kt.Log.Write(nil, []byte("H\nA\nB\nC\n")); err != nil {
		t.Fatal(err)
	}
	if n, err := k.SealStore(ctx); err != nil || n != (SealedCounts{}) {
		t.Fatalf("sealed again: %+v (%v)", n, err)
	}
}
