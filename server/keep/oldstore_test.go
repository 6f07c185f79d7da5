package keep

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"okey/game"
	"okey/game/daily"
	"okey/server/servetest"
)

// oldStore is what the build of d45101a1 (before the store was split by
// subject) read back from the store it wrote (testdata/oldstore/make.go
// made both: state.tar.gz and want.json).
type oldStore struct {
	Made   time.Time `json:"made"`
	Tables []struct {
		ID      string `json:"id"`
		Entry   []byte `json:"entry"`
		Record  []byte `json:"record"`
		Last    []byte `json:"last"`
		Refused int    `json:"refused"`
		Err     string `json:"err,omitempty"`
	} `json:"tables"`
	Next    int `json:"next"`
	Ratings []struct {
		Game  string     `json:"game"`
		Entry RatedEntry `json:"entry"`
	} `json:"ratings"`
	Boards []Board `json:"boards"`
	Daily  struct {
		Game      game.Kind     `json:"game"`
		Date      string        `json:"date"`
		Today     string        `json:"today"`
		Secret    string        `json:"secret"`
		Par       []int         `json:"par"`
		Results   []DailyResult `json:"results"`
		Board     DailyBoard    `json:"board"`
		Record    []byte        `json:"record"`
		Seen      time.Time     `json:"seen"`
		AddrFirst string        `json:"addr_first"`
	} `json:"daily"`
	Tourney []struct {
		Key   string `json:"key"`
		Value []byte `json:"value"`
	} `json:"tourney"`
}

// sameJSON reports whether a and b say the same as JSON.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}

