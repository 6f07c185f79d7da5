package classic

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"okey/game"
	"okey/game/internal/jsonl"
	"okey/game/internal/rng"
	"okey/game/record"
)

// playGame plays a few hands of random moves through a Game and returns
// it with the lines Apply handed out, concatenated after the header.
func playGame(t *testing.T, r Rules, seed uint64, hands int) (*Game, []byte) {
	t.Helper()
	g, err := NewGame(r, seed, map[string]string{"names": "Ayşe,Bora,Cem,Deniz"})
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	out := append(rec.HeaderLine(), jsonl.Line(g.State().DealInfo())...)
	rg := rng.New(seed)
	for g.State().HandNumber() <= hands && g.State().Phase() != game.MatchOver {
		s := g.State()
		var a Action
		if s.Phase() == game.HandOver {
			if s.HandNumber() == hands {
				break
			}
			a = NextHandAction()
		} else {
			seat := s.Turn()
			l := s.Legal(seat)
			switch {
			case l.Show:
				a = ShowAction(seat)
			case l.Take && rg.Intn(3) == 0:
				a = TakeAction(seat)
			case l.Draw:
				a = DrawAction(seat)
			case l.EndHand:
				a = EndHandAction(seat)
			case l.Take:
				a = TakeAction(seat)
			default:
				v := s.View(seat)
				a = DiscardAction(seat, v.Rack[rg.Intn(len(v.Rack))])
				h, err := v.Analyzer.HandOf(v.Counts)
				if err == nil {
					if d := v.Analyzer.BestDiscard(h); d.Wins {
						a = FinishAction(seat, d.Tile)
					}
				}
			}
		}
		_, lines, err := g.Apply(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		out = append(out, lines...)
	}
	return g, out
}

func TestRecordReplays(t *testing.T) {
	for _, rs := range []string{"default", "simple,indicator_last", "partners,points=7", "simple104"} {
		r, _ := ParseRules(rs)
		g, lines := playGame(t, r, 21, 3)
		rec := g.Record()
		data := rec.Marshal()
		if !bytes.Equal(data, lines) {
			t.Fatalf("%s: Marshal differs from the lines handed out as the game went", rs)
		}
		parsed, err := ParseRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(parsed, rec) {
			t.Fatalf("%s: record does not round-trip:\n%+v\n%+v", rs, parsed, rec)
		}
		back, err := parsed.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.State(), g.State()) {
			t.Fatalf("%s: replay ends in a different state", rs)
		}
		if len(rec.Actions) < 50 {
			t.Fatalf("%s: only %d actions recorded", rs, len(rec.Actions))
		}
	}
}

func TestRecordRefusals(t *testing.T) {
	g, _ := playGame(t, DefaultRules(), 5, 2)
	rec := g.Record()
	good := rec.Marshal()
	lines := strings.Split(strings.TrimSuffix(string(good), "\n"), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }

	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, record.ErrCorrupt},
		{"not a record", []byte("hello\n"), record.ErrCorrupt},
		{"future version", []byte(strings.Replace(string(good), `"version":2`, `"version":9`, 1)), record.ErrVersion},
		{"cut mid-line", good[:len(good)-7], record.ErrCorrupt},
		{"bad action", join(append(append([]string{}, lines[:3]...), `{"a":"fly","s":0}`)), record.ErrCorrupt},
		{"bad tile", join(append(append([]string{}, lines[:3]...), `{"a":"discard","s":0,"t":"Q9"}`)), record.ErrCorrupt},
		{"empty line", join(append(append([]string{}, lines[:3]...), "", lines[3])), record.ErrCorrupt},
		{"bad rules", []byte(strings.Replace(string(good), `"rules":"default"`, `"rules":"turbo"`, 1)), record.ErrCorrupt},
		// As a 101 record with an option twice is.
		{"an option twice", []byte(strings.Replace(string(good), `"rules":"default"`, `"rules":"partners,partners"`, 1)), record.ErrCorrupt},
	}
	for _, tc := range tests {
		_, err := ParseRecord(tc.data)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}

	// Well-formed but wrong: an illegal action, or a deal that differs.
	bad := rec
	bad.Actions = append([]Action{DrawAction((g.State().Dealer() + 3) % 4)}, rec.Actions...)
	if _, err := bad.Replay(); !errors.Is(err, record.ErrCorrupt) {
		t.Errorf("illegal action: %v", err)
	}
	other := rec
	other.Deals = append([]DealInfo(nil), rec.Deals...)
	other.Deals[0].Dice = []int{7, 7}
	if _, err := other.Replay(); !errors.Is(err, record.ErrMismatch) {
		t.Errorf("changed dice: %v", err)
	}
	seed := rec
	seed.Seed++
	if _, err := seed.Replay(); !errors.Is(err, record.ErrMismatch) {
		t.Errorf("another seed: %v", err)
	}
}
