package main

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"sync"

	"okey/bots/botsclassic"
	"okey/bots/wait"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
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

// handSeed is the seed of hand i of a run.
func handSeed(seed uint64, i int) uint64 { return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(i)) }

// generate plays the hands and keeps positions from them, in hand order
// whatever the workers, so that the data depend on the seed alone.
func generate(ctx context.Context, cfg genConfig) (*dataset, error) {
	const chunk = 32
	parts := make([]*dataset, (cfg.hands+chunk-1)/chunk)
	var (
		mu   sync.Mutex
		next int
		errs []error
		wg   sync.WaitGroup
	)
	for range max(cfg.workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var rd wait.Reader
			for {
				mu.Lock()
				c := next
				next++
				mu.Unlock()
				if c >= len(parts) || ctx.Err() != nil {
					return
				}
				d := &dataset{F: wait.NumFeatures}
				for i := c * chunk; i < min((c+1)*chunk, cfg.hands); i++ {
					if err := playHand(ctx, cfg, i, &rd, d); err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
				}
				parts[c] = d
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
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

// seats is the players at a table.
const seats = classic.NumSeats

// seatBots makes a bot for each seat: hard at the chance hard, normal
// otherwise, each seeded from r.
func seatBots(r *game.Seeded, hard float64) ([seats]botsclassic.Bot, error) {
	var bots [seats]botsclassic.Bot
	for s := range bots {
		level := "normal"
		if r.Float64() < hard {
			level = "hard"
		}
		b, err := botsclassic.New(level, botsclassic.Options{Seed: r.Uint64()})
		if err != nil {
			return bots, err
		}
		bots[s] = b
	}
	return bots, nil
}

// playOut plays st with bots while the hand is played and fewer than
// moves moves are made, handing each view of the seat to move to at
// (when it is not nil) before its bot decides.
func playOut(ctx context.Context, st classic.State, bots *[seats]botsclassic.Bot, moves int, at func(st *classic.State, v *classic.View) error) (classic.State, error) {
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

// playHand plays hand i and files the positions it keeps in d.
func playHand(ctx context.Context, cfg genConfig, i int, rd *wait.Reader, d *dataset) error {
	seed := handSeed(cfg.seed, i)
	r := game.NewSeeded(seed ^ 0x3a17)
	bots, err := seatBots(r, cfg.hardShare)
	if err != nil {
		return err
	}
	st, err := classic.NewMatch(classic.DefaultRules(), seed)
	if err != nil {
		return fmt.Errorf("hand %d: %w", i, err)
	}
	var in wait.Input
	_, err = playOut(ctx, st, &bots, cfg.maxActions, func(st *classic.State, v *classic.View) error {
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
func (d *dataset) save(path string) error {
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := gob.NewEncoder(w).Encode(d); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

func load(path string) (*dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var d dataset
	if err := gob.NewDecoder(bufio.NewReader(f)).Decode(&d); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return &d, nil
}
