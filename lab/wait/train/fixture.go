package main

import (
	"context"
	"encoding/json"
	"os"

	"okey/bots/wait"
	"okey/game"
)

// fixtureHands are the fixed inputs: hands, and the move from which the
// first discard is read.
var fixtureHands = []struct {
	seed  uint64
	moves int
}{{1, 12}, {3, 40}, {7, 70}, {8, 30}}

// writeFixture writes the fixed cases: the view of each fixed hand's
// first discard from its move, every face held with the features the
// Reader filled and the trainer's logit of them.
func writeFixture(ctx context.Context, o options, n *net) error {
	var cases []wait.FixtureCase
	var rd wait.Reader
	var in wait.Input
	var s scratch
	for _, fh := range fixtureHands {
		v, err := wait.FixtureView(ctx, fh.seed, fh.moves)
		if err != nil {
			return err
		}
		if err := rd.Fill(&v, game.NewSeeded(fh.seed), &in); err != nil {
			return err
		}
		c := wait.FixtureCase{Seed: fh.seed, Moves: fh.moves}
		for f, h := range in.Held {
			if !h {
				continue
			}
			x := in.X[f][:wait.NumFeatures]
			c.Cells = append(c.Cells, wait.FixtureCell{Face: f, X: append([]float32(nil), x...), Score: n.forward(x, &s)})
		}
		cases = append(cases, c)
	}
	b, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.Fixture, append(b, '\n'), 0o644)
}
