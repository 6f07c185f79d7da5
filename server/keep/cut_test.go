package keep

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// cutTable writes table 1 on k: its first match begun, then two moves,
// its entry written again after the second (so it names the record's
// last message then). It returns the record as written.
func cutTable(t *testing.T, k *Keeper) []byte {
	t.Helper()
	l := k.Log("1")
	rec := []byte(`{"seed":7}` + "\nmove 1\n")
	if err := l.Write([]byte(`{"n":1}`), rec); err != nil {
		t.Fatal(err)
	}
	rec = append(rec, "move 2\n"...)
	if err := l.Write([]byte(`{"n":2}`), rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// rawRecord is every message of table 1's record as the stream holds
// it, in order.
func rawRecord(ctx context.Context, t *testing.T, st jetstream.Stream) []*jetstream.RawStreamMsg {
	t.Helper()
	last, err := st.GetLastMsgForSubject(ctx, recordSubject("1"))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []*jetstream.RawStreamMsg
	for seq := uint64(1); seq <= last.Sequence; seq++ {
		m, err := st.GetMsg(ctx, seq)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject == recordSubject("1") {
			msgs = append(msgs, m)
		}
	}
	return msgs
}

// putBack appends m to the stream as a writer of the store would copy
// it: its headers and sealed bytes as they are, but for the store's own
// (its message id would be taken for a repeat).
func putBack(ctx context.Context, t *testing.T, js jetstream.JetStream, m *jetstream.RawStreamMsg) uint64 {
	t.Helper()
	h := nats.Header{}
	for k, v := range m.Header {
		if !strings.HasPrefix(k, "Nats-") {
			h[k] = v
		}
	}
	ack, err := js.PublishMsg(ctx, &nats.Msg{Subject: m.Subject, Header: h, Data: m.Data})
	if err != nil {
		t.Fatal(err)
	}
	return ack.Sequence
}

// TestARecordCannotBeCut: a table's record only grows. A writer of the
// store without the cluster's secret cannot delete its last messages
// (the records' stream denies deletes, also a stream made before the
// node started without it); and a record cut all the same — the stream
// made again with all but its last messages, or its start put back
// after a purge — is not taken: the table reads as cut (ErrCut), never
// played on from an earlier point.
func TestARecordCannotBeCut(t *testing.T) {
	t.Parallel()
	// A minute for each subtest from when it runs: a parallel subtest
	// may wait for its turn long on a loaded machine, and one minute
	// shared from the start ran out before a subtest began (a CI run's
	// race step, beside a busy neighbour).
	minute := func(t *testing.T) context.Context {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		t.Cleanup(cancel)
		return ctx
	}

	t.Run("deletes refused", func(t *testing.T) {
		t.Parallel()
		ctx := minute(t)
		eng, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng.Close() })
		// The stream as a build from before made it: deletes allowed.
		if _, err := eng.js.CreateStream(ctx, jetstream.StreamConfig{Name: recordsStream, Subjects: []string{recordSubject("*"), lastSubject("*")}, AllowDirect: true}); err != nil {
			t.Fatal(err)
		}
		k := keeperOn(ctx, t, eng)
		cutTable(t, k)
		st, err := eng.js.Stream(ctx, recordsStream)
		if err != nil {
			t.Fatal(err)
		}
		msgs := rawRecord(ctx, t, st)
		if err := st.DeleteMsg(ctx, msgs[len(msgs)-1].Sequence); err == nil {
			t.Fatal("a record's last message was deleted")
		}
		if err := st.SecureDeleteMsg(ctx, msgs[len(msgs)-2].Sequence); err == nil {
			t.Fatal("a record's message was deleted (secure delete)")
		}
		// Nor can the setting be taken back.
		cfg := st.CachedInfo().Config
		cfg.DenyDelete = false
		if _, err := eng.js.UpdateStream(ctx, cfg); err == nil {
			t.Fatal("the records' stream was set to allow deletes again")
		}
	})

	t.Run("made again without its tail", func(t *testing.T) {
		t.Parallel()
		ctx := minute(t)
		eng, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng.Close() })
		k := keeperOn(ctx, t, eng)
		cutTable(t, k)
		st, err := eng.js.Stream(ctx, recordsStream)
		if err != nil {
			t.Fatal(err)
		}
		msgs := rawRecord(ctx, t, st)
		// Only table 1 wrote, from the stream's first message: each
		// message copied back lands at its own sequence, and binds.
		if msgs[0].Sequence != 1 || msgs[len(msgs)-1].Sequence != uint64(len(msgs)) {
			t.Fatalf("the record's messages are not the stream's 1 to %d: %d to %d", len(msgs), msgs[0].Sequence, msgs[len(msgs)-1].Sequence)
		}
		cfg := st.CachedInfo().Config
		if err := eng.js.DeleteStream(ctx, recordsStream); err != nil {
			t.Fatal(err)
		}
		cfg.DenyDelete = false
		if _, err := eng.js.CreateStream(ctx, cfg); err != nil {
			t.Fatal(err)
		}
		// All but the second move and the entry's mark after it.
		for _, m := range msgs[:len(msgs)-2] {
			putBack(ctx, t, eng.js, m)
		}
		kt, ok := keeperOn(ctx, t, eng).LoadOne(ctx, "1")
		if !ok || !errors.Is(kt.Err, ErrCut) || kt.Record != nil || kt.Table != nil {
			t.Fatalf("a record cut short of its entry read back as %q, %q (kept %v, err %v); want it refused as cut", kt.Record, kt.Table, ok, kt.Err)
		}
	})

	t.Run("start put back after a purge", func(t *testing.T) {
		t.Parallel()
		ctx := minute(t)
		eng, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng.Close() })
		k := keeperOn(ctx, t, eng)
		cutTable(t, k)
		st, err := eng.js.Stream(ctx, recordsStream)
		if err != nil {
			t.Fatal(err)
		}
		start := rawRecord(ctx, t, st)[0]
		if err := st.Purge(ctx, jetstream.WithPurgeSubject(recordSubject("1"))); err != nil {
			t.Fatal(err)
		}
		putBack(ctx, t, eng.js, start)
		kt, ok := keeperOn(ctx, t, eng).LoadOne(ctx, "1")
		if !ok || !errors.Is(kt.Err, ErrCut) || kt.Record != nil {
			t.Fatalf("a record purged and its start put back read back as %q (kept %v, err %v); want it refused as cut", kt.Record, ok, kt.Err)
		}
		// Its messages after the start purged instead: it begins with
		// no start.
		eng2, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng2.Close() })
		k2 := keeperOn(ctx, t, eng2)
		rec := cutTable(t, k2)
		st2, err := eng2.js.Stream(ctx, recordsStream)
		if err != nil {
			t.Fatal(err)
		}
		msgs := rawRecord(ctx, t, st2)
		if err := st2.Purge(ctx, jetstream.WithPurgeSubject(recordSubject("1")), jetstream.WithPurgeSequence(msgs[1].Sequence)); err != nil {
			t.Fatal(err)
		}
		kt, ok = keeperOn(ctx, t, eng2).LoadOne(ctx, "1")
		if !ok || !errors.Is(kt.Err, ErrCut) || kt.Record != nil {
			t.Fatalf("a record without its start (whole: %q) read back as %q (kept %v, err %v); want it refused as cut", rec, kt.Record, ok, kt.Err)
		}
	})

	t.Run("uncut", func(t *testing.T) {
		t.Parallel()
		ctx := minute(t)
		eng, err := startEngine(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { eng.Close() })
		k := keeperOn(ctx, t, eng)
		rec := cutTable(t, k)
		kt, ok := keeperOn(ctx, t, eng).LoadOne(ctx, "1")
		if !ok || kt.Err != nil || string(kt.Record) != string(rec) {
			t.Fatalf("the table read back as %q (kept %v, err %v), want %q", kt.Record, ok, kt.Err, rec)
		}
		// A new match, and the records' stream made again: each still
		// read whole.
		l := kt.Log
		rec = []byte(`{"seed":8}` + "\n")
		if err := l.Write(nil, rec); err != nil {
			t.Fatal(err)
		}
		if kt, _ := keeperOn(ctx, t, eng).LoadOne(ctx, "1"); kt.Err != nil || string(kt.Record) != string(rec) {
			t.Fatalf("after a new match the table read back as %q (err %v), want %q", kt.Record, kt.Err, rec)
		}
		if err := eng.js.DeleteStream(ctx, recordsStream); err != nil {
			t.Fatal(err)
		}
		rec = append(rec, "move 1\n"...)
		if err := l.Write(nil, rec); err != nil {
			t.Fatal(err)
		}
		if kt, _ := keeperOn(ctx, t, eng).LoadOne(ctx, "1"); kt.Err != nil || string(kt.Record) != string(rec) {
			t.Fatalf("after the stream was made again the table read back as %q (err %v), want %q", kt.Record, kt.Err, rec)
		}
	})
}
