package main

import (
	"context"
	"fmt"

	"okey/game"
)

// seats is the players at a table of either game.
const seats = 4

// match is what the trainer asks of either game's state
// (classic.State, okey101.State): a hand played move by move from the
// views of the seat to move.
type match[S, V, A, E any] interface {
	Phase() game.Phase
	Turn() int
	Moves() int
	View(seat int) V
	Apply(a A) (S, []E, error)
}

// player is either game's bot.
type player[V, A any] interface {
	Decide(ctx context.Context, v V) (A, error)
}

// seatBots makes a bot for each seat with newBot: hard at the chance
// hard, normal otherwise, each seeded from r.
func seatBots[B any](r *game.Seeded, hard float64, newBot func(level string, seed uint64) (B, error)) ([seats]B, error) {
	var bots [seats]B
	for s := range bots {
		level := "normal"
		if r.Float64() < hard {
			level = "hard"
		}
		b, err := newBot(level, r.Uint64())
		if err != nil {
			return bots, err
		}
		bots[s] = b
	}
	return bots, nil
}

// playOut plays st with bots while the hand is played and fewer than
// moves moves are made, handing each view of the seat to move to at
// (when it is not nil) before its bot decides; it returns the state
// reached.
func playOut[S match[S, V, A, E], V, A, E any, B player[V, A]](ctx context.Context, st S, bots *[seats]B, moves int, at func(st *S, v *V) error) (S, error) {
	for st.Phase() == game.Playing && st.Moves() < moves {
		seat := st.Turn()
		v := st.View(seat)
		if at != nil {
			if err := at(&st, &v); err != nil {
				return st, fmt.Errorf("move %d: %w", st.Moves(), err)
			}
		}
		a, err := bots[seat].Decide(ctx, v)
		if err != nil {
			return st, fmt.Errorf("seat %d: %w", seat, err)
		}
		if st, _, err = st.Apply(a); err != nil {
			return st, fmt.Errorf("seat %d: %w", seat, err)
		}
	}
	return st, nil
}
