package rollout

import (
	"context"
	"fmt"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Sampler101 says how worlds of 101 are dealt from a view.
type Sampler101 struct {
	// Belief, when set, is the model of the racks the worlds are drawn
	// from (bots/belief101, belief.Reading.Deal): each opponent's rack
	// likelier to hold what its discards, takes, passes, openings and
	// lay-offs say it holds. Nil deals the unseen tiles uniformly
	// (okey101.View.SampleWorld).
	Belief *smallnet.Model
}

// Shared101 is the sampler of 101 the coach, the hint and the search
// share: the trained belief of the racks (bots/belief101).
func Shared101() Sampler101 { return Sampler101{Belief: belief101.Trained()} }

// Uniform101 is the sampler before the belief: the unseen tiles dealt
// uniformly.
func Uniform101() Sampler101 { return Sampler101{} }

// Worlds101 deals the worlds of one view of 101: the belief is read
// once, then each world is drawn from it. It reads nothing but the
// view, so the true hidden tiles cannot leak into a verdict. Its World
// may be called from several goroutines at once.
type Worlds101 struct {
	v       *okey101.View
	reading *belief.Reading
}

// NewWorlds101 reads view v for sampler s. A view the belief does not
// read (a hand over, whose racks are public) is dealt uniformly.
func NewWorlds101(v *okey101.View, s Sampler101) *Worlds101 {
	w := &Worlds101{v: v}
	if s.Belief != nil {
		var rd belief101.Reader
		r := new(belief.Reading)
		if err := rd.Read(v, s.Belief, r); err == nil {
			w.reading = r
		}
	}
	return w
}

// World is world i under seed: the other racks and the wall dealt from
// what the view's seat cannot see. The same view, sampler, seed and i
// give the same world.
func (w *Worlds101) World(seed uint64, i int) (okey101.State, error) {
	var given [okey101.NumSeats]*tile.Counts
	if w.reading != nil {
		var racks [okey101.NumSeats]tile.Counts
		w.reading.Deal(game.NewSeeded(mix(seed, i, 3)), &racks)
		for _, s := range w.reading.Seats {
			given[s] = &racks[s]
		}
	}
	s, err := w.v.SampleWorldGiven(mix(seed, i, 1), given)
	if err != nil {
		return okey101.State{}, fmt.Errorf("world %d: %w", i, err)
	}
	return s, nil
}

// World101 is world i for view v under seed, dealt by the shared
// sampler (Shared101).
func World101(v *okey101.View, seed uint64, i int) (okey101.State, error) {
	return NewWorlds101(v, Shared101()).World(seed, i)
}

// Player101 plays hands of 101 out with normal bots on every seat
// (about a millisecond a hand), seeded per world. One Player101 serves
// one goroutine: its bots share one solver's memory.
type Player101 struct {
	// Own, when set, is the level (bots101.New) the seat of the action
	// played out plays the rest of the hand at, the three others
	// playing normal: "hard" values a candidate under the policy the
	// searching seat really follows (the search's "-selfhard",
	// docs/studies/belief-101.md). "" is normal on all four seats.
	Own   string
	sv    *meld.Solver
	seats [okey101.NumSeats]bots101.Bot
}

// NewPlayer101 returns a player with its own solver memory.
func NewPlayer101() *Player101 { return &Player101{sv: new(meld.Solver)} }

// Play applies a to s and plays the hand to its end (the end of the
// hand, not of the match) with normal bots seeded from seed (a's seat
// at the level Own when set).
func (p *Player101) Play(ctx context.Context, s okey101.State, a okey101.Action, seed uint64) (okey101.State, error) {
	s, _, err := s.Apply(a)
	if err != nil {
		return s, fmt.Errorf("playout: %v: %w", a, err)
	}
	for i := range p.seats {
		level := "normal"
		if i == a.Seat && p.Own != "" {
			level = p.Own
		}
		if p.seats[i], err = bots101.New(level, bots101.Options{Seed: mix(seed, i, 2), Solver: p.sv}); err != nil {
			return s, fmt.Errorf("playout, seat %d: %w", i, err)
		}
	}
	for s.Phase() == game.Playing && s.Moves() < MaxActions {
		seat := s.Turn()
		act, err := p.seats[seat].Decide(ctx, s.View(seat))
		if err != nil {
			return s, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return s, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
	}
	return s, nil
}

// Value101 is the hand's net points for seat: the mean of the other
// three's hand totals (penalties included) less seat's own, so higher is
// better as in the classic game. A void hand or a capped playout is
// worth 0.
func Value101(s okey101.State, seat int) float64 {
	r := s.Result()
	if r == nil || r.Void || s.Phase() == game.Playing {
		return 0
	}
	others := 0
	for t := range okey101.NumSeats {
		if t != seat {
			others += r.Lines[t].Total
		}
	}
	return float64(others)/float64(okey101.NumSeats-1) - float64(r.Lines[seat].Total)
}

// Candidates101 plays every candidate in world i of view v and returns
// their values for v's seat: Play for Compare, the worlds dealt by the
// shared sampler.
func Candidates101(v *okey101.View, cands []okey101.Action, seed uint64, players []*Player101) Play {
	return Candidates101With(v, Shared101(), cands, seed, players)
}

// Candidates101With is Candidates101 with the worlds dealt by s.
func Candidates101With(v *okey101.View, s Sampler101, cands []okey101.Action, seed uint64, players []*Player101) Play {
	w := NewWorlds101(v, s)
	return Candidates101In(v, func(i int) (okey101.State, error) { return w.World(seed, i) }, cands, seed, players)
}

// Candidates101In is Candidates101 with world i dealt by world: a
// measuring bench that deals worlds some other way (the racks as they
// are, for a bound of what reading them could gain) plays them exactly
// as the search does.
func Candidates101In(v *okey101.View, world func(i int) (okey101.State, error), cands []okey101.Action, seed uint64, players []*Player101) Play {
	return playEach(seed, len(cands), world,
		func(ctx context.Context, w int, s okey101.State, c int, bs uint64) (float64, error) {
			end, err := players[w].Play(ctx, s, cands[c], bs)
			return Value101(end, v.Seat), err
		})
}
