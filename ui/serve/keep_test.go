package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"okey/game"
	"okey/game/okey101"
	"okey/ui/store"
)

// copyDir copies the files of from into to (made).
func copyDir(t testing.TB, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestImportsTablesSavedAsFiles: a state directory written by okey serve
// before the engine (testdata/legacy: a classic match under way with
// chat, a 101 match under way, table 3 closed, a private waiting room
// with a guest, the next number 5) comes back whole on the first start,
// its files moved to tables/imported; the second start finds it in the
// engine and imports nothing again.
func TestImportsTablesSavedAsFiles(t *testing.T) {
	t.Parallel()
	stateDir := t.TempDir()
	legacy := filepath.Join("testdata", "legacy", "tables")
	tablesDir := filepath.Join(stateDir, store.TablesDir)
	copyDir(t, legacy, tablesDir)
	tweak := func(c *Config) { c.StateDir, c.HostKey = stateDir, filepath.Join(t.TempDir(), "k", "key") }

	srv, _ := startServer(t, withDefaults(t, tweak))
	check := func(srv *Server) {
		t.Helper()
		var ids []string
		for _, s := range srv.tableList() {
			ids = append(ids, s.ID)
		}
		if !reflect.DeepEqual(ids, []string{"1", "2", "4"}) {
			t.Fatalf("tables after the import: %v, want 1 2 4", ids)
		}
		for _, id := range ids {
			want, err := os.ReadFile(filepath.Join(legacy, id+".okey"))
			if errors.Is(err, os.ErrNotExist) {
				want = nil
			} else if err != nil {
				t.Fatal(err)
			}
			got, err := storedRecord(t, srv, id)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("table %s's record in the store (%d bytes, %v) is not its file (%d bytes)", id, len(got), err, len(want))
			}
			var wantTable, gotTable savedTable
			b, err := os.ReadFile(filepath.Join(legacy, id+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &wantTable); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := engineCtx()
			e, err := srv.hall.keep.tables.Get(ctx, id)
			cancel()
			if err != nil {
				t.Fatalf("table %s's entry: %v", id, err)
			}
			if err := json.Unmarshal(e.Value(), &gotTable); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(gotTable, wantTable) {
				t.Errorf("table %s's entry:\n got %+v\nwant %+v", id, gotTable, wantTable)
			}
		}
		rec1, _ := os.ReadFile(filepath.Join(legacy, "1.okey"))
		r, err := game.ParseRecord(rec1)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.Replay(r)
		if err != nil {
			t.Fatal(err)
		}
		if s := summary(srv, "1"); !s.Started || s.Hand != g.State().HandNumber() || s.Players[1].Name != "bob" || s.Owners[1] != "guest:KM4QX7RTWA" {
			t.Errorf("table 1 came back as %+v", s)
		}
		rec2, _ := os.ReadFile(filepath.Join(legacy, "2.okey"))
		r2, err := okey101.ParseRecord(rec2)
		if err != nil {
			t.Fatal(err)
		}
		g2, err := okey101.Replay(r2)
		if err != nil {
			t.Fatal(err)
		}
		if s := summary(srv, "2"); !s.Started || s.Game != okey101.GameName || s.Hand != g2.State().HandNumber() {
			t.Errorf("table 2 came back as %+v", s)
		}
		if s := summary(srv, "4"); s.Started || s.Code != "QX7RTW" || s.Owners[1] != "guest:ABCDEFGHJK" {
			t.Errorf("table 4 came back as %+v", s)
		}
	}
	check(srv)
	for _, f := range []string{"1.json", "1.okey", "2.json", "2.okey", "4.json", "next"} {
		if _, err := os.Stat(filepath.Join(tablesDir, f)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still among the tables after the import (%v)", f, err)
		}
		if _, err := os.Stat(filepath.Join(tablesDir, "imported", f)); err != nil {
			t.Errorf("%s is not kept in imported/: %v", f, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	srv2, _ := startServer(t, withDefaults(t, tweak))
	check(srv2)
	// The next number came over too: table 3 is never given again.
	tb, err := srv2.hall.create(tableConfig{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:SHA256:new", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	if tb.id != "5" {
		t.Errorf("the next table is %s, want 5", tb.id)
	}
}

// TestTableLogFencesAndRestarts: a record grows by appends and reads
// back whole; a new match starts the record afresh (the old match's
// messages purged); a second writer of the same table, or a stale one,
// is refused (errFenced) and changes nothing.
func TestTableLogFencesAndRestarts(t *testing.T) {
	t.Parallel()
	k, closeFn := openStoreAt(t, t.TempDir())
	defer closeFn()
	ctx, cancel := engineCtx()
	defer cancel()
	readBack := func(want string) {
		t.Helper()
		got, _, err := k.readRecord(ctx, "7")
		if err != nil || string(got) != want {
			t.Fatalf("record read back %q (%v), want %q", got, err, want)
		}
	}
	l := k.log("7")
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
		if err := l.write(tb, []byte(step.rec)); err != nil {
			t.Fatal(err)
		}
	}
	readBack("H\nA\nB\n")
	if n := l.seq; n != 3 {
		t.Errorf("after three appends the last sequence is %d", n)
	}

	// A writer that restored the table earlier (stale) is fenced off.
	stale := k.log("7")
	stale.seq, stale.rev, stale.rec = 1, 1, []byte("H\n")
	if err := stale.write(nil, []byte("H\nX\n")); !errors.Is(err, errFenced) {
		t.Errorf("a stale writer's append: %v, want errFenced", err)
	}
	if err := stale.write([]byte(`{"n":9}`), nil); !errors.Is(err, errFenced) {
		t.Errorf("a stale writer's entry: %v, want errFenced", err)
	}
	// So is a new writer that believes the table new.
	if err := k.log("7").write([]byte(`{"n":9}`), []byte("H2\n")); !errors.Is(err, errFenced) {
		t.Errorf("a second writer: %v, want errFenced", err)
	}
	readBack("H\nA\nB\n")
	if e, err := k.tables.Get(ctx, "7"); err != nil || string(e.Value()) != `{"n":2}` {
		t.Errorf("the entry after fenced writes: %v", err)
	}

	// A new match: a record that does not continue the last.
	if err := l.write(nil, []byte("N\n")); err != nil {
		t.Fatal(err)
	}
	if err := l.write(nil, []byte("N\nC\n")); err != nil {
		t.Fatal(err)
	}
	readBack("N\nC\n")
	info, err := k.records.Info(ctx, jetstream.WithSubjectFilter("okey.table.7.record"))
	if err != nil {
		t.Fatal(err)
	}
	if n := info.State.Subjects["okey.table.7.record"]; n != 2 {
		t.Errorf("the table's subject holds %d messages after a new match, want 2 (its start and one append)", n)
	}

	// Put away: the entry and the record are gone, the match filed.
	if err := l.retire(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), 0); err != nil {
		t.Fatal(err)
	}
	readBack("")
	if kept, err := k.load(ctx); err != nil || len(kept) != 0 {
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
		ctx, cancel := engineCtx()
		k, err := openKeeper(ctx, eng, filepath.Join(dir, store.TablesDir))
		if err == nil {
			_, err = k.importFiles(ctx)
		}
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		eng.close()
		b.StartTimer()
	}
}

// BenchmarkMoveSave is a move's save: the record of a 101 match under
// way (testdata/legacy, 11 KB) one action line longer each time, a new
// match every 200 moves. files is the saver's write before the engine
// (the whole record rewritten atomically, synced), stream the append of
// the line, acknowledged by the engine.
func BenchmarkMoveSave(b *testing.B) {
	base, err := os.ReadFile(filepath.Join("testdata", "legacy", "tables", "2.okey"))
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
		l := k.log("2")
		run(b, func(rec []byte) error { return l.write(nil, rec) })
	})
}
