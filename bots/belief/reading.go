package belief

import (
	"cmp"
	"math"
	"slices"

	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// Reading is a seat's belief of where the tiles it cannot see lie: for
// every face with unseen copies, the chance that one such copy is in
// each opponent's rack or in the wall. It agrees with what the seat
// sees: the chances of a face add up to 1 over the places, and the
// copies expected in each place add up to the tiles it holds unseen
// (Seen.Slots).
type Reading struct {
	// Seen is the view's, as the reading's input had it.
	Seen
	// P[place][face] is the chance that an unseen copy of face lies in
	// place (an opponent's rack in play order, or the wall).
	P [Places][tile.NumFaces]float64
}

// sinkhornRounds is how many times the places' scales are fitted to
// their slots; the expected counts agree with the slots to well under a
// tile after a few rounds.
const sinkhornRounds = 30

// Read reads view v with model m (nil: the uniform belief, every unseen
// tile as likely in any unseen slot) into out.
func (r *Reader) Read(v *classic.View, m *smallnet.Model, out *Reading) error {
	if err := r.Fill(v, &r.in); err != nil {
		return err
	}
	r.Score(&r.in, m, out)
	return nil
}

// Score turns an input into a reading with model m (nil: uniform):
// each place's weight for a face is its share of the unseen slots
// times e^score (the wall's score is 0), fitted so that the copies
// expected in each place match its slots.
func (r *Reader) Score(in *Input, m *smallnet.Model, out *Reading) {
	out.Seen = in.Seen
	var logit [Places][tile.NumFaces]float64
	for d := range Places {
		ls := math.Inf(-1)
		if in.Slots[d] > 0 {
			ls = math.Log(float64(in.Slots[d]))
		}
		for f := range tile.NumFaces {
			logit[d][f] = ls
			if d < Wall && m != nil && in.Unseen[f] > 0 && in.Slots[d] > 0 {
				logit[d][f] += float64(m.ScoreWith(&in.X[d][f], &r.hid))
			}
		}
	}
	fit(&logit, in, &out.P)
}

// fit turns logits into chances, the softmax over places of each face,
// after scaling each place's weights so that the copies expected there
// match its slots (Sinkhorn's scaling of the rows of a matrix whose
// columns are normalised).
func fit(logit *[Places][tile.NumFaces]float64, in *Input, p *[Places][tile.NumFaces]float64) {
	var e [Places][tile.NumFaces]float64
	for f := range tile.NumFaces {
		if in.Unseen[f] == 0 {
			continue
		}
		top := math.Inf(-1)
		for d := range Places {
			top = max(top, logit[d][f])
		}
		for d := range Places {
			e[d][f] = math.Exp(logit[d][f] - top)
		}
	}
	var scale [Places]float64
	for d := range scale {
		scale[d] = 1
	}
	for round := 0; ; round++ {
		var want [Places]float64
		for f := range tile.NumFaces {
			if in.Unseen[f] == 0 {
				for d := range Places {
					p[d][f] = 0
				}
				continue
			}
			sum := 0.0
			for d := range Places {
				p[d][f] = scale[d] * e[d][f]
				sum += p[d][f]
			}
			for d := range Places {
				p[d][f] /= sum
				want[d] += float64(in.Unseen[f]) * p[d][f]
			}
		}
		if round == sinkhornRounds {
			return
		}
		for d := range Places {
			if in.Slots[d] > 0 && want[d] > 0 {
				scale[d] *= float64(in.Slots[d]) / want[d]
			}
		}
	}
}

// Place is the reading's place of seat s: its index in Seats, Wall for
// none (the reading's own seat, or a seat that has left).
func (r *Reading) Place(s int) int {
	for p, t := range r.Seats {
		if t == s && s >= 0 {
			return p
		}
	}
	return Wall
}

// Count is the chance that opponent place p holds exactly k copies of
// face f, known copies included: the unseen copies lie there each with
// chance P[p][f], independently (a binomial; the copies of a face are
// few, and the slots large beside them).
func (r *Reading) Count(p int, f tile.Tile, k int) float64 {
	k -= int(r.Known[p][f])
	n := int(r.Unseen[f])
	if k < 0 || k > n {
		return 0
	}
	q := r.P[p][f]
	c := 1.0
	if n == 2 && k == 1 {
		c = 2
	}
	return c * math.Pow(q, float64(k)) * math.Pow(1-q, float64(n-k))
}

// Expected is the copies of face f that opponent place p is expected to
// hold, known copies included.
func (r *Reading) Expected(p int, f tile.Tile) float64 {
	return float64(r.Known[p][f]) + float64(r.Unseen[f])*r.P[p][f]
}

// Guess is a face an opponent's rack is read to hold, and the chance
// that it holds at least one of the face's unseen copies.
type Guess struct {
	Face   tile.Tile
	Chance float64
}

// Likely are the n faces opponent place p is likeliest to hold an unseen
// copy of, likeliest first (the face's order between equals): what the
// reading says of that rack beyond the tiles the seat knows are there
// (Known).
func (r *Reading) Likely(p, n int) []Guess {
	var gs []Guess
	for f, u := range r.Unseen {
		if u == 0 {
			continue
		}
		gs = append(gs, Guess{Face: tile.Tile(f), Chance: r.Held(p, tile.Tile(f))})
	}
	slices.SortStableFunc(gs, func(a, b Guess) int { return cmp.Compare(b.Chance, a.Chance) })
	return gs[:min(n, len(gs))]
}

// Held is the chance that opponent place p holds at least one unseen
// copy of face f.
func (r *Reading) Held(p int, f tile.Tile) float64 {
	return 1 - math.Pow(1-r.P[p][f], float64(r.Unseen[f]))
}
