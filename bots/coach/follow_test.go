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
// names a variable that sets it (the full study: 200 classic hands, 100
// of 101), else short under -short and full otherwise.
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
// seats 1 to 3 and seat 0 played by the hard bot until the wall has at
// most from tiles left, then by the hint (the judge's advice,
// AdviseClassic, as the game's h gives it); from below 0 is the
// duplicate's hand, seat 0 by the hard bot throughout. It returns the
// record, seat 0's net points and the index in the record of seat 0's
// first move by the hint (-1 if none).
func playClassicHand(t *testing.T, seed uint64, from int) (classic.Record, float64, int) {
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
	first := -1
	for g.State().Phase() == game.Playing {
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		var a classic.Action
		if seat == 0 && v.WallLeft <= from {
			if first < 0 {
				first = len(g.Record().Actions)
			}
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
	return g.Record(), rollout.ValueClassic(g.State(), 0), first
}

// reviewFrom is the review of seat 0's decisions in rec (seed 1, the
// defaults, as the game's w gives it) from the action at index first
// on: ReviewClassic itself when first is the hand's first decision,
// else the same judge (JudgeClassic) at each of those decisions.
func reviewFrom(t *testing.T, rec classic.Record, first int) []Decision {
	t.Helper()
	ctx := context.Background()
	o := Options{Seed: 1}
	ps, err := PointsClassic(rec, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if first < 0 || len(ps) == 0 {
		t.Fatalf("seat 0 never followed the hint (first move by it at %d, %d decisions)", first, len(ps))
	}
	if first <= ps[0].Index {
		ds, err := ReviewClassic(ctx, rec, 0, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	var ds []Decision
	for i, p := range ps {
		if p.Index < first {
			continue
		}
		d, err := JudgeClassic(ctx, p.State.View(0), p.Played, o)
		if err != nil {
			t.Fatalf("action %d (%v): %v", p.Index, p.Played, err)
		}
		d.Index, d.Turn = p.Index, i+1
		ds = append(ds, d)
	}
	return ds
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
func (f *followed) report(t *testing.T, g game.Kind, hands int) {
	t.Helper()
	m, half := meanCI(f.diffs)
	t.Logf("%s: %d hands by the hint, %d decisions judged: best %d, good %d, inaccuracy %d (%.1f%%), mistake %d, blunder %d; "+
		"net points a hand, the hint less hard on the same deals: %+.3f (95%%: %+.3f to %+.3f)",
		g, hands, f.decisions, f.labels[Best], f.labels[Good], f.labels[Inaccuracy],
		100*float64(f.labels[Inaccuracy])/float64(max(f.decisions, 1)), f.labels[Mistake], f.labels[Blunder], m, m-half, m+half)
	for _, d := range f.worst {
		t.Errorf("%s, rack %s, decision %d: following the hint (%s) was called a %s: best %s, loss %.3f (%.3f to %.3f), reasons %q",
			g, d.Rack, d.Turn, d.Played, d.Label, d.Best, d.Loss, d.Low, d.High, d.Reasons)
	}
	if f.decisions < 2*hands {
		t.Fatalf("%s: only %d decisions judged in %d hands", g, f.decisions, hands)
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

// TestFollowingTheHintClassic holds the hint to its word in classic
// Okey: seat 0 plays every decision as the hint says (AdviseClassic,
// seeded as the game seeds it) against three hard bots, and the review
// of the game's w (seed 1, the defaults) calls none of them a mistake
// or a blunder. Each deal (seeds 41000, 41001, …) is also played with
// seat 0 by the hard bot, the same bots and seeds elsewhere, for the
// net points the hint's play gains over hard's (logged). The size: 5
// whole hands (within CI's time), OKEY_FOLLOW_CLASSIC=200 for the full
// study (docs/studies/review-judge.md). Under -short, 1 hand whose first
// half seat 0 plays by the hard bot and its second half (from 30 tiles
// left on the wall, its finish included) by the hint, every hinted
// decision judged: the quick suite's check that the hint is no mistake,
// at a fraction of the cost (the early decisions' worlds are played out
// longest), and hard's hand not played (the same figure logged twice).
func TestFollowingTheHintClassic(t *testing.T) {
	t.Parallel()
	hands := followHands(t, "OKEY_FOLLOW_CLASSIC", 1, 5)
	from := classic.DefaultRules().TileCount() // more than any wall: the whole hand
	if testing.Short() && os.Getenv("OKEY_FOLLOW_CLASSIC") == "" {
		from = 30
	}
	start, review := followChunk(t)
	// The deals are played and reviewed side by side (go test's
	// -parallel at once), each into its own slot, and added up in the
	// order of their seeds: a deal's review is a minute of one core, too
	// long a chain one after the other.
	type dealResult struct {
		diff float64
		ds   []Decision
	}
	results := make([]dealResult, hands)
	t.Run("deals", func(t *testing.T) {
		for h := range hands {
			seed := uint64(41000 + start + h)
			t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) {
				t.Parallel()
				rec, net, first := playClassicHand(t, seed, from)
				// The hand by hard is the study's comparison, logged, never
				// checked: -short plays only the hand the hint plays.
				base := net
				if !testing.Short() {
					_, base, _ = playClassicHand(t, seed, -1)
				}
				t.Logf("deal %d: the hint %+.4f, hard %+.4f", seed, net, base)
				results[h].diff = net - base
				if review {
					results[h].ds = reviewFrom(t, rec, first)
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	var f followed
	for _, r := range results {
		f.diffs = append(f.diffs, r.diff)
		if review {
			f.add(r.ds)
		}
	}
	if !review {
		m, half := meanCI(f.diffs)
		t.Logf("%s: %d hands by the hint (not reviewed); net points a hand, the hint less hard on the same deals: %+.3f (95%%: %+.3f to %+.3f)",
			game.Classic, hands, m, m-half, m+half)
		return
	}
	f.report(t, game.Classic, hands)
}

// followChunk reads how a long hint-following study is cut into
// chunks: OKEY_FOLLOW_FROM the first deal's number (0: seed 41000), and
// OKEY_FOLLOW_REVIEW=0 to play the hands without reviewing them (the
// net points only, the review being most of the cost). Each deal's
// points are logged, so chunks run apart add up to the whole study.
func followChunk(t *testing.T) (start int, review bool) {
	t.Helper()
	if s := os.Getenv("OKEY_FOLLOW_FROM"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("OKEY_FOLLOW_FROM=%q: want a number from 0", s)
		}
		start = n
	}
	return start, os.Getenv("OKEY_FOLLOW_REVIEW") != "0"
}
