package bots101

import (
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
)

// Hard reads the other racks, as an option: by default its look-ahead
// weighs the next draws by the live copies of each face, as if every
// tile it has not seen were as likely in the wall as in a rack, and its
// feed guard deals the next player racks uniformly from those tiles. A
// Belief (Options.Belief; bots/rollout's Belief101 reads the learned
// belief of bots/belief101) says instead where the unseen tiles are
// likely to lie: the look-ahead (the next tile's odds, the looks over
// two and three draws, the finish looks once open) then weighs each
// face by the copies the wall is expected to hold, and the feed guard
// deals the next player's rack from the chance that it holds each
// copy. It is measured in okey sim only (hard-belief, docs/studies/belief-101.md);
// the game's hard has no belief, and plays as it always did.

// Belief reads a view of 101 for hard (Options.Belief).
type Belief interface {
	// Read reads view v into r and reports whether it could; when it
	// cannot (a view it does not read), hard plays that decision as it
	// does without a belief. Read must read nothing but the view.
	Read(v *okey101.View, r *Reading) bool
}

// Reading is what hard uses of a belief of one view.
type Reading struct {
	// Unseen is the copies of each face whose place the seat cannot know
	// (in another rack or in the wall).
	Unseen tile.Counts
	// Wall[f] is the chance that an unseen copy of face f lies in the
	// wall.
	Wall [tile.NumFaces]float64
	// Next[f] is the chance that an unseen copy of face f lies in the
	// next player's rack; NextKnown the tiles the seat knows that rack
	// holds (a discard taken and not laid), NextSlots its other tiles.
	Next      [tile.NumFaces]float64
	NextKnown tile.Counts
	NextSlots int
}

// BeliefUse says which of hard's samplers read the belief
// (Options.BeliefUse; 0 is all of them).
type BeliefUse uint8

// The parts of hard that may read the belief.
const (
	// UseLook: the look-ahead's draws (openOdds, twoDraws, finishOdds
	// and finishTwo) weighed by the wall's expected copies.
	UseLook BeliefUse = 1 << iota
	// UseFeed: the feed guard's racks of the next player dealt from the
	// belief of that rack.
	UseFeed
)

// beliefRead is the reading of the decision under way, kept for the
// view it was read from.
type beliefRead struct {
	key  [3]int // the view's hand, redeal and events
	ok   bool   // read (false: no belief, or the view not read)
	have bool   // key holds a view already asked
	r    Reading
}

// readBelief reads view v with the player's belief, once a view, and
// sets p.rd to it (nil when the player has none or it does not read v).
func (p *player) readBelief(v *okey101.View) {
	p.rd = nil
	if p.belief == nil {
		return
	}
	k := [3]int{v.Hand, v.Redeal, len(v.History)}
	if !p.bread.have || p.bread.key != k {
		p.bread.key, p.bread.have = k, true
		p.bread.ok = p.belief.Read(v, &p.bread.r)
	}
	if p.bread.ok {
		p.rd = &p.bread.r
	}
}

// look is the reading the look-ahead weighs draws by, or nil.
func (p *player) look() *Reading {
	if p.rd == nil || p.beliefUse&UseLook == 0 {
		return nil
	}
	return p.rd
}

// feedReading is the reading the feed guard deals by, or nil.
func (p *player) feedReading() *Reading {
	if p.rd == nil || p.beliefUse&UseFeed == 0 {
		return nil
	}
	return p.rd
}

// wallWeights is the weight of each face as the next tile drawn: the
// copies the wall is expected to hold (Unseen × Wall).
func (r *Reading) wallWeights() (w [tile.NumFaces]float64) {
	for f, u := range r.Unseen {
		if u > 0 {
			w[f] = float64(float64(u) * r.Wall[f])
		}
	}
	return w
}

// copyPool is every unseen copy, and each copy's weight by per (its
// face's chance of lying in the place drawn from).
func (r *Reading) copyPool(per *[tile.NumFaces]float64) (pool []tile.Tile, w []float64) {
	for f, u := range r.Unseen {
		for range u {
			pool = append(pool, tile.Tile(f))
			w = append(w, per[f])
		}
	}
	return pool, w
}

// drawWeighted moves k copies of pool to its front, drawn one after
// another without replacement, each with a chance proportional to its
// weight (w moves with pool); false when the weights left cannot give k.
func drawWeighted(pool []tile.Tile, w []float64, k int, rnd *game.Seeded) bool {
	if len(pool) < k {
		return false
	}
	for i := range k {
		tot := 0.0
		for _, x := range w[i:] {
			tot += x
		}
		if tot <= 0 {
			return false
		}
		x := rnd.Float64() * tot
		j := i
		for ; j < len(w)-1; j++ {
			if x -= w[j]; x < 0 {
				break
			}
		}
		for j > i && w[j] <= 0 { // rounding past the last weighed copy
			j--
		}
		pool[i], pool[j] = pool[j], pool[i]
		w[i], w[j] = w[j], w[i]
	}
	return true
}
