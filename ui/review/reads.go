package review

import (
	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
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
// (bots/belief in classic, bots/belief101 in 101: the judge's worlds)
// read of each other rack from the seat's view then, beside the rack it
// really held. Only a hand the record shows over gets them: a hand
// still being played (a match saved mid-hand) keeps its racks hidden,
// and its decisions get nil.
func ReadsOf(rec []byte, seat, hand int, ds []coach.Decision) [][]pages.RackRead {
	if cli.Is101(rec) {
		var rd belief101.Reader
		return readsIn(rec, okey101.ParseRecord, coach.Points101, seat, hand, ds, belief101.Trained(),
			func(s okey101.State, m *belief.Model, out *belief.Reading) error {
				v := s.View(seat)
				return rd.Read(&v, m, out)
			},
			func(s okey101.State, o int) tile.Counts { return s.View(o).Counts })
	}
	var rd belief.Reader
	return readsIn(rec, classic.ParseRecord, coach.PointsClassic, seat, hand, ds, belief.Trained(),
		func(s classic.State, m *belief.Model, out *belief.Reading) error {
			v := s.View(seat)
			return rd.Read(&v, m, out)
		},
		func(s classic.State, o int) tile.Counts { return s.View(o).Counts })
}

// lastState is what ReadsOf asks of a record's last state: which hand
// it is in, and whether that hand is being played.
type lastState interface {
	HandNumber() int
	Phase() game.Phase
}

// readsIn is ReadsOf for one game: rec parsed by parse and replayed,
// seat's decisions found by points, the seat's view at each read by
// read with model m and uniformly (a nil model), each seat's rack there
// given by held (readsAt).
func readsIn[R interface{ Replay() (G, error) }, G interface{ State() S }, S lastState, A any](
	rec []byte, parse func([]byte) (R, error), points func(R, int, int) ([]coach.Point[S, A], error),
	seat, hand int, ds []coach.Decision, m *belief.Model,
	read func(s S, m *belief.Model, out *belief.Reading) error, held func(s S, seat int) tile.Counts,
) [][]pages.RackRead {
	r, err := parse(rec)
	if err != nil {
		return make([][]pages.RackRead, len(ds))
	}
	g, err := r.Replay()
	if err != nil {
		return make([][]pages.RackRead, len(ds))
	}
	ps, err := points(r, seat, hand)
	if err != nil {
		return make([][]pages.RackRead, len(ds))
	}
	last := g.State()
	n, on := last.HandNumber(), last.Phase() == game.Playing
	return readsAt(ps, ds, func(h int) bool { return h < n || !on }, m, read, held)
}

// readsAt reads the racks at each decision of ds that stands for one of
// ps of a hand over: the trained reading (read with m) and the uniform
// one (read with nil) of the seat's view at the decision's state,
// beside each seat's rack there (held).
func readsAt[S, A any](ps []coach.Point[S, A], ds []coach.Decision, over func(hand int) bool, m *belief.Model,
	read func(s S, m *belief.Model, out *belief.Reading) error, held func(s S, seat int) tile.Counts) [][]pages.RackRead {
	out := make([][]pages.RackRead, len(ds))
	at := map[int]S{}
	for _, p := range ps {
		if over(p.Hand) {
			at[p.Index] = p.State
		}
	}
	var reading, uniform belief.Reading
	for i, d := range ds {
		s, ok := at[d.Index]
		if !ok {
			continue
		}
		if read(s, m, &reading) != nil || read(s, nil, &uniform) != nil {
			continue
		}
		out[i] = rackReads(&reading, &uniform, func(o int) tile.Counts { return held(s, o) })
	}
	return out
}

// rackReads is what reading (beside uniform, the same view read
// uniformly) says of each other rack, beside what held says it held.
func rackReads(reading, uniform *belief.Reading, held func(seat int) tile.Counts) []pages.RackRead {
	var out []pages.RackRead
	for p, o := range reading.Seats {
		if o < 0 {
			continue
		}
		known, h := reading.Known[p], held(o)
		rr := pages.RackRead{Place: p, Known: known.Tiles(), Held: h.Tiles()}
		for _, g := range reading.Likely(p, tile.NumFaces) {
			u := uniform.Held(p, g.Face)
			if len(rr.Likely) == likelyShown || g.Chance < u+aboveChance {
				break
			}
			rr.Likely = append(rr.Likely, pages.Guess{Tile: g.Face, Chance: g.Chance})
			rr.ByChance += u
		}
		out = append(out, rr)
	}
	return out
}
