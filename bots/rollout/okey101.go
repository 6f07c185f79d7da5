package rollout

import (
	"context"
	"fmt"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// World101 is world i for view v under seed: the other racks and the
// wall dealt at random from what v's seat cannot see (it reads v only).
func World101(v *okey101.View, seed uint64, i int) (okey101.State, error) {
	s, err := v.SampleWorld(mix(seed, i, 1))
	if err != nil {
		return okey101.State{}, fmt.Errorf("world %d: %w", i, err)
	}
	return s, nil
}

// Player101 plays hands of 101 out with normal bots on every seat
// (about a millisecond a hand), seeded per world. One Player101 serves
// one goroutine: its bots share one solver's memory.
type Player101 struct {
	sv    *meld.Solver
	seats [okey101.NumSeats]bots101.Bot
}

// NewPlayer101 returns a player with its own solver memory.
func NewPlayer101() *Player101 { return &Player101{sv: new(meld.Solver)} }

// Play applies a to s and plays the hand to its end (the end of the
// hand, not of the match) with normal bots seeded from seed.
func (p *Player101) Play(ctx context.Context, s okey101.State, a okey101.Action, seed uint64) (okey101.State, error) {
	s, _, err := s.Apply(a)
	if err != nil {
		return s, fmt.Errorf("playout: %v: %w", a, err)
	}
	for i := range p.seats {
		p.seats[i], _ = bots101.New("normal", bots101.Options{Seed: mix(seed, i, 2), Solver: p.sv})
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
// their values for v's seat: Play for Compare.
func Candidates101(v *okey101.View, cands []okey101.Action, seed uint64, players []*Player101) Play {
	return playEach(seed, len(cands),
		func(i int) (okey101.State, error) { return World101(v, seed, i) },
		func(ctx context.Context, w int, s okey101.State, c int, bs uint64) (float64, error) {
			end, err := players[w].Play(ctx, s, cands[c], bs)
			return Value101(end, v.Seat), err
		})
}
