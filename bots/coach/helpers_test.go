package coach

import (
	"context"
	"fmt"
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

// show is a verdict in a line: label, loss, worlds and candidates.
func show(d Decision) string {
	s := fmt.Sprintf("label %s best %q loss %.3f (%.3f..%.3f) n %d playouts %d:", d.Label, d.Best, d.Loss, d.Low, d.High, d.Samples, d.Playouts)
	for _, c := range d.Candidates {
		s += fmt.Sprintf(" [%s v %.3f loss %.3f±%.3f n %d]", c.Move, c.Value, c.Loss, c.Half, c.Samples)
	}
	return s
}

// hardSeats are the levels of a table of four hard bots, whose hands
// the tests search for decisions of a kind.
var hardSeats = [4]string{"hard", "hard", "hard", "hard"}

// eachPoint hands each decision of every seat, in order, in the first
// hand of games of four hard bots from seed 1 up to below last, while
// more holds (asked before each seed), to each: the seed, the seat, the
// seat's decisions and the index of the one at hand. record plays a
// hand (classicRecord, record101), points replays it (PointsClassic,
// Points101).
func eachPoint[R, P any](t testing.TB, last uint64, more func() bool, record func(testing.TB, uint64, [4]string) R, points func(R, int, int) ([]P, error), each func(seed uint64, seat int, ps []P, i int)) {
	t.Helper()
	for seed := uint64(1); seed < last && more(); seed++ {
		rec := record(t, seed, hardSeats)
		for seat := range game.NumSeats {
			ps, err := points(rec, seat, 1)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ps {
				each(seed, seat, ps, i)
			}
		}
	}
}

// eachHardClassic is eachPoint over classic hands.
func eachHardClassic(t testing.TB, last uint64, more func() bool, each func(seed uint64, seat int, ps []PointClassic, i int)) {
	t.Helper()
	eachPoint(t, last, more, classicRecord, PointsClassic, each)
}

// eachHard101 is eachPoint over hands of 101.
func eachHard101(t testing.TB, last uint64, more func() bool, each func(seed uint64, seat int, ps []Point101, i int)) {
	t.Helper()
	eachPoint(t, last, more, record101, Points101, each)
}
