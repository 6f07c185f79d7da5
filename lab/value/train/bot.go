package main

import (
	"context"
	"fmt"

	"okey/bots/arenaclassic"
	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// valueBot is hard whose discard, among the discards that leave the
// rack at normal's least distance (LeastDistance, hard's own pick
// first), is the one the learned value rates highest one ply ahead (the
// view after the discard); its draws, takes, shows and finishes are
// hard's. Lab-only: the first decisions on the value.
type valueBot struct {
	hard  botsclassic.Bot
	value *smallnet.Model
	x     [smallnet.MaxFeatures]float32
	h     smallnet.Hidden
}

func (b *valueBot) Level() string { return "value" }

func (b *valueBot) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := b.hard.Decide(ctx, v)
	if err != nil || a.Kind != classic.ActDiscard {
		return a, err
	}
	more, err := botsclassic.LeastDistance(&v, a.Tile, 6)
	if err != nil {
		return a, err
	}
	best, bestV := a.Tile, 0.0
	for i, t := range append([]tile.Tile{a.Tile}, more...) {
		w := after(&v, t)
		var x [NumFeatures]float32
		if err := features(&w, &x); err != nil {
			return a, err
		}
		copy(b.x[:], x[:])
		s := float64(b.value.ScoreWith(&b.x, &b.h))
		if i == 0 || s > bestV {
			best, bestV = t, s
		}
	}
	return classic.DiscardAction(v.Seat, best), nil
}

// arena plays hands hands (a multiple of four: every deal in every
// rotation) of the value bot against three hard from seed, as okey sim
// does, and gives the value bot's figures.
func arena(ctx context.Context, m *smallnet.Model, hands int, seed uint64, workers int) (arenaclassic.Result, error) {
	cfg := arenaclassic.Config{
		Bots: []string{"value", "hard", "hard", "hard"}, Hands: hands, Seed: seed,
		Rules: classic.DefaultRules(), Workers: workers,
		New: func(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
			if level != "value" {
				return botsclassic.New(level, opt)
			}
			h, err := botsclassic.New("hard", opt)
			if err != nil {
				return nil, err
			}
			return &valueBot{hard: h, value: m}, nil
		},
	}
	r, err := arenaclassic.Run(ctx, cfg)
	if err != nil {
		return r, fmt.Errorf("arena: %w", err)
	}
	return r, nil
}
