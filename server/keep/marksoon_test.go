package keep

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestAMarkRidesTheNextMove: a table written by WriteSoon leaves its
// entry's mark to the record's next append, in the same message, so a
// move costs the store two writes (its append and the entry) where
// Write's cost three. The record holds every mark all the same, a move
// late: an older entry put back once a later entry's mark rode in, or
// once MarkNow made it alone, is refused as Write's own mark has it
// refused (the entry before the newest is taken until the newest is
// marked: the gap WriteSoon says). The message
// that carries both opens only as what it is: its header changed to a
// part's or a mark's, it does not open. Alone, and in a cluster of
// three (the owner, the forger's node and a reader on one node each).
func TestAMarkRidesTheNextMove(t *testing.T) {
	aloneAndThree(t, markSoon)
}

// markSoon plays table 1 on owner with WriteSoon, puts older entries
// back through forger's connection and reads the table on reader.
func markSoon(t *testing.T, owner, forger, reader *Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := keeperOn(ctx, t, owner)
	tablesKV, err := forger.js.KeyValue(ctx, tablesBucket)
	if err != nil {
		t.Fatal(err)
	}
	subj := recordSubject("1")
	// messages is how many messages the record holds, as the stream's
	// leader counts them: a direct get may be answered by a replica a
	// write behind (a CI run under the race detector read one count
	// short).
	messages := func() int {
		t.Helper()
		info, err := k.Records.stream.Info(ctx, jetstream.WithSubjectFilter(subj))
		if err != nil {
			t.Fatal(err)
		}
		return int(info.State.Subjects[subj])
	}
	capture := func() []byte {
		t.Helper()
		e, err := tablesKV.Get(ctx, "1")
		if err != nil {
			t.Fatal(err)
		}
		return e.Value()
	}
	// refused puts v back as the table's entry and reads the table on
	// a node just started until it is refused as older than its mark.
	refused := func(what string, v []byte) {
		t.Helper()
		if _, err := tablesKV.Put(ctx, "1", v); err != nil {
			t.Fatal(err)
		}
		for tries := 1; ; tries++ {
			kt, ok := keeperOn(ctx, t, reader).LoadOne(ctx, "1")
			if !ok {
				t.Fatalf("%s: the table is gone", what)
			}
			if errors.Is(kt.Err, ErrStale) && kt.Table == nil {
				return
			}
			if tries == 100 {
				t.Fatalf("%s: read back %q (%v), want it refused as stale", what, kt.Table, kt.Err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	l := k.Log("1")
	rec := []byte(`{"seed":7}` + "\nmove 1\n")
	if err := l.WriteSoon(older, rec); err != nil {
		t.Fatal(err)
	}
	first := capture()
	if n := messages(); n != 1 {
		t.Fatalf("after the first write the record holds %d messages, want 1 (its start, no mark yet)", n)
	}
	rec = append(rec, "move 2\n"...)
	if err := l.WriteSoon(newer, rec); err != nil {
		t.Fatal(err)
	}
	if n := messages(); n != 2 {
		t.Fatalf("after a move the record holds %d messages, want 2 (the mark rides the move's append)", n)
	}
	r, err := k.Records.read(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.rec, rec) || r.mark == nil || r.mark.gen != 1 {
		t.Fatalf("the record read back: %q, mark %+v; want %q marked at generation 1", r.rec, r.mark, rec)
	}
	rec = append(rec, "move 3\n"...)
	if err := l.WriteSoon(newest, rec); err != nil {
		t.Fatal(err)
	}
	third := capture()
	if n := messages(); n != 3 {
		t.Fatalf("after two moves the record holds %d messages, want 3", n)
	}
	refused("the first entry put back once the second's mark rode in", first)

	// The owner's next write, of its entry alone, writes over the entry
	// put back; MarkNow marks it, alone.
	if err := l.WriteSoon(newer, nil); err != nil {
		t.Fatalf("the owner's write after the replay: %v", err)
	}
	before := messages()
	if err := l.MarkNow(); err != nil {
		t.Fatal(err)
	}
	if n := messages(); n != before+1 {
		t.Fatalf("MarkNow appended %d messages, want 1", n-before)
	}
	if err := l.MarkNow(); err != nil || messages() != before+1 {
		t.Fatalf("a second MarkNow with nothing to mark: %v, %d messages, want nothing appended", err, messages()-before)
	}
	refused("an entry put back after MarkNow", third)

	// The message carrying both opens only as what it is.
	last, err := k.Records.stream.GetLastMsgForSubject(ctx, subj)
	if err != nil {
		t.Fatal(err)
	}
	var both *nats.Msg
	if err := k.Records.walk(ctx, subj, 0, last.Sequence, func(_ uint64, h nats.Header, data []byte) bool {
		if h.Get(markHeader) == markWithPart {
			both = &nats.Msg{Header: h, Data: data}
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if both == nil {
		t.Fatal("no message of the record carries a part and a mark")
	}
	for _, h := range []nats.Header{
		{prevHeader: both.Header[prevHeader]},
		{prevHeader: both.Header[prevHeader], markHeader: []string{"sealed"}},
	} {
		if p, err := k.Records.openPart(subj, h, both.Data, 0, nil); err == nil {
			t.Errorf("a part and its mark, read with headers %v: opened as %+v", h, p)
		}
	}
}
