package bots101

import (
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Feeding the next player. More than half the openings of play take the
// previous discard (55% of normal bots' openings over 2,000 hands), so a
// discard that lets the next player open saves that player most of the
// 202 points of never opening. A player cannot see that rack, but it
// can guess it: feedOdds deals the next player racks from the tiles the
// seat has not seen, keeps those that cannot open by themselves (the
// player has not opened, and would open without help), and counts how
// often each candidate discard would let them open.

// feedSamples is the number of racks dealt to the next player; feedTries
// bounds the deals made to find them.
const (
	feedSamples = 16
	feedTries   = 48
)

// feedCost is what letting the next player open costs, in points of the
// seat's net score: the opener saves about 150 points a hand on average
// (202 against what an opener scores), a third of which is the seat's
// share of the table's loss.
const feedCost = 50

// feedOdds estimates, for each candidate discard, the chance that the
// next player (who has not opened) takes it and opens; nil when that
// player has opened or there is nothing to guess from.
func (p *player) feedOdds(v *okey101.View, b *board, live *tile.Counts, cands []tile.Tile) []float64 {
	next := (v.Seat + 1) % okey101.NumSeats
	if v.Opened[next].Status != meld.NotOpened || len(cands) == 0 {
		return nil
	}
	an := b.an
	size := v.TileCounts[next]
	var pool []tile.Tile
	// With a belief, the rack is the tiles the seat knows it holds and
	// its other tiles drawn from the unseen copies by their chance of
	// lying there (pw8).
	var pw8 []float64
	var known tile.Counts
	fr := p.feedReading()
	if fr != nil && fr.NextKnown.Total()+fr.NextSlots == size {
		pool, pw8 = fr.copyPool(&fr.Next)
		known, size = fr.NextKnown, fr.NextSlots
	} else {
		for f, k := range live {
			for range k {
				pool = append(pool, tile.Tile(f))
			}
		}
	}
	if size <= 0 || len(pool) < size {
		return nil
	}
	out := make([]float64, len(cands))
	kept := 0
	rnd := p.stream(v, streamFeed)
	for try := 0; try < feedTries && kept < feedSamples; try++ {
		r := known
		if pw8 != nil {
			if !drawWeighted(pool, pw8, size, rnd) {
				break
			}
			for _, t := range pool[:size] {
				r[t]++
			}
		} else {
			for i := range size {
				j := i + rnd.Intn(len(pool)-i)
				pool[i], pool[j] = pool[j], pool[i]
				r[pool[i]]++
			}
		}
		if opens(p, an, &r, b.thr, b.okp) {
			continue
		}
		kept++
		wild := r[an.Okey()]
		for ci, t := range cands {
			if wild < 2 && !an.IsOkey(t) && !hasPartner(an, &r, t) {
				continue
			}
			c := r
			c[t]++
			if an.Check(c) == nil && opens(p, an, &c, b.thr, b.okp) {
				out[ci]++
			}
		}
	}
	if kept == 0 {
		return nil
	}
	for i := range out {
		out[i] /= float64(kept)
	}
	return out
}

// opens reports whether rack c opens: runs and sets worth thr, or five
// pairs.
func opens(p *player, an meld.Analyzer, c *tile.Counts, thr int, okp bool) bool {
	return pairCount(an, c, okp) >= 5 || p.sv.BestOpening(an, *c).Value >= thr
}
