package arena101

import (
	"context"
	"errors"
	"testing"

	"okey/bots/bots101"
	"okey/game/okey101"
)

// The ceiling plays whole hands legally against three normal bots, and
// is no level: bots101 does not know it and it cannot play from a view.
func TestCeilingPlays(t *testing.T) {
	cfg := Config{Bots: []string{Ceiling, "normal", "normal", "normal"}, Hands: 4, Seed: 7, Rules: okey101.DefaultRules(), Workers: 1}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Hands != 4 || res.Bots[0].Decisions == 0 {
		t.Fatalf("played %d hands, the ceiling decided %d times; want 4 hands and some decisions", res.Hands, res.Bots[0].Decisions)
	}
	if _, err := bots101.New(Ceiling, bots101.Options{}); !errors.Is(err, bots101.ErrUnknownLevel) {
		t.Errorf("bots101.New(%q) = %v, want ErrUnknownLevel: the ceiling is not a level", Ceiling, err)
	}
	for _, l := range bots101.Levels {
		if l == Ceiling {
			t.Errorf("the ceiling is listed among the levels %v", bots101.Levels)
		}
	}
	s, err := okey101.NewMatch(okey101.DefaultRules(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newCeiling(bots101.Options{}).Decide(context.Background(), s.View(s.Turn())); err == nil {
		t.Error("the ceiling decided from a view; it must refuse")
	}
}
