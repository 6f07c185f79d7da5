package keep

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/kit/store"
	"okey/server/servetest"
)

// TestTableLogFencesAndRestarts: a record grows by appends and reads
// back whole; a new match starts the record afresh (the old match's
// messages purged); a second writer of the same table, or a stale one,
// is refused (ErrFenced) and changes nothing.
func TestTableLogFencesAndRestarts(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := EngineCtx()
	defer cancel()
	readBack := func(want string) {
		t.Helper()
		got, _, err := k.Records.Read(ctx, "7")
		if err != nil || string(got) != want {
			t.Fatalf("record read back %q (%v), want %q", got, err, want)
		}
	}
	l := k.Log("7")
	for _, step := range []struct{ table, rec string }{
		{`{"n":1}`, "H\n"},
		{"", "H\nA\n"},
		{"", "H\nA\nB\n"},
		{`{"n":2}`, "H\nA\nB\n"}, // the record unchanged: nothing appended
	} {
		var tb []byte
		if step.table != "" {
			tb = []byte(step.table)
		}
		if err := l.Write(tb, []byte(step.rec)); err != nil {
			t.Fatal(err)
		}
	}
	readBack("H\nA\nB\n")
	if n := l.seq; n != 5 {
		t.Errorf("after three appends and two entries marked the last sequence is %d", n)
	}

	// A writer that restored the table earlier (stale) is fenced off.
	stale := k.Log("7")
	stale.seq, stale.rev, stale.rec = 1, 1, []byte("H\n")
	if err := stale.Write(nil, []byte("H\nX\n")); !errors.Is(err, ErrFenced) {
		t.Errorf("a stale writer's append: %v, want errFenced", err)
	}
	if err := stale.Write([]byte(`{"n":9}`), nil); !errors.Is(err, ErrFenced) {
		t.Errorf("a stale writer's entry: %v, want errFenced", err)
	}
	// So is a new writer that believes the table new.
	if err := k.Log("7").Write([]byte(`{"n":9}`), []byte("H2\n")); !errors.Is(err, ErrFenced) {
		t.Errorf("a second writer: %v, want errFenced", err)
	}
	readBack("H\nA\nB\n")
	if e, err := k.Tables.KV.Get(ctx, "7"); err != nil {
		t.Errorf("the entry after fenced writes: %v", err)
	} else if v, err := k.eng.Seal.openKept(entryPlace("7"), e.Value()); err != nil {
		t.Errorf("the entry after fenced writes: %v", err)
	} else if st, v := unstamp(v); string(v) != `{"n":2}` || st.gen != 2 {
		t.Errorf("the entry after fenced writes: %q, generation %d", v, st.gen)
	}

	// A new match: a record that does not continue the last.
	if err := l.Write(nil, []byte("N\n")); err != nil {
		t.Fatal(err)
	}
	if err := l.Write(nil, []byte("N\nC\n")); err != nil {
		t.Fatal(err)
	}
	readBack("N\nC\n")
	info, err := k.Records.stream.Info(ctx, jetstream.WithSubjectFilter("okey.table.7.record"))
	if err != nil {
		t.Fatal(err)
	}
	if n := info.State.Subjects["okey.table.7.record"]; n != 3 {
		t.Errorf("the table's subject holds %d messages after a new match, want 3 (its start, its entry's mark and one append)", n)
	}

	// Put away: the entry and the record are gone, the match filed.
	if err := l.Retire(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), 0); err != nil {
		t.Fatal(err)
	}
	readBack("")
	if kept, err := k.Load(ctx); err != nil || len(kept) != 0 {
		t.Errorf("after retiring, load gives %d tables (%v)", len(kept), err)
	}
	matches, _ := filepath.Glob(filepath.Join(k.dir, store.FinishedDir, "*-table-7.okey"))
	if len(matches) != 1 {
		t.Fatalf("finished matches filed: %v", matches)
	}
	if b, _ := os.ReadFile(matches[0]); string(b) != "N\nC\n" {
		t.Errorf("the filed match is %q", b)
	}
}

// BenchmarkFirstStart is a server's store started on an empty state
// directory: the engine, its stream and buckets, the (empty) import.
func BenchmarkFirstStart(b *testing.B) {
	for b.Loop() {
		dir := b.TempDir()
		eng, err := startEngine(engineDir(dir))
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := EngineCtx()
		k, err := openKeeper(ctx, eng, filepath.Join(dir, store.TablesDir))
		if err == nil {
			_, err = k.ImportFiles(ctx)
		}
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		eng.Close()
		b.StartTimer()
	}
}

