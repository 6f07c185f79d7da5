package smallnet

import (
	"encoding/json"
	"fmt"

	"okey/game"
)

// HandSeed is the seed of hand i of a run dealt from seed. The hands a
// model saw are part of its recipe: a trainer deals hand i of a run of
// seed s from HandSeed(s, i), holds out the run of seed s+HeldOutOffset
// and writes both in the recipe, so that a bench can tell (Fresh)
// whether it is about to measure a model on its own hands.
func HandSeed(seed uint64, i int) uint64 { return game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(i)) }

// HeldOutOffset is the seed of a trainer's held-out hands less its
// training seed: the belief's trainer (lab/belief/train) measures the
// weights it makes on the hands of seed+HeldOutOffset.
const HeldOutOffset = 1_000_003

// HandSet is a run of hands a model was made or measured with: hands 0
// to Hands−1 dealt from Seed (HandSeed), and what the model did with
// them (Name: "trained on", "held out", …).
type HandSet struct {
	Name  string
	Seed  uint64
	Hands int
}

// ModelHands is the hands a shipped model was trained on and held out
// with, as its recipe says: a measure on them would flatter it.
func ModelHands(m *Model) ([]HandSet, error) {
	made, err := m.Made()
	if err != nil {
		return nil, err
	}
	var rc struct {
		TestHands int `json:"test_hands"`
	}
	if err := json.Unmarshal(m.Recipe, &rc); err != nil || rc.TestHands == 0 {
		return nil, fmt.Errorf("the model's recipe gives no held-out hands (%v)", err)
	}
	return []HandSet{{"trained on", made.Seed, made.Hands}, {"held out", made.Seed + HeldOutOffset, rc.TestHands}}, nil
}

// Fresh fails when hand k of seed, for k in [from, from+n), is a hand of
// one of sets. A bench whose hand k of seed s is dealt as the trainer's
// hand k of seed s (HandSeed) calls it before it measures a model, so
// that it never measures the model on its own hands unawares.
func Fresh(seed uint64, from, n int, sets []HandSet) error {
	used := map[uint64]string{}
	for _, r := range sets {
		for i := range r.Hands {
			used[HandSeed(r.Seed, i)] = fmt.Sprintf("hand %d of seed %d, which the model was %s", i, r.Seed, r.Name)
		}
	}
	for k := from; k < from+n; k++ {
		if why, ok := used[HandSeed(seed, k)]; ok {
			return fmt.Errorf("hand %d of seed %d is %s: take another seed", k, seed, why)
		}
	}
	return nil
}
