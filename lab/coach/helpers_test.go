//go:build tune

package coach_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
)

// These helpers are copies of bots/coach's test helpers of the same
// names (helpers_test.go, follow_test.go, advise_test.go), which a test
// file of another module cannot import.

var ctx = context.Background()

// classicRecord plays one hand of classic Okey from seed with the given
// levels.
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

// show is a decision in one line.
func show(d coach.Decision) string {
	s := fmt.Sprintf("label %s best %q loss %.3f (%.3f..%.3f) n %d playouts %d:", d.Label, d.Best, d.Loss, d.Low, d.High, d.Samples, d.Playouts)
	for _, c := range d.Candidates {
		s += fmt.Sprintf(" [%s v %.3f loss %.3f±%.3f n %d]", c.Move, c.Value, c.Loss, c.Half, c.Samples)
	}
	return s
}

// meanCI is the mean of xs and the half-width of its 95% interval.
func meanCI(xs []float64) (mean, half float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if n < 2 {
		return mean, math.Inf(1)
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.96 * math.Sqrt(ss/(n-1)/n)
}

// hintSeedClassic is the hint's seed for a deal in the follow study.
func hintSeedClassic(seed uint64) uint64 { return game.NewSeed(seed ^ 0x41) }

// drawOrTakeY12 is the view of the last mistake found by following the
// classic hint over 200 hands (deal 41141, seat 0's tenth decision, the
// four seats played by hard): draw, or take Y12 for Y10–Y13.
func drawOrTakeY12(t *testing.T) classic.View {
	t.Helper()
	const rack = "R2 R13 Y8 Y10 Y11 Y11 Y13 B13 K2 K4 K6 K8 K9 J"
	rec := classicRecord(t, 41141, [4]string{"hard", "hard", "hard", "hard"})
	ps, err := coach.PointsClassic(rec, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if v := p.State.View(0); v.Stage == classic.MustDraw && tile.FormatTiles(v.Rack) == rack {
			return v
		}
	}
	t.Fatalf("deal 41141 no longer reaches rack %s", rack)
	return classic.View{}
}
