package review

import (
	"okey/bots/belief"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/ui/cli"
	"okey/ui/pages"
)

// likelyShown is how many faces the review lists as an opponent's
// likeliest: enough to show what the reading saw, few enough for a
// line of 80 columns. Only faces read aboveChance likelier there than
// on a rack dealt at random are listed: early in a hand the reading is
// nearly flat, and its five "likeliest" would be ties in the faces'
// order.
const (
	likelyShown = 5
	aboveChance = 0.03
)

// ReadsOf is, for each decision of ds (a review of seat's decisions in
// the record rec, hand 0: every hand), what the belief of the racks
// (bots/belief, the judge's worlds) read of each other rack from the
// seat's view then, beside the rack it really held. Only a hand the
// record shows over gets them: a hand still being played (a match
// saved mid-hand) keeps its racks hidden, and its decisions get nil, as
// 101's do.
func ReadsOf(rec []byte, seat, hand int, ds []coach.Decision) [][]pages.RackRead {
	out := make([][]pages.RackRead, len(ds))
	if cli.Is101(rec) {
		return out
	}
	r, err := classic.ParseRecord(rec)
	if err != nil {
		return out
	}
	g, err := r.Replay()
	if err != nil {
		return out
	}
	last := g.State()
	ps, err := coach.PointsClassic(r, seat, hand)
	if err != nil {
		return out
	}
	at := map[int]classic.State{}
	for _, p := range ps {
		if p.Hand < last.HandNumber() || last.Phase() != game.Playing {
			at[p.Index] = p.State
		}
	}
	var rd belief.Reader
	var reading, uniform belief.Reading
	for i, d := range ds {
		s, ok := at[d.Index]
		if !ok {
			continue
		}
		v := s.View(seat)
		if err := rd.Read(&v, belief.Trained(), &reading); err != nil {
			continue
		}
		if err := rd.Read(&v, nil, &uniform); err != nil {
			continue
		}
		for p, o := range reading.Seats {
			if o < 0 {
				continue
			}
			known, held := reading.Known[p], s.View(o).Counts
			rr := pages.RackRead{Place: p, Known: known.Tiles(), Held: held.Tiles()}
			for _, g := range reading.Likely(p, tile.NumFaces) {
				u := uniform.Held(p, g.Face)
				if len(rr.Likely) == likelyShown || g.Chance < u+aboveChance {
					break
				}
				rr.Likely = append(rr.Likely, pages.Guess{Tile: g.Face, Chance: g.Chance})
				rr.ByChance += u
			}
			out[i] = append(out[i], rr)
		}
	}
	return out
}
