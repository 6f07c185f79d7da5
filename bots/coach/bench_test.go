package coach

import (
	"testing"
)

// BenchmarkReviewClassicHand is okey review of one seat over one classic
// hand of normal bots at the default precision: the figure docs/studies/review-judge.md's
// speed target (a hand under 3 s, a match of about 11 hands under 30 s)
// is about. Run it with -benchtime 3x: an op takes seconds. It reports
// the hands played out an op too, which the machine's load does not
// change.
func BenchmarkReviewClassicHand(b *testing.B) {
	rec := classicRecord(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	playouts := 0
	for b.Loop() {
		ds, err := ReviewClassic(ctx, rec, 0, 1, Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		playouts += playoutsOf(ds)
	}
	b.ReportMetric(float64(playouts)/float64(b.N), "playouts/op")
}

func playoutsOf(ds []Decision) int {
	n := 0
	for _, d := range ds {
		n += d.Playouts
	}
	return n
}

// BenchmarkReview101Hand is the same for a hand of 101 (target 10 s).
func BenchmarkReview101Hand(b *testing.B) {
	rec := record101(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	playouts := 0
	for b.Loop() {
		ds, err := Review101(ctx, rec, 0, 1, Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		playouts += playoutsOf(ds)
	}
	b.ReportMetric(float64(playouts)/float64(b.N), "playouts/op")
}

// BenchmarkJudgeClassicDiscard is one discard decision judged mid-hand.
func BenchmarkJudgeClassicDiscard(b *testing.B) {
	rec := classicRecord(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	ps, err := PointsClassic(rec, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	var p *PointClassic
	for i := len(ps) / 2; i < len(ps); i++ {
		if ps[i].State.View(0).Stage.String() == "discard" {
			p = &ps[i]
			break
		}
	}
	if p == nil {
		b.Fatal("no discard decision")
	}
	for b.Loop() {
		if _, err := JudgeClassic(ctx, p.State.View(0), p.Played, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
