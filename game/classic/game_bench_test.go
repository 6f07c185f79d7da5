package classic

import (
	"testing"

	"okey/game"
	"okey/game/tile"
)

// BenchmarkGameApply plays whole hands as BenchmarkPlayHand does, but
// through a Game, which keeps the record beside the state: it prices
// what the record's wrapper adds to the reducer (each action's line).
func BenchmarkGameApply(b *testing.B) {
	r := DefaultRules()
	actions := 0
	for i := range b.N {
		g, err := NewGame(r, uint64(i), nil)
		if err != nil {
			b.Fatal(err)
		}
		for s := g.State(); s.Phase() == game.Playing; s = g.State() {
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
			if _, _, err = g.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}
