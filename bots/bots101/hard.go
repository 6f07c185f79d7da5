package bots101

import (
	"context"
	"slices"

	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Hard is Normal with a memory, a look ahead and a guard. It counts
// every tile it has seen where it lies (its rack, the table, and every
// discard of the hand, read from the public history), so it knows which
// tiles are still live. Before it opens, it weighs each discard by what
// the next tile may bring: over every face it has not seen, weighted by
// its live copies, whether the rack less the discard with that tile
// would open (with runs and sets worth the threshold, or with five pairs
// at 0.7 of that, as a pairs opener pays double and seldom finishes),
// then by the mean value of the best opening; the search of each such
// rack is exact (meld.BestOpening), done once per tile and reused for
// every discard it does not involve. Then it looks further: its best few
// discards by those odds are weighed again by the chance of opening with
// the next two tiles (and three, early in the hand), over unseen tiles
// drawn at random from its seed, since a hand of 101 gives each player
// only about five draws and most discards leave no chance with the next
// tile alone; and when no discard leaves even hopeOdds of opening, the
// rack will pay 202 whatever it throws, so it throws the tile least
// likely to let the next player open. It takes the previous discard as
// normal does, exactly when the tile goes onto the table this turn, and
// opens with runs and sets as soon as it can; with pairs too, unless the
// wall is still long and the look-ahead gives a fair chance of runs and
// sets over the next draws (waitForMelds): a pairs opener's rack counts
// double and it seldom finishes, so then it keeps its pairs and waits.
// Once open it takes back every okey it can from the table (the tile
// goes down, the okey comes up to meld or be laid off later, where
// normal takes one only when it melds more of the rack), lays down its
// melds and lays off its real tiles as normal does, but keeps an okey in
// the rack, for the finishes it makes possible, until the hand turns
// dangerous: another seat that has opened holds six tiles or fewer, or
// the wall is down to four; then the okey is laid off too, since one
// left in the rack costs 101. Its discard after opening is normal's
// (potential against points, the points weighing more as the wall runs
// down), with live copies counted from the whole history, and with a
// guard against feeding: while the next player has not opened, each tile
// is charged the chance that it lets that player take it and open
// (guessed from racks dealt to that player from the tiles unseen), at
// feedCost points, since more than half the openings of play take the
// previous discard; and its best few discards by that score are weighed
// again by the chance of finishing with the next tile, at finishWeight
// points (finishOdds: the exact finish search of the rack less each,
// with each unseen face), and with the next two (sampled pairs of unseen
// tiles, finishTwo). It dumps its highest tiles at once when the hand
// nears its end (dumpWall, dumpTiles). It never throws an okey or an
// işler taş while another tile is free; and when the işler taş rule is
// off, it still will not throw a tile that the next player, having
// opened, could lay off, unless nothing else is left. A decision's
// searches are held to a budget of work (decideBudget, counted by the
// solver, not the clock, so that it plays the same everywhere): past it
// the sampled looks stop at their fewest draws.
type Hard struct{ p player }

// NewHard returns a hard bot seeded with seed.
func NewHard(seed uint64) *Hard { return &Hard{p: newPlayer("hard", seed)} }

// Level is "hard".
func (b *Hard) Level() string { return "hard" }

// Decide returns the hard bot's next action for the view.
func (b *Hard) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return b.p.decide(ctx, &v, b)
}

var hardDiscard = discardStyle{keep: 6, history: true, watch: true, danger: true, feed: true, finish: true}

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

// The hard player's discard stops keeping tiles for their potential and
// throws its highest once the wall is down to dumpWall tiles or another
// seat that has opened holds dumpTiles or fewer (earlier than danger: on
// seeds 3 and 4, with the two changes beside it, 0.9 and 0.3 points a
// hand, and 1.4 and 0.1 on seeds 5 and 6; see docs/bots-101-hard.md).
const (
	dumpWall  = 8
	dumpTiles = 9
)

// near reports whether the hand is near its end: another seat that has
// opened holds tiles or fewer, or the wall is down to wall tiles.
func near(v *okey101.View, wall, tiles int) bool {
	if v.WallLeft <= wall {
		return true
	}
	for s := range okey101.NumSeats {
		if s != v.Seat && v.Opened[s].Status != meld.NotOpened && v.TileCounts[s] <= tiles {
			return true
		}
	}
	return false
}

// A player who could open now only with pairs waits for runs and sets
// while the wall holds at least waitWall tiles and the look-ahead, with
// a pairs opening counting nothing, scores its best discard waitOdds or
// more: a pairs opening scores about +50 a hand against about −12 for
// one with runs and sets (its rack counts double, and it finishes in 2%
// of hands against 23%), so a fair chance of the better opening over the
// next draws is worth a turn (see docs/bots-101-hard.md, eighth session).
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
