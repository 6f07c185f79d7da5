package botsclassic

import (
	"context"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// TestHardTakeMemory plays hands of four hard bots and checks, at every
// draw, that the take test read from the outs the bot remembered from
// its last discard says what two distances say.
func TestHardTakeMemory(t *testing.T) {
	seeds := []uint64{31, 32, 33, 34, 35, 36}
	if testing.Short() {
		seeds = seeds[:4]
	}
	rules := []string{"default", "indicator_last", "simple104", "no_wrap"}
	checked, fromMemory := 0, 0
	for i, seed := range seeds {
		r, err := classic.ParseRules(rules[i%len(rules)])
		if err != nil {
			t.Fatal(err)
		}
		s, err := classic.NewMatch(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		var seat [classic.NumSeats]*Hard
		for j := range seat {
			seat[j] = NewHard(seed*4 + uint64(j))
		}
		for s.Phase() == game.Playing && s.Moves() < 2000 {
			who := s.Turn()
			v := s.View(who)
			if v.MyTurn() && v.Stage == classic.MustDraw && v.Legal.Take {
				an := &v.Analyzer
				h, err := handOf(an, &v.Counts)
				if err != nil {
					t.Fatal(err)
				}
				top := v.Top(v.Previous)
				x := h
				x.Add(top)
				want := an.Distance(x) < an.Distance(h)
				m := seat[who].mem
				if m.exact && m.recalls(an, &h) {
					fromMemory++
				}
				if got := m.lowers(an, h, top); got != want {
					t.Fatalf("seed %d, seat %d, rack %s, top %v: remembered %v, distances %v",
						seed, who, tile.FormatTiles(v.Rack), top, got, want)
				}
				checked++
			}
			a, err := seat[who].Decide(context.Background(), v)
			if err != nil {
				t.Fatalf("seed %d, seat %d: %v", seed, who, err)
			}
			if s, _, err = s.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if checked < 100 || fromMemory < checked/2 {
		t.Fatalf("%d take tests, %d from memory: too few to prove anything", checked, fromMemory)
	}
}
