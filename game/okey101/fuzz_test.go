package okey101

import (
	"encoding/binary"
	"reflect"
	"slices"
	"testing"

	"okey/game"
	"okey/game/tile"
)

var fuzzRules = []string{"default", "open=20,okey_pair", "progressive,open=60,hands=2", "partners,islek=off,open=70", "hands=1,open=50"}

// fuzzSteps caps the actions one input plays. A hand takes about 70
// steps of random input, so 200 reach the score of two or three hands
// (and the end of a match under hands=1 and hands=2) while an input
// stays cheap enough (about 2 ms) for the fuzzer to try many.
const fuzzSteps = 200

// FuzzApply plays random legal and illegal actions read from the input
// and checks after every step that nothing panics, that a refused action
// changes nothing, that all 106 tiles are accounted for, and that scores
// move only as the rules say. The input chooses the seed, the rules and,
// two bytes a step, whether the purposeful player or nonsense moves.
func FuzzApply(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("the quick brown fox jumps over the lazy dog, many times over"))
	f.Add(make([]byte, 300))
	for i := range 6 {
		b := make([]byte, 9+2*fuzzSteps)
		for j := range b {
			b[j] = byte((j*37 + i*101) ^ (j >> 2))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzOne(t, data) })
}

// fuzzOne is the body of FuzzApply: the first eight bytes are the seed
// (of the deal and of the player's choices), the ninth the rules, then
// two bytes a step, at most fuzzSteps.
func fuzzOne(t testing.TB, data []byte) (run fuzzRun) {
	if len(data) < 9 {
		return run
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
	// The player's choices come from the seed alone, so that an input
	// cut or grown by the fuzzer plays the same game as far as it goes.
	p := newPlayer(seed)
	for i := 9; i+1 < len(data) && i < 9+2*fuzzSteps && s.Phase() != game.MatchOver; i += 2 {
		run.steps++
		var a Action
		if data[i]%4 == 0 {
			a = p.nonsense(s)
		} else {
			a = p.next(s)
		}
		n, evs, err := s.Apply(a)
		if err != nil {
			if !sameState(n, s) {
				t.Fatalf("refused %v changed the state", a)
			}
			if data[i+1]%2 == 0 {
				continue
			}
			// Keep the game moving: do what is always possible.
			seat := s.Turn()
			v := s.View(seat)
			switch {
			case s.Phase() == game.HandOver:
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
		if s.Phase() == game.Playing && n.Phase() != game.Playing {
			run.hands++
		}
		s = n
	}
	run.over = s.Phase() == game.MatchOver
	return run
}

// fuzzRun is how far one input of FuzzApply went: the steps it played
// (at most fuzzSteps), the hands that ended, whether the match did.
type fuzzRun struct {
	steps, hands int
	over         bool
}

// fuzzInputs are n inputs of FuzzApply's longest useful length, of
// random bytes: what the fuzzer's mutations look like.
func fuzzInputs(n int) [][]byte {
	inputs := make([][]byte, n)
	x := uint64(0x9E3779B97F4A7C15)
	for i := range inputs {
		inputs[i] = make([]byte, 9+2*fuzzSteps)
		for j := range inputs[i] {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			inputs[i][j] = byte(x)
		}
	}
	return inputs
}

// An input's work is capped at fuzzSteps steps, and random inputs still
// reach what the checks are for: hands that end and are scored, matches
// that end.
func TestFuzzInputsReachTheScore(t *testing.T) {
	long := make([]byte, 100*fuzzSteps)
	for i := range long {
		long[i] = byte(i*131 + i>>8)
	}
	if run := fuzzOne(t, long); run.steps > fuzzSteps {
		t.Fatalf("an input of %d bytes played %d steps, the cap is %d", len(long), run.steps, fuzzSteps)
	}
	n := 60
	if testing.Short() {
		n = 20
	}
	var hands, overs int
	for _, in := range fuzzInputs(n) {
		run := fuzzOne(t, in)
		hands += run.hands
		if run.over {
			overs++
		}
	}
	if hands < n || overs == 0 {
		t.Fatalf("%d random inputs ended %d hands and %d matches: want a hand an input and a match", n, hands, overs)
	}
}

// sameState reports whether two states are equal, as reflect.DeepEqual
// says, at a fraction of its cost: DeepEqual walks the arrays of counts
// (the racks, the deal's racks) one element at a time, where == compares
// them at once. It names every field; TestSameStateKnowsEveryField fails
// when State or Deal grows one.
func sameState(a, b State) bool {
	if a.rules != b.rules || a.seed != b.seed || a.derive != b.derive || a.an != b.an ||
		a.phase != b.phase || a.hand != b.hand || a.redeal != b.redeal || a.dealer != b.dealer ||
		a.turn != b.turn || a.stage != b.stage || a.turnNo != b.turnNo ||
		a.racks != b.racks || a.wallPos != b.wallPos || a.open != b.open || a.highest != b.highest ||
		a.take != b.take || a.gaveBack != b.gaveBack || a.scores != b.scores || a.handPen != b.handPen || a.moves != b.moves {
		return false
	}
	da, db := a.deal, b.deal
	if da.Dealer != db.Dealer || da.Indicator != db.Indicator || da.Racks != db.Racks || !slices.Equal(da.Wall, db.Wall) {
		return false
	}
	for seat := range NumSeats {
		if !slices.Equal(a.discards[seat], b.discards[seat]) {
			return false
		}
	}
	return reflect.DeepEqual(a.table, b.table) && reflect.DeepEqual(a.history, b.history) &&
		reflect.DeepEqual(a.results, b.results) && reflect.DeepEqual(a.result, b.result) && reflect.DeepEqual(a.match, b.match)
}

// TestSameStateKnowsEveryField: sameState compares every field of State
// and of Deal, and finds a change in any of them.
func TestSameStateKnowsEveryField(t *testing.T) {
	if n := reflect.TypeFor[State]().NumField(); n != 27 {
		t.Fatalf("State has %d fields: compare the new ones in sameState, then count them here", n)
	}
	if n := reflect.TypeFor[Deal]().NumField(); n != 4 {
		t.Fatalf("Deal has %d fields: compare the new ones in sameState, then count them here", n)
	}
	var s State
	for _, st := range playMatch(t, DefaultRules(), 3, 2000) {
		if st.Phase() == game.Playing && len(st.table) > 0 && len(st.history) > 0 {
			s = st // one with melds on the table
			break
		}
	}
	if len(s.table) == 0 {
		t.Fatal("no melds on the table in the match played")
	}
	if !sameState(s, s) {
		t.Fatal("a state differs from itself")
	}
	for name, change := range map[string]func(*State){
		"a rack":           func(s *State) { s.racks[2][5]++ },
		"the deal's racks": func(s *State) { s.deal.Racks[1][3]++ },
		"a discard":        func(s *State) { s.discards[0] = append(slices.Clone(s.discards[0]), tile.FalseJoker) },
		"the history":      func(s *State) { s.history = s.history[:len(s.history)-1] },
		"the wall":         func(s *State) { s.deal.Wall = slices.Clone(s.deal.Wall); s.deal.Wall[0]++ },
		"the table":        func(s *State) { s.table = append(slices.Clone(s.table), TableMeld{}) },
		"an opening":       func(s *State) { s.open[1].Value++ },
		"the take":         func(s *State) { s.take.From++ },
		"a score":          func(s *State) { s.scores[3]-- },
	} {
		c := s
		change(&c)
		if sameState(s, c) || reflect.DeepEqual(s, c) != sameState(s, c) {
			t.Errorf("%s changed: sameState does not see it", name)
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

// BenchmarkFuzzApply is the cost of one input of FuzzApply at its
// longest, of random bytes (without the fuzzer's coverage counters,
// which about double it): what bounds how many inputs a fuzzing run
// tries.
func BenchmarkFuzzApply(b *testing.B) {
	inputs := fuzzInputs(64)
	for i := 0; b.Loop(); i++ {
		fuzzOne(b, inputs[i%len(inputs)])
	}
}
