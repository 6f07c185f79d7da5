package arenaclassic

import (
	"context"
	"time"

	"okey/bots/botsclassic"
	"okey/bots/internal/arenastat"
	"okey/bots/internal/parallel"
	"okey/game/classic"
	"okey/game/classic/hand"
)

// Run plays the configured hands (or matches) on Workers goroutines and
// returns the table. A bot that errs or plays an illegal move stops the
// run with an error naming the hand, the seat and the bot. When ctx ends
// first, Run returns the table of the whole deals (or matches, each in
// its four rotations) played so far and an error that wraps
// ErrInterrupted.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	units := cfg.units()
	workers := parallel.Workers(cfg.Workers, units)
	// The analysis tables are built once a process: not in the time of
	// whichever bot decides first.
	hand.Prepare()

	start := time.Now()
	all := newTally(&cfg)
	done := 0
	times := make([][classic.NumSeats]arenastat.TimeHist, workers)
	// One discard-table cache for the run: the four rotations of a deal
	// analyse the same racks until the bots' choices part.
	cache := botsclassic.NewTableCache()
	err := parallel.Each(ctx, units, workers, func(ctx context.Context, w, i int) (play, error) {
		if cfg.Matches > 0 {
			return playMatch(ctx, &cfg, i, &times[w], cache)
		}
		return playHand(ctx, &cfg, i, &times[w], cache)
	}, func(p play) {
		all.add(&p)
		done++
		if cfg.Progress != nil {
			cfg.Progress(done)
		}
	})
	if err != nil {
		return Result{}, err
	}
	res := all.summarise(arenastat.MergeTimes(times), time.Since(start))
	if err := ctx.Err(); err != nil {
		counted := res.Hands
		if cfg.Matches > 0 {
			counted = res.Matches
		}
		return res, arenastat.Interrupted(ErrInterrupted, err, cfg.Matches > 0, done, units, counted, all.clusters)
	}
	return res, nil
}
