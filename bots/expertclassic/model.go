package expertclassic

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"okey/bots/smallnet"
)

// ParseValue reads a value network of this package's features from its
// JSON (smallnet's format) and checks it.
func ParseValue(b []byte) (*smallnet.Model, error) {
	return smallnet.Parse(b, "", NumFeatures)
}

//go:embed value.json
var valueJSON []byte

// Value is the value the trainer fitted (lab/value/train -oracle): from
// the features of a seat's view just after a discard, what the hand is
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

// TakeInputs is a take line's inputs: the view's features before the
// draw, after the take, and a constant.
const TakeInputs = 2*NumFeatures + 1

// TakeLine is a line from the features of a seat's view before its draw
// (x) and after taking the previous discard (y) to what the take gains
// over the draw, in points of the hand: its weights on the raw features,
// the constant last, as the trainer (lab/value/train -oracle-take)
// writes them.
type TakeLine struct {
	Command string    `json:"command"`
	W       []float64 `json:"w"`
}

// At is the line's gain of the take.
func (l *TakeLine) At(x, y *[NumFeatures]float32) float64 {
	s := l.W[TakeInputs-1]
	for k, v := range x {
		s += float64(l.W[k] * float64(v))
	}
	for k, v := range y {
		s += float64(l.W[NumFeatures+k] * float64(v))
	}
	return s
}

// ParseTakeLine reads a take line from its JSON and checks its size.
func ParseTakeLine(b []byte) (*TakeLine, error) {
	var l TakeLine
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("expertclassic: take line: %w", err)
	}
	if len(l.W) != TakeInputs {
		return nil, fmt.Errorf("expertclassic: take line: %d weights, this build reads %d", len(l.W), TakeInputs)
	}
	return &l, nil
}

//go:embed take.json
var takeJSON []byte

// Take is the take line the trainer fitted, read once from the weights
// shipped with the package (take.json); shared, and must not be changed.
var Take = sync.OnceValue(func() *TakeLine {
	l, err := ParseTakeLine(takeJSON)
	if err != nil {
		panic(fmt.Sprintf("the shipped take line: %v", err)) // a broken build, caught by the package's tests
	}
	return l
})
