package botsclassic

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"okey/game"
	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// Hard is Normal with a memory, a plan and a guard, the strongest level
// the game offers: it counts every tile seen, so that outs are weighed
// by the copies still unseen; it looks two exchanges ahead among the
// discards that leave the least distance; it defends lightly against
// the next player; and it holds a win for an okey finish, or goes for
// seven pairs, when counting says that is worth more points. Each
// choice and what the tuning bench measured for it is in docs/bots.md
// ("How normal and hard play, in full").
type Hard struct {
	rnd *game.Seeded
	mem memory
	// lookahead is the number of exchanges weighed (2; 1 keeps
	// everything but the second exchange, for the tuning bench's
	// playouts).
	lookahead int
	// defence scales the penalty on tiles the next player wants.
	defence float64
	// hold: holds a win for an okey finish when worth it; pairs: weighs
	// the seven-pairs route by points.
	hold, pairs bool
	pt          pairTune
}

// hardSecond caps the candidates the second exchange is weighed for,
// hardOutFaces the outs followed exactly for each.
const (
	hardSecond   = 3
	hardOutFaces = 8
)

// NewHard returns a hard bot seeded with seed.
func NewHard(seed uint64) *Hard {
	return &Hard{rnd: game.NewSeeded(seed), lookahead: 2, defence: defaultDefence, hold: true, pairs: true, pt: defaultPairTune}
}

// defaultDefence is the weight of a unit of danger, in units of expected
// distance, late in a hand (it grows from 0 at the deal, see lateness):
// about three live copies of outs, so the defence picks among discards
// that are nearly as good and never breaks the hand. 0.05 beat 0.1 and
// 0.3 on the tuning bench (docs/studies/classic-hard-bot.md). Even
// perfect defence is worth little: most of what it takes from the next
// player goes to the other two.
const defaultDefence = 0.05

// Level is "hard".
func (b *Hard) Level() string { return "hard" }

// Decide returns the hard bot's move for the view.
func (b *Hard) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	return b.DecideRead(ctx, v, nil)
}

// Read is what a reading of the opponents' racks lends hard's choice
// among the discards that leave the least distance (a reader such as
// bots/reader computes it from the view alone; this package cannot
// read the racks itself, since the belief imports it). Finishes, holds
// and the seven-pairs route are hard's own.
type Read struct {
	// Cost[t] is added to the score of discarding tile t, in hard's
	// units (tiles of expected distance): the harm the discard is read
	// to do, feeding the next player.
	Cost [tile.NumFaces]float64
	// Draw, when DrawTotal is above 0, weighs each out f by Draw[f] over
	// DrawTotal (the chance of drawing it) in place of its unseen copies
	// over all the unseen tiles: the copies read to lie in the wall
	// rather than in a rack that will hold them.
	Draw      [tile.NumFaces]float64
	DrawTotal float64
}

// DecideRead is Decide with the discard weighed by r as well (nil:
// Decide).
func (b *Hard) DecideRead(ctx context.Context, v classic.View, r *Read) (classic.Action, error) {
	if a, done, err := route(ctx, &v, true); done {
		return a, err
	}
	a, err := b.decide(&v, r)
	if err != nil {
		return classic.Action{}, fmt.Errorf("hard, seat %d: %w", v.Seat, err)
	}
	return a, nil
}

func (b *Hard) decide(v *classic.View, r *Read) (classic.Action, error) {
	an := &v.Analyzer
	h, err := handOf(an, &v.Counts)
	if err != nil {
		return classic.Action{}, err
	}
	if v.Stage == classic.MustDraw {
		if b.wantsTake(an, v, h) {
			return classic.TakeAction(v.Seat), nil
		}
		return drawOrEnd(v), nil
	}
	unseen := v.Unseen()
	tb := b.mem.discards(an, h)
	if minDist(&tb.Dist) == 0 {
		j := hardJudge(v, &unseen)
		if a, ok := b.finishOrHold(v, h, &tb, &j); ok {
			if a.Kind == classic.ActDiscard { // a hold keeps a win: nothing lowers it
				rest := h
				rest.Remove(a.Tile)
				b.mem.remember(an, rest, 0, 0)
			}
			return a, nil
		}
	}
	if b.pairs {
		j := hardJudge(v, &unseen)
		j.pt = b.pt
		if x, ok := j.pairsDiscard(v, &v.Counts, h, &tb); ok {
			rest := h
			rest.Remove(x)
			b.mem.remember(an, rest, int(tb.Dist[x]), 0)
			return classic.DiscardAction(v.Seat, x), nil
		}
	}
	t := b.chooseDiscard(v, h, &tb, &unseen, r)
	rest := h
	rest.Remove(t)
	if int(tb.Dist[t]) == tb.Best && !an.IsOkey(t) {
		// the table holds every out of a least-distance discard: the
		// take test on the next turn reads them, with no analysis
		b.mem.rememberOuts(an, rest, tb.Best, tb.Outs[t])
	} else {
		b.mem.remember(an, rest, int(tb.Dist[t]), tb.Outs[t])
	}
	return classic.DiscardAction(v.Seat, t), nil
}

