package reader101

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
)

// benchViews are the views of positions of real play where a seat is
// to act in a hand, as bots101's BenchmarkDecide takes them: every third
// state of the first hand of four normal bots, match seeds 900 to 939.
func benchViews(b *testing.B) []okey101.View {
	b.Helper()
	var vs []okey101.View
	for seed := range uint64(40) {
		s, err := okey101.NewMatch(okey101.DefaultRules(), 900+seed)
		if err != nil {
			b.Fatal(err)
		}
		var bots [okey101.NumSeats]bots101.Bot
		for i := range bots {
			bots[i], _ = bots101.New("normal", bots101.Options{Seed: (900+seed)*31 + uint64(i)})
		}
		for n := 0; s.Phase() == game.Playing; n++ {
			if n%3 == 0 {
				vs = append(vs, s.View(s.Turn()))
			}
			a, err := bots[s.Turn()].Decide(context.Background(), s.View(s.Turn()))
			if err != nil {
				b.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return vs
}

// BenchmarkDecide is one decision of hard, and of hard reading the
// table (each of its names), over positions of real play, with the
// median and 99th percentile of single calls in wall time and in the
// CPU time of the call's thread (on Linux), as bots101's.
func BenchmarkDecide(b *testing.B) {
	views := benchViews(b)
	for _, name := range []string{"hard", "read", "read-uniform"} {
		b.Run(name, func(b *testing.B) {
			var bot bots101.Bot
			if name == "hard" {
				bot, _ = bots101.New("hard", bots101.Options{Seed: 1})
			} else {
				opt, _, err := Parse(name)
				if err != nil {
					b.Fatal(err)
				}
				bot, _ = New(opt, bots101.Options{Seed: 1})
			}
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
			report(cpu, "cpu-ns")
		})
	}
}
