package door

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/store"
	"okey/server/keep"
	"okey/server/tables"
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
			// A classic record of before both games' records named their
			// game is kept as it came until the table next saves it, then
			// names its game, as the engine writes every record now;
			// nothing else of it changes.
			named := bytes.Replace(want, []byte(`{"okey":"record","version":1,"rules"`), []byte(`{"okey":"record","version":1,"game":"classic","rules"`), 1)
			got, err := storedRecord(t, srv, id)
			if err != nil || !bytes.Equal(got, want) && !bytes.Equal(got, named) {
				t.Errorf("table %s's record in the store (%d bytes, %v) is not its file (%d bytes)", id, len(got), err, len(want))
			}
			var wantTable, gotTable tables.SavedTable
			b, err := os.ReadFile(filepath.Join(legacy, id+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &wantTable); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := keep.EngineCtx()
			kt, ok := srv.hall.Keep.LoadOne(ctx, id)
			cancel()
			if !ok || kt.Err != nil {
				t.Fatalf("table %s's entry: %v (there: %v)", id, kt.Err, ok)
			}
			if err := json.Unmarshal(kt.Table, &gotTable); err != nil {
				t.Fatal(err)
			}
			// A table running writes its match's commitment into its
			// entry (once it saves), which a file from before had not.
			gotTable.Commit = ""
			if !reflect.DeepEqual(gotTable, wantTable) {
				t.Errorf("table %s's entry:\n got %+v\nwant %+v", id, gotTable, wantTable)
			}
		}
		rec1, _ := os.ReadFile(filepath.Join(legacy, "1.okey"))
		r, err := classic.ParseRecord(rec1)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Replay()
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
		g2, err := r2.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if s := summary(srv, "2"); !s.Started || s.Game != string(game.Okey101) || s.Hand != g2.State().HandNumber() {
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
	tb, err := srv2.hall.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:SHA256:new", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	if tb.ID != "5" {
		t.Errorf("the next table is %s, want 5", tb.ID)
	}
}
