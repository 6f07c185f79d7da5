package game

import (
	"encoding/binary"
	"reflect"
	"testing"

	"okey/game/hand"
	"okey/game/tile"
)

var fuzzRules = []string{"default", "simple", "indicator_last", "partners,points=5", "leave_at_zero,points=5", "simple104", "one_colour_double,no_wrap"}

// checkInvariants verifies what must hold between any two actions: every
// tile accounted for, racks of the right size, the turn on an active seat.
func checkInvariants(t *testing.T, s State) {
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
		case s.phase == Playing && seat == s.turn && s.stage == MustDiscard:
			want = 15
		}
		if n != want {
			t.Fatalf("seat %d holds %d tiles, want %d (phase %v turn %d stage %v)", seat, n, want, s.phase, s.turn, s.stage)
		}
	}
	if s.phase == Playing && !s.active[s.turn] {
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

func checkScores(t *testing.T, before, after State, a Action) {
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

// FuzzApply plays random legal and illegal actions read from the input
// and checks after every step that nothing panics, refused actions change
// nothing, all tiles are accounted for, racks hold 14 between turns and
// scores move only as the rules say.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("the quick brown fox jumps over the lazy dog, many times over"))
	f.Add(make([]byte, 300))
	for i := range 8 {
		b := make([]byte, 400)
		for j := range b {
			b[j] = byte((j*37 + i*101) ^ (j >> 2))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
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
		for i := 9; i+1 < len(data) && s.Phase() != MatchOver; i += 2 {
			op, arg := data[i], data[i+1]
			a := fuzzAction(s, op, arg)
			n, _, err := s.Apply(a)
			if err != nil {
				if !reflect.DeepEqual(n, s) {
					t.Fatalf("refused %v changed the state", a)
				}
				continue
			}
			checkInvariants(t, n)
			if a.Kind != ActNextHand {
				checkScores(t, s, n, a)
			}
			s = n
		}
	})
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
		return DiscardAction(seat, pick)
	case 6:
		if h, err := s.an.HandOf(s.racks[min(max(seat, 0), NumSeats-1)]); err == nil && h.Len() == 15 {
			if d := s.an.BestDiscard(h); d.Wins {
				return FinishAction(seat, d.Tile)
			}
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
