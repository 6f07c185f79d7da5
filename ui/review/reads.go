package review

import (
	"cmp"
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/coach"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/record"
	"okey/game/tile"
	"okey/ui/cli"
	"okey/ui/pages"
)

// Options tune the in-game review; the zero value is the coach's
// defaults (as okey review with no flags), so that the screen and the
// command agree.
type Options struct {
	// Samples is the most worlds a decision is played over (0: the
	// coach's default), MinSamples the first round (0: the coach's);
	// tests ask for few.
	Samples, MinSamples int
	// Seed picks the worlds (0: 1, okey review's default).
	Seed uint64
	// Workers play the worlds and read the racks (0: one a CPU).
	Workers int
	// Worlds are those the 101 review's reading of the racks weighs
	// after the hand (0: ReadsOf's default); tests ask for few.
	Worlds int
	// Progress, if set, is told how many of the decisions ReadsOf has
	// read, of how many (the review's own work sets it).
	Progress func(done, total int)
}

// withProgress is opt with its Progress p.
func withProgress(opt Options, p func(done, total int)) Options {
	opt.Progress = p
	return opt
}

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
// read of each other rack from the seat's view then, beside the rack it
// really held. Only a hand the record shows over gets them: a hand
// still being played (a match saved mid-hand) keeps its racks hidden,
// and its decisions get nil.
//
// Classic reads with bots/belief, the judge's worlds. 101 reads with
// bots/belief101 weighed by the turns its worlds explain (Weighed, at
// reviewWeighing): after the hand there is time for the reading closest
// to the racks (docs/studies/belief-101.md), which the bots cannot spend
// a turn on. opt.Workers goroutines read the decisions (0: one a CPU, as
// the judge's worlds are played), and opt.Worlds are the worlds weighed
// (0: reviewWeighing's); opt.Progress, if set, is told how many of ds are
// read. ctx stops the weighing (a review closed); the decisions not read
// by then get nil.
func ReadsOf(ctx context.Context, rec []byte, seat, hand int, ds []coach.Decision, opt Options) [][]pages.RackRead {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	w := reviewWeighing()
	if opt.Worlds > 0 {
		w.Worlds = opt.Worlds
	}
	if cli.Is101(rec) {
		if h, err := record.ReadHeader(rec); err == nil {
			w.Skip = unweighed(h.Meta)
		}
		return readsIn(rec, okey101.ParseRecord, coach.Points101, seat, hand, ds, belief101.Trained(),
			func() readFunc[okey101.State] {
				var rd belief101.Reader
				sv := new(meld.Solver)
				return func(s okey101.State, m *smallnet.Model, out *belief.Reading) (weighed [4]bool, err error) {
					v := s.View(seat)
					if m == nil {
						return weighed, rd.Read(&v, nil, out)
					}
					err = rd.Weighed(ctx, &v, m, w, weighSeed(&v), sv, out)
					if errors.Is(err, belief101.ErrNotReplayed) {
						// out holds the learned reading, shown
						// rather than nothing (and said so).
						return weighed, nil
					}
					for o := range weighed {
						weighed[o] = err == nil && !w.Skip[o]
					}
					return weighed, err
				}
			},
			func(s okey101.State, o int) tile.Counts { return s.View(o).Counts }, workers, opt.Progress)
	}
	return readsIn(rec, classic.ParseRecord, coach.PointsClassic, seat, hand, ds, belief.Trained(),
		func() readFunc[classic.State] {
			var rd belief.Reader
			return func(s classic.State, m *smallnet.Model, out *belief.Reading) ([4]bool, error) {
				v := s.View(seat)
				return [4]bool{}, rd.Read(&v, m, out)
			}
		},
		func(s classic.State, o int) tile.Counts { return s.View(o).Counts }, workers, opt.Progress)
}

// readFunc reads the reviewed seat's view in state s with model m (nil:
// uniformly) into out, and says which seats' racks the reading weighed
// by the turns its worlds explain. One is used by one goroutine at a
// time: a reader keeps its scratch between reads.
type readFunc[S any] func(s S, m *smallnet.Model, out *belief.Reading) (weighed [4]bool, err error)

// unweighed are the seats the review does not weigh, by what the
// record's meta says of them: the weighing reads a player as normal
// plays, which reads a hard bot's rack worse than the learned reading
// alone (docs/studies/belief-101.md, "Read as normal, other players"), and
// easy's random discards or the expert's search no better. A seat is
// weighed only when it is a bot of the normal level: the meta's level
// key and the seat's number (level1 in the game's records, a daily's,
// a served table's, where a seat a person holds is named too: name1),
// or seat and its number (seat1, okey sim's).
func unweighed(meta map[string]string) (skip [4]bool) {
	served := meta["program"] == "okey serve"
	for s := range skip {
		n := strconv.Itoa(s)
		level := cmp.Or(meta["level"+n], meta["seat"+n])
		skip[s] = !strings.EqualFold(strings.TrimSpace(level), "normal") || served && meta["name"+n] != ""
	}
	return skip
}

