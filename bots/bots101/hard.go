package bots101

import (
	"context"
	"slices"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Hard is Normal with a memory, a look ahead and a guard, the strongest
// level the game offers: it counts every tile seen in the hand, so that
// it weighs what is still live; before it opens it weighs each discard
// by the chance the next draws let it open, and once open by the chance
// they let it finish; it guards against feeding the next player's
// opening, keeps an okey for a finish until the hand turns dangerous,
// and dumps its high tiles near the hand's end. Its searches are held
// to a budget of work counted by the solver, not the clock, so that it
// plays the same on every machine. The whole of each decision, with the
// constants it is tuned by, is in docs/bots-101.md ("How hard plays, in
// full").
type Hard struct{ p player }

// NewHard returns a hard bot seeded with seed.
func NewHard(seed uint64) *Hard { return &Hard{p: newPlayer("hard", seed)} }

// Level is "hard".
func (b *Hard) Level() string { return "hard" }

// Decide returns the hard bot's next action for the view.
func (b *Hard) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return b.p.decide(ctx, &v, b)
}

func (b *Hard) draw(p *player, v *okey101.View) (*board, error) {
	return takeIfUsed(p, v, b.turn)
}

func (b *Hard) play(p *player, v *okey101.View) (*board, error) {
	bd := boardOf(v)
	if err := b.turn(p, v, bd); err != nil {
		return nil, err
	}
	return bd, nil
}

func (b *Hard) turn(p *player, v *okey101.View, bd *board) error {
	p.readBelief(v)
	if v.Stage != okey101.StageFirst {
		if ok, err := p.finish(bd); ok || err != nil {
			return err
		}
		if bd.status == meld.NotOpened && !p.openMelds(bd) && !p.waitForMelds(v, bd) {
			p.openPairs(bd)
		}
		if bd.status != meld.NotOpened {
			p.takeOkeys(bd, true)
			p.layAll(bd)
			p.layOffs(bd, danger(v))
		}
		if bd.owes() {
			bd.giveBack()
			return nil
		}
	}
	if bd.status == meld.NotOpened {
		s := seen(v, true)
		live := liveOf(&s)
		return bd.discard(p.lookDiscard(v, bd, &live))
	}
	return bd.discard(p.discard(v, bd, hardDiscard))
}

// danger reports whether the hand may end soon: another seat that has
// opened holds six tiles or fewer, or the wall is down to four. Then a
// hard player lays its okey off, as one left in the rack costs 101.
func danger(v *okey101.View) bool { return near(v, 4, 6) }

// A player who could open now only with pairs waits for runs and sets
// while the wall holds at least waitWall tiles and the look-ahead, with
// a pairs opening counting nothing, scores its best discard waitOdds or
// more: a pairs opening scores about +50 a hand against about −12 for
// one with runs and sets (its rack counts double, and it finishes in 2%
// of hands against 23%), so a fair chance of the better opening over the
// next draws is worth a turn (see docs/studies/bots-101-hard.md, eighth session).
const (
	waitWall = 8
	waitOdds = 0.3
)

// waitForMelds reports whether the board, which cannot open with runs
// and sets, should not open with pairs yet: it holds five pairs or
// more, the wall is long enough, and the rack less its best discard
// scores waitOdds or more at opening with runs and sets over the next
// draws, by the look-ahead's own measures (openOdds for the next tile,
// twoDraws for the next two or three, from a source of its own, with
// pairs counting nothing). Its discard is then the look-ahead's, which
// weighs a pairs opening as ever, so the pairs are kept for later.
func (p *player) waitForMelds(v *okey101.View, b *board) bool {
	if v.WallLeft < waitWall || pairCount(b.an, &b.rack, b.okp) < 5 {
		return false
	}
	s := seen(v, true)
	live := liveOf(&s)
	islek := okey101.IslekTiles(b.an, v.Rules, b.table)
	var free []tile.Tile
	for f, n := range b.rack {
		if t := tile.Tile(f); n > 0 && b.cost(t, v.Rules.Islek, islek) == 0 {
			free = append(free, t)
		}
	}
	if len(free) == 0 {
		return false
	}
	odds, _ := p.openOddsW(b, &live, free, 0)
	slices.SortStableFunc(free, func(t, u tile.Tile) int {
		switch {
		case odds[t] > odds[u]:
			return -1
		case odds[t] < odds[u]:
			return 1
		}
		return 0
	})
	cands := free[:min(len(free), twoDrawCands)]
	best := odds[cands[0]]
	if v.WallLeft >= twoDrawWall {
		two := p.twoDrawsW(b, &live, cands, v.WallLeft, p.stream(v, streamWait), 0)
		for i, t := range cands {
			best = max(best, odds[t]+two[i])
		}
	}
	return best >= waitOdds
}
