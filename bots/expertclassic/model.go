package expertclassic

import (
	_ "embed"
	"fmt"
	"sync"

	"okey/bots/smallnet"
)

// ParseValue reads a discard's value network from its JSON (smallnet's
// format) and checks it: it reads the features and the second look
// (NumValueInputs).
func ParseValue(b []byte) (*smallnet.Model, error) {
	return smallnet.Parse(b, "", NumValueInputs)
}

// ParseTake reads a take network from its JSON (smallnet's format) and
// checks it: it reads the features alone (NumFeatures).
func ParseTake(b []byte) (*smallnet.Model, error) {
	return smallnet.Parse(b, "", NumFeatures)
}

//go:embed value.json
var valueJSON []byte

// Value is the value the trainer fitted (lab/value/train -oracle
// -second-look): from the features and the second look of a seat's
// view just after a discard, what the hand is
// worth to the seat, fitted to the differences between a decision's
// candidates as normal plays them out on the racks as they truly are.
// Only its differences mean anything: Expert compares the candidates of
// one discard by it. Read once from the weights shipped with the
// package (value.json); shared, and must not be changed.
var Value = sync.OnceValue(func() *smallnet.Model {
	m, err := ParseValue(valueJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped value weights: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})

//go:embed take.json
var takeJSON []byte

// Take is the take network the trainer fitted (lab/value/train -oracle
// -oracle-take): a value of the seat's view, in this package's
// features, whose score after taking the previous discard less its
// score before the draw is fitted to what the take gains over the draw
// as normal plays both out on the racks as they truly are. Read once
// from the weights shipped with the package (take.json); shared, and
// must not be changed.
var Take = sync.OnceValue(func() *smallnet.Model {
	m, err := ParseTake(takeJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped take network: %v", err)) // a broken build, caught by the package's tests
	}
	return m
})

// TakeGain is what take network m says taking the previous discard
// gains over drawing, in points of the hand: its score of the view's
// features after the take less its score of them before the draw. For
// a caller that asks seldom (the trainer, the fixture); Expert keeps
// its working memory and calls TakeGainWith.
func TakeGain(m *smallnet.Model, before, after *[NumFeatures]float32) float64 {
	var x [smallnet.MaxFeatures]float32
	var h smallnet.Hidden
	return TakeGainWith(m, before, after, &x, &h)
}

// TakeGainWith is TakeGain with x and h its working memory, as
// smallnet's ScoreWith.
func TakeGainWith(m *smallnet.Model, before, after *[NumFeatures]float32, x *[smallnet.MaxFeatures]float32, h *smallnet.Hidden) float64 {
	copy(x[:], after[:])
	a := m.ScoreWith(x, h)
	copy(x[:], before[:])
	return float64(a - m.ScoreWith(x, h))
}
