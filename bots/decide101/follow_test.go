package decide101

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"

	"okey/bots/bots101"
	"okey/bots/coach"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// playHand101 plays one hand of 101 from seed with hard bots on seats 1
// to 3 and seat 0 played by the hint (every step of the plan h gives,
// asked again whenever it is seat 0's turn with no plan left) or, for
// the duplicate, by the hard bot; it returns the record and seat 0's
// net points (rollout.Value101).
func playHand101(t *testing.T, seed uint64, hint bool) (okey101.Record, float64) {
	t.Helper()
	ctx := context.Background()
	r := okey101.DefaultRules()
	r.Hands = 1
	g, err := okey101.NewGame(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [okey101.NumSeats]bots101.Bot
	for i := range bs {
		if bs[i], err = bots101.New("hard", bots101.Options{Seed: seed + uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	var sv meld.Solver
	var plan []okey101.Action
	for guard := 0; g.State().Phase() == game.Playing; guard++ {
		if guard > 3000 {
			t.Fatalf("seed %d: the hand does not end", seed)
		}
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		var a okey101.Action
		switch {
		case seat == 0 && hint:
			if len(plan) == 0 {
				f, err := HintCtx(ctx, &v, &sv)
				if err != nil || len(f.Plan) == 0 {
					t.Fatalf("seed %d: no hint (%v)", seed, err)
				}
				plan = f.Plan
			}
			a, plan = plan[0], plan[1:]
		default:
			if a, err = bs[seat].Decide(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
	}
	return g.Record(), rollout.Value101(g.State(), 0)
}

// TestFollowingTheHint101 holds the hint to its word in Okey 101: seat
// 0 plays every step of every hint (the judge's plan, HintCtx) against
// three hard bots, and the review the game's w gives (seed 1, the
// defaults) calls none of those steps a mistake or a blunder. Each deal
// (seeds 41000, 41001, …) is also played with seat 0 by the hard bot
// for the net points the hint's play gains (logged). The size: 1 hand
// under -short, 5 otherwise, OKEY_FOLLOW_101=100 for the full study
// (docs/review.md).
func TestFollowingTheHint101(t *testing.T) {
	hands := 5 // CI's ten minutes; OKEY_FOLLOW_101=100 is the full study
	if testing.Short() {
		hands = 1 // every decision of it still judged
	}
	if s := os.Getenv("OKEY_FOLLOW_101"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("OKEY_FOLLOW_101=%q: want a number from 1", s)
		}
		hands = n
	}
	labels := map[coach.Label]int{}
	decisions := 0
	var diffs []float64
	for h := range hands {
		seed := uint64(41000 + h)
		rec, net := playHand101(t, seed, true)
		_, base := playHand101(t, seed, false)
		diffs = append(diffs, net-base)
		ds, err := coach.Review101(context.Background(), rec, 0, 1, coach.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if !d.Counted() {
				continue
			}
			decisions++
			labels[d.Label]++
			if d.Label == coach.Mistake || d.Label == coach.Blunder {
				t.Errorf("hand %d (seed %d), decision %d: following the hint (%s) was called a %s: best %s, loss %.1f (%.1f to %.1f), reasons %q",
					h, seed, d.Turn, d.Played, d.Label, d.Best, d.Loss, d.Low, d.High, d.Reasons)
			}
		}
	}
	m, half := meanHalf(diffs)
	t.Logf("101: %d hands by the hint, %d decisions judged: best %d, good %d, inaccuracy %d (%.1f%%), mistake %d, blunder %d; "+
		"net points a hand, the hint less hard on the same deals: %+.1f (95%%: %+.1f to %+.1f)",
		hands, decisions, labels[coach.Best], labels[coach.Good], labels[coach.Inaccuracy],
		100*float64(labels[coach.Inaccuracy])/float64(max(decisions, 1)), labels[coach.Mistake], labels[coach.Blunder], m, m-half, m+half)
	if decisions < 2*hands {
		t.Fatalf("only %d decisions judged in %d hands", decisions, hands)
	}
}

// meanHalf is the mean of xs and the half-width of its 95% interval.
func meanHalf(xs []float64) (mean, half float64) {
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
