package classic

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"okey/game"
	"okey/game/record"
)

// The tests of what classic Okey shares with Okey 101 (the record's
// wrapper, the game a record names, a view that turns itself); Okey
// 101's shape_test.go is their mirror image.

// playSome plays n actions of seed's match through a Game (draw, then
// discard the first tile), and the next hand once one is over.
func playSome(t *testing.T, seed uint64, n int) *Game {
	t.Helper()
	g, err := NewGame(DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		s := g.State()
		var a Action
		switch {
		case s.Phase() == game.MatchOver:
			return g
		case s.Phase() == game.HandOver:
			a = NextHandAction()
		case s.Stage() == MustDiscard:
			a = DiscardAction(s.Turn(), s.View(s.Turn()).Rack[0])
		case s.WallLeft() > 0:
			a = DrawAction(s.Turn())
		default:
			a = EndHandAction(s.Turn())
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	return g
}

// TestRecordNamesItsGame: a record of classic Okey names its game; a
// header that names none (every classic record before both games named
// theirs) reads as classic Okey's, and a record of 101 is refused as
// another game's.
func TestRecordNamesItsGame(t *testing.T) {
	rec := playSome(t, 3, 20).Record()
	b := rec.Marshal()
	if !bytes.Contains(b[:bytes.IndexByte(b, '\n')], []byte(`"game":"classic"`)) {
		t.Fatalf("the header names no game: %s", b[:bytes.IndexByte(b, '\n')])
	}
	unnamed := bytes.Replace(b, []byte(`"game":"classic",`), nil, 1)
	if old, err := ParseRecord(unnamed); err != nil || !reflect.DeepEqual(old, rec) {
		t.Fatalf("a header that names no game: %v", err)
	}
	other := bytes.Replace(b, []byte(`"game":"classic"`), []byte(`"game":"101"`), 1)
	if _, err := ParseRecord(other); !errors.Is(err, record.ErrGame) {
		t.Fatalf("a record of 101 read as classic Okey's: %v", err)
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
