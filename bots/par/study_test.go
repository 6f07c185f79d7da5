package par

import (
	"context"
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"okey/game"
	"okey/game/daily"
)

// The study of docs/daily.md (is par a fair yardstick?): over a year of
// days, how far apart the bot levels land on the same deals, against
// how far apart the deals themselves lie. It plays every level on every
// day of both games, so it runs only when asked:
//
//	nice -n 10 go test ./bots/par -run TestStudy -study -v
//
// (-study-from and -study-days pick the days). It prints the figures
// docs/daily.md quotes; what it asserts is only that the levels keep
// their order over a year, which a study with a bug in it would not.
var (
	study     = flag.Bool("study", false, "run the year's study of par (minutes)")
	studyFrom = flag.String("study-from", "2025-01-01", "the study's first day")
	studyDays = flag.Int("study-days", 365, "the study's number of days")
)

func TestStudy(t *testing.T) {
	if !*study {
		t.Skip("the year's study runs with -study")
	}
	from, err := daily.ParseDate(*studyFrom)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range game.Kinds() {
		t0 := time.Now()
		// score[level][day][hand]; finished[level] the hands seat 0
		// finished
		score := make([][][]int, len(Levels))
		finished := make([]int, len(Levels))
		var slowest time.Duration
		for i := range *studyDays {
			set, err := daily.New(g, from.AddDays(i))
			if err != nil {
				t.Fatal(err)
			}
			d0 := time.Now()
			lines, err := Measure(context.Background(), set, Levels)
			if err != nil {
				t.Fatal(err)
			}
			slowest = max(slowest, time.Since(d0))
			for l, line := range lines {
				var hs []int
				for _, h := range line.Hands {
					if h.Capped {
						t.Logf("%s %s hand %d, %s: capped", g, set.Date, h.N, line.Level)
					}
					hs = append(hs, h.Score)
					if h.Winner == 0 {
						finished[l]++
					}
				}
				score[l] = append(score[l], hs)
			}
		}
		report(t, g, score, finished, time.Since(t0), slowest)
	}
}

// report prints the study's figures for one game: the scores are better
// higher in classic, lower in 101; every figure below is turned so that
// more is better (Against), par being the hard bot's.
func report(t *testing.T, g game.Kind, score [][][]int, finished []int, took, slowest time.Duration) {
	days := len(score[0])
	hands := len(score[0][0])
	hard := len(Levels) - 1
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d days of %d hands, every level in seat 0 (%.0f s, the slowest day %.2f s)\n", g, days, hands, took.Seconds(), slowest.Seconds())
	for l, name := range Levels {
		fmt.Fprintf(&b, "  %s finished %.1f%% of the hands in seat 0\n", name, 100*float64(finished[l])/float64(days*hands))
	}
	// A day's total, per level.
	total := make([][]float64, len(Levels))
	for l := range Levels {
		for d := range days {
			s := 0
			for _, x := range score[l][d] {
				s += x
			}
			total[l] = append(total[l], float64(s))
		}
	}
	// Hands and days across deals: par's spread.
	var parHands []float64
	for d := range days {
		for _, x := range score[hard][d] {
			parHands = append(parHands, float64(x))
		}
	}
	m, sd := meanSD(parHands)
	fmt.Fprintf(&b, "  par a hand: mean %.2f, sd across deals %.2f\n", m, sd)
	m, sd = meanSD(total[hard])
	lo, hi := quantile(total[hard], 0.05), quantile(total[hard], 0.95)
	fmt.Fprintf(&b, "  par a day: mean %.2f, sd across days %.2f, 90%% of days between %.0f and %.0f\n", m, sd, lo, hi)
	// The levels on the same deals: each level against par, a day.
	for l, name := range Levels[:hard] {
		var vs, vsHand []float64
		beat, level := 0, 0
		for d := range days {
			v := float64(Against(g, int(total[l][d]), int(total[hard][d])))
			vs = append(vs, v)
			switch {
			case v > 0:
				beat++
			case v == 0:
				level++
			}
			for k := range hands {
				vsHand = append(vsHand, float64(Against(g, score[l][d][k], score[hard][d][k])))
			}
		}
		m, sd := meanSD(vs)
		mh, sdh := meanSD(vsHand)
		se := sd / math.Sqrt(float64(days))
		fmt.Fprintf(&b, "  %s against par: a day %+.2f (95%% %+.2f to %+.2f), sd %.2f, 90%% of days between %+.0f and %+.0f; beat par on %.1f%% of days, level on %.1f%%; a hand %+.2f, sd %.2f\n",
			name, m, m-1.96*se, m+1.96*se, sd, quantile(vs, 0.05), quantile(vs, 0.95),
			100*float64(beat)/float64(days), 100*float64(level)/float64(days), mh, sdh)
	}
	// Two-way split of a day's totals: deals (the day's mean over the
	// levels), levels (each level's mean over the days) and the rest.
	var grand float64
	for l := range Levels {
		for d := range days {
			grand += total[l][d]
		}
	}
	grand /= float64(len(Levels) * days)
	var ssDay, ssLevel, ssRest float64
	dayMean := make([]float64, days)
	levelMean := make([]float64, len(Levels))
	for d := range days {
		for l := range Levels {
			dayMean[d] += total[l][d] / float64(len(Levels))
			levelMean[l] += total[l][d] / float64(days)
		}
	}
	for d := range days {
		for l := range Levels {
			ssDay += sq(dayMean[d] - grand)
			ssLevel += sq(levelMean[l] - grand)
			ssRest += sq(total[l][d] - dayMean[d] - levelMean[l] + grand)
		}
	}
	all := ssDay + ssLevel + ssRest
	fmt.Fprintf(&b, "  a day's total, its variance split: the deals %.0f%%, the level %.0f%%, the rest (how a level's play met that day's deals) %.0f%%\n",
		100*ssDay/all, 100*ssLevel/all, 100*ssRest/all)
	t.Log("\n" + b.String())
	// Over a year hard does better than easy, as the arenas measured
	// them: a study that scored the wrong seat or mixed the levels up
	// would not. (Hard's edge over normal is small in classic — the
	// arena's figure is a fraction of a point a hand — and a year of
	// dailies is not asked to show it.)
	if days >= 100 && Against(g, int(levelMean[hard]*1000), int(levelMean[0]*1000)) <= 0 {
		t.Errorf("%s: hard (%.2f a day) is not better than easy (%.2f)", g, levelMean[hard], levelMean[0])
	}
}

func sq(x float64) float64 { return x * x }

func meanSD(xs []float64) (float64, float64) {
	var s float64
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += sq(x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)-1))
}

func quantile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(q*float64(len(s)-1)+0.5)]
}
