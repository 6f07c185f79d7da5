package classic

import (
	"testing"

	"okey/game"
	"okey/game/internal/rng"
)

// TestRandomPlayoutSmoke plays random legal moves (never finishing) until the
// match is over or limit actions were played, checking invariants.
func TestRandomPlayoutSmoke(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s, err := NewMatch(DefaultRules(), seed)
		if err != nil {
			t.Fatal(err)
		}
		rg := rng.New(seed)
		for i := 0; i < 2000 && s.Phase() != game.MatchOver; i++ {
			seat := s.Turn()
			l := s.Legal(seat)
			var a Action
			switch {
			case l.NextHand:
				a = NextHandAction()
			case l.EndHand && rg.Intn(2) == 0:
				a = EndHandAction(seat)
			case l.Draw && (!l.Take || rg.Intn(2) == 0):
				a = DrawAction(seat)
			case l.Take:
				a = TakeAction(seat)
			case l.EndHand:
				a = EndHandAction(seat)
			case l.Discard:
				v := s.View(seat)
				a = DiscardAction(seat, v.Rack[rg.Intn(len(v.Rack))])
			}
			n, _, err := s.Apply(a)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			s = n
		}
		if s.HandNumber() < 2 {
			t.Fatalf("seed %d: only %d hands", seed, s.HandNumber())
		}
	}
}
