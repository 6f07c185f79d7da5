package coach

import (
	"context"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
)

// classicRecord plays one classic hand from seed with the given levels
// and returns its record.
func classicRecord(t testing.TB, seed uint64, levels [classic.NumSeats]string) classic.Record {
	t.Helper()
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i, l := range levels {
		if bs[i], err = botsclassic.New(l, botsclassic.Options{Seed: seed + uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for g.State().Phase() == game.Playing {
		s := g.State()
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g.Record()
}

// record101 plays one hand of 101 from seed with the given levels.
func record101(t testing.TB, seed uint64, levels [okey101.NumSeats]string) okey101.Record {
	t.Helper()
	r := okey101.DefaultRules()
	r.Hands = 1
	g, err := okey101.NewGame(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i, l := range levels {
		if bs[i], err = bots101.New(l, bots101.Options{Seed: seed + uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for g.State().Phase() == game.Playing {
		s := g.State()
		a, err := bs[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g.Record()
}
