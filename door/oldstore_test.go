package door

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/server/servetest"
	"okey/server/tables"
)

// oldStoreDir is the store the build of d45101a1 wrote, before the store
// was split by subject (server/keep/testdata/oldstore: its make.go).
var oldStoreDir = filepath.Join("..", "server", "keep", "testdata", "oldstore")

// unpackOldStore unpacks the old store's state directory into dir.
func unpackOldStore(t *testing.T, dir string) {
	t.Helper()
	servetest.Untar(t, filepath.Join(oldStoreDir, "state.tar.gz"), dir)
}

// TestServesAnOldStore: okey serve started on a state directory whose
// store the build of d45101a1 wrote (the legacy tables imported; table
// 1's record begun afresh a few moves short and taken over by another
// node, which claimed it and appended; table 5 a waiting room opened on
// a number taken from the store, its lease given back) brings every
// table back as it was kept: table 1 at its record, dealt the same, its
// players in their seats; the 101 match of table 2; the waiting rooms 4
// (with its join code) and 5. And the next table opened is 6: no number
// is given twice. (server/keep's TestOldStoreReadsBack reads the same
// store value by value.)
func TestServesAnOldStore(t *testing.T) {
	t.Parallel()
	var want struct {
		Tables []struct {
			ID     string `json:"id"`
			Record []byte `json:"record"`
		} `json:"tables"`
		Next int `json:"next"`
	}
	b, err := os.ReadFile(filepath.Join(oldStoreDir, "want.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	stateDir := t.TempDir()
	unpackOldStore(t, stateDir)
	srv, _ := startServer(t, withDefaults(t, func(c *Config) {
		c.StateDir, c.HostKey = stateDir, filepath.Join(t.TempDir(), "k", "key")
	}))

	var ids []string
	for _, s := range srv.tableList() {
		ids = append(ids, s.ID)
	}
	if !reflect.DeepEqual(ids, []string{"1", "2", "4", "5"}) {
		t.Fatalf("tables served from the old store: %v, want 1 2 4 5", ids)
	}
	for _, w := range want.Tables {
		got, err := storedRecord(t, srv, w.ID)
		// A classic record from before records named their game names
		// it once the table saves again; the bots may have played on
		// to the next human's turn: the record kept is where it starts.
		named := bytes.Replace(w.Record, []byte(`{"okey":"record","version":1,"rules"`), []byte(`{"okey":"record","version":1,"game":"classic","rules"`), 1)
		if err != nil || !bytes.HasPrefix(got, w.Record) && !bytes.HasPrefix(got, named) {
			t.Errorf("table %s's record served (%d bytes, %v) does not go on from the one kept (%d bytes)", w.ID, len(got), err, len(w.Record))
		}
	}
	r, err := classic.ParseRecord(want.Tables[0].Record)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if s := summary(srv, "1"); s == nil || !s.Started || s.Hand != g.State().HandNumber() || s.Players[1].Name != "bob" || s.Owners[1] != "guest:KM4QX7RTWA" {
		t.Errorf("table 1 came back as %+v, want hand %d with bob at seat 1", s, g.State().HandNumber())
	}
	if s := summary(srv, "2"); s == nil || !s.Started || s.Game != string(game.Okey101) {
		t.Errorf("table 2 came back as %+v", s)
	}
	if s := summary(srv, "4"); s == nil || s.Started || s.Code != "QX7RTW" || s.Owners[1] != "guest:ABCDEFGHJK" {
		t.Errorf("table 4 came back as %+v", s)
	}
	if s := summary(srv, "5"); s == nil || s.Started || s.Owners[0] != "key:SHA256:dan" {
		t.Errorf("table 5 came back as %+v", s)
	}
	tb, err := srv.hall.Create(tables.Config{Game: "classic", Rules: "default", Levels: [4]string{"easy", "easy", "easy", "easy"}}, "key:SHA256:new", "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	if tb.ID != "6" {
		t.Errorf("the next table is %s, want 6 (the old store's next number was %d)", tb.ID, want.Next)
	}
}
