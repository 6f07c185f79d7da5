package belief

import (
	"encoding/json"
	"fmt"
	"math"

	"okey/bots/smallnet"
	"okey/game/tile"
)

// FixtureCase is one fixed input the trainer (lab/belief/train) writes
// to a game's testdata/fixture.json and the game's test reads again:
// the view of the seat to move after Moves moves of hand
// game.NewSeed(Seed), played by four normal bots seeded Seed+seat,
// every (opponent, face) it filled with its features and the trainer's
// score of them. It checks that Go reads and scores as the trainer did.
type FixtureCase struct {
	Seed  uint64        `json:"seed"`
	Moves int           `json:"moves"`
	Cells []FixtureCell `json:"cells"`
}

// FixtureCell is one (opponent place, face) of a FixtureCase.
type FixtureCell struct {
	Place int       `json:"place"`
	Face  int       `json:"face"`
	X     []float32 `json:"x"`
	Score float64   `json:"score"`
}

// ParseFixture reads the fixed cases of a fixture file's bytes; it
// fails on a file with none.
func ParseFixture(b []byte) ([]FixtureCase, error) {
	var cases []FixtureCase
	if err := json.Unmarshal(b, &cases); err != nil {
		return nil, fmt.Errorf("belief: fixture: %w", err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("belief: fixture: no cases")
	}
	return cases, nil
}

// Check compares in, the case's view as Go filled it, with what the
// trainer filled and scored: every cell's features (named names, as
// many as the game has) to the bit, and score's of them within 1e-4
// (the trainer scores in float64, the shipped model in float32).
func (c FixtureCase) Check(in *Input, names []string, score func(x *[smallnet.MaxFeatures]float32) float64) error {
	if len(c.Cells) == 0 {
		return fmt.Errorf("hand %d: no cells", c.Seed)
	}
	for _, cell := range c.Cells {
		if len(cell.X) != len(names) {
			return fmt.Errorf("hand %d: the trainer wrote %d features, not %d", c.Seed, len(cell.X), len(names))
		}
		if cell.Place < 0 || cell.Place >= Opponents || cell.Face < 0 || cell.Face >= tile.NumFaces {
			return fmt.Errorf("hand %d: no cell at place %d, face %d", c.Seed, cell.Place, cell.Face)
		}
		x := in.X[cell.Place][cell.Face]
		for k := range cell.X {
			if x[k] != cell.X[k] {
				return fmt.Errorf("hand %d, place %d, %v: feature %s is %v, the trainer's %v", c.Seed, cell.Place, tile.Tile(cell.Face), names[k], x[k], cell.X[k])
			}
		}
		if got := score(&x); math.Abs(got-cell.Score) > 1e-4*max(1, math.Abs(cell.Score)) {
			return fmt.Errorf("hand %d, place %d, %v: score %v, the trainer's %v", c.Seed, cell.Place, tile.Tile(cell.Face), got, cell.Score)
		}
	}
	return nil
}
