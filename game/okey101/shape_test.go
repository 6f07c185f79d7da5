package okey101

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"okey/game"
	"okey/game/record"
)

// The tests of what Okey 101 shares with classic Okey (the record's
// wrapper, the game a record names, a view that turns itself); classic
// Okey's shape_test.go is their mirror image.

// playSome plays n actions of seed's match through a Game with the
// random player of the tests, and the next hand once one is over.
func playSome(t *testing.T, seed uint64, n int) *Game {
	t.Helper()
	g, err := NewGame(DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(seed)
	for range n {
		if g.State().Phase() == game.MatchOver {
			return g
		}
		a, _, _, err := p.move(g.State())
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	return g
}

// TestRecordNamesItsGame: a record of 101 names its game; a header that
// names none (a classic record of before both games named theirs), or
// names classic Okey, is refused as another game's.
func TestRecordNamesItsGame(t *testing.T) {
	rec := playSome(t, 3, 20).Record()
	b := rec.Marshal()
	if !bytes.Contains(b[:bytes.IndexByte(b, '\n')], []byte(`"game":"101"`)) {
		t.Fatalf("the header names no game: %s", b[:bytes.IndexByte(b, '\n')])
	}
	if back, err := ParseRecord(b); err != nil || !reflect.DeepEqual(back, rec) {
		t.Fatalf("the record reads back otherwise: %v", err)
	}
	unnamed := bytes.Replace(b, []byte(`"game":"101",`), nil, 1)
	if _, err := ParseRecord(unnamed); !errors.Is(err, record.ErrGame) {
		t.Fatalf("a header that names no game read as 101's: %v", err)
	}
	other := bytes.Replace(b, []byte(`"game":"101"`), []byte(`"game":"classic"`), 1)
	if _, err := ParseRecord(other); !errors.Is(err, record.ErrGame) {
		t.Fatalf("a record of classic Okey read as 101's: %v", err)
	}
}

// TestReplayRefusesDealsNotPlayed: both games decide alike on a record's
// deal lines. A record may leave them out (it replays and deals as its
// seed says), but a deal line for a hand that no action dealt is not
// the match as played: record.ErrMismatch.
func TestReplayRefusesDealsNotPlayed(t *testing.T) {
	rec := playSome(t, 5, 150).Record()
	if len(rec.Deals) < 2 {
		t.Fatalf("%d deals in 150 actions: the test proves little", len(rec.Deals))
	}
	short := rec
	short.Deals = nil
	g, err := short.Replay()
	if err != nil {
		t.Fatalf("a record without deal lines: %v", err)
	}
	if got := g.Record(); !reflect.DeepEqual(got.Deals, rec.Deals) {
		t.Fatal("the replay of a record without deal lines deals otherwise")
	}
	extra := rec
	next := rec.Deals[len(rec.Deals)-1]
	next.Hand++
	extra.Deals = append(append([]DealInfo(nil), rec.Deals...), next)
	if _, err := extra.Replay(); !errors.Is(err, record.ErrMismatch) || !strings.Contains(err.Error(), "deals recorded") {
		t.Fatalf("a record with a deal line no action dealt: %v", err)
	}
	// Marshal writes a deal line only after the action that dealt it:
	// such a record comes from a file.
	b := append(rec.Marshal(), record.DealLine(next)...)
	back, err := ParseRecord(b)
	if err != nil || len(back.Deals) != len(rec.Deals)+1 {
		t.Fatalf("the file with a deal line no action dealt reads with %d deals: %v", len(back.Deals), err)
	}
	if _, err := back.Replay(); !errors.Is(err, record.ErrMismatch) {
		t.Fatalf("the file with a deal line no action dealt: %v", err)
	}
}

// TestViewRotates: a view turned so that seat k sits at seat 0 has every
// seat's things at its turned number, shares no history with the
// table's, and turned back is the view it was.
func TestViewRotates(t *testing.T) {
	st := playSome(t, 9, 37).State()
	for k := range NumSeats {
		v := st.View(k)
		r := v.Rotate(k)
		if r.Seat != 0 || r.Previous != NumSeats-1 || r.Counts != v.Counts || r.MyTurn() != v.MyTurn() {
			t.Fatalf("seat %d: turned view has seat %d, previous %d", k, r.Seat, r.Previous)
		}
		for s := range NumSeats {
			to := (s - k + NumSeats) % NumSeats
			if !reflect.DeepEqual(r.Discards[to], v.Discards[s]) || r.TileCounts[to] != v.TileCounts[s] || r.Scores[to] != v.Scores[s] {
				t.Fatalf("seat %d: seat %d's things are not at %d", k, s, to)
			}
		}
		if k != 0 && &r.History[0] == &v.History[0] {
			t.Fatal("the turned view shares its history with the table's")
		}
		if back := r.Rotate((NumSeats - k) % NumSeats); !reflect.DeepEqual(back, v) {
			t.Fatalf("seat %d: turned and turned back, the view differs", k)
		}
	}
}
