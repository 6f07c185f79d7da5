package main

import (
	"context"
	"reflect"
	"testing"

	"okey/bots/belief"
)

// TestGenerateIsTheSeeds: the positions and their labels are the seed's
// alone, whatever the workers (two chunks of hands here, played in
// either order), another seed gives others, and every label places each
// unseen copy once, in a place with a slot for it.
func TestGenerateIsTheSeeds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game101 bool
	}{{"classic", false}, {"101", true}} {
		t.Run(tc.name, func(t *testing.T) { generateIsTheSeeds(t, tc.game101) })
	}
}

func generateIsTheSeeds(t *testing.T, game101 bool) {
	cfg := genConfig{seed: 5, hands: 66, workers: 1, pos: 0.1, hardShare: 0.3, maxActions: 500, game101: game101}
	gen := func(c genConfig) *dataset {
		d, err := generate(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	one := gen(cfg)
	cfg.workers = 3
	three := gen(cfg)
	if len(one.Pos) == 0 || one.F != cfg.features() || len(one.X) != len(one.G)*one.row() {
		t.Fatalf("%d positions kept, %d features a row, %d bytes for %d groups", len(one.Pos), one.F, len(one.X), len(one.G))
	}
	if !reflect.DeepEqual(one.X, three.X) || !reflect.DeepEqual(one.G, three.G) || !reflect.DeepEqual(one.Pos, three.Pos) {
		t.Fatalf("one worker and three made different data (%d and %d positions)", len(one.Pos), len(three.Pos))
	}
	cfg.seed, cfg.hands = 6, 2
	if other := gen(cfg); reflect.DeepEqual(one.G[:min(len(one.G), len(other.G))], other.G) {
		t.Fatal("seeds 5 and 6 made the same data")
	}
	for _, pos := range one.Pos {
		slots := 0
		for gi := pos.First; gi < pos.First+pos.Len; gi++ {
			g := one.G[gi]
			n := 0
			for pl := range belief.Places {
				n += int(g.N[pl])
				if g.N[pl] > 0 && g.Slots[pl] == 0 {
					t.Fatalf("hand %d: %d copies of face %d placed where no slot is", pos.Hand, g.N[pl], g.Face)
				}
			}
			if n != int(g.U) {
				t.Fatalf("hand %d: face %d has %d unseen copies, the labels place %d", pos.Hand, g.Face, g.U, n)
			}
			slots += int(g.U)
		}
		if pos.Len > 0 {
			g := one.G[pos.First]
			have := 0
			for pl := range belief.Places {
				have += int(g.Slots[pl])
			}
			if have != slots {
				t.Fatalf("hand %d: %d unseen copies for %d slots", pos.Hand, slots, have)
			}
		}
	}
}