// wantsTake is the normal rule (take when it lowers the distance), plus:
// holding a winning hand, take a tile that lets the okey go for an okey
// finish.
func (b *Hard) wantsTake(an *hand.Analyzer, v *classic.View, h hand.Hand) bool {
	if !v.Legal.Take {
		return false
	}
	t := v.Top(v.Previous)
	if freesOkey(an, h, t) || takeLowers(an, v, h, &b.mem) {
		return true
	}
	if !b.pairs || !pairsSingle(v, t) {
		return false
	}
	unseen := v.Unseen()
	j := hardJudge(v, &unseen)
	j.pt = b.pt
	return j.pairsTake(v, h, t, &b.mem)
}

// cand is a discard candidate: the face, the distance it leaves, and the
// live copies of the outs of what is left.
type cand struct {
	tile tile.Tile
	dist int
	live int
	outs tile.TileSet
}

// cands lists the discards that leave the least distance (never an okey)
// with their outs weighed by w.
func cands(an *hand.Analyzer, tb *hand.DiscardTable, w *tile.Counts, out *[tile.NumFaces]cand) []cand {
	cs := out[:0]
	for f, k := range tb.Dist {
		t := tile.Tile(f)
		if int(k) != tb.Best || an.IsOkey(t) {
			continue
		}
		cs = append(cs, cand{tile: t, dist: int(k), live: weight(tb.Outs[f], w), outs: tb.Outs[f]})
	}
	if len(cs) == 0 { // nothing but okeys
		cs = append(cs, cand{tile: an.Okey(), dist: int(tb.Dist[an.Okey()])})
	}
	return cs
}

// chooseDiscard scores the least-distance discards and returns the best,
// ties broken as normal breaks them: the loosest tile (the fewest tiles
// of the rack it could share a group with), then by chance, which won
// hard about half a point of share over chance alone
// (docs/studies/classic-hard-bot.md).
func (b *Hard) chooseDiscard(v *classic.View, h hand.Hand, tb *hand.DiscardTable, unseen *tile.Counts, r *Read) tile.Tile {
	var buf [tile.NumFaces]cand
	var score [tile.NumFaces]float64
	cs := b.rank(v, h, tb, unseen, r, &buf, &score)
	an := &v.Analyzer
	p := played(an, &v.Counts)
	best, loose, n := math.Inf(1), 0, 0
	var ties [tile.NumFaces]tile.Tile
	for i, s := range score[:len(cs)] {
		if s > best+1e-9 {
			continue
		}
		nb := neighbours(an, &p, an.PlaysAs(cs[i].tile))
		switch {
		case s < best-1e-9 || nb < loose:
			best, loose, n = min(best, s), nb, 0
			fallthrough
		case nb == loose:
			ties[n] = cs[i].tile
			n++
		}
	}
	return ties[b.rnd.Intn(n)]
}

// rank lists the discards that leave the least distance with their
// scores, lower being better: the distance expected after one exchange
// (or two, with the look-ahead), plus the defence penalty and what r
// (nil: nothing) adds.
func (b *Hard) rank(v *classic.View, h hand.Hand, tb *hand.DiscardTable, unseen *tile.Counts, r *Read, buf *[tile.NumFaces]cand, score *[tile.NumFaces]float64) []cand {
	an := &v.Analyzer
	cs := cands(an, tb, unseen, buf)
	if len(cs) == 1 {
		return cs
	}
	ow := drawWeights(unseen, r)
	for i := range cs {
		score[i] = float64(cs[i].dist) - ow.of(cs[i].outs)/ow.total
	}
	if b.lookahead >= 2 {
		b.secondExchange(an, h, cs, score[:len(cs)], &ow)
	}
	if r != nil {
		for i := range cs {
			score[i] += r.Cost[cs[i].tile]
		}
	}
	if b.defence > 0 {
		if late := lateness(v); late > 0 {
			danger := dangerTable(v)
			for i := range cs {
				score[i] += float64(b.defence * late * danger[an.PlaysAs(cs[i].tile)])
			}
		}
	}
	return cs
}