// TestOldStoreReadsBack: a state directory whose store the build of
// d45101a1 wrote (testdata/oldstore: the legacy tables imported, table
// 1's record begun afresh (the one imported kept as the match before)
// and taken over by another node's claim, table 5 a waiting room opened
// on a number taken from the store and its lease given back, two
// matches rated, yesterday's daily with two players' days, a hand's
// record, when a key was first seen and an address's start, two
// tournaments' values) is read by this build as that build read it: the
// tables' entries, records and matches before, the next number, the
// ratings and their boards, the daily, the tournaments. And it goes on
// from there: a table appends after the old claim, the next number is
// not given twice, the lease the old node gave back is taken, and
// nothing is found unsealed. The daily's values are kept 40 days
// (dailyKeep): past that the store has let them go, by design, and they
// are not looked for.
func TestOldStoreReadsBack(t *testing.T) {
	t.Parallel()
	var want oldStore
	b, err := os.ReadFile(filepath.Join("testdata", "oldstore", "want.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	servetest.Untar(t, filepath.Join("testdata", "oldstore", "state.tar.gz"), dir)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, k, err := OpenDir(ctx, dir, StoreConfig{NodeName: "new"})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()

	// The tables.
	kept, err := k.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != len(want.Tables) {
		t.Fatalf("%d tables read back, the old build read %d", len(kept), len(want.Tables))
	}
	for i, kt := range kept {
		w := want.Tables[i]
		errText := ""
		if kt.Err != nil {
			errText = kt.Err.Error()
		}
		if kt.ID != w.ID || !bytes.Equal(kt.Table, w.Entry) || !bytes.Equal(kt.Record, w.Record) || kt.Refused != w.Refused || errText != w.Err {
			t.Errorf("table %s read back as\n %q %q %d %q\nthe old build read table %s as\n %q %q %d %q",
				kt.ID, kt.Table, kt.Record, kt.Refused, errText, w.ID, w.Entry, w.Record, w.Refused, w.Err)
		}
		last, err := k.Records.Last(ctx, kt.ID)
		if err != nil || !bytes.Equal(last, w.Last) {
			t.Errorf("table %s's match before: %d bytes (%v), the old build read %d", kt.ID, len(last), err, len(w.Last))
		}
	}
	if n, err := k.Numbers.Load(ctx); err != nil || n != want.Next {
		t.Errorf("the next number: %d (%v), the old build read %d", n, err, want.Next)
	}
	if n, err := k.Numbers.Take(ctx); err != nil || n != want.Next {
		t.Errorf("the number taken: %d (%v), want %d", n, err, want.Next)
	}
	if n, err := k.ImportFiles(ctx); err != nil || n != 0 {
		t.Errorf("imported again: %d tables (%v)", n, err)
	}
	if n, err := k.SealStore(ctx); err != nil || n != (SealedCounts{}) {
		t.Errorf("sealing the old store: %+v (%v), want nothing found unsealed", n, err)
	}
	// Table 1 goes on after the claim the old build appended.
	one := kept[0]
	more := append(one.Record[:len(one.Record):len(one.Record)], `{"a":"draw","s":1}`+"\n"...)
	if err := one.Log.Write(nil, more); err != nil {
		t.Fatalf("table 1's append after the old claim: %v", err)
	}
	if got, _, err := k.Records.Read(ctx, "1"); err != nil || !bytes.Equal(got, more) {
		t.Errorf("table 1's record after the append: %q (%v)", got, err)
	}

	// The lease the old node gave back is taken.
	leases, err := OpenLeases(ctx, eng, LeaseTTL)
	if err != nil {
		t.Fatal(err)
	}
	hold := NewHolding(ctx, leases, func(string) {})
	if err := hold.Take(ctx, "5"); err != nil {
		t.Errorf("table 5's lease: %v", err)
	}
	defer hold.GiveAll(context.Background())
	if _, err := OpenTourneyLeases(ctx, eng, LeaseTTL); err != nil {
		t.Error(err)
	}

	// The ratings.
	rb, err := OpenRatingBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want.Ratings {
		e, _, err := rb.Get(ctx, w.Game, w.Entry.ID)
		if err != nil || !reflect.DeepEqual(e, w.Entry) {
			t.Errorf("%s's rating in %s: %+v (%v), the old build read %+v", w.Entry.ID, w.Game, e, err, w.Entry)
		}
	}
	for _, w := range want.Boards {
		got, err := rb.BoardOf(ctx, w.Game, "key:SHA256:ann")
		if err != nil || !sameJSON(t, got, w) {
			t.Errorf("the %s board: %+v (%v), the old build read %+v", w.Game, got, err, w)
		}
	}

	// The daily.
	db, err := OpenDailyBook(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	wd := want.Daily
	if seen, err := db.FirstSeen(ctx, "key:SHA256:ann", time.Now(), nil); err != nil || !seen.Equal(wd.Seen) {
		t.Errorf("when ann was first seen: %v (%v), the old build read %v", seen, err, wd.Seen)
	}
	if time.Since(want.Made) > dailyKeep-24*time.Hour {
		t.Logf("the old store's daily was written %s ago: the store keeps a day's values %s, so they are not looked for", time.Since(want.Made).Round(time.Hour), dailyKeep)
	} else {
		d, err := daily.ParseDate(wd.Date)
		if err != nil {
			t.Fatal(err)
		}
		today, err := daily.ParseDate(wd.Today)
		if err != nil {
			t.Fatal(err)
		}
		if sec, err := db.Reveal(ctx, wd.Game, d, today); err != nil || sec.String() != wd.Secret {
			t.Errorf("the day's secret: %v (%v)", sec, err)
		}
		if par, ok, err := db.Par(ctx, wd.Game, d); err != nil || !ok || !reflect.DeepEqual(par, wd.Par) {
			t.Errorf("the day's par: %v %v (%v), the old build read %v", par, ok, err, wd.Par)
		}
		if rs, err := db.Results(ctx, wd.Game, d); err != nil || !sameJSON(t, rs, wd.Results) {
			t.Errorf("the day's results: %+v (%v), the old build read %+v", rs, err, wd.Results)
		}
		if board, err := db.BoardOf(ctx, wd.Game, d, "key:SHA256:ann"); err != nil || !sameJSON(t, board, wd.Board) {
			t.Errorf("the day's board: %+v (%v), the old build read %+v", board, err, wd.Board)
		}
		if rec, ok, err := db.Record(ctx, wd.Game, d, today, "key:SHA256:ann", 1); err != nil || !ok || !bytes.Equal(rec, wd.Record) {
			t.Errorf("ann's hand 1: %d bytes %v (%v), the old build read %d", len(rec), ok, err, len(wd.Record))
		}
		if first, err := db.AddrFirst(ctx, wd.Game, d, "192.0.2.7", "key:SHA256:bob", false, rand.Reader); err != nil || first != wd.AddrFirst {
			t.Errorf("the address's first: %q (%v), the old build read %q", first, err, wd.AddrFirst)
		}
	}

	// The tournaments.
	tb, err := OpenTourneyBook(ctx, eng, nil)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := tb.Keys(ctx, "t.")
	if err != nil || len(keys) != len(want.Tourney) {
		t.Fatalf("the tournaments' keys: %v (%v)", keys, err)
	}
	for i, w := range want.Tourney {
		v, _, err := tb.Read(ctx, w.Key)
		if keys[i] != w.Key || err != nil || !bytes.Equal(v, w.Value) {
			t.Errorf("tournament value %s: %q (%v), the old build read %s %q", keys[i], v, err, w.Key, w.Value)
		}
	}
}
