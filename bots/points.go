package bots

import (
	"math"

	"okey/game"
	"okey/game/hand"
	"okey/game/tile"
)

// This file is where the levels weigh points rather than distance: the
// chance that another player finishes soon, holding a win for an okey
// finish, and the seven-pairs route against the melds route. Every
// choice is made by expected net points (what the others lose, on
// average, less what the bot loses), the measure matches are decided by.

// hazardByRound is the chance that a player finishes on its turn in the
// round-th round of a hand (a round: four draws or takes), by how many
// discards it has taken so far (0, 1, 2 or more): measured over 3,000
// hands of four hard bots (TestHazard, 2026-11-22) and smoothed. A
// player who takes is building melds from the table: more than twice as
// likely to finish as one who has taken nothing.
var hazardByRound = [...][3]float64{
	{0.0002, 0.0005, 0.001},
	{0.0005, 0.0015, 0.005},
	{0.001, 0.005, 0.024},
	{0.004, 0.011, 0.045},
	{0.010, 0.021, 0.066},
	{0.017, 0.032, 0.085},
	{0.025, 0.043, 0.105},
	{0.035, 0.058, 0.130},
	{0.050, 0.070, 0.160},
	{0.065, 0.080, 0.180},
	{0.075, 0.100, 0.210},
	{0.075, 0.115, 0.240},
	{0.075, 0.115, 0.270},
}

// meanHazardByRound is the same over all players, whatever they took:
// what a player who does not read the others' takes expects.
var meanHazardByRound = [...]float64{0.0002, 0.0014, 0.005, 0.015, 0.031, 0.048, 0.064, 0.092, 0.118, 0.135, 0.165, 0.185, 0.2}

// hazard is the chance that a player finishes on its coming turn in the
// given round, having taken takes discards (takes < 0: not read).
func hazard(round, takes int) float64 {
	if takes < 0 {
		return meanHazardByRound[min(round, len(meanHazardByRound)-1)]
	}
	return hazardByRound[min(round, len(hazardByRound)-1)][min(takes, 2)]
}

// judge is how a level weighs points: the copies of each face it
// expects could still come (w, summing to total), and whether it reads
// the other players' takes when it judges how close they are to a win.
type judge struct {
	w         tile.Counts
	total     float64
	readTakes bool
}

// normalJudge counts every copy outside its rack as to come and reads
// nothing of the others; hardJudge counts the tiles it has seen and
// reads each player's takes.
func normalJudge(v *game.View) judge {
	w := liveCopies(&v.Analyzer, &v.Counts)
	return judge{w: w, total: float64(max(w.Total(), 1))}
}

func hardJudge(v *game.View, unseen *tile.Counts) judge {
	return judge{w: *unseen, total: float64(max(unseen.Total(), 1)), readTakes: true}
}

// takesBy counts the discards each seat has taken this hand.
func takesBy(v *game.View) [game.NumSeats]int {
	var k [game.NumSeats]int
	for _, e := range v.History {
		if e.Kind == game.EvTake && e.Seat >= 0 && e.Seat < game.NumSeats {
			k[e.Seat]++
		}
	}
	return k
}

// risk is the chance that one of the other players finishes before the
// bot's turn after its next, ahead rounds from now (0: the coming one).
func (j *judge) risk(v *game.View, ahead int) float64 {
	round := drawsSoFar(v)/game.NumSeats + ahead
	takes := takesBy(v)
	stay := 1.0
	for s, a := range v.Active {
		if !a || s == v.Seat {
			continue
		}
		k := -1
		if j.readTakes {
			k = takes[s]
		}
		stay *= 1 - hazard(round, k)
	}
	return 1 - stay
}

// lossOnOther is what the bot's net falls by when another player wins a
// hand it could have won: the winner's points shared by the three
// losers, about a third of a typical win (2 points, sometimes 4).
const lossOnOther = 0.75

// okeyHold decides whether to hold a winning rack h (15 tiles) that holds
// an okey for an okey finish: it finds the discard that keeps a win and
// leaves the most tiles (weighed by j.w) that would let the okey go, the
// chance q of drawing one next turn, and holds while that chance is
// worth the risk r that another player finishes first:
//
//	(1-r)·q·pts > r·(pts + lossOnOther)
//
// pts being what the win is worth now (an okey finish doubles it). It
// never holds when the wall could run out before the bot's next draw.
func (j *judge) okeyHold(v *game.View, h hand.Hand, tb *hand.DiscardTable, pts int) (tile.Tile, bool) {
	an := &v.Analyzer
	okey := an.Okey()
	if okey == tile.NoTile || h.Count(okey) == 0 || v.WallLeft <= game.NumSeats {
		return tile.NoTile, false
	}
	x, q := j.freeing(an, h, tb)
	if x == tile.NoTile {
		return tile.NoTile, false
	}
	r := j.risk(v, 0)
	p := float64(pts)
	return x, (1-r)*q*p > r*(p+lossOnOther)
}

// freeing finds, among the discards that keep the rack h winning, the
// one that leaves the most weight of tiles that would let an okey go
// (the 14 without the okey and with the tile win), and that chance.
func (j *judge) freeing(an *hand.Analyzer, h hand.Hand, tb *hand.DiscardTable) (tile.Tile, float64) {
	okey := an.Okey()
	bestQ, bestX := -1.0, tile.NoTile
	for f, k := range tb.Dist {
		x := tile.Tile(f)
		if k != 0 || an.IsOkey(x) {
			continue
		}
		h2 := h
		h2.Remove(x)
		h2.Remove(okey)
		q := 0.0
		for g, n := range j.w {
			if n == 0 {
				continue
			}
			h3 := h2
			h3.Add(tile.Tile(g))
			if an.IsWin(h3) {
				q += float64(n)
			}
		}
		if q > bestQ {
			bestQ, bestX = q, x
		}
	}
	return bestX, max(bestQ, 0) / j.total
}

