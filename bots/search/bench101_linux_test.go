package search

import (
	"context"
	"slices"
	"syscall"
	"testing"
	"time"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
)

// BenchmarkDecide101 is one decision of the 101 search (search at 1x
// and search-4x, worlds from the belief), over the positions of real
// play bots101's BenchmarkDecide takes (every third state of the first
// hand of four normal bots, match seeds 900 to 939), with the mean, the
// median and the 99th percentile of single calls in wall time and in the
// CPU time of the process (user and system: the playouts run on
// goroutines of their own, so the thread's time would miss them; the
// garbage collector's time is counted too). A call that is a discard
// searches; the others are hard's. search-4x/fresh builds the player
// afresh for every decision, as the game and the server seat 101's
// expert (decide101.SeatPlayer: a seed a decision), so its figures
// are the level's. search-selfhard at 1x, 2x and 4x (fresh, as a level
// would be seated) has its seat play hard in its own playouts;
// search-4x-open/fresh searches the opening decision too (openings/op:
// the share of decisions that searched one).
func BenchmarkDecide101(b *testing.B) {
	var views []okey101.View
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
				views = append(views, s.View(s.Turn()))
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
	for _, c := range []struct {
		name  string
		fresh bool
	}{{"search", false}, {"search-4x", false}, {"search-4x", true},
		{"search-selfhard", true}, {"search-2x-selfhard", true}, {"search-4x-selfhard", true},
		{"search-4x-open", true}} {
		name := c.name
		if c.fresh {
			name += "/fresh"
		}
		b.Run(name, func(b *testing.B) {
			opt, _, err := Parse101(c.name)
			if err != nil {
				b.Fatal(err)
			}
			opt.Seed = 1
			bot := New101(opt, nil)
			ctx := context.Background()
			samples := make([]time.Duration, 0, min(b.N, 1<<16))
			cpu := make([]time.Duration, 0, cap(samples))
			opens := 0
			b.ResetTimer()
			for i := range b.N {
				c0, cok := processCPU()
				t0 := time.Now()
				if c.fresh {
					opt.Seed = uint64(i) + 1
					bot = New101(opt, nil)
				}
				before := bot.Open.Searched
				if _, err := bot.Decide(ctx, views[i%len(views)]); err != nil {
					b.Fatal(err)
				}
				d := time.Since(t0)
				opens += bot.Open.Searched - before
				if len(samples) < cap(samples) {
					samples = append(samples, d)
					if c1, ok := processCPU(); ok && cok {
						cpu = append(cpu, c1-c0)
					}
				}
			}
			b.StopTimer()
			report := func(ds []time.Duration, unit string) {
				var sum time.Duration
				for _, d := range ds {
					sum += d
				}
				slices.Sort(ds)
				if n := len(ds); n > 0 {
					b.ReportMetric(float64(sum.Nanoseconds())/float64(n), "mean-"+unit)
					b.ReportMetric(float64(ds[n/2].Nanoseconds()), "p50-"+unit)
					b.ReportMetric(float64(ds[n*99/100].Nanoseconds()), "p99-"+unit)
				}
			}
			report(samples, "ns")
			report(cpu, "cpu-ns")
			if opens > 0 {
				b.ReportMetric(float64(opens)/float64(b.N), "openings/op")
			}
		})
	}
}

// processCPU is the CPU time the process has used, user and system, and
// whether it could be read.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
