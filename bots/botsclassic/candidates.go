package botsclassic

import (
	"slices"

	"okey/game/classic"
	"okey/game/tile"
)

// LeastDistance is the discards a search weighs beside a level's own
// pick first: the other discards (never an okey) that leave the rack as
// close to a win as the best one does, those with the most live outs
// (unseen copies of the faces that would bring the rack closer) first,
// up to k-1 of them. A search player (bots/search) and the tuning
// bench's pimc compare exactly these, so both draw them from here.
func LeastDistance(v *classic.View, first tile.Tile, k int) ([]tile.Tile, error) {
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return nil, err
	}
	tb := an.DiscardTable(h, 0)
	unseen := v.Unseen()
	type cand struct {
		t    tile.Tile
		live int
	}
	var cs []cand
	for f, d := range tb.Dist {
		t := tile.Tile(f)
		if int(d) != tb.Best || an.IsOkey(t) || t == first {
			continue
		}
		cs = append(cs, cand{t, weight(tb.Outs[f], &unseen)})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return y.live - x.live })
	out := make([]tile.Tile, 0, max(min(len(cs), k-1), 0))
	for _, c := range cs[:max(min(len(cs), k-1), 0)] {
		out = append(out, c.t)
	}
	return out, nil
}
