package classic

import (
	"encoding/binary"
	"reflect"
	"slices"
	"testing"

	"okey/game"
	"okey/game/classic/hand"
	"okey/game/tile"
)

var fuzzRules = []string{"default", "simple", "indicator_last", "partners,points=5", "leave_at_zero,points=5", "simple104", "one_colour_double,no_wrap"}

// checkInvariants verifies what must hold between any two actions: every
// tile accounted for, racks of the right size, the turn on an active seat.
func checkInvariants(t testing.TB, s State) {
	t.Helper()
	var got tile.Counts
	for seat := range NumSeats {
		for f, n := range s.racks[seat] {
			got[f] += n
		}
		for _, x := range s.discards[seat] {
			got[x]++
		}
	}
	for _, x := range s.deal.Wall[s.wallPos:] {
		got[x]++
	}
	ind := s.deal.Indicator
	if ind.Valid() && !s.rules.IndicatorLast {
		got[ind]++
	}
	if s.result != nil && !s.result.WallOut {
		got[s.result.Discard]++
	}
	if want := tile.CountsOf(fullSet(s.rules)); got != want {
		t.Fatalf("tiles not accounted for: %d of %d", got.Total(), want.Total())
	}
	for seat := range NumSeats {
		n := s.racks[seat].Total()
		want := 14
		switch {
		case !s.active[seat] && s.left[seat] > 0 && s.left[seat] < s.hand:
			want = 0
		case !s.active[seat]:
			want = n // left after this hand: keeps its last rack
		case s.phase == game.Playing && seat == s.turn && s.stage == MustDiscard:
			want = 15
		}
		if n != want {
			t.Fatalf("seat %d holds %d tiles, want %d (phase %v turn %d stage %v)", seat, n, want, s.phase, s.turn, s.stage)
		}
	}
	if s.phase == game.Playing && !s.active[s.turn] {
		t.Fatal("the turn is on a seat that left")
	}
}

// checkScores verifies that scores moved only as the rules say.
// ruledPoints is the scoring table of RULES.md written out on its own,
// so the referee's rule is checked against the text, not against itself.
func ruledPoints(r Rules, w hand.Win, okeyFinish bool) int {
	table := map[[2]bool]int{
		{false, false}: 2, // melds
		{false, true}:  4, // melds, okey finish
		{true, false}:  4, // seven pairs
		{true, true}:   8, // seven pairs, okey finish
	}
	p := table[[2]bool{w.Kind == hand.WinPairs, okeyFinish}]
	if r.OneColourDouble && w.OneColour {
		p *= 2
	}
	return p
}

func checkScores(t testing.TB, before, after State, a Action) {
	t.Helper()
	if !before.rules.Scoring() {
		if after.scores != before.scores {
			t.Fatal("scores moved without scoring")
		}
		return
	}
	points := 0
	switch a.Kind {
	case ActShow:
		points = 1
	case ActFinish:
		points = after.result.Points
		if want := ruledPoints(before.rules, after.result.Win, before.an.IsOkey(a.Tile)); points != want {
			t.Fatalf("a win charged %d, RULES.md says %d", points, want)
		}
	}
	for seat := range NumSeats {
		want := before.scores[seat]
		if before.active[seat] && before.team(seat) != before.team(a.Seat) {
			want -= points
		}
		if after.scores[seat] != want {
			t.Fatalf("%v: seat %d score %d → %d, want %d", a, seat, before.scores[seat], after.scores[seat], want)
		}
	}
}

// fuzzSteps caps the actions one input plays, so that no input costs
// much more than another and the fuzzer tries thousands a second: with
// the moves that keep the game going (fuzzMove) a hand takes about 150
// steps of random input, so an input reaches the score of a few hands,
// and the end of a match under the points=5 rules.
const fuzzSteps = 400

// FuzzApply plays random legal and illegal actions read from the input
// and checks after every step that nothing panics, refused actions change
// nothing, all tiles are accounted for, racks hold 14 between turns and
// scores move only as the rules say.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("the quick brown fox jumps over the lazy dog, many times over"))
	f.Add(make([]byte, 300))
	for i := range 8 {
		b := make([]byte, 9+2*fuzzSteps)
		for j := range b {
			b[j] = byte((j*37 + i*101) ^ (j >> 2))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzApply(t, data) })
}

