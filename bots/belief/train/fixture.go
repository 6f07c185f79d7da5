package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"okey/bots/belief"
	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// fixtureCase is one fixed input of the package's test and what the
// trainer made of it: the view of the seat to move after Moves moves of
// hand game.NewSeed(Seed), played by four normal bots seeded Seed+seat
// (the test plays it again), every (opponent, face) it fills with its
// features and the trainer's score of them.
type fixtureCase struct {
	Seed  uint64        `json:"seed"`
	Moves int           `json:"moves"`
	Cells []fixtureCell `json:"cells"`
}

type fixtureCell struct {
	Place int       `json:"place"`
	Face  int       `json:"face"`
	X     []float32 `json:"x"`
	Score float64   `json:"score"`
}

// fixtureHands are the fixed inputs: hands and moves.
var fixtureHands = []struct {
	seed  uint64
	moves int
}{{1, 12}, {3, 40}, {7, 70}, {8, 30}}

// fixtureView plays hand seed with four normal bots to the given move.
func fixtureView(ctx context.Context, seed uint64, moves int) (classic.View, error) {
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		return classic.View{}, err
	}
	var bots [classic.NumSeats]botsclassic.Bot
	for s := range bots {
		bots[s] = botsclassic.NewNormal(seed + uint64(s))
	}
	for st.Moves() < moves {
		if st.Phase() != game.Playing {
			return classic.View{}, fmt.Errorf("hand %d ended before move %d", seed, moves)
		}
		a, err := bots[st.Turn()].Decide(ctx, st.View(st.Turn()))
		if err != nil {
			return classic.View{}, err
		}
		if st, _, err = st.Apply(a); err != nil {
			return classic.View{}, err
		}
	}
	return st.View(st.Turn()), nil
}

// writeFixture writes the fixed cases scored by n in float64.
func writeFixture(ctx context.Context, path string, n *net) error {
	var cases []fixtureCase
	var rd belief.Reader
	var in belief.Input
	for _, h := range fixtureHands {
		v, err := fixtureView(ctx, h.seed, h.moves)
		if err != nil {
			return fmt.Errorf("fixture: %w", err)
		}
		if err := rd.Fill(&v, &in); err != nil {
			return fmt.Errorf("fixture: %w", err)
		}
		c := fixtureCase{Seed: h.seed, Moves: h.moves}
		d := &dataset{}
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
					for k := range belief.NumFeatures {
						d.X = append(d.X, uint8(x[k])*boolByte(oo == o))
					}
				}
				var s scratch
				n.forward(d, 0, &s)
				c.Cells = append(c.Cells, fixtureCell{Place: o, Face: f, X: append([]float32(nil), x[:]...), Score: s.g[o]})
			}
		}
		cases = append(cases, c)
	}
	b, err := json.Marshal(cases)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
