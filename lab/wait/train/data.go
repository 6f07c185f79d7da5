package main

import (
	"context"
	"fmt"

	"okey/bots/wait"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// dataset is the rows of a run of self-play hands: one a face held by
// the seat to discard at a kept position (the okey left out), its
// features and whether the next player would win at once on it.
type dataset struct {
	F int
	// X is the rows' features, F a row; Y their labels (1: a win-feed);
	// Pos the position of each row (numbered over the run).
	X         []float32
	Y         []uint8
	Pos       []int32
	Hands     int
	Positions int
	// CPU is the seconds of CPU its making took.
	CPU float64
}

func (d *dataset) rows() int         { return len(d.Y) }
func (d *dataset) x(i int) []float32 { return d.X[i*d.F : (i+1)*d.F] }

// rate is the share of the rows that are win-feeds.
func (d *dataset) rate() float64 {
	n := 0
	for _, y := range d.Y {
		n += int(y)
	}
	return float64(n) / float64(max(len(d.Y), 1))
}

// genConfig says which hands to play and which positions to keep.
type genConfig struct {
	seed       uint64
	hands      int
	workers    int
	pos        float64 // the chance a discard's view is kept
	hardShare  float64 // the chance a seat is hard rather than normal
	maxActions int
}

// generate plays the hands and keeps positions from them, in hand order
// whatever the workers, so that the data depend on the seed alone.
func generate(ctx context.Context, cfg genConfig) (*dataset, error) {
	parts, err := trainer.Chunks(ctx, cfg.hands, 32, cfg.workers, func() func(first, end int) (*dataset, error) {
		var rd wait.Reader
		return func(first, end int) (*dataset, error) {
			d := &dataset{F: wait.NumFeatures}
			for i := first; i < end; i++ {
				if err := playHand(ctx, cfg, i, &rd, d); err != nil {
					return nil, err
				}
			}
			return d, nil
		}
	})
	if err != nil {
		return nil, err
	}
	out := &dataset{Hands: cfg.hands, F: wait.NumFeatures}
	for _, p := range parts {
		for _, q := range p.Pos {
			out.Pos = append(out.Pos, q+int32(out.Positions))
		}
		out.Positions += p.Positions
		out.X = append(out.X, p.X...)
		out.Y = append(out.Y, p.Y...)
	}
	return out, nil
}

// playHand plays hand i and files the positions it keeps in d.
func playHand(ctx context.Context, cfg genConfig, i int, rd *wait.Reader, d *dataset) error {
	st, bots, r, err := trainer.ClassicHand(cfg.seed, i, 0x3a17, cfg.hardShare)
	if err != nil {
		return err
	}
	var in wait.Input
	_, err = trainer.PlayOut(ctx, st, &bots, cfg.maxActions, func(st *classic.State, v *classic.View) error {
		if v.Stage != classic.MustDiscard || r.Float64() >= cfg.pos {
			return nil
		}
		return keep(rd, &in, game.NewSeeded(r.Uint64()), st, v, d)
	})
	if err != nil {
		return fmt.Errorf("hand %d, %w", i, err)
	}
	return nil
}

// truth is, for each face, whether the next player would win at once
// on it (its true rack one exchange from a win, the face an out).
func truth(st *classic.State, next int) (tile.TileSet, error) {
	nv := st.View(next)
	an := &nv.Analyzer
	h, err := an.HandOf(nv.Counts)
	if err != nil {
		return 0, err
	}
	if an.Distance(h) != 1 {
		return 0, nil
	}
	return an.Outs(h), nil
}

// keep files view v of state st as a position: the features of each
// face held and whether it is a win-feed.
func keep(rd *wait.Reader, in *wait.Input, rnd *game.Seeded, st *classic.State, v *classic.View, d *dataset) error {
	if err := rd.Fill(v, rnd, in); err != nil {
		return err
	}
	if in.Next < 0 {
		return nil
	}
	wins, err := truth(st, in.Next)
	if err != nil {
		return err
	}
	for f, h := range in.Held {
		if !h {
			continue
		}
		d.X = append(d.X, in.X[f][:wait.NumFeatures]...)
		y := uint8(0)
		if wins.Has(tile.Tile(f)) {
			y = 1
		}
		d.Y = append(d.Y, y)
		d.Pos = append(d.Pos, int32(d.Positions))
	}
	d.Positions++
	return nil
}

// save writes d to path (gob); load reads it back.
func (d *dataset) save(path string) error { return trainer.Save(path, d) }

func load(path string) (*dataset, error) {
	var d dataset
	if err := trainer.Load(path, &d); err != nil {
		return nil, err
	}
	return &d, nil
}
