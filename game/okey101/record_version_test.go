package okey101

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"okey/game/record"
)

// TestVersionOneRecordsStillReplay: a record written before deals were
// derived by hash (testdata/record-v1.okey, written by the program of
// that time) replays as it was dealt, marshals back to the same bytes,
// and the same lines read as today's version deal otherwise — so the
// version is what keeps old records true, not a coincidence.
func TestVersionOneRecordsStillReplay(t *testing.T) {
	b, err := os.ReadFile("testdata/record-v1.okey")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Version != 1 {
		t.Fatalf("read as version %d", rec.Version)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatalf("a version 1 record does not replay: %v", err)
	}
	if got := g.Record(); !bytes.Equal(got.Marshal(), b) {
		t.Fatal("the replayed record marshals to other bytes")
	}
	if len(rec.Actions) == 0 {
		t.Fatal("the record holds no action: the test proves little")
	}
	now := strings.Replace(string(b), `"version":1`, `"version":2`, 1)
	rec2, err := ParseRecord([]byte(now))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec2.Replay(); !errors.Is(err, record.ErrMismatch) && !errors.Is(err, record.ErrCorrupt) {
		t.Fatalf("the same lines as version 2 replay (%v): the derivations do not differ", err)
	}
}

// TestNewRecordsAreTodaysVersion: a match started today is written as
// version 2, and its deals are not those version 1 would deal.
func TestNewRecordsAreTodaysVersion(t *testing.T) {
	for seed := range uint64(20) {
		g, err := NewGame(DefaultRules(), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := g.Record()
		if !bytes.Contains(rec.Marshal(), []byte(`"version":2`)) {
			t.Fatalf("a new record is not version 2: %s", rec.Marshal())
		}
		old, err := Record{Version: 1, Rules: rec.Rules, Seed: seed}.Start()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(old.DealInfo(), g.State().DealInfo()) {
			return // one seed dealt otherwise: the derivation changed
		}
	}
	t.Fatal("20 seeds deal alike under versions 1 and 2")
}
