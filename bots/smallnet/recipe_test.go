package smallnet_test

import (
	"testing"

	"okey/bots/belief"
	"okey/bots/smallnet"
)

// TestFresh: a hand of a set is refused, with what the model did with
// it; hands next to a set, and every hand when there are no sets, pass.
func TestFresh(t *testing.T) {
	sets := []smallnet.HandSet{{"trained on", 1, 100}, {"held out", 1 + smallnet.HeldOutOffset, 10}}
	for _, c := range []struct {
		seed    uint64
		from, n int
		sets    []smallnet.HandSet
		refused bool
	}{
		{1, 0, 1, sets, true},
		{1, 99, 1, sets, true},
		{1, 100, 50, sets, false},
		{1 + smallnet.HeldOutOffset, 9, 1, sets, true},
		{1 + smallnet.HeldOutOffset, 10, 5, sets, false},
		{66, 0, 1000, sets, false},
		{1, 0, 1, nil, false},
	} {
		err := smallnet.Fresh(c.seed, c.from, c.n, c.sets)
		if (err != nil) != c.refused {
			t.Errorf("smallnet.Fresh(%d, %d, %d): %v, want refused %v", c.seed, c.from, c.n, err, c.refused)
		}
	}
}

// TestModelHands: the shipped classic belief's recipe names its
// training and its held-out hands, and its training's hand 0 is not
// fresh.
func TestModelHands(t *testing.T) {
	sets, err := smallnet.ModelHands(belief.Trained())
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 2 || sets[0].Hands == 0 || sets[1].Hands == 0 || sets[1].Seed != sets[0].Seed+smallnet.HeldOutOffset {
		t.Fatalf("sets %+v", sets)
	}
	if smallnet.Fresh(sets[0].Seed, 0, 1, sets) == nil {
		t.Error("the training's hand 0 passed as fresh")
	}
}
