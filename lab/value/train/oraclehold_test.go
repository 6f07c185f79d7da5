package main

import (
	"context"
	"math"
	"testing"

	"okey/bots/expertclassic"
)

// The hold choices of hands of four hard are the expert's hold
// positions, the finish first and the hold second (what makes a hold
// position is expertclassic's test).
func TestHoldChoicesAreHoldPositions(t *testing.T) {
	found := 0
	for i := range 40 {
		cs, _, err := handChoices(context.Background(), 41, i, choiceSpec{hard: true, hold: true, rate: 1, room: math.MaxInt})
		if err != nil {
			t.Fatal(err)
		}
		for n := range cs {
			v := &cs[n].v
			fin, hold, _, ok := expertclassic.HoldPosition(v)
			if !ok || fin != cs[n].cands[0] || hold != cs[n].cands[1] {
				t.Fatalf("hand %d: the position read again: %v %v %v, kept as %v", i, fin, hold, ok, cs[n].cands)
			}
			found++
		}
	}
	if found < 10 {
		t.Errorf("%d hold positions in 40 hands of four hard", found)
	}
}
