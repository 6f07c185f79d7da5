package classic

import (
	"testing"

	"okey/game"
	"okey/game/tile"
)

// BenchmarkPlayHand plays whole hands through Apply with a trivial policy
// (draw, discard the first tile), to price the reducer alone.
func BenchmarkPlayHand(b *testing.B) {
	r := DefaultRules()
	actions := 0
	for i := range b.N {
		s, err := NewMatch(r, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for s.Phase() == game.Playing {
			seat := s.Turn()
			var a Action
			switch {
			case s.Stage() == MustDiscard:
				var first tile.Tile
				for f, n := range s.racks[seat] {
					if n > 0 {
						first = tile.Tile(f)
						break
					}
				}
				a = DiscardAction(seat, first)
			case s.WallLeft() > 0:
				a = DrawAction(seat)
			default:
				a = EndHandAction(seat)
			}
			if s, _, err = s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}

// BenchmarkView prices the projection a bot or screen gets every move.
func BenchmarkView(b *testing.B) {
	s, _ := NewMatch(DefaultRules(), 1)
	for range 60 {
		seat := s.Turn()
		if s.Stage() == MustDiscard {
			v := s.View(seat)
			s, _, _ = s.Apply(DiscardAction(seat, v.Rack[0]))
		} else {
			s, _, _ = s.Apply(DrawAction(seat))
		}
	}
	b.ResetTimer()
	for range b.N {
		v := s.View(s.Turn())
		if len(v.Rack) == 0 {
			b.Fatal("empty rack")
		}
	}
}

// BenchmarkNewMatch prices a deal (the table ritual) and its state.
func BenchmarkNewMatch(b *testing.B) {
	r := DefaultRules()
	for i := range b.N {
		if _, err := NewMatch(r, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
