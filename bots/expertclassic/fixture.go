package expertclassic

import (
	"encoding/json"
	"fmt"
	"math"

	"okey/bots/smallnet"
	"okey/game/classic"
	"okey/game/tile"
)

// FixtureCase is one fixed input the trainer (lab/value/train
// -expert-fixture) writes to testdata/fixture.json and the package's
// test reads again: the view of the seat to move after Moves moves of
// hand game.NewSeed(Seed), played by four normal bots seeded
// Seed+seat; at a discard, every tile of the rack but an okey thrown
// (the features and the second look after it, and the trainer's score
// of them), at a draw
// where the previous discard may be taken, the features before the draw
// and after the take, and the take network's gain. It checks that Go
// reads and scores as the trainer did.
type FixtureCase struct {
	Seed     uint64           `json:"seed"`
	Moves    int              `json:"moves"`
	Discards []FixtureDiscard `json:"discards,omitempty"`
	Take     *FixtureTake     `json:"take,omitempty"`
}

// FixtureDiscard is one discard of a FixtureCase.
type FixtureDiscard struct {
	Tile  string    `json:"tile"`
	X     []float32 `json:"x"`
	Score float64   `json:"score"`
}

// FixtureTake is the take of a FixtureCase: the features before the
// draw and after the take, and the take network's gain of the take (the
// trainer's float64 network).
type FixtureTake struct {
	Before []float32 `json:"before"`
	After  []float32 `json:"after"`
	Gain   float64   `json:"gain"`
}

// ParseFixture reads the fixed cases of a fixture file's bytes; it
// fails on a file with none.
func ParseFixture(b []byte) ([]FixtureCase, error) {
	var cases []FixtureCase
	if err := json.Unmarshal(b, &cases); err != nil {
		return nil, fmt.Errorf("expertclassic: fixture: %w", err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("expertclassic: fixture: no cases")
	}
	return cases, nil
}

// Check compares v, the case's view as Go played it, with what the
// trainer wrote: every feature and every feature of the second look to
// the bit, the value's score (float32,
// as shipped, against the trainer's float64) within 1e-4, and the take
// network's gain within 1e-4.
func (c FixtureCase) Check(v *classic.View, value, take *smallnet.Model) error {
	var fx Featurer
	var f, g [NumFeatures]float32
	same := func(what string, got [NumFeatures]float32, want []float32) error {
		if len(want) != NumFeatures {
			return fmt.Errorf("hand %d, %s: the trainer wrote %d features, not %d", c.Seed, what, len(want), NumFeatures)
		}
		for k := range want {
			if got[k] != want[k] {
				return fmt.Errorf("hand %d, %s: feature %s is %v, the trainer's %v", c.Seed, what, FeatureNames[k], got[k], want[k])
			}
		}
		return nil
	}
	if len(c.Discards) == 0 && c.Take == nil {
		return fmt.Errorf("hand %d: the case holds nothing", c.Seed)
	}
	for _, d := range c.Discards {
		t, err := tile.ParseTile(d.Tile)
		if err != nil || v.Counts[t] == 0 {
			return fmt.Errorf("hand %d: no %s on the rack to throw (%v)", c.Seed, d.Tile, err)
		}
		w := After(v, t)
		if err := fx.Features(&w, &f); err != nil {
			return err
		}
		if len(d.X) != NumValueInputs {
			return fmt.Errorf("hand %d, after %s: the trainer wrote %d inputs, not %d", c.Seed, d.Tile, len(d.X), NumValueInputs)
		}
		if err := same("after "+d.Tile, f, d.X[:NumFeatures]); err != nil {
			return err
		}
		var l [NumLook]float32
		if err := SecondLook(&w, &l); err != nil {
			return err
		}
		for k, want := range d.X[NumFeatures:] {
			if l[k] != want {
				return fmt.Errorf("hand %d, after %s: the second look's %s is %v, the trainer's %v", c.Seed, d.Tile, LookNames[k], l[k], want)
			}
		}
		var x [smallnet.MaxFeatures]float32
		copy(x[:], f[:])
		copy(x[NumFeatures:], l[:])
		if got := float64(value.Score(&x)); math.Abs(got-d.Score) > 1e-4*max(1, math.Abs(d.Score)) {
			return fmt.Errorf("hand %d, after %s: score %v, the trainer's %v", c.Seed, d.Tile, got, d.Score)
		}
	}
	if c.Take == nil {
		return nil
	}
	top := v.Top(v.Previous)
	if !top.Valid() || !v.Legal.Take {
		return fmt.Errorf("hand %d: no discard to take", c.Seed)
	}
	tw := Taken(v, top)
	if err := fx.Features(v, &f); err != nil {
		return err
	}
	if err := fx.Features(&tw, &g); err != nil {
		return err
	}
	if err := same("before the draw", f, c.Take.Before); err != nil {
		return err
	}
	if err := same("after the take", g, c.Take.After); err != nil {
		return err
	}
	if got := TakeGain(take, &f, &g); math.Abs(got-c.Take.Gain) > 1e-4 {
		return fmt.Errorf("hand %d: the take's gain %v, the trainer's %v", c.Seed, got, c.Take.Gain)
	}
	return nil
}
