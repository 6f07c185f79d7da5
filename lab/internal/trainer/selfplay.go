package trainer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
)

// Seats is the players at a table of either game.
const Seats = 4

// Match is what a trainer asks of either game's state (classic.State,
// okey101.State): a hand played move by move from the views of the seat
// to move.
type Match[S, V, A, E any] interface {
	Phase() game.Phase
	Turn() int
	Moves() int
	View(seat int) V
	Apply(a A) (S, []E, error)
}

// Player is either game's bot.
type Player[V, A any] interface {
	Decide(ctx context.Context, v V) (A, error)
}

// SeatBots makes a bot for each seat with newBot: hard at the chance
// hard, normal otherwise, each seeded from r (a level drawn, then a
// seed, seat by seat).
func SeatBots[B any](r *game.Seeded, hard float64, newBot func(level string, seed uint64) (B, error)) ([Seats]B, error) {
	var bots [Seats]B
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

// ClassicHand deals hand i of a run of seed (smallnet.HandSeed) at classic's
// default rules and seats its bots (SeatBots, hard at the chance hard)
// drawn from a generator of the hand's seed xor salt, which it gives
// back for the trainer's own draws in the hand.
func ClassicHand(seed uint64, i int, salt uint64, hard float64) (classic.State, [Seats]botsclassic.Bot, *game.Seeded, error) {
	hs := smallnet.HandSeed(seed, i)
	r := game.NewSeeded(hs ^ salt)
	bots, err := SeatBots(r, hard, func(level string, seed uint64) (botsclassic.Bot, error) {
		return botsclassic.New(level, botsclassic.Options{Seed: seed})
	})
	if err != nil {
		return classic.State{}, bots, r, err
	}
	st, err := classic.NewMatch(classic.DefaultRules(), hs)
	if err != nil {
		return st, bots, r, fmt.Errorf("hand %d: %w", i, err)
	}
	return st, bots, r, nil
}

// PlayOut plays st with bots while the hand is played and fewer than
// moves moves are made, handing each view of the seat to move to at
// (when it is not nil) before its bot decides; it returns the state
// reached.
func PlayOut[S Match[S, V, A, E], V, A, E any, B Player[V, A]](ctx context.Context, st S, bots *[Seats]B, moves int, at func(st *S, v *V) error) (S, error) {
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

// Chunks plays hands 0 to hands−1 in chunks of chunk hands on workers
// goroutines and gives each chunk's part in the order of the chunks,
// whatever the workers: the caller joins them into data that depend on
// the seed alone. newWorker is called once a goroutine, before any hand,
// for a play of its own (its readers' working memory need no lock);
// play(first, end) plays hands first to end−1 into a new part. The
// first error stops the run; a run whose ctx ends gives ctx's error.
func Chunks[P any](ctx context.Context, hands, chunk, workers int, newWorker func() func(first, end int) (P, error)) ([]P, error) {
	workers = max(workers, 1)
	parts := make([]P, (hands+chunk-1)/chunk)
	plays := make([]func(first, end int) (P, error), workers)
	for w := range plays {
		plays[w] = newWorker()
	}
	// The chunks are claimed from a counter; the first error stops the
	// others from claiming more. (The product's worker pool is internal to
	// bots/, which the lab's module may not import.)
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				c := int(next.Add(1) - 1)
				if c >= len(parts) || stop.Err() != nil {
					return
				}
				p, err := plays[w](c*chunk, min((c+1)*chunk, hands))
				if err != nil {
					if stop.Err() == nil {
						errs[w] = err
					}
					cancel()
					return
				}
				parts[c] = p // each chunk its own slot: no lock
			}
		})
	}
	wg.Wait()
	err := errors.Join(errs...)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return parts, nil
}

// FixtureView plays hand game.NewSeed(seed) of classic with four normal
// bots seeded seed+seat to the given move and gives the view of the
// seat to move there: the positions a trainer writes to a package's
// fixed cases, which the package's test plays again the same way.
func FixtureView(ctx context.Context, seed uint64, moves int) (classic.View, error) {
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		return classic.View{}, err
	}
	var bots [Seats]botsclassic.Bot
	for s := range bots {
		bots[s] = botsclassic.NewNormal(seed + uint64(s))
	}
	return FixtureAt(ctx, st, &bots, seed, moves)
}

// FixtureAt plays st with bots to the given move and gives the view of
// the seat to move there (of hand seed, for the error).
func FixtureAt[S Match[S, V, A, E], V, A, E any, B Player[V, A]](ctx context.Context, st S, bots *[Seats]B, seed uint64, moves int) (V, error) {
	var none V
	st, err := PlayOut(ctx, st, bots, moves, nil)
	if err != nil {
		return none, err
	}
	if st.Moves() < moves {
		return none, fmt.Errorf("hand %d ended before move %d", seed, moves)
	}
	return st.View(st.Turn()), nil
}
