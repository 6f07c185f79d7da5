package belief

import (
	_ "embed"
	"fmt"
	"sync"

	"okey/bots/smallnet"
)

// Parse reads a classic model of this package's features from its JSON
// and checks it.
func Parse(b []byte) (*smallnet.Model, error) { return smallnet.Parse(b, "", NumFeatures) }

//go:embed weights.json
var trainedJSON []byte

// Trained is the model the trainer made (lab/belief/train), read once
// from the weights shipped with the package (weights.json). It scores
// how likely an unseen copy of a face is to lie in an opponent's rack
// rather than the wall, from the features of that (opponent, face); the
// score is added to the log of the opponent's share of the unseen
// tiles, so a model that scores 0 everywhere is the uniform sampler's
// belief (see Reading). It is shared and must not be changed.
var Trained = sync.OnceValue(func() *smallnet.Model {
	m, err := Parse(trainedJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped belief weights: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})

// Uniform is the uniform belief as a model (every score 0): a reading
// with it is the one Read gives with no model, and a sampler that
// weighs placements (Reading.DealWeighed) can start from it.
func Uniform() *smallnet.Model { return smallnet.Uniform(NumFeatures) }
