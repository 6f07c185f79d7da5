package rollout

import (
	"context"
	"errors"
	"fmt"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// MaxActions caps a playout, as the arena caps a hand: a playout that
// reaches it ends as if the wall had run out (nobody scores).
const MaxActions = 500

// SamplerClassic says how classic worlds are dealt from a view.
type SamplerClassic struct {
	// Belief, when set, is the model of the racks the worlds are drawn
	// from (belief.Reading.Deal): each opponent's rack likelier to hold
	// what its discards, takes and passes say it holds. Nil deals the
	// unseen tiles uniformly (classic.View.SampleWorld).
	Belief *smallnet.Model
	// Progress brings every opponent's rack forward as the hand has
	// made it (see progressed) after it is dealt.
	Progress bool
	// Tries, above 1, draws that many placements from the belief for a
	// world and keeps one by how near its racks are to a win (Beta) and
	// how well they explain each opponent's last discard
	// (belief.Reading.DealWeighed).
	Tries int
	Beta  float64
}

// Sampler is the sampler the coach, the hint and the search share: the
// trained belief of the racks (bots/belief), each world the likeliest
// of SamplerTries placements drawn from it by how near its racks are to
// a win (SamplerBeta) and how well they explain the opponents' last
// discards. Placements drawn tile by tile from the belief leave the
// racks further from a win than players' racks are (3.7 tiles against
// 2.5 in self-play, held out); weighed so, 3.2, and the worlds' racks
// are nearer the truth (docs/studies/classic-belief.md).
func Sampler() SamplerClassic {
	return SamplerClassic{Belief: belief.Trained(), Tries: SamplerTries, Beta: SamplerBeta}
}

// The shared sampler's weighing: a world costs about 1.5 ms with it, a
// playout about as much as it again from mid-hand (more on a loaded
// machine), and each world is played by every candidate.
const (
	SamplerTries = 8
	SamplerBeta  = 1.0
)

// Uniform is the sampler before the belief: the unseen tiles dealt
// uniformly, then every rack brought forward. The study of the belief
// (docs/studies/classic-belief.md) measures against it.
func Uniform() SamplerClassic { return SamplerClassic{Progress: true} }

// WorldsClassic deals the worlds of one view: the belief is read once,
// then each world is drawn from it. It reads nothing but the view, so
// the true hidden tiles cannot leak into a verdict. Its World may be
// called from several goroutines at once.
type WorldsClassic struct {
	v        *classic.View
	reading  *belief.Reading
	progress bool
	tries    int
	beta     float64
}

// NewWorldsClassic reads view v for sampler s.
func NewWorldsClassic(v *classic.View, s SamplerClassic) (*WorldsClassic, error) {
	w := &WorldsClassic{v: v, progress: s.Progress, tries: s.Tries, beta: s.Beta}
	if s.Belief != nil {
		var rd belief.Reader
		w.reading = new(belief.Reading)
		if err := rd.Read(v, s.Belief, w.reading); err != nil {
			return nil, fmt.Errorf("reading the racks: %w", err)
		}
	}
	return w, nil
}

// World is world i under seed: the other racks and the wall dealt from
// what the view's seat cannot see. The same view, sampler, seed and i
// give the same world.
func (w *WorldsClassic) World(seed uint64, i int) (classic.State, error) {
	var given [classic.NumSeats]*tile.Counts
	r := game.NewSeeded(mix(seed, i, 1))
	if w.reading != nil {
		var racks [classic.NumSeats]tile.Counts
		if w.tries > 1 {
			w.reading.DealWeighed(r, &w.v.Analyzer, w.tries, w.beta, &racks)
		} else {
			w.reading.Deal(r, &racks)
		}
		for _, s := range w.reading.Seats {
			if s >= 0 {
				given[s] = &racks[s]
			}
		}
	}
	s, err := w.v.SampleWorld(r, given)
	if err != nil {
		return classic.State{}, fmt.Errorf("world %d: %w", i, err)
	}
	if !w.progress {
		return s, nil
	}
	if p, ok := progressed(w.v, s, r); ok {
		return p, nil
	}
	return s, nil
}

// WorldClassic is world i for view v under seed, dealt by the shared
// Sampler.
func WorldClassic(v *classic.View, seed uint64, i int) (classic.State, error) {
	w, err := NewWorldsClassic(v, Sampler())
	if err != nil {
		return classic.State{}, err
	}
	return w.World(seed, i)
}

// progressed deals the other racks of world s again as the hand has
// made them: each other seat's rack is the one s dealt it, then, for
// every tile it drew from the wall this hand, a tile from the wall
// added and the tile that leaves the least distance thrown back (the
// tiles the view knows it holds are kept). A rack dealt at random from
// the unseen tiles is as far from a win late in a hand as at the deal,
// where the real racks have had every draw to come near one; in such
// worlds the others almost never finish within a few turns, and holding
// a win for an okey finish looked nearly free (the judge held where
// finishing at once won more: docs/studies/review-judge.md, "The judge against
// play"). ok is false when the racks cannot be made (the world is then
// left as dealt).
func progressed(v *classic.View, s classic.State, r *game.Seeded) (classic.State, bool) {
	an := &v.Analyzer
	known := v.Known()
	var draws [classic.NumSeats]int
	for _, e := range v.History {
		if e.Kind == classic.EvDraw && e.Seat >= 0 && e.Seat < classic.NumSeats {
			draws[e.Seat]++
		}
	}
	wall := v.Unseen()
	var racks [classic.NumSeats]tile.Counts
	for o := range classic.NumSeats {
		if o == v.Seat || !v.Active[o] {
			continue
		}
		racks[o] = s.View(o).Counts
		for f, n := range racks[o] {
			wall[f] -= min(wall[f], n-min(n, known[o][f]))
		}
	}
	pool := wall.Tiles()
	r.ShuffleTiles(pool)
	var given [classic.NumSeats]*tile.Counts
	for o := range classic.NumSeats {
		if o == v.Seat || !v.Active[o] {
			continue
		}
		c := racks[o]
		for range min(draws[o], maxProgress) {
			if len(pool) == 0 {
				break
			}
			t := pool[0]
			pool = pool[1:]
			c[t]++
			h, err := an.HandOf(c)
			if err != nil {
				return s, false
			}
			x := an.BestDiscard(h).Tile
			if !x.Valid() || c[x] <= known[o][x] {
				x = t
			}
			c[x]--
			pool = append(pool, x)
		}
		given[o] = &c
	}
	w, err := v.SampleWorld(r, given)
	if err != nil {
		return s, false
	}
	return w, true
}

// maxProgress bounds the draws a rack is brought forward by.
const maxProgress = 12

// PlayerClassic plays hands out in classic Okey: normal bots on every
// seat (the fastest level that plays soundly: a playout costs about
// half a millisecond), seeded per world so every candidate meets the
// same opponents' habits. One PlayerClassic serves one goroutine.
type PlayerClassic struct {
	cache *botsclassic.TableCache
	seats [classic.NumSeats]*botsclassic.Normal
}

// NewPlayerClassic returns a player with its own analysis cache.
func NewPlayerClassic() *PlayerClassic { return &PlayerClassic{cache: botsclassic.NewTableCache()} }

// Play applies a to s and plays the hand to its end with normal bots
// seeded from seed, and returns the state at the end (Result is nil only
// when the playout reached MaxActions).
func (p *PlayerClassic) Play(ctx context.Context, s classic.State, a classic.Action, seed uint64) (classic.State, error) {
	s, _, err := s.Apply(a)
	if err != nil {
		return s, fmt.Errorf("playout: %v: %w", a, err)
	}
	for i := range p.seats {
		b, _ := botsclassic.New("normal", botsclassic.Options{Seed: mix(seed, i, 2), Cache: p.cache})
		p.seats[i] = b.(*botsclassic.Normal)
	}
	for s.Phase() == game.Playing && s.Moves() < MaxActions {
		if err := ctx.Err(); err != nil {
			return s, err
		}
		seat := s.Turn()
		act, err := p.seats[seat].Decide(ctx, s.View(seat))
		if err != nil {
			if errors.Is(err, botsclassic.ErrPass) {
				return s, fmt.Errorf("playout, seat %d passed on its turn: %w", seat, err)
			}
			return s, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return s, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
	}
	return s, nil
}

// ValueClassic is the hand's net points for seat: what the other active
// seats lost on average, less what seat lost (gösterme included). A
// hand with no result (a capped playout) is worth 0. Under rules without
// scoring (simple104) a win is worth 1 to the winner and −1/3 to the
// others, so that finishing still counts.
func ValueClassic(s classic.State, seat int) float64 {
	r := s.Result()
	if r == nil {
		return 0
	}
	active := s.Active()
	if !s.Rules().Scoring() {
		switch {
		case r.Winner == seat:
			return 1
		case r.Winner >= 0:
			return -1.0 / 3
		}
		return 0
	}
	others, n := 0, 0
	for t := range classic.NumSeats {
		if t != seat && active[t] {
			others += r.Lost[t]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(others)/float64(n) - float64(r.Lost[seat])
}

// CandidatesClassic plays every candidate in world i of view v and
// returns their values for v's seat: Play for Compare. The worlds are
// the shared Sampler's.
func CandidatesClassic(v *classic.View, cands []classic.Action, seed uint64, players []*PlayerClassic) Play {
	return CandidatesClassicWith(v, Sampler(), cands, seed, players)
}

// CandidatesClassicWith is CandidatesClassic with worlds dealt by
// sampler s.
func CandidatesClassicWith(v *classic.View, s SamplerClassic, cands []classic.Action, seed uint64, players []*PlayerClassic) Play {
	worlds, err := NewWorldsClassic(v, s)
	return playEach(seed, len(cands),
		func(i int) (classic.State, error) {
			if err != nil {
				return classic.State{}, err
			}
			return worlds.World(seed, i)
		},
		func(ctx context.Context, w int, s classic.State, c int, bs uint64) (float64, error) {
			end, err := players[w].Play(ctx, s, cands[c], bs)
			return ValueClassic(end, v.Seat), err
		})
}

// Then is a continuation of a candidate move: given the state the move
// leaves (the seat still to move), the seat's next move, played before
// the bots take over; ok false lets the playout's bot move instead.
type Then func(s classic.State) (a classic.Action, ok bool)

// CandidatesClassicThen is CandidatesClassicWith where candidate c is
// followed, while its seat is still to move, by thens[c] (nil: by the
// playout's bot): a turn planned to its discard (a take and what the
// plan does with the tile taken) is valued as planned, not as a normal
// bot would go on.
func CandidatesClassicThen(v *classic.View, s SamplerClassic, cands []classic.Action, thens []Then, seed uint64, players []*PlayerClassic) Play {
	worlds, err := NewWorldsClassic(v, s)
	return playEach(seed, len(cands),
		func(i int) (classic.State, error) {
			if err != nil {
				return classic.State{}, err
			}
			return worlds.World(seed, i)
		},
		func(ctx context.Context, w int, s classic.State, c int, bs uint64) (float64, error) {
			a := cands[c]
			if c < len(thens) && thens[c] != nil {
				next, _, err := s.Apply(a)
				if err != nil {
					return 0, fmt.Errorf("playout: %v: %w", a, err)
				}
				if then, ok := thens[c](next); ok && next.Phase() == game.Playing && next.Turn() == v.Seat {
					s, a = next, then
				}
			}
			end, err := players[w].Play(ctx, s, a, bs)
			return ValueClassic(end, v.Seat), err
		})
}
