package okey101

import (
	"errors"
	"reflect"
	"testing"

	"okey/game"
	"okey/game/tile"
)

// TestSampleWorldAgreesWithTheView: at every step of random matches, for
// every seat, a world sampled from the seat's view accounts for all 106
// tiles, shows the seat the very same view, and lets the seat to move do
// exactly what the real state lets it do; and the hidden tiles do change
// from world to world.
func TestSampleWorldAgreesWithTheView(t *testing.T) {
	n, every := 6, 1
	if testing.Short() {
		n, every = 2, 3
	}
	changed, checked := 0, 0
	for _, rs := range []string{"default", "open=20,okey_pair", "partners,progressive,open=40,hands=2"} {
		rules, err := ParseRules(rs)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(n) {
			states := playMatch(t, rules, seed, 3000)
			p := newPlayer(seed + 77)
			for i, s := range states {
				if i%every != 0 {
					continue
				}
				for seat := range NumSeats {
					v := s.View(seat)
					w, err := v.SampleWorld(uint64(i*NumSeats + seat))
					if err != nil {
						t.Fatalf("%s seed %d step %d seat %d: %v", rs, seed, i, seat, err)
					}
					checkInvariants(t, w)
					checked++
					if w.racks != s.racks || !reflect.DeepEqual(w.deal.Wall[w.wallPos:], s.deal.Wall[s.wallPos:]) {
						changed++
					}
					if got := w.View(seat); !reflect.DeepEqual(got, v) {
						t.Fatalf("%s seed %d step %d: seat %d's view of the sampled world differs:\n%+v\n%+v", rs, seed, i, seat, got, v)
					}
					if seat != s.Turn() || s.Phase() != game.Playing {
						continue
					}
					a := p.next(s)
					_, _, err1 := s.Apply(a)
					_, _, err2 := w.Apply(a)
					if (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s seed %d step %d: %v is %v in the real state, %v in the sampled one", rs, seed, i, a, err1, err2)
					}
				}
			}
		}
	}
	if changed < checked*3/4 {
		t.Fatalf("the hidden tiles changed in only %d of %d worlds: the test proves little", changed, checked)
	}
}

func TestSampleWorldRefusesABadView(t *testing.T) {
	s, err := NewMatch(DefaultRules(), 1)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	v.Counts[v.Indicator] += 2 // three copies of the indicator's face
	if _, err := v.SampleWorld(1); !errors.Is(err, ErrView) {
		t.Fatalf("err = %v, want ErrView", err)
	}
	v = s.View(1)
	v.TileCounts[2] += 5
	if _, err := v.SampleWorld(1); !errors.Is(err, ErrView) {
		t.Fatalf("err = %v, want ErrView", err)
	}
	v = s.View(7)
	if _, err := v.SampleWorld(1); !errors.Is(err, ErrView) {
		t.Fatalf("no seat: err = %v, want ErrView", err)
	}
}

// TestSampleWorldGivenKeepsTheRacks: racks given for the other seats are
// the world's racks exactly (the true ones give back the true racks,
// the view unchanged), and a rack that cannot be — a tile too many, one
// the seat sees, a tile the seat knows it holds left out — is refused
// with ErrView.
func TestSampleWorldGivenKeepsTheRacks(t *testing.T) {
	rules, err := ParseRules("default")
	if err != nil {
		t.Fatal(err)
	}
	states := playMatch(t, rules, 3, 400)
	checked := 0
	for i, s := range states {
		if i%7 != 0 || s.Phase() != game.Playing {
			continue
		}
		seat := (s.Turn() + 1) % NumSeats
		v := s.View(seat)
		var given [NumSeats]*tile.Counts
		for o := range NumSeats {
			if o != seat {
				r := s.racks[o]
				given[o] = &r
			}
		}
		w, err := v.SampleWorldGiven(uint64(i), given)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		checkInvariants(t, w)
		if w.racks != s.racks {
			t.Fatalf("step %d: the given racks were not kept", i)
		}
		if got := w.View(seat); !reflect.DeepEqual(got, v) {
			t.Fatalf("step %d: the view changed", i)
		}
		checked++
		o := (seat + 1) % NumSeats
		for name, bad := range map[string]func(r *tile.Counts){
			"a tile too many": func(r *tile.Counts) { r[v.Indicator]++ },
			"a tile the seat holds": func(r *tile.Counts) {
				for t, n := range r {
					if n > 0 {
						r[t]--
						break
					}
				}
				r[v.Rack[0]] = 2
			},
		} {
			r := s.racks[o]
			bad(&r)
			g := given
			g[o] = &r
			if _, err := v.SampleWorldGiven(uint64(i), g); !errors.Is(err, ErrView) {
				t.Fatalf("step %d, %s: %v", i, name, err)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d states checked", checked)
	}
}
