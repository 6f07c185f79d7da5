package okey101

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
			if s.Stage() == StageDraw {
				a = Draw(seat)
			} else {
				var first tile.Tile
				for f, n := range s.racks[seat] {
					if n > 0 {
						first = tile.Tile(f)
						break
					}
				}
				a = Discard(seat, first)
			}
			if s, _, err = s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}

// BenchmarkPlayHandMelding plays whole hands with the purposeful random
// player of the tests (openings, lay-offs, take-backs, finishes, the
// analysis of every turn), with open=40 so that hands are full of melds.
func BenchmarkPlayHandMelding(b *testing.B) {
	r := Rules{Open: 40, Islek: true, Hands: 11}
	actions := 0
	for i := range b.N {
		s, err := NewMatch(r, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		p := newPlayer(uint64(i))
		for s.Phase() == game.Playing {
			_, n, _, err := p.move(s)
			if err != nil {
				b.Fatal(err)
			}
			s = n
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}

// BenchmarkView prices the projection a bot or screen gets every move.
func BenchmarkView(b *testing.B) {
	s, _ := NewMatch(Rules{Open: 40, Islek: true, Hands: 11}, 1)
	p := newPlayer(1)
	for range 40 {
		if n, _, err := s.Apply(p.next(s)); err == nil && n.Phase() == game.Playing {
			s = n
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

// BenchmarkNewMatch prices a deal and its state.
func BenchmarkNewMatch(b *testing.B) {
	r := DefaultRules()
	for i := range b.N {
		if _, err := NewMatch(r, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
