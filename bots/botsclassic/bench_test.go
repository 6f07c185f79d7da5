package botsclassic

import (
	"context"
	"slices"
	"testing"
	"time"

	"okey/game/classic"
	"okey/game/classic/hand"
)

// benchPositions are positions from hands of normal bots, half of them
// draws and half discards, the same for every level's benchmark.
func benchPositions(b *testing.B) []classic.View {
	ps := positions(b, classic.DefaultRules(), "normal", []uint64{21, 22, 23, 24}, 3)
	vs := make([]classic.View, len(ps))
	for i, s := range ps {
		vs[i] = s.View(s.Turn())
	}
	return vs
}

// BenchmarkDecide measures one decision of each level on positions from
// real hands: ns/op is the mean time a decision takes, median-µs the
// median (the hard level's target is a millisecond).
func BenchmarkDecide(b *testing.B) {
	vs := benchPositions(b)
	for _, level := range Levels {
		b.Run(level, func(b *testing.B) {
			bot := newBot(b, level, 1)
			ctx := context.Background()
			b.ReportAllocs()
			var times []time.Duration
			i := 0
			for b.Loop() {
				t0 := time.Now()
				if _, err := bot.Decide(ctx, vs[i%len(vs)]); err != nil && err != ErrPass {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2])/float64(time.Microsecond), "median-µs")
		})
	}
}

// BenchmarkDiscardChoice isolates the discard decisions, the costly half.
func BenchmarkDiscardChoice(b *testing.B) {
	var vs []classic.View
	for _, v := range benchPositions(b) {
		if v.Stage == classic.MustDiscard {
			vs = append(vs, v)
		}
	}
	for _, level := range []string{"easy", "normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			bot := newBot(b, level, 1)
			ctx := context.Background()
			i := 0
			for b.Loop() {
				if _, err := bot.Decide(ctx, vs[i%len(vs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkDiscardTable is the analysis of a discard on the discard
// positions of real hands: the analyser's table (without the shared
// cache, which would answer from memory), and the same from the plain
// calls (DiscardDistances, then Outs of every tied discard).
func BenchmarkDiscardTable(b *testing.B) {
	var as []hand.Analyzer
	var hs []hand.Hand
	for _, v := range benchPositions(b) {
		if v.Stage != classic.MustDiscard {
			continue
		}
		h, err := handOf(&v.Analyzer, &v.Counts)
		if err != nil {
			b.Fatal(err)
		}
		as, hs = append(as, v.Analyzer), append(hs, h)
	}
	b.Run("table", func(b *testing.B) {
		i := 0
		for b.Loop() {
			as[i%len(hs)].DiscardTable(hs[i%len(hs)], 0)
			i++
		}
	})
	b.Run("plain", func(b *testing.B) {
		i := 0
		for b.Loop() {
			var m memory
			refDiscards(&m, &as[i%len(hs)], hs[i%len(hs)])
			i++
		}
	})
}