// survival is the chance that no other player finishes within the next
// turns turns of the bot (fractional turns interpolated), judged from
// the rounds ahead, and 0 when the wall would run out first.
func (j *judge) survival(v *game.View, turns float64) float64 {
	if turns*game.NumSeats > float64(v.WallLeft)+game.NumSeats {
		return 0
	}
	s := 1.0
	for i := 0; float64(i) < turns; i++ {
		r := j.risk(v, i)
		if frac := turns - float64(i); frac < 1 {
			s *= math.Pow(1-r, frac)
		} else {
			s *= 1 - r
		}
	}
	return s
}

// pairSlack is how much further than the least distance the seven-pairs
// route may be and still be weighed: a pairs win is worth double, so a
// slower route can be worth more.
const pairSlack = 1

// pairsPoints and meldsPoints are what a win by each route is worth.
const (
	pairsPoints = 4
	meldsPoints = 2
)

// pairsDiscard weighs the seven-pairs route against the melds route for
// the 15-tile rack h by expected net points: a route worth pts and
// expected to win in T turns is worth (pts + lossOnOther)·S(T), S being
// the chance that nobody else finishes first (survival). T counts the
// draws each step needs from the live copies of its outs: for pairs, the
// partners of the singles (an okey pairs any); for melds, the outs of
// the best discard, then the steps measured for bots (turnsTo). When
// pairs are worth more it returns their discard: a single whose partner
// has the fewest copies to come, the least useful to melds (the
// greatest distance left) first. ok is false when the melds route (or
// the least distance, which already takes pairs when they are nearer)
// should decide.
func (j *judge) pairsDiscard(v *game.View, c *tile.Counts, h hand.Hand, tb *hand.DiscardTable) (tile.Tile, bool) {
	an := &v.Analyzer
	if an.Config().Unscored {
		return tile.NoTile, false // simple104: the first to finish wins
	}
	dp := an.PairsDistance(h)
	if dp == 0 || dp > tb.Best+pairSlack {
		return tile.NoTile, false
	}
	p := played(an, c)
	x, live := tile.NoTile, 0
	for f, n := range c {
		t := tile.Tile(f)
		if n == 0 || an.IsOkey(t) || p[an.PlaysAs(t)] != 1 {
			continue
		}
		rest := h
		rest.Remove(t)
		if an.PairsDistance(rest) != dp {
			continue
		}
		l := int(j.w[t])
		if x == tile.NoTile || l < live || l == live && tb.Dist[t] > tb.Dist[x] {
			x, live = t, l
		}
	}
	if x == tile.NoTile {
		return tile.NoTile, false
	}
	// the pairs route after throwing x: outs per single, okeys
	p[an.PlaysAs(x)]--
	singles, singleLive := 0, 0
	for f, n := range p {
		if n == 1 {
			singles++
			t := tile.Tile(f)
			if an.IsOkey(t) {
				t = tile.FalseJoker // the okey's face plays from a false joker
			}
			singleLive += int(j.w[t])
		}
	}
	okeyLive, wilds := 0.0, 0
	if ok := an.Okey(); ok != tile.NoTile {
		okeyLive = float64(j.w[ok])
		wilds = int(c[ok])
	}
	if singles == 0 {
		return tile.NoTile, false
	}
	per := float64(singleLive) / float64(singles)
	tp := 0.0
	for k := 1; k <= dp; k++ {
		tp += j.total / max(per*float64(2*k+wilds)+okeyLive, 0.25)
	}
	// the melds route
	dm, liveM := tb.Best, -1
	if dp <= tb.Best {
		dm = 127
		for f, n := range c {
			t := tile.Tile(f)
			if n == 0 || an.IsOkey(t) {
				continue
			}
			rest := h
			rest.Remove(t)
			dm = min(dm, an.MeldsDistance(rest))
		}
	}
	if dm == tb.Best {
		for f, k := range tb.Dist {
			if int(k) == tb.Best && !an.IsOkey(tile.Tile(f)) {
				liveM = max(liveM, weight(tb.Outs[f], &j.w))
			}
		}
	}
	var tm float64
	if liveM >= 0 {
		tm = turnsTo(dm, liveM, j.total)
	} else {
		for k := 1; k <= dm; k++ {
			tm += stepTurns[min(k, len(stepTurns)-1)]
		}
	}
	vp := (pairsPoints + lossOnOther) * j.survival(v, tp)
	vm := (meldsPoints + lossOnOther) * j.survival(v, tm)
	return x, vp > vm
}

// pairsTake reports whether taking the previous discard t into the
// 14-tile rack h serves the seven-pairs route: t pairs one of its
// singles, and with it pairs are worth more than melds (pairsDiscard).
// It costs a discard table only when the rack is rich in pairs.
func (j *judge) pairsTake(v *game.View, h hand.Hand, t tile.Tile, m *memory) bool {
	an := &v.Analyzer
	if !t.Valid() || an.IsOkey(t) || an.Config().Unscored {
		return false
	}
	p := played(an, &v.Counts)
	if p[an.PlaysAs(t)] != 1 {
		return false
	}
	dp := an.PairsDistance(h)
	if dp > m.distance(an, h)+pairSlack {
		return false
	}
	h15 := h
	h15.Add(t)
	if an.PairsDistance(h15) >= dp {
		return false
	}
	c := v.Counts
	c[t]++
	tb := m.cache.table(an, h15, 0)
	_, ok := j.pairsDiscard(v, &c, h15, &tb)
	return ok
}