// secondExchange replaces the one-exchange score of the most promising
// candidates by the distance expected after two draws: for each out f of
// what a candidate leaves, the best one-exchange score after drawing f
// and discarding well; for every other draw, the candidate's own score.
// The hardOutFaces outs with the most unseen copies are followed exactly;
// the rest are taken to leave as many outs as the candidate has.
func (b *Hard) secondExchange(an *hand.Analyzer, h hand.Hand, cs []cand, score []float64, ow *drawn) {
	var order [tile.NumFaces]int
	for i := range cs {
		order[i] = i
	}
	slices.SortStableFunc(order[:len(cs)], func(x, y int) int { return cmp.Compare(score[x], score[y]) })
	var none memory
	for _, i := range order[:min(hardSecond, len(cs))] {
		rest := h
		rest.Remove(cs[i].tile)
		one := score[i]
		d := float64(cs[i].dist)
		pCand := ow.of(cs[i].outs) / ow.total
		var faces [tile.NumFaces]tile.Tile
		nf := 0
		for s := cs[i].outs; s != 0; s &= s - 1 {
			if f := tile.Tile(bits.TrailingZeros64(uint64(s))); ow.w[f] > 0 {
				faces[nf] = f
				nf++
			}
		}
		slices.SortStableFunc(faces[:nf], func(x, y tile.Tile) int { return cmp.Compare(ow.w[y], ow.w[x]) })
		exp, pOut := 0.0, 0.0
		for k, f := range faces[:nf] {
			p := ow.w[f] / ow.total
			pOut += p
			if k >= hardOutFaces {
				exp += float64(p * (d - 1 - pCand))
				continue
			}
			h2 := rest
			h2.Add(f)
			tb2 := none.discards(an, h2)
			bestIn := math.Inf(1)
			for g, k2 := range tb2.Dist {
				if int(k2) != tb2.Best || an.IsOkey(tile.Tile(g)) {
					continue
				}
				bestIn = min(bestIn, float64(k2)-ow.of(tb2.Outs[g])/ow.total)
			}
			exp += float64(p * bestIn)
		}
		score[i] = exp + float64((1-pOut)*one)
	}
}

// drawn weighs the outs of a rack: each face's weight w, in proportion
// to the chance of drawing it, out of total.
type drawn struct {
	w     [tile.NumFaces]float64
	total float64
}

// drawWeights are r's draw weights, or when r has none hard's own: the
// unseen copies of a face out of all the unseen tiles.
func drawWeights(unseen *tile.Counts, r *Read) drawn {
	if r != nil && r.DrawTotal > 0 {
		return drawn{w: r.Draw, total: r.DrawTotal}
	}
	d := drawn{total: float64(max(unseen.Total(), 1))}
	for f, k := range unseen {
		d.w[f] = float64(k)
	}
	return d
}

// of is the weight of the faces of s.
func (d *drawn) of(s tile.TileSet) float64 {
	x := 0.0
	for ; s != 0; s &= s - 1 {
		x += d.w[bits.TrailingZeros64(uint64(s))]
	}
	return x
}

// finishOrHold finishes when the rack wins, or holds the winning hand for
// an okey finish when that is worth the risk (judge.okeyHold). ok is
// false when the rack does not win.
func (b *Hard) finishOrHold(v *classic.View, h hand.Hand, tb *hand.DiscardTable, j *judge) (classic.Action, bool) {
	an := &v.Analyzer
	t, ok := bestFinish(an, h, &tb.Dist, true)
	if !ok {
		return classic.Action{}, false
	}
	if an.IsOkey(t) {
		return classic.FinishAction(v.Seat, t), true
	}
	rest := h
	rest.Remove(t)
	w, _ := an.Win(rest)
	if x, hold := j.okeyHold(v, h, tb, an.Points(&w, false)); hold && b.hold {
		return classic.DiscardAction(v.Seat, x), true
	}
	return classic.FinishAction(v.Seat, t), true
}

// lateness grows from 0 at the deal to 1 when a hand is usually about
// to be won (handTurns draws and takes): the later, the nearer the next
// player is to a win and the more a tile it wants can cost.
func lateness(v *classic.View) float64 {
	return min(1, float64(drawsSoFar(v))/handTurns)
}

// handTurns is about the number of draws and takes of a hand between bots
// of the middle levels.
const handTurns = 28
