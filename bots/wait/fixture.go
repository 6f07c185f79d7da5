package wait

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"okey/bots/botsclassic"
	"okey/bots/smallnet"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// FixtureCase is one fixed input the trainer (lab/wait/train) writes
// to testdata/fixture.json and the test reads again: the view
// FixtureView gives for Seed and Moves, read with a source seeded Seed,
// every face held with its features and the trainer's score of them.
type FixtureCase struct {
	Seed  uint64        `json:"seed"`
	Moves int           `json:"moves"`
	Cells []FixtureCell `json:"cells"`
}

// FixtureCell is one face held of a FixtureCase.
type FixtureCell struct {
	Face  int       `json:"face"`
	X     []float32 `json:"x"`
	Score float64   `json:"score"`
}

// FixtureView plays hand game.NewSeed(seed) with four normal bots
// seeded seed+seat to the first discard at or after move moves, and
// gives the view of the seat to discard there.
func FixtureView(ctx context.Context, seed uint64, moves int) (classic.View, error) {
	st, err := classic.NewMatch(classic.DefaultRules(), game.NewSeed(seed))
	if err != nil {
		return classic.View{}, err
	}
	var bots [classic.NumSeats]botsclassic.Bot
	for s := range bots {
		bots[s] = botsclassic.NewNormal(seed + uint64(s))
	}
	for st.Phase() == game.Playing {
		v := st.View(st.Turn())
		if st.Moves() >= moves && v.Stage == classic.MustDiscard {
			return v, nil
		}
		a, err := bots[st.Turn()].Decide(ctx, v)
		if err != nil {
			return classic.View{}, err
		}
		if st, _, err = st.Apply(a); err != nil {
			return classic.View{}, err
		}
	}
	return classic.View{}, fmt.Errorf("wait: hand %d ended before a discard from move %d", seed, moves)
}

// ParseFixture reads the fixed cases of a fixture file's bytes; it
// fails on a file with none.
func ParseFixture(b []byte) ([]FixtureCase, error) {
	var cases []FixtureCase
	if err := json.Unmarshal(b, &cases); err != nil {
		return nil, fmt.Errorf("wait: fixture: %w", err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("wait: fixture: no cases")
	}
	return cases, nil
}

// Check compares in, the case's view as Go read it, with what the
// trainer read and scored: the faces held, every feature to the bit,
// and m's score within 1e-4 of the trainer's (which scores in float64,
// the shipped model in float32).
func (c FixtureCase) Check(in *Input, m *smallnet.Model) error {
	held := 0
	for _, h := range in.Held {
		if h {
			held++
		}
	}
	if len(c.Cells) == 0 || held != len(c.Cells) {
		return fmt.Errorf("hand %d: %d faces held, the trainer's %d", c.Seed, held, len(c.Cells))
	}
	for _, cell := range c.Cells {
		if cell.Face < 0 || cell.Face >= tile.NumFaces || !in.Held[cell.Face] {
			return fmt.Errorf("hand %d: face %d is not held", c.Seed, cell.Face)
		}
		if len(cell.X) != NumFeatures {
			return fmt.Errorf("hand %d: the trainer wrote %d features, not %d", c.Seed, len(cell.X), NumFeatures)
		}
		x := in.X[cell.Face]
		for k := range cell.X {
			if x[k] != cell.X[k] {
				return fmt.Errorf("hand %d, %v: feature %s is %v, the trainer's %v", c.Seed, tile.Tile(cell.Face), FeatureNames[k], x[k], cell.X[k])
			}
		}
		if got := float64(m.Score(&x)); math.Abs(got-cell.Score) > 1e-4*max(1, math.Abs(cell.Score)) {
			return fmt.Errorf("hand %d, %v: score %v, the trainer's %v", c.Seed, tile.Tile(cell.Face), got, cell.Score)
		}
	}
	return nil
}
