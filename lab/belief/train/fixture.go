package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"okey/bots/belief"
	"okey/bots/belief101"
	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// fixtureHands are the fixed inputs: hands and moves.
var fixtureHands = []struct {
	seed  uint64
	moves int
}{{1, 12}, {3, 40}, {7, 70}, {8, 30}}

// fixtureHands101 are 101's (its hands are shorter in moves).
var fixtureHands101 = []struct {
	seed  uint64
	moves int
}{{1, 12}, {3, 30}, {7, 45}, {8, 20}}

// fixtureView101 plays the first hand of match seed of Okey 101 with
// four normal bots to the given move.
func fixtureView101(ctx context.Context, seed uint64, moves int) (okey101.View, error) {
	st, err := okey101.NewMatch(okey101.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		return okey101.View{}, err
	}
	var bots [trainer.Seats]bots101.Bot
	for s := range bots {
		bots[s] = bots101.NewNormal(seed + uint64(s))
	}
	return trainer.FixtureAt(ctx, st, &bots, seed, moves)
}

// fixtureInput fills in with the view of fixed case seed, moves of the
// run's game.
func fixtureInput(ctx context.Context, o options, seed uint64, moves int, in *belief.Input) error {
	if o.is101() {
		v, err := fixtureView101(ctx, seed, moves)
		if err != nil {
			return err
		}
		var rd belief101.Reader
		return rd.Fill(&v, in)
	}
	v, err := trainer.FixtureView(ctx, seed, moves)
	if err != nil {
		return err
	}
	var rd belief.Reader
	return rd.Fill(&v, in)
}

// writeFixture writes the fixed cases scored by n in float64.
func writeFixture(ctx context.Context, o options, n *net) error {
	var cases []belief.FixtureCase
	var in belief.Input
	hands := fixtureHands
	if o.is101() {
		hands = fixtureHands101
	}
	for _, h := range hands {
		if err := fixtureInput(ctx, o, h.seed, h.moves, &in); err != nil {
			return fmt.Errorf("fixture: %w", err)
		}
		c := belief.FixtureCase{Seed: h.seed, Moves: h.moves}
		d := &dataset{F: n.F}
		for o := range belief.Opponents {
			for f := range tile.NumFaces {
				if in.Unseen[f] == 0 || in.Slots[o] == 0 {
					continue
				}
				x := in.X[o][f]
				// a one-group dataset to score the row with the trainer's net
				d.G = append(d.G[:0], group{Face: uint8(f), U: 1, Slots: [belief.Places]uint8{1, 1, 1, 1}})
				d.X = d.X[:0]
				for oo := range belief.Opponents {
					for k := range n.F {
						d.X = append(d.X, uint8(x[k])*boolByte(oo == o))
					}
				}
				var s scratch
				n.forward(d, 0, &s)
				c.Cells = append(c.Cells, belief.FixtureCell{Place: o, Face: f, X: append([]float32(nil), x[:n.F]...), Score: s.g[o]})
			}
		}
		cases = append(cases, c)
	}
	b, err := json.Marshal(cases)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(o.Fixture), 0o755); err != nil {
		return err
	}
	return os.WriteFile(o.Fixture, append(b, '\n'), 0o644)
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
