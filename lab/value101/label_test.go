package main

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"okey/game/tile"
)

// The true racks' labels depend on the seed alone, not on the workers
// or the cache; each choice holds hard's pick first and distinct
// others, and a replay of its hand finds every choice again and reads
// it.
func TestLabelsDependOnTheSeedAlone(t *testing.T) {
	ctx := context.Background()
	cfg := labelConfig{seed: 29, hands: 6, worlds: 2, rate: 0.3, cands: 3, expert: !testing.Short(), workers: 1}
	flat := func(bs []*block) []choice {
		var out []choice
		for _, b := range bs {
			out = append(out, b.Choices...)
		}
		return out
	}
	a, err := blocks(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.workers, cfg.cache = 2, t.TempDir()
	b, err := blocks(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, err := blocks(ctx, cfg) // read back from the cache
	if err != nil {
		t.Fatal(err)
	}
	ca, cb, cc := flat(a), flat(b), flat(c)
	if len(ca) == 0 || !reflect.DeepEqual(ca, cb) || !reflect.DeepEqual(ca, cc) {
		t.Fatalf("%d choices with one worker, %d with two, %d from the cache", len(ca), len(cb), len(cc))
	}
	for i, o := range ca {
		if len(o.Tiles) < 2 || len(o.Tiles) > cfg.cands {
			t.Errorf("choice %d: %d candidates", i, len(o.Tiles))
		}
		for j, tl := range o.Tiles {
			if slices.Index(o.Tiles, tl) != j || !tl.Valid() {
				t.Errorf("choice %d: candidates %s", i, tile.FormatTiles(o.Tiles))
			}
			for h := range o.Half {
				if v := float64(o.Half[h][j]); math.IsNaN(v) || math.Abs(v) > 1000 {
					t.Errorf("choice %d, candidate %d: label %g", i, j, v)
				}
			}
		}
		if cfg.expert && (o.Expert < -1 || int(o.Expert) >= len(o.Tiles)) {
			t.Errorf("choice %d: the expert's pick %d of %d", i, o.Expert, len(o.Tiles))
		}
	}
	if err := readAll(ctx, cfg.seed, ca, 2); err != nil {
		t.Fatal(err)
	}
	for i, o := range ca {
		if len(o.X) != len(o.Tiles)*numFeatures {
			t.Fatalf("choice %d: %d features for %d candidates", i, len(o.X), len(o.Tiles))
		}
		for k, x := range o.X {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				t.Fatalf("choice %d: feature %d is %g", i, k, x)
			}
		}
		// hard's pick differs from itself in nothing: its rank is 0
		if o.X[bRank] != 0 || o.X[numFeatures+bRank] == 0 {
			t.Errorf("choice %d: ranks %g, %g", i, o.X[bRank], o.X[numFeatures+bRank])
		}
	}
}

// A policy that never leaves hard's pick gains nothing, and one that
// always takes the labels' best over every world gains their mean best;
// the gain a seat a hand divides by the seats and the rate.
func TestPerHand(t *testing.T) {
	cs := []choice{
		{Hand: 0, Tiles: make([]tile.Tile, 2), Half: [2][]float32{{0, 4}, {0, 2}}},
		{Hand: 1, Tiles: make([]tile.Tile, 2), Half: [2][]float32{{1, 1}, {1, 1}}},
	}
	zero := perHand("hard", cs, []float64{0, 0}, nil, 2, 0.5)
	if zero.mean != 0 || zero.half != 0 {
		t.Errorf("hard's own pick: %+v", zero)
	}
	g := []float64{cs[0].mean(1) - cs[0].mean(0), 0}
	f := perHand("best", cs, g, []bool{true, false}, 2, 0.5)
	if want := 3.0 / 2 / (4 * 0.5); math.Abs(f.mean-want) > 1e-12 || f.changed != 0.5 {
		t.Errorf("the best: %+v, want mean %g and half the choices changed", f, want)
	}
	if j := argmax([]float64{0, 3, 5}, 4); j != 2 {
		t.Errorf("argmax over a gate of 4: %d", j)
	}
	if j := argmax([]float64{0, 3, 3.5}, 4); j != 0 {
		t.Errorf("argmax under the gate: %d", j)
	}
}