// reviewWeighing is the 101 review's weighing: DefaultWeighing with a
// quarter of its worlds, which keeps three quarters of the weighing's
// gain (docs/studies/belief-101.md, "How many worlds") for half the
// player's wait after the judging.
func reviewWeighing() belief101.Weighing {
	w := belief101.DefaultWeighing()
	w.Worlds = 1024
	return w
}

// weighSeed seeds the weighing of view v from where the view is (its
// hand and deal, seat and move), so that a review read again shows the
// same reading.
func weighSeed(v *okey101.View) uint64 {
	return (uint64(v.Hand)<<40 ^ uint64(v.Redeal)<<36 ^ uint64(v.Seat)<<32 ^ uint64(len(v.History))<<2 ^ uint64(v.Stage)) * 0x9e3779b97f4a7c15
}

// lastState is what ReadsOf asks of a record's last state: which hand
// it is in, and whether that hand is being played.
type lastState interface {
	HandNumber() int
	Phase() game.Phase
}

// readsIn is ReadsOf for one game: rec parsed by parse and replayed,
// seat's decisions found by points, the seat's view at each read with
// model m and uniformly (a nil model) by a reader newRead makes (one a
// worker), each seat's rack there given by held (readsAt).
func readsIn[R interface{ Replay() (G, error) }, G interface{ State() S }, S lastState, A any](
	rec []byte, parse func([]byte) (R, error), points func(R, int, int) ([]coach.Point[S, A], error),
	seat, hand int, ds []coach.Decision, m *smallnet.Model,
	newRead func() readFunc[S], held func(s S, seat int) tile.Counts, workers int, progress func(done, total int),
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
	return readsAt(ps, ds, func(h int) bool { return h < n || !on }, m, newRead, held, workers, progress)
}

// readsAt reads the racks at each decision of ds that stands for one of
// ps of a hand over: the trained reading (read with m) and the uniform
// one (read with nil) of the seat's view at the decision's state,
// beside each seat's rack there (held). workers goroutines read, each
// with a reader of its own (newRead); progress (nil: none) is told how
// many of ds are dealt with, those not read counted from the start.
func readsAt[S, A any](ps []coach.Point[S, A], ds []coach.Decision, over func(hand int) bool, m *smallnet.Model,
	newRead func() readFunc[S], held func(s S, seat int) tile.Counts, workers int, progress func(done, total int)) [][]pages.RackRead {
	out := make([][]pages.RackRead, len(ds))
	at := map[int]S{}
	for _, p := range ps {
		if over(p.Hand) {
			at[p.Index] = p.State
		}
	}
	var todo []int
	for i, d := range ds {
		if _, ok := at[d.Index]; ok {
			todo = append(todo, i)
		}
	}
	// The workers count and tell under one lock, so that the page's
	// count never goes back.
	var next atomic.Int64
	var mu sync.Mutex
	dealt := len(ds) - len(todo)
	tell := func(more int) {
		mu.Lock()
		defer mu.Unlock()
		dealt += more
		if progress != nil {
			progress(dealt, len(ds))
		}
	}
	tell(0)
	var wg sync.WaitGroup
	for range min(max(workers, 1), len(todo)) {
		wg.Go(func() {
			read := newRead()
			var reading, uniform belief.Reading
			for {
				k := int(next.Add(1)) - 1
				if k >= len(todo) {
					return
				}
				i := todo[k]
				s := at[ds[i].Index]
				weighed, err := read(s, m, &reading)
				if err == nil {
					_, err = read(s, nil, &uniform)
				}
				if err == nil {
					out[i] = rackReads(&reading, &uniform, weighed, func(o int) tile.Counts { return held(s, o) })
				}
				tell(1)
			}
		})
	}
	wg.Wait()
	return out
}

// rackReads is what reading (beside uniform, the same view read
// uniformly; the racks of the seats weighed, by the turns its worlds
// explain) says of each other rack, beside what held says it held.
func rackReads(reading, uniform *belief.Reading, weighed [4]bool, held func(seat int) tile.Counts) []pages.RackRead {
	var out []pages.RackRead
	for p, o := range reading.Seats {
		if o < 0 {
			continue
		}
		known, h := reading.Known[p], held(o)
		rr := pages.RackRead{Place: p, Known: known.Tiles(), Held: h.Tiles(), Weighed: weighed[o]}
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
