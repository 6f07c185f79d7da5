package botsclassic

import (
	"context"
	"fmt"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Normal plays for the least distance to a winning hand, breaking ties
// by live outs and then by looseness, as a player who knows the rules
// but counts no discards would: it takes the previous discard only when
// that lowers the distance, shows the indicator whenever it can, and
// holds a win for an okey finish only while that is worth the risk,
// judged from the round alone. It is the level between easy and hard;
// counting discards is hard's edge. Each choice and what the tuning
// bench measured for it is in docs/bots.md ("How normal and hard play,
// in full").
type Normal struct {
	rnd *game.Seeded
	mem memory
	// hold: holds a win for an okey finish when worth it; pairs: weighs
	// the seven-pairs route by points.
	hold, pairs bool
	pt          pairTune
}

// NewNormal returns a normal bot seeded with seed.
func NewNormal(seed uint64) *Normal {
	return &Normal{rnd: game.NewSeeded(seed), hold: true, pt: defaultPairTune}
}

// Level is "normal".
func (b *Normal) Level() string { return "normal" }

// Decide returns the normal bot's move for the view.
func (b *Normal) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	if a, done, err := route(ctx, &v, true); done {
		return a, err
	}
	a, err := b.decide(&v)
	if err != nil {
		return classic.Action{}, fmt.Errorf("normal, seat %d: %w", v.Seat, err)
	}
	return a, nil
}

func (b *Normal) decide(v *classic.View) (classic.Action, error) {
	an := &v.Analyzer
	h, err := handOf(an, &v.Counts)
	if err != nil {
		return classic.Action{}, err
	}
	if v.Stage == classic.MustDraw {
		if b.wantsTake(v, h) {
			return classic.TakeAction(v.Seat), nil
		}
		return drawOrEnd(v), nil
	}
	tb := b.mem.discards(an, h)
	return b.discard(v, h, &tb), nil
}

// discard is the normal choice of a 15-tile rack h with discard table tb:
// a finish, a hold for an okey finish, or a discard.
func (b *Normal) discard(v *classic.View, h hand.Hand, tb *hand.DiscardTable) classic.Action {
	an := &v.Analyzer
	if minDist(&tb.Dist) == 0 {
		if t, ok := bestFinish(an, h, &tb.Dist, true); ok {
			if !an.IsOkey(t) && b.hold {
				rest := h
				rest.Remove(t)
				w, _ := an.Win(rest)
				j := normalJudge(v)
				if x, hold := j.okeyHold(v, h, tb, an.Points(&w, false)); hold {
					rest = h
					rest.Remove(x)
					b.mem.remember(an, rest, 0, 0)
					return classic.DiscardAction(v.Seat, x)
				}
			}
			return classic.FinishAction(v.Seat, t)
		}
	}
	if b.pairs {
		j := normalJudge(v)
		j.pt = b.pt
		if x, ok := j.pairsDiscard(v, &v.Counts, h, tb); ok {
			rest := h
			rest.Remove(x)
			b.mem.remember(an, rest, int(tb.Dist[x]), 0)
			return classic.DiscardAction(v.Seat, x)
		}
	}
	w := liveCopies(an, &v.Counts)
	t := pickLive(an, tb, &w, &v.Counts, b.rnd)
	rest := h
	rest.Remove(t)
	b.mem.rememberOuts(an, rest, tb.Best, tb.Outs[t])
	return classic.DiscardAction(v.Seat, t)
}

// wantsTake: take the previous discard when it lowers the distance,
// lets an okey go from a winning rack (an okey finish) or serves the
// seven-pairs route.
func (b *Normal) wantsTake(v *classic.View, h hand.Hand) bool {
	if !v.Legal.Take {
		return false
	}
	an := &v.Analyzer
	t := v.Top(v.Previous)
	if freesOkey(an, h, t) || takeLowers(an, v, h, &b.mem) {
		return true
	}
	if !b.pairs || !pairsSingle(v, t) {
		return false
	}
	j := normalJudge(v)
	j.pt = b.pt
	return j.pairsTake(v, h, t, &b.mem)
}

// takeLowers reports whether taking the previous discard (and then the
// best discard) leaves a lower distance than the rack h has now: the
// normal rule for taking. With the wall out it is also the only reason
// to take, and since every take lowers the taker's distance, takes
// cannot cycle. The distance of a 15-tile rack is the one its best
// discard leaves, so this is two distances, the first remembered, or
// none: the tile lowers the distance when it is one of the remembered
// rack's outs.
func takeLowers(an *hand.Analyzer, v *classic.View, h hand.Hand, mem *memory) bool {
	if !v.Legal.Take {
		return false
	}
	t := v.Top(v.Previous)
	if !t.Valid() {
		return false
	}
	return mem.lowers(an, h, t)
}

// pickLive returns, among the discards that leave the least distance
// (never an okey), one whose outs have the most live copies in w; among
// those, the loosest (the fewest tiles of the rack it could share a group
// with), then by chance. Breaking the last ties by looseness rather than
// chance lifts normal's share against three easy bots by about a point
// (41.5% and 41.0% against 40.7% and 39.9% on seeds 1 and 2, 20,000
// hands each).
func pickLive(an *hand.Analyzer, tb *hand.DiscardTable, w *tile.Counts, rack *tile.Counts, rnd *game.Seeded) tile.Tile {
	p := played(an, rack)
	best, loose, n := -1, 0, 0
	var ties [tile.NumFaces]tile.Tile
	for f, k := range tb.Dist {
		t := tile.Tile(f)
		if int(k) != tb.Best || an.IsOkey(t) {
			continue
		}
		l := weight(tb.Outs[f], w)
		nb := neighbours(an, &p, an.PlaysAs(t))
		switch {
		case l > best || (l == best && nb < loose):
			best, loose, n = l, nb, 0
			fallthrough
		case l == best && nb == loose:
			ties[n] = t
			n++
		}
	}
	if n == 0 { // nothing but okeys
		return an.Okey()
	}
	return ties[rnd.Intn(n)]
}