// BenchmarkMoveSave is a move's save: the record of a 101 match under
// way (door/testdata/legacy, 11 KB) one action line longer each time, a new
// match every 200 moves. files is the saver's write before the engine
// (the whole record rewritten atomically, synced), stream the append of
// the line, acknowledged by the engine.
func BenchmarkMoveSave(b *testing.B) {
	base, err := os.ReadFile(filepath.Join("..", "door", "testdata", "legacy", "tables", "2.okey"))
	if err != nil {
		b.Fatal(err)
	}
	line := []byte(`{"a":"draw","s":0}` + "\n")
	run := func(b *testing.B, write func(rec []byte) error) {
		rec := slices.Clone(base)
		n := 0
		for b.Loop() {
			if n++; n%200 == 0 {
				rec = slices.Clone(base)
			}
			rec = append(rec[:len(rec):len(rec)], line...)
			if err := write(rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("files", func(b *testing.B) {
		files, err := store.OpenTables(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		run(b, func(rec []byte) error { return files.Save("2", nil, rec) })
	})
	b.Run("stream", func(b *testing.B) {
		k, closeFn := openStoreAt(b, b.TempDir())
		defer closeFn()
		l := k.Log("2")
		run(b, func(rec []byte) error { return l.Write(nil, rec) })
	})
}

// openStoreAt opens the store of a server's state directory (the server
// stopped), importing nothing.
func openStoreAt(t testing.TB, dir string) (*Keeper, func()) {
	t.Helper()
	eng, k, err := OpenDir(context.Background(), dir, StoreConfig{})
	if err != nil {
		t.Fatal(err)
	}
	return k, func() { eng.Close() }
}

// TestAnUnansweredWriteIsGivenUp: a write sent without waiting whose
// acknowledgement never comes (a leader lost with the write in flight
// sends none) ends in an error after StoreConfig.AckWait, so that what
// waits for it (a node's lobby writer) goes on; without the limit it
// waited for ever.
func TestAnUnansweredWriteIsGivenUp(t *testing.T) {
	eng, _, err := OpenDir(context.Background(), t.TempDir(), StoreConfig{AckWait: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	// A listener that takes the write and never answers, as a stream's
	// leader that stepped down with it.
	sub, err := eng.NC.SubscribeSync("okey.silent")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	f, err := eng.JetStream().PublishAsync("okey.silent", []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.Ok():
		t.Fatal("a write nobody acknowledged was acknowledged")
	case err := <-f.Err():
		if !errors.Is(err, jetstream.ErrAsyncPublishTimeout) {
			t.Fatalf("the write ended with %v, want a timeout", err)
		}
	case <-time.After(30 * time.Second): // far past the wait: it would have waited for ever
		t.Fatal("an unanswered write was still waited for after 30 s")
	}
}

// TestWrittenTellsClosedFromNever: a table whose entry a node put away
// (its match over) is still known written, though no longer kept; one
// never saved is neither. The hall reads the second alone as lost with
// its node (a tournament then counts its match abandoned): the first
// has its end on its way.
func TestWrittenTellsClosedFromNever(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := EngineCtx()
	defer cancel()
	check := func(id string, wantKept, wantWritten bool) {
		t.Helper()
		kept, err := k.Tables.Kept(ctx, id)
		if err != nil || kept != wantKept {
			t.Errorf("table %s kept: %v (%v), want %v", id, kept, err, wantKept)
		}
		written, err := k.Tables.Written(ctx, id)
		if err != nil || written != wantWritten {
			t.Errorf("table %s written: %v (%v), want %v", id, written, err, wantWritten)
		}
	}
	check("4", false, false)
	l := k.Log("4")
	if err := l.Write([]byte(`{"n":1}`), []byte("H\n")); err != nil {
		t.Fatal(err)
	}
	check("4", true, true)
	if err := l.Retire(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), 0); err != nil {
		t.Fatal(err)
	}
	check("4", false, true)
	check("5", false, false)
}

// A connection to the store that drops is said, and so is its coming
// back; a close of the process's own is not: before, a node whose
// connection dropped (and every answer on its way with it) said
// nothing, and its tables' writes went unanswered for seconds with no
// word of why.
func TestADroppedConnectionIsSaid(t *testing.T) {
	e, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var said servetest.Buffer
	e.SetLog(slog.New(slog.NewTextHandler(&said, nil)))
	id, err := e.NC.GetClientID()
	if err != nil {
		t.Fatal(err)
	}
	if err := e.ns.DisconnectClientByID(id); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the store's connection dropped", "the store's connection is back"} {
		deadline := time.Now().Add(30 * time.Second)
		for !strings.Contains(said.String(), want) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if !strings.Contains(said.String(), want) {
			t.Errorf("not said: %q; the log:\n%s", want, said.String())
		}
	}
	if n := strings.Count(said.String(), "dropped"); n != 1 {
		t.Errorf("said dropped %d times, want once; the log:\n%s", n, said.String())
	}
	// The process's own close says nothing: its handlers run on the
	// client's goroutine, looked at once it has closed.
	before := said.String()
	e.Close()
	time.Sleep(100 * time.Millisecond)
	if strings.Count(said.String(), "dropped") != strings.Count(before, "dropped") {
		t.Errorf("the engine's close said dropped; the log:\n%s", said.String())
	}
}
