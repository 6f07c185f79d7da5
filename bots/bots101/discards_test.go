package bots101

import (
	"context"
	"errors"
	"testing"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestDiscards: where hard's whole turn is a discard, Discards ranks
// hard's pick first (before and after opening), lists every face of
// the rack once, and refuses a seat that is not to discard.
func TestDiscards(t *testing.T) {
	var ps []okey101.State
	for seed := range uint64(2) {
		ps = append(ps, newTable(t, okey101.DefaultRules(), 70+seed, [okey101.NumSeats]string{"hard", "normal", "hard", "normal"}).playHands(t, 2, 1)...)
	}
	checked, opened := 0, 0
	for i, s := range ps {
		v := s.View(s.Turn())
		if v.Phase != game.Playing || v.Stage == okey101.StageDraw {
			if _, err := Discards(context.Background(), v, Options{Seed: 9}); !errors.Is(err, ErrNotToMove) {
				t.Fatalf("position %d, stage %v: Discards gave %v, want ErrNotToMove", i, v.Stage, err)
			}
			continue
		}
		plan, err := Turn(context.Background(), "hard", v, Options{Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if len(plan) != 1 || plan[0].Kind != okey101.ActDiscard {
			continue
		}
		order, err := Discards(context.Background(), v, Options{Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if order[0] != plan[0].Tile {
			t.Fatalf("position %d: Discards ranks %v first, hard throws %v", i, order[0], plan[0].Tile)
		}
		faces := 0
		for _, n := range v.Counts {
			if n > 0 {
				faces++
			}
		}
		seen := map[tile.Tile]bool{}
		for _, tl := range order {
			if v.Counts[tl] == 0 || seen[tl] {
				t.Fatalf("position %d: %v ranked twice or not in the rack: %v", i, tl, order)
			}
			seen[tl] = true
		}
		if len(order) > faces {
			t.Fatalf("position %d: %d discards ranked from %d faces", i, len(order), faces)
		}
		checked++
		if v.Opened[v.Seat].Status != meld.NotOpened {
			opened++
		}
	}
	if checked < 20 || opened == 0 {
		t.Fatalf("only %d positions checked (%d opened): the test proves little", checked, opened)
	}
	t.Logf("%d positions, %d of them opened", checked, opened)
}
