package bots

import (
	"context"
	"fmt"
	"slices"

	"okey/game"
)

// Normal plays for the least distance to win: it discards a tile whose
// loss leaves the fewest exchanges to a winning hand (melds or seven
// pairs, as hand analysis measures it), breaks ties by live outs (the
// copies, not in its own rack, of the faces whose draw would lower the
// distance), takes the previous discard only when that lowers the
// distance, finishes as soon as it can (with the discard that scores
// most) and never shows the indicator. It counts no discards: that is
// the hard level's edge. A decision costs one discard-distance table and
// at most normalOuts outs calls.
type Normal struct {
	rnd *game.Seeded
}

// normalOuts caps the tied discards whose outs Normal weighs; the
// loosest tiles (fewest neighbours) are weighed first.
const normalOuts = 4

// NewNormal returns a normal bot seeded with seed.
func NewNormal(seed uint64) *Normal { return &Normal{rnd: game.NewSeeded(seed)} }

// Level is "normal".
func (b *Normal) Level() string { return "normal" }

// Decide returns the normal bot's move for the view.
func (b *Normal) Decide(ctx context.Context, v game.View) (game.Action, error) {
	if a, done, err := route(ctx, &v, false); done {
		return a, err
	}
	a, err := b.decide(&v)
	if err != nil {
		return game.Action{}, fmt.Errorf("normal, seat %d: %w", v.Seat, err)
	}
	return a, nil
}

func (b *Normal) decide(v *game.View) (game.Action, error) {
	an := &v.Analyzer
	if v.Stage == game.MustDraw {
		take, err := takeLowers(an, v)
		if err != nil || !take {
			return drawOrEnd(v), err
		}
		return game.TakeAction(v.Seat), nil
	}
	c := v.Counts
	dd, err := discardDistances(an, &c)
	if err != nil {
		return game.Action{}, err
	}
	if minDist(&dd) == 0 {
		if t, ok, err := bestFinish(an, &c, &dd, true); err != nil || ok {
			return game.FinishAction(v.Seat, t), err
		}
	}
	w := liveCopies(an, &c)
	cands, err := weighDiscards(an, &c, &dd, &w, normalOuts)
	if err != nil {
		return game.Action{}, err
	}
	return game.DiscardAction(v.Seat, pickTop(cands, b.rnd)), nil
}

// takeLowers reports whether taking the previous discard (and then the
// best discard) leaves a lower distance than the rack has now: the normal
// rule for taking. With the wall out it is also the only reason to take,
// and since every take lowers the taker's distance, takes cannot cycle.
func takeLowers(an *game.Analyzer, v *game.View) (bool, error) {
	if !v.Legal.Take {
		return false, nil
	}
	t := v.Top(v.Previous)
	if !t.Valid() {
		return false, nil
	}
	c := v.Counts
	d, err := distance(an, &c)
	if err != nil {
		return false, err
	}
	c[t]++
	dd, err := discardDistances(an, &c)
	if err != nil {
		return false, err
	}
	dd[t] = noDist // throwing back what was taken changes nothing
	return minDist(&dd) < d, nil
}

// minDist is the least distance in a table (127 when it is empty).
func minDist(d *distances) int {
	m := int8(127)
	for _, k := range d {
		if k != noDist && k < m {
			m = k
		}
	}
	return int(m)
}

// cand is a discard candidate: the face, the distance it leaves, and the
// live copies of the outs of what is left (-1 when not weighed).
type cand struct {
	tile  game.Tile
	dist  int
	live  int
	outs  game.TileSet // the outs of what is left, when weighed
	loose int          // neighbours of the tile in the rack: fewer is looser
}

// weighDiscards lists the discards that leave the least distance (never
// an okey while anything else is held), the loosest first, and weighs the
// live outs of the first limit of them.
func weighDiscards(an *game.Analyzer, c *game.Counts, dd *distances, w *game.Counts, limit int) ([]cand, error) {
	return weighWithin(an, c, dd, w, limit, 0)
}

// weighWithin is weighDiscards for the discards that leave at most slack
// more than the least distance.
func weighWithin(an *game.Analyzer, c *game.Counts, dd *distances, w *game.Counts, limit, slack int) ([]cand, error) {
	p := played(an, c)
	cs := make([]cand, 0, 16)
	best, onlyOkeys := minNonOkey(an, dd)
	for f, k := range dd {
		t := game.Tile(f)
		if k == noDist || int(k) > best+slack || (an.IsOkey(t) && !onlyOkeys) {
			continue
		}
		cs = append(cs, cand{tile: t, dist: int(k), live: -1, loose: neighbours(an, &p, an.PlaysAs(t))})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return x.loose - y.loose })
	for i := range cs[:min(limit, len(cs))] {
		rest := *c
		rest[cs[i].tile]--
		o, err := outs(an, &rest)
		if err != nil {
			return nil, err
		}
		cs[i].outs, cs[i].live = o, weight(o, w)
	}
	return cs, nil
}

// minNonOkey is the least distance over the discards that are not an
// okey; onlyOkeys is set (and the least over all given) when the rack
// holds nothing else.
func minNonOkey(an *game.Analyzer, dd *distances) (best int, onlyOkeys bool) {
	m := int8(127)
	for f, k := range dd {
		if k != noDist && k < m && !an.IsOkey(game.Tile(f)) {
			m = k
		}
	}
	if m == 127 {
		return minDist(dd), true
	}
	return int(m), false
}

// pickTop returns the candidate with the most live outs, ties broken by
// chance.
func pickTop(cs []cand, rnd *game.Seeded) game.Tile {
	best, n := -2, 0
	var ties [game.NumFaces]game.Tile
	for _, c := range cs {
		switch {
		case c.live > best:
			best, n = c.live, 0
			fallthrough
		case c.live == best:
			ties[n] = c.tile
			n++
		}
	}
	return ties[rnd.Intn(n)]
}
