package coach

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
)

// followHands is the number of hands a hint-following test plays: env
// names a variable that sets it (the full size of the study in
// docs/review.md: 200 classic hands, 100 of 101), else short under -short
// and full otherwise.
func followHands(t *testing.T, env string, short, full int) int {
	t.Helper()
	if s := os.Getenv(env); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a number from 1", env, s)
		}
		return n
	}
	if testing.Short() {
		return short
	}
	return full
}

// HintSeedClassic is how the classic hint seeds the judge from a match's
// seed (ui/playclassic.Table.Hint mixes in the hand and the history as
// well; the judge mixes them in again, so the test's seed per deal is
// enough).
func hintSeedClassic(seed uint64) uint64 { return game.NewSeed(seed ^ 0x41) }

// playClassicHand plays one classic hand from seed with hard bots on
// seats 1 to 3 and seat 0 played by the hint (the judge's advice,
// AdviseClassic, as the game's h gives it) or, for the duplicate, by
// the hard bot; it returns the record and seat 0's net points.
func playClassicHand(t *testing.T, seed uint64, hint bool) (classic.Record, float64) {
	t.Helper()
	ctx := context.Background()
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewHard(seed + uint64(i))
	}
	for g.State().Phase() == game.Playing {
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		var a classic.Action
		if seat == 0 && hint {
			a, _, err = AdviseClassic(ctx, v, HintOptions(hintSeedClassic(seed)))
		} else {
			a, err = bs[seat].Decide(ctx, v)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
	}
	return g.Record(), rollout.ValueClassic(g.State(), 0)
}

// followed tallies the review of a seat that followed every hint.
type followed struct {
	labels    map[Label]int
	decisions int
	diffs     []float64 // net points a hand, the hint's less hard's, deal by deal
	worst     []Decision
}

func (f *followed) add(ds []Decision) {
	if f.labels == nil {
		f.labels = map[Label]int{}
	}
	for _, d := range ds {
		if !d.Counted() {
			continue
		}
		f.decisions++
		f.labels[d.Label]++
		if d.Label == Mistake || d.Label == Blunder {
			f.worst = append(f.worst, d)
		}
	}
}

// report logs the labels, the share of inaccuracies and the duplicate's
// difference, and fails on any mistake or blunder.
func (f *followed) report(t *testing.T, game string, hands int) {
	t.Helper()
	m, half := meanCI(f.diffs)
	t.Logf("%s: %d hands by the hint, %d decisions judged: best %d, good %d, inaccuracy %d (%.1f%%), mistake %d, blunder %d; "+
		"net points a hand, the hint less hard on the same deals: %+.3f (95%%: %+.3f to %+.3f)",
		game, hands, f.decisions, f.labels[Best], f.labels[Good], f.labels[Inaccuracy],
		100*float64(f.labels[Inaccuracy])/float64(max(f.decisions, 1)), f.labels[Mistake], f.labels[Blunder], m, m-half, m+half)
	for _, d := range f.worst {
		t.Errorf("%s, rack %s, decision %d: following the hint (%s) was called a %s: best %s, loss %.3f (%.3f to %.3f), reasons %q",
			game, d.Rack, d.Turn, d.Played, d.Label, d.Best, d.Loss, d.Low, d.High, d.Reasons)
	}
	if f.decisions < 2*hands {
		t.Fatalf("%s: only %d decisions judged in %d hands", game, f.decisions, hands)
	}
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

// TestFollowingTheHintClassic holds that the hint never leads into a
// mistake in classic Okey: seat 0 plays every decision as the hint says
// (AdviseClassic, seeded as the game seeds it) against three hard bots,
// and the review of the game's w (seed 1, the defaults) calls none of
// them a mistake or a blunder. Each deal (seeds 41000, 41001, …) is
// also played with seat 0 by the hard bot, the same bots and seeds
// elsewhere, for the net points the hint's play gains over hard's
// (logged). The size: 4 hands under -short, 5 otherwise (CI's ten
// minutes: the review reads a near-mistake on more worlds since
// 2026-11-25), OKEY_FOLLOW_CLASSIC=200 for the study's full size
// (docs/review.md).
func TestFollowingTheHintClassic(t *testing.T) {
	hands := followHands(t, "OKEY_FOLLOW_CLASSIC", 4, 5)
	var f followed
	for h := range hands {
		seed := uint64(41000 + h)
		rec, net := playClassicHand(t, seed, true)
		_, base := playClassicHand(t, seed, false)
		f.diffs = append(f.diffs, net-base)
		ds, err := ReviewClassic(context.Background(), rec, 0, 1, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		f.add(ds)
	}
	f.report(t, GameClassic, hands)
}
