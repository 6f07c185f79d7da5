package coach

import (
	"testing"
)

// BenchmarkReviewClassicHand is okey review of one seat over one classic
// hand of normal bots at the default precision: the figure the README's
// speed target (a hand under 3 s, a match of about 11 hands under 30 s)
// is about. Run it with -benchtime 3x: an op takes seconds.
func BenchmarkReviewClassicHand(b *testing.B) {
	rec := classicRecord(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	for b.Loop() {
		if _, err := ReviewClassic(ctx, rec, 0, 1, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReview101Hand is the same for a hand of 101 (target 10 s).
func BenchmarkReview101Hand(b *testing.B) {
	rec := record101(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	for b.Loop() {
		if _, err := Review101(ctx, rec, 0, 1, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJudgeClassicDiscard is one discard decision judged mid-hand.
func BenchmarkJudgeClassicDiscard(b *testing.B) {
	rec := classicRecord(b, 7, [4]string{"normal", "normal", "normal", "normal"})
	ps, err := ClassicPoints(rec, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	var p *ClassicPoint
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
