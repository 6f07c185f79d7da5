package belief101

import (
	_ "embed"
	"fmt"
	"sync"

	"okey/bots/belief"
	"okey/bots/smallnet"
	"okey/game/okey101"
)

// Game is 101's name in a model's JSON (smallnet.Model.Game): classic's
// models may have as many features, and must not read as 101's.
const Game = "101"

//go:embed weights.json
var trainedJSON []byte

// Trained is the model the trainer made (go -C lab run ./belief/train
// -game 101), read once from the weights shipped with the package. It
// is shared and must not be changed.
var Trained = sync.OnceValue(func() *smallnet.Model {
	m, err := smallnet.Parse(trainedJSON, Game, NumFeatures)
	if err != nil {
		panic(fmt.Sprintf("the shipped 101 belief weights: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})

// Parse reads a model of 101's features from its JSON and checks it.
func Parse(b []byte) (*smallnet.Model, error) { return smallnet.Parse(b, Game, NumFeatures) }

// Handwritten is the reading a player could write down without
// training, the baseline the trained model is measured against. As in
// classic (belief.Handwritten): a face an opponent threw is less likely
// in its rack, and so are the faces that run or set with it; one it let
// go to draw, a little less. Besides: the faces it laid in its melds
// and laid off are less likely (it used its copies and melded their
// neighbours), and a face that could be laid off on the table now is
// less likely in any rack (an opened player lays it off, and nobody
// throws it: that costs 101). The coefficients are log-odds a tile,
// set by hand.
func Handwritten() *smallnet.Model {
	m := smallnet.Uniform(NumFeatures)
	m.Name, m.Game = "handwritten", Game
	set := func(base int, same, run1, run2, value float32) {
		m.W2[base+belief.RelSame], m.W2[base+belief.RelRun1], m.W2[base+belief.RelRun2], m.W2[base+belief.RelValue] = same, run1, run2, value
	}
	set(fThrown, -1.2, -0.5, -0.3, -0.3)
	set(fPassed, -0.4, -0.3, -0.15, -0.2)
	set(fLaid, -0.6, -0.2, 0, -0.2)
	set(fLaidOff, -0.6, -0.2, 0, -0.2)
	m.W2[fIslek] = -0.5
	return m
}

// Read reads view v with model m (nil: the uniform belief, every unseen
// tile as likely in any unseen slot) into out.
func (r *Reader) Read(v *okey101.View, m *smallnet.Model, out *belief.Reading) error {
	if err := r.Fill(v, &r.in); err != nil {
		return err
	}
	r.score.Score(&r.in, m, out)
	return nil
}
