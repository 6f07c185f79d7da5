package botsclassic

import (
	"context"
	"fmt"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Easy plays like a beginner who sorts the rack into chains and never
// counts: it keeps the tiles of its longest chains (runs of one colour or
// sets of one value; both copies of a face count as in its chain, so a
// spare copy is kept as long as the chain), discards a tile of its
// shortest chain (ties by chance), takes the previous discard only when it
// lengthens a chain to three or more (or is an okey), never throws an
// okey, shows the indicator but forgets to one hand in four (easyForgets),
// and finishes as soon as a discard leaves a winning hand. Chains ignore the okey's wildness and the
// 12-13-1 wrap, which is what makes it easy. It calls hand analysis only
// to test for a win.
type Easy struct {
	rnd  *game.Seeded
	seed uint64
}

// NewEasy returns an easy bot seeded with seed.
func NewEasy(seed uint64) *Easy { return &Easy{rnd: game.NewSeeded(seed), seed: seed} }

// easyForgets is how rarely the easy bot forgets gösterme: one hand in
// easyForgets of those it could show in. A beginner knows the rule but,
// busy with the rack, now and then lets the moment pass; three shows in
// four keep easy close to the other levels on this rule (the ladder's
// gap is play), while a player at the table still sees it forget.
const easyForgets = 4

// forgets reports whether the bot forgets gösterme in hand n of a match.
// It is drawn from the bot's seed and the hand's number, not from its
// running random source, so that asking again (off its turn, then on
// it) gives the same answer and its other choices are not shifted.
func (b *Easy) forgets(n int) bool {
	return game.NewSeed(b.seed^uint64(n)*0x9e3779b97f4a7c15)%easyForgets == 0
}

// Level is "easy".
func (b *Easy) Level() string { return "easy" }

// Decide returns the easy bot's move for the view.
func (b *Easy) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if a, done, err := route(ctx, &v, !b.forgets(v.Hand)); done {
		return a, err
	}
	an := &v.Analyzer
	if v.Stage == classic.MustDraw {
		take, err := b.wantsTake(an, &v)
		if err != nil {
			return classic.Action{}, fmt.Errorf("easy, seat %d: %w", v.Seat, err)
		}
		if take {
			return classic.TakeAction(v.Seat), nil
		}
		return drawOrEnd(&v), nil
	}
	if t, ok, err := easyFinish(an, &v.Counts); err != nil {
		return classic.Action{}, fmt.Errorf("easy, seat %d: %w", v.Seat, err)
	} else if ok {
		return classic.FinishAction(v.Seat, t), nil
	}
	return classic.DiscardAction(v.Seat, b.shortest(an, &v.Counts)), nil
}

// wantsTake reports whether the previous discard lengthens a chain (or,
// with the wall out, lets the bot finish: taking for anything less could
// pass tiles round the table for ever).
func (b *Easy) wantsTake(an *hand.Analyzer, v *classic.View) (bool, error) {
	if !v.Legal.Take {
		return false, nil
	}
	t := v.Top(v.Previous)
	if !t.Valid() {
		return false, nil
	}
	c := v.Counts
	c[t]++
	if !v.Legal.Draw {
		_, ok, err := easyFinish(an, &c)
		return ok, err
	}
	if an.IsOkey(t) {
		return true, nil
	}
	p := played(an, &v.Counts)
	pt := an.PlaysAs(t)
	if p[pt] > 0 {
		return false, nil // a second copy lengthens nothing
	}
	p[pt]++
	return chainLen(&p, pt) >= 3, nil
}

// easyFinish finds a discard, never an okey, that leaves a winning hand.
func easyFinish(an *hand.Analyzer, c *tile.Counts) (tile.Tile, bool, error) {
	h, err := handOf(an, c)
	if err != nil {
		return tile.NoTile, false, err
	}
	for f, n := range c {
		t := tile.Tile(f)
		if n == 0 || an.IsOkey(t) {
			continue
		}
		rest := h
		rest.Remove(t)
		if an.IsWin(rest) {
			return t, true, nil
		}
	}
	return tile.NoTile, false, nil
}

// shortest picks a tile of the shortest chain. Okeys are never picked
// while anything else is held.
func (b *Easy) shortest(an *hand.Analyzer, c *tile.Counts) tile.Tile {
	p := played(an, c)
	var ties [tile.NumFaces]tile.Tile
	n, best := 0, 1<<30
	for f, k := range c {
		t := tile.Tile(f)
		if k == 0 || an.IsOkey(t) {
			continue
		}
		l := chainLen(&p, an.PlaysAs(t))
		switch {
		case l < best:
			best, n = l, 0
			fallthrough
		case l == best:
			ties[n] = t
			n++
		}
	}
	if n == 0 { // nothing but okeys
		return an.Okey()
	}
	return ties[b.rnd.Intn(n)]
}

// chainLen is the length of the longest chain through face f in p: the
// run of one colour through it, or the set of its value.
func chainLen(p *tile.Counts, f tile.Tile) int {
	if f >= tile.FalseJoker {
		return 1
	}
	col, val := f.Colour(), f.Value()
	run := 1
	for w := val - 1; w >= 1 && p[tile.NewTile(col, w)] > 0; w-- {
		run++
	}
	for w := val + 1; w <= tile.NumValues && p[tile.NewTile(col, w)] > 0; w++ {
		run++
	}
	set := 0
	for k := range tile.NumColours {
		if p[tile.NewTile(tile.Colour(k), val)] > 0 {
			set++
		}
	}
	return max(run, set)
}
