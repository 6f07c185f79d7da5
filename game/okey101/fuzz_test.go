package okey101

import (
	"encoding/binary"
	"reflect"
	"testing"
)

var fuzzRules = []string{"default", "open=20,okey_pair", "progressive,open=60,hands=2", "partners,islek=off,open=70", "hands=1,open=50"}

// FuzzApply plays random legal and illegal actions read from the input
// and checks after every step that nothing panics, that a refused action
// changes nothing, that all 106 tiles are accounted for, and that scores
// move only as the rules say. The input chooses the seed, the rules and,
// two bytes a step, whether the purposeful player or nonsense moves.
func FuzzApply(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("the quick brown fox jumps over the lazy dog, many times over"))
	f.Add(make([]byte, 600))
	for i := range 6 {
		b := make([]byte, 800)
		for j := range b {
			b[j] = byte((j*37 + i*101) ^ (j >> 2))
		}
		f.Add(b)
	}
	f.Fuzz(fuzzOne)
}

// fuzzOne is the body of FuzzApply.
func fuzzOne(t *testing.T, data []byte) {
	{
		if len(data) < 9 {
			return
		}
		seed := binary.LittleEndian.Uint64(data)
		r, err := ParseRules(fuzzRules[int(data[8])%len(fuzzRules)])
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewMatch(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, s)
		p := newPlayer(seed ^ uint64(len(data)))
		// At most 600 steps an input: enough for several hands, and
		// quick enough for the fuzzer to try many inputs.
		for i := 9; i+1 < len(data) && i < 9+2*600 && s.Phase() != MatchOver; i += 2 {
			var a Action
			if data[i]%4 == 0 {
				a = p.nonsense(s)
			} else {
				a = p.next(s)
			}
			n, evs, err := s.Apply(a)
			if err != nil {
				if !reflect.DeepEqual(n, s) {
					t.Fatalf("refused %v changed the state", a)
				}
				if data[i+1]%2 == 0 {
					continue
				}
				// Keep the game moving: do what is always possible.
				seat := s.Turn()
				v := s.View(seat)
				switch {
				case s.Phase() == HandOver:
					a = NextHand()
				case v.Legal.GiveBack:
					a = GiveBack(seat)
				case v.Legal.Discard:
					a = Discard(seat, v.Rack[int(data[i+1])%len(v.Rack)])
				case v.Legal.Draw:
					a = Draw(seat)
				default:
					a = Take(seat)
				}
				if n, evs, err = s.Apply(a); err != nil {
					t.Fatalf("%v refused: %v", a, err)
				}
			}
			checkInvariants(t, n)
			checkScores(t, s, n, a, evs)
			s = n
		}
	}
}

// TestFuzzSeeds runs the fuzz target's checks on seeded random inputs as
// a normal test.
func TestFuzzSeeds(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 12
	}
	for i := range n {
		data := make([]byte, 4000)
		x := uint64(i)*0x9E3779B97F4A7C15 + 1
		for j := range data {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			data[j] = byte(x)
		}
		t.Run("", func(t *testing.T) { fuzzOne(t, data) })
	}
}
