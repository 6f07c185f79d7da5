package main

import (
	"context"
	"encoding/json"
	"os"

	"okey/bots/expertclassic"
	"okey/bots/smallnet"
	"okey/game/tile"
	"okey/lab/internal/trainer"
)

// fixtureCases are the positions the expert's fixture holds: hands and
// moves, at discards and at draws where the previous discard may be
// taken.
var fixtureCases = []struct {
	seed  uint64
	moves []int
}{
	{1, []int{3, 9, 16, 24, 31}},
	{2, []int{4, 12, 19, 27}},
	{3, []int{2, 11, 22, 35}},
	{4, []int{6, 13, 21, 40}},
}

// writeExpertFixture writes the expert's fixed cases to path: each
// position's features (and after a discard the second look) as the
// trainer reads them, the shipped value's
// score of them in float64 (the network as the trainer runs it) and
// the shipped take network's gain, in float64 too.
func writeExpertFixture(ctx context.Context, path string) error {
	net := netOf(expertclassic.Value())
	take := netOf(expertclassic.Take())
	var fx featurer
	var cases []expertclassic.FixtureCase
	for _, fc := range fixtureCases {
		for _, moves := range fc.moves {
			v, err := trainer.FixtureView(ctx, fc.seed, moves)
			if err != nil {
				return err
			}
			c := expertclassic.FixtureCase{Seed: fc.seed, Moves: moves}
			var x, y [NumFeatures]float32
			switch {
			case v.Legal.Discard:
				for f, n := range v.Counts {
					t := tile.Tile(f)
					if n == 0 || v.Analyzer.IsOkey(t) {
						continue
					}
					w := expertclassic.After(&v, t)
					if err := fx.Features(&w, &x); err != nil {
						return err
					}
					var l [extraFeatures]float32
					if err := secondLook(&w, &l); err != nil {
						return err
					}
					in := append(slicesOf(x), l[:]...)
					c.Discards = append(c.Discards, expertclassic.FixtureDiscard{Tile: t.String(), X: in, Score: net.score(in)})
				}
			case v.Legal.Take:
				tw := expertclassic.Taken(&v, v.Top(v.Previous))
				if err := fx.Features(&v, &x); err != nil {
					return err
				}
				if err := fx.Features(&tw, &y); err != nil {
					return err
				}
				c.Take = &expertclassic.FixtureTake{Before: slicesOf(x), After: slicesOf(y), Gain: take.score(y[:]) - take.score(x[:])}
			default:
				continue
			}
			cases = append(cases, c)
		}
	}
	b, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func slicesOf(x [NumFeatures]float32) []float32 { return append([]float32(nil), x[:]...) }

// fixtureNet is a shipped network run as the trainer runs it, in
// float64 on the raw weights (trainer.Net).
type fixtureNet struct {
	n  *trainer.Net
	xs []float64
	a  []float64
}

// netOf is m as the trainer's network.
func netOf(m *smallnet.Model) fixtureNet {
	f64 := func(s []float32) []float64 {
		out := make([]float64, len(s))
		for i, v := range s {
			out[i] = float64(v)
		}
		return out
	}
	n := &trainer.Net{F: m.Features, H: m.Hidden, Mean: f64(m.Mean), Scale: f64(m.Scale)}
	n.P = append(append(append(f64(m.W1), f64(m.B1)...), f64(m.W2)...), float64(m.B2))
	return fixtureNet{n: n, xs: make([]float64, n.F), a: make([]float64, max(n.H, 1))}
}

// score is the network's score of the inputs x (its width).
func (f fixtureNet) score(x []float32) float64 {
	trainer.Standardize(f.n, x, f.xs)
	return f.n.Forward(f.xs, f.a)
}
