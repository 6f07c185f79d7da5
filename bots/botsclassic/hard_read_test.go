package botsclassic

import (
	"context"
	"slices"
	"testing"

	"okey/game/classic"
	"okey/game/tile"
)

// TestHardRead: a Read that adds nothing, or weighs the outs as hard
// does, leaves hard's move as it was; a cost on hard's pick moves it to
// another discard that leaves the least distance, wherever hard chose
// among several by its score (not a finish, a hold or the seven-pairs
// route).
func TestHardRead(t *testing.T) {
	seeds := []uint64{41, 42, 43}
	if testing.Short() {
		seeds = seeds[:2]
	}
	ctx := context.Background()
	moved := 0
	for i, s := range positions(t, classic.DefaultRules(), "hard", seeds, 3) {
		v := s.View(s.Turn())
		if v.Stage != classic.MustDiscard {
			continue
		}
		seed := uint64(i)
		want, err := NewHard(seed).Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		unseen := v.Unseen()
		own := Read{DrawTotal: float64(max(unseen.Total(), 1))}
		for f, k := range unseen {
			own.Draw[f] = float64(k)
		}
		for _, r := range []*Read{nil, {}, &own} {
			if got, err := NewHard(seed).DecideRead(ctx, v, r); err != nil || got != want {
				t.Fatalf("position %d: %v (%v) with %+v, hard plays %v", i, got, err, r, want)
			}
		}
		if want.Kind != classic.ActDiscard {
			continue
		}
		others, err := LeastDistance(&v, want.Tile, tile.NumFaces)
		if err != nil {
			t.Fatal(err)
		}
		var cost Read
		cost.Cost[want.Tile] = 10
		got, err := NewHard(seed).DecideRead(ctx, v, &cost)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case got == want:
		case got.Kind == classic.ActDiscard && slices.Contains(others, got.Tile):
			moved++
		default:
			t.Fatalf("position %d: a cost on %v moved hard to %v, not a least-distance discard (%v)", i, want.Tile, got, others)
		}
	}
	if moved < 10 {
		t.Fatalf("a cost on hard's pick moved it %d times: the read is not weighed", moved)
	}
}
