package main

import (
	"context"
	"fmt"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// playHand101 plays the first hand of match i of Okey 101 (default
// rules) with normal and hard bots and files the views it keeps in d.
func playHand101(ctx context.Context, cfg genConfig, i int, rd *belief101.Reader, d *dataset) error {
	seed := smallnet.HandSeed(cfg.seed, i)
	r := game.NewSeeded(seed ^ 0x101be11ef)
	bots, err := trainer.SeatBots(r, cfg.hardShare, func(level string, seed uint64) (bots101.Bot, error) {
		return bots101.New(level, bots101.Options{Seed: seed})
	})
	if err != nil {
		return err
	}
	st, err := okey101.NewMatch(okey101.DefaultRules(), seed)
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	var in belief.Input
	_, err = trainer.PlayOut(ctx, st, &bots, cfg.maxActions, func(st *okey101.State, v *okey101.View) error {
		if r.Float64() < cfg.pos {
			return keep101(rd, &in, st, v, i, d)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("hand %d, %w", i, err)
	}
	return nil
}

// keep101 files view v of state st as a position.
func keep101(rd *belief101.Reader, in *belief.Input, st *okey101.State, v *okey101.View, hand int, d *dataset) error {
	if err := rd.Fill(v, in); err != nil {
		return err
	}
	var truth [belief.Opponents]tile.Counts
	for p, s := range in.Seats {
		truth[p] = st.View(s).Counts
	}
	return file(in, &truth, hand, v.WallLeft, belief101.FeatureNames[:], d)
}
