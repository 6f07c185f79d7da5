package bots101

import (
	"context"
	"testing"

	"okey/game"
	"okey/game/okey101"
)

// TestHonest is the promise that a bot decides from its view alone: in
// two worlds that differ only in the other racks and the wall (the
// second sampled from the seat's view by okey101.View.SampleWorld), bots
// of the same level and seed play the same whole turn, action for
// action, for every level.
func TestHonest(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	for _, level := range Levels {
		t.Run(level, func(t *testing.T) {
			var ps []okey101.State
			for seed := range uint64(n) {
				mix := [okey101.NumSeats]string{level, "normal", level, "easy"}
				ps = append(ps, newTable(t, okey101.DefaultRules(), 50+seed, mix).playHands(t, 2, 3)...)
			}
			turns, differ, actions := 0, 0, 0
			for i, s := range ps {
				seat := s.Turn()
				v := s.View(seat)
				alt, err := v.SampleWorld(uint64(1000 + i))
				if err != nil {
					t.Fatal(err)
				}
				for o := range okey101.NumSeats {
					if o != seat && alt.View(o).Counts != s.View(o).Counts {
						differ++
						break
					}
				}
				turns++
				b1, b2 := newBot(t, level, uint64(i)), newBot(t, level, uint64(i))
				w := alt
				for s.Phase() == game.Playing && s.Turn() == seat {
					a1, err1 := b1.Decide(context.Background(), s.View(seat))
					a2, err2 := b2.Decide(context.Background(), w.View(seat))
					if err1 != nil || err2 != nil || a1.String() != a2.String() {
						t.Fatalf("position %d, seat %d: %v (%v) in one world, %v (%v) in the other", i, seat, a1, err1, a2, err2)
					}
					actions++
					if s, _, err1 = s.Apply(a1); err1 != nil {
						t.Fatal(err1)
					}
					if w, _, err2 = w.Apply(a2); err2 != nil {
						t.Fatalf("position %d: legal in one world, not in the other: %v", i, err2)
					}
					if a1.Kind == okey101.ActDraw {
						break // the worlds part: each draws its own wall's tile
					}
				}
			}
			if turns == 0 || differ < turns*3/4 {
				t.Fatalf("the hidden tiles differ in %d of %d worlds: the test proves little", differ, turns)
			}
			t.Logf("%d turns, %d actions", turns, actions)
		})
	}
}
