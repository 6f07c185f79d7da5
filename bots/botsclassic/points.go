package botsclassic

import (
	"okey/game/classic"
	"okey/game/classic/hand"
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
// hands of four hard bots (lab/botsclassic's TestHazard) and smoothed.
// A player who takes is building melds from the table: more than twice
// as likely to finish as one who has taken nothing.
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
	pt        pairTune
}

// normalJudge counts every copy outside its rack as to come and reads
// nothing of the others; hardJudge counts the tiles it has seen and
// reads each player's takes.
func normalJudge(v *classic.View) judge {
	w := liveCopies(&v.Analyzer, &v.Counts)
	return judge{w: w, total: float64(max(w.Total(), 1)), pt: defaultPairTune}
}

func hardJudge(v *classic.View, unseen *tile.Counts) judge {
	return judge{w: *unseen, total: float64(max(unseen.Total(), 1)), readTakes: true, pt: defaultPairTune}
}

// takesBy counts the discards each seat has taken this hand.
func takesBy(v *classic.View) [classic.NumSeats]int {
	var k [classic.NumSeats]int
	for _, e := range v.History {
		if e.Kind == classic.EvTake && e.Seat >= 0 && e.Seat < classic.NumSeats {
			k[e.Seat]++
		}
	}
	return k
}

// risk is the chance that one of the other players finishes before the
// bot's next turn.
func (j *judge) risk(v *classic.View) float64 { return j.risks(v, 1)[0] }

// RoundRisk is the chance hard reads that another player finishes
// before the seat's next turn (the hazard of each one's round and
// takes): what its hold for an okey finish weighs, exported for a level
// that decides the hold by a reading of its own (expertclassic).
func RoundRisk(v *classic.View) float64 {
	j := judge{readTakes: true}
	return j.risk(v)
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
func (j *judge) okeyHold(v *classic.View, h hand.Hand, tb *hand.DiscardTable, pts int) (tile.Tile, bool) {
	an := &v.Analyzer
	okey := an.Okey()
	if okey == tile.NoTile || h.Count(okey) == 0 || v.WallLeft <= classic.NumSeats {
		return tile.NoTile, false
	}
	x, q := j.freeing(an, h, tb)
	if x == tile.NoTile {
		return tile.NoTile, false
	}
	r := j.risk(v)
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

// winChance is the chance of winning from distance d before another
// player finishes and before the wall runs out, when a draw at distance
// k lowers it with chance step(k): each of the bot's turns, the others
// first finish with the risk of their round (judge.risk), then the bot
// draws.
func (j *judge) winChance(v *classic.View, d int, step func(k int) float64) float64 {
	if d <= 0 {
		return 1
	}
	var at [hand.RackSize + 1]float64 // the chance of being at distance k
	d = min(d, hand.RackSize)
	at[d] = 1
	turns := v.WallLeft / classic.NumSeats
	risks := j.risks(v, turns)
	alive, win := 1.0, 0.0
	for t := range turns {
		alive *= 1 - risks[t]
		for k := 1; k <= d; k++ {
			moved := float64(at[k] * min(step(k), 1))
			at[k] -= moved
			if k == 1 {
				win += float64(alive * moved)
			} else {
				at[k-1] += moved
			}
		}
	}
	return win
}

// risks is risk for the next n rounds.
func (j *judge) risks(v *classic.View, n int) []float64 {
	round := drawsSoFar(v) / classic.NumSeats
	takes := takesBy(v)
	out := make([]float64, n)
	for i := range out {
		stay := 1.0
		for s, a := range v.Active {
			if !a || s == v.Seat {
				continue
			}
			k := -1
			if j.readTakes {
				k = takes[s]
			}
			stay *= 1 - hazard(round+i, k)
		}
		out[i] = 1 - stay
	}
	return out
}

// pairTune tunes the seven-pairs route: slack is how much further than
// the least distance it may be and still be weighed (a pairs win is
// worth double, so a slower route can be worth more); boost scales the
// chance that a draw lowers its distance (above 1: counting takes).
type pairTune struct {
	slack int
	boost float64
}

var defaultPairTune = pairTune{slack: 1, boost: 1}

// pairsPoints and meldsPoints are what a win by each route is worth.
const (
	pairsPoints = 4
	meldsPoints = 2
)

// pairsDiscard weighs the seven-pairs route against the melds route for
// the 15-tile rack h by expected net points: a route worth pts is worth
// (pts + lossOnOther)·p, p its chance to win first (winChance: a win
// costs the others pts, a loss the bot about lossOnOther). A draw lowers
// a route's distance with the chance of drawing one of its outs: for
// pairs, the partners of the singles (an okey pairs any), whose number
// falls as singles pair up; for melds, the outs of the best discard,
// then the steps measured for bots (stepTurns). When
// pairs are worth more it returns their discard: a single whose partner
// has the fewest copies to come, the least useful to melds (the
// greatest distance left) first. ok is false when the melds route (or
// the least distance, which already takes pairs when they are nearer)
// should decide.
func (j *judge) pairsDiscard(v *classic.View, c *tile.Counts, h hand.Hand, tb *hand.DiscardTable) (tile.Tile, bool) {
	an := &v.Analyzer
	if an.Config().Unscored {
		return tile.NoTile, false // simple104: the first to finish wins
	}
	dp := an.PairsDistance(h)
	if dp == 0 || dp > tb.Best+j.pt.slack {
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
	pairsStep := func(k int) float64 { return j.pt.boost * (float64(per*float64(2*k+wilds)) + okeyLive) / j.total }
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
	meldsStep := func(k int) float64 {
		if k == dm && liveM >= 0 {
			return float64(liveM) / j.total
		}
		return 1 / stepTurns[min(k, len(stepTurns)-1)]
	}
	vp := (pairsPoints + lossOnOther) * j.winChance(v, dp, pairsStep)
	vm := (meldsPoints + lossOnOther) * j.winChance(v, dm, meldsStep)
	return x, vp > vm
}

// pairsSingle reports whether tile t would pair one of the rack's
// singles (and the rules score seven pairs): the cheap test before
// pairsTake.
func pairsSingle(v *classic.View, t tile.Tile) bool {
	an := &v.Analyzer
	if !t.Valid() || an.IsOkey(t) || an.Config().Unscored {
		return false
	}
	p := played(an, &v.Counts)
	return p[an.PlaysAs(t)] == 1
}

// pairsTake reports whether taking the previous discard t into the
// 14-tile rack h serves the seven-pairs route: t pairs one of its
// singles, and with it pairs are worth more than melds (pairsDiscard).
// It costs a discard table only when the rack is rich in pairs.
func (j *judge) pairsTake(v *classic.View, h hand.Hand, t tile.Tile, m *memory) bool {
	an := &v.Analyzer
	if !pairsSingle(v, t) {
		return false
	}
	dp := an.PairsDistance(h)
	if dp > m.distance(an, h)+j.pt.slack {
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

// stepTurns[k] is the number of draws a step from distance k to k-1 is
// taken to need when the hand's own outs are not known.
var stepTurns = [...]float64{0, 9.6, 6.2, 4.3, 3.2, 2.2, 1.8}
