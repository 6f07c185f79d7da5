package main

import (
	"context"
	"slices"
	"testing"
)

// Each prize choice plays every distinct tile of its rack; the gains
// agree with what the means say: none when the pick is the best of all
// the worlds' means, the worst never above the pick, and the blocks read
// back from the cache are the ones made.
func TestPrizePlaysEveryTile(t *testing.T) {
	ctx := context.Background()
	cs, discards, err := choicesOf(ctx, 5, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	if discards < 5 || discards > 20 {
		t.Errorf("%.2f discards a seat a hand", discards)
	}
	dir := t.TempDir()
	ps, _, err := prizes(ctx, cs, 5, 16, 2, dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		var distinct []int
		for _, tl := range cs[i].v.Rack {
			if !slices.Contains(distinct, int(tl)) {
				distinct = append(distinct, int(tl))
			}
		}
		if p.Cands != len(distinct) {
			t.Errorf("choice %d: %d candidates, the rack has %d distinct tiles", i, p.Cands, len(distinct))
		}
		if p.Naive < 0 || (p.PickBest != (p.Naive == 0)) || p.Worst > 0 {
			t.Errorf("choice %d: %+v", i, p)
		}
	}
	again, _, err := prizes(ctx, cs, 5, 16, 1, dir)
	if err != nil || !slices.Equal(ps, again) {
		t.Errorf("read back from the cache: %+v (%v), made %+v", again, err, ps)
	}
}
