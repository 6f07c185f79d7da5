package bots101

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// benchPositions are the positions of real play where a seat is to act
// in a hand: every third state of four normal bots' hands.
func benchPositions(b *testing.B) []okey101.State {
	b.Helper()
	r := okey101.DefaultRules()
	var ps []okey101.State
	for seed := range uint64(40) {
		ps = append(ps, newTable(b, r, 900+seed, [4]string{"normal", "normal", "normal", "normal"}).playHands(b, 1, 3)...)
	}
	return ps
}

// BenchmarkDecide is one decision of a bot (one action: a draw, a whole
// turn's plan, or the next step of a plan made for another view, which
// is planned again), over positions of real play, with the median and
// 99th percentile of single calls beside the mean, in wall time and
// (on Linux) in the CPU time of the call's thread.
func BenchmarkDecide(b *testing.B) {
	ps := benchPositions(b)
	views := make([]okey101.View, len(ps))
	for i, s := range ps {
		views[i] = s.View(s.Turn())
	}
	for _, level := range Levels {
		b.Run(level, func(b *testing.B) {
			bot := newBot(b, level, 1)
			ctx := context.Background()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			samples := make([]time.Duration, 0, min(b.N, 1<<16))
			cpu := make([]time.Duration, 0, cap(samples))
			b.ResetTimer()
			for i := range b.N {
				c0, cok := threadCPU()
				t0 := time.Now()
				if _, err := bot.Decide(ctx, views[i%len(views)]); err != nil {
					b.Fatal(err)
				}
				d := time.Since(t0)
				if len(samples) < cap(samples) {
					samples = append(samples, d)
					if c1, ok := threadCPU(); ok && cok {
						cpu = append(cpu, c1-c0)
					}
				}
			}
			b.StopTimer()
			report := func(ds []time.Duration, unit string) {
				slices.Sort(ds)
				if n := len(ds); n > 0 {
					b.ReportMetric(float64(ds[n/2].Nanoseconds()), "p50-"+unit)
					b.ReportMetric(float64(ds[n*99/100].Nanoseconds()), "p99-"+unit)
				}
			}
			report(samples, "ns")
			// The CPU time of a call (its thread's, the bot's own work):
			// what a quiet machine's wall time would be.
			report(cpu, "cpu-ns")
		})
	}
}

// BenchmarkHand is a whole hand of four bots of a level, played as the
// arena plays it (a view for every decision, the referee applying every
// action, one analysis memory shared by the four): the arena's rate of
// play on one core is 1e9 / ns/op hands a second.
func BenchmarkHand(b *testing.B) {
	for _, level := range Levels {
		b.Run(level, func(b *testing.B) {
			r := okey101.DefaultRules()
			r.Hands = 1
			var sv meld.Solver
			ctx := context.Background()
			actions := 0
			for i := range b.N {
				s, err := okey101.NewMatch(r, uint64(i))
				if err != nil {
					b.Fatal(err)
				}
				var bots [okey101.NumSeats]Bot
				for j := range bots {
					bots[j], _ = New(level, Options{Seed: uint64(i*4 + j), Solver: &sv})
				}
				for s.Phase() != game.MatchOver {
					seat := s.Turn()
					if s.Phase() == game.HandOver {
						seat = 0
					}
					a, err := bots[seat].Decide(ctx, s.View(seat))
					if err != nil {
						b.Fatal(err)
					}
					if s, _, err = s.Apply(a); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
		})
	}
}
