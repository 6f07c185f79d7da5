package okey101

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"okey/game/tile"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func equalStates(a, b State) bool { return reflect.DeepEqual(a, b) }

func TestParseRules(t *testing.T) {
	cases := []struct {
		in   string
		want Rules
		err  string
	}{
		{"", DefaultRules(), ""},
		{"default", DefaultRules(), ""},
		{"open=81", Rules{Open: 81, Islek: true, Hands: 11}, ""},
		{"progressive, okey_pair", Rules{Open: 101, Progressive: true, OkeyPair: true, Islek: true, Hands: 11}, ""},
		{"islek=off,hands=5,partners", Rules{Open: 101, Hands: 5, Partners: true}, ""},
		{"ISLEK=OFF", Rules{Open: 101, Hands: 11}, ""},
		{"okey_pair=false", DefaultRules(), ""},
		{"hands=0", Rules{}, "hands must be from 1 to 21"},
		{"hands=22", Rules{}, "hands must be from 1 to 21"},
		{"open=0", Rules{}, "open must be from 1 to 250"},
		{"open", Rules{}, "open needs a number"},
		{"open=81,open=101", Rules{}, "given twice"},
		{"islek=maybe", Rules{}, "not on or off"},
		{"points=5", Rules{}, "option of classic Okey"},
		{"simple104", Rules{}, "option of classic Okey"},
		{"fast", Rules{}, "unknown option"},
		{"open=81,,", Rules{}, "empty option"},
	}
	for _, tc := range cases {
		got, err := ParseRules(tc.in)
		if tc.err != "" {
			if err == nil || !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want ErrRules saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
		back, err := ParseRules(got.String())
		if err != nil || back != got {
			t.Errorf("%q: String %q does not read back: %+v %v", tc.in, got.String(), back, err)
		}
	}
}

func TestDeal(t *testing.T) {
	dealers := map[int]bool{}
	for seed := range uint64(200) {
		d, err := NewDeal(seed, int(seed%4))
		if err != nil {
			t.Fatal(err)
		}
		var all tile.Counts
		for seat := range NumSeats {
			want := RackTiles
			if seat == d.Dealer {
				want = DealerTiles
			}
			if n := d.Racks[seat].Total(); n != want {
				t.Fatalf("seed %d: seat %d holds %d, want %d", seed, seat, n, want)
			}
			for f, n := range d.Racks[seat] {
				all[f] += n
			}
		}
		if d.Indicator == tile.FalseJoker || !d.Indicator.Valid() {
			t.Fatalf("seed %d: indicator %v", seed, d.Indicator)
		}
		if len(d.Wall) != WallSize {
			t.Fatalf("seed %d: wall of %d", seed, len(d.Wall))
		}
		all[d.Indicator]++
		for _, x := range d.Wall {
			all[x]++
		}
		if all != tile.CountsOf(fullSet()) {
			t.Fatalf("seed %d: the deal does not hold the 106 tiles", seed)
		}
		again, _ := NewDeal(seed, int(seed%4))
		if !reflect.DeepEqual(d, again) {
			t.Fatalf("seed %d deals differently twice", seed)
		}
		s, _ := NewMatch(DefaultRules(), seed)
		dealers[s.Dealer()] = true
	}
	if len(dealers) != NumSeats {
		t.Fatalf("the first dealer is not random: %v", dealers)
	}
}