// fuzzApply is the body of FuzzApply: the input's first eight bytes are
// the seed, the ninth the rules, then two bytes a step (at most
// fuzzSteps): an action of fuzzAction, and when it is refused and the
// step's byte says so, the move that keeps the game going.
func fuzzApply(t testing.TB, data []byte) (run fuzzRun) {
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
	for i := 9; i+1 < len(data) && i < 9+2*fuzzSteps && s.Phase() != game.MatchOver; i += 2 {
		run.steps++
		op, arg := data[i], data[i+1]
		a := fuzzAction(s, op, arg)
		n, _, err := s.Apply(a)
		if err != nil {
			if !sameState(n, s) {
				t.Fatalf("refused %v changed the state", a)
			}
			if op&0x20 == 0 {
				continue
			}
			a = fuzzMove(s)
			if n, _, err = s.Apply(a); err != nil {
				t.Fatalf("%v refused: %v", a, err)
			}
		}
		checkInvariants(t, n)
		if a.Kind != ActNextHand {
			checkScores(t, s, n, a)
		}
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

// An input's work is capped, and random inputs reach what the checks
// are for: hands that end and are scored, matches that end (without a
// cap on the steps, random input ended a hand about once in 200 inputs,
// by the wall running out).
func TestFuzzInputsReachTheScore(t *testing.T) {
	long := make([]byte, 100*fuzzSteps)
	for i := range long {
		long[i] = byte(i*131 + i>>8)
	}
	if run := fuzzApply(t, long); run.steps > fuzzSteps {
		t.Fatalf("an input of %d bytes played %d steps, the cap is %d", len(long), run.steps, fuzzSteps)
	}
	n := 100
	if testing.Short() {
		n = 40
	}
	var hands, overs int
	for _, in := range fuzzInputs(n) {
		run := fuzzApply(t, in)
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
// says, at a twentieth of its cost (0.2 µs against 5): DeepEqual walks
// the arrays of counts (the racks, the deal's racks, the analyser's) one
// element at a time, where == compares them at once. It names every
// field; TestSameStateKnowsEveryField fails when State or Deal grows one.
func sameState(a, b State) bool {
	if a.rules != b.rules || a.seed != b.seed || a.derive != b.derive || a.an != b.an ||
		a.phase != b.phase || a.hand != b.hand || a.dealer != b.dealer || a.turn != b.turn || a.stage != b.stage ||
		a.active != b.active || a.left != b.left || a.scores != b.scores ||
		a.racks != b.racks || a.wallPos != b.wallPos || a.acted != b.acted || a.shown != b.shown || a.moves != b.moves {
		return false
	}
	da, db := a.deal, b.deal
	if da.Kind != db.Kind || da.Dealer != db.Dealer || da.Starter != db.Starter || !slices.Equal(da.Dice, db.Dice) ||
		da.Stack != db.Stack || da.Indicator != db.Indicator || da.Racks != db.Racks || !slices.Equal(da.Wall, db.Wall) {
		return false
	}
	for seat := range NumSeats {
		if !slices.Equal(a.discards[seat], b.discards[seat]) {
			return false
		}
	}
	return reflect.DeepEqual(a.history, b.history) && reflect.DeepEqual(a.result, b.result) && reflect.DeepEqual(a.match, b.match)
}

// TestSameStateKnowsEveryField: sameState compares every field of State
// and of Deal, and finds a change in any of them.
func TestSameStateKnowsEveryField(t *testing.T) {
	if n := reflect.TypeFor[State]().NumField(); n != 22 {
		t.Fatalf("State has %d fields: compare the new ones in sameState, then count them here", n)
	}
	if n := reflect.TypeFor[Deal]().NumField(); n != 8 {
		t.Fatalf("Deal has %d fields: compare the new ones in sameState, then count them here", n)
	}
	s, err := NewMatch(DefaultRules(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		n, _, err := s.Apply(fuzzMove(s))
		if err != nil {
			t.Fatal(err)
		}
		s = n
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
		"a score":          func(s *State) { s.scores[3]-- },
		"the result":       func(s *State) { s.result = &HandResult{} },
	} {
		c := s
		change(&c)
		if sameState(s, c) || reflect.DeepEqual(s, c) != sameState(s, c) {
			t.Errorf("%s changed: sameState does not see it", name)
		}
	}
}

// fuzzMove is what the game always allows the seat to move: the next
// hand, a draw (or the end of the hand when the wall is out), or the
// analyser's best discard, finishing with it when it wins.
func fuzzMove(s State) Action {
	if s.Phase() == game.HandOver {
		return NextHandAction()
	}
	seat := s.Turn()
	if s.Stage() == MustDraw {
		if s.WallLeft() == 0 {
			return EndHandAction(seat)
		}
		return DrawAction(seat)
	}
	return bestDiscard(s, seat)
}

// bestDiscard is seat's best discard by the analyser, or its finish when
// that discard wins; for a rack that is not 15 tiles (not seat's turn to
// discard), a discard Apply refuses.
func bestDiscard(s State, seat int) Action {
	h, err := s.an.HandOf(s.racks[seat])
	if err != nil || h.Len() != 15 {
		return DiscardAction(seat, tile.NoTile)
	}
	d := s.an.BestDiscard(h)
	if d.Wins {
		return FinishAction(seat, d.Tile)
	}
	return DiscardAction(seat, d.Tile)
}

// fuzzAction turns two bytes into an action: mostly sensible ones for the
// seat to move (so hands progress), some for other seats, some nonsense.
func fuzzAction(s State, op, arg byte) Action {
	seat := s.Turn()
	if op&0x80 != 0 {
		seat = int(arg>>4) % 5 // sometimes another seat, or no seat at all
	}
	rack := s.racks[min(max(seat, 0), NumSeats-1)].Tiles()
	pick := tile.Tile(arg % tile.NumFaces)
	if len(rack) > 0 && arg < 200 {
		pick = rack[int(arg)%len(rack)]
	}
	switch op % 10 {
	case 0, 1:
		return DrawAction(seat)
	case 2:
		return TakeAction(seat)
	case 3, 4, 5:
		if op&0x40 != 0 && seat == s.Turn() {
			return bestDiscard(s, seat) // as a player would
		}
		return DiscardAction(seat, pick)
	case 6:
		if a := bestDiscard(s, min(max(seat, 0), NumSeats-1)); a.Kind == ActFinish {
			return FinishAction(seat, a.Tile)
		}
		return FinishAction(seat, pick)
	case 7:
		return ShowAction(seat)
	case 8:
		return EndHandAction(seat)
	default:
		if op%3 == 0 {
			return Action{Kind: ActionKind(arg % 12), Seat: seat, Tile: tile.Tile(arg)}
		}
		return NextHandAction()
	}
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

// BenchmarkFuzzApply is the cost of one input of FuzzApply at its
// longest, of random bytes (without the fuzzer's coverage counters,
// which about double it): what bounds how many inputs a fuzzing run
// tries.
func BenchmarkFuzzApply(b *testing.B) {
	inputs := fuzzInputs(64)
	hand.Prepare() // the analysis's tables, built once a process
	for i := 0; b.Loop(); i++ {
		fuzzApply(b, inputs[i%len(inputs)])
	}
}
