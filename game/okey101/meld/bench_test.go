package meld

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"okey/game/tile"
)

// Benchmarks of the analysis. Each reports, beside the mean ns/op, the
// median and the 90th percentile of single calls (p50-ns, p90-ns): the
// speed targets of docs/engine.md are medians.

const benchRacks = 512

type benchRack struct {
	a Analyzer
	c tile.Counts
}

func dealtBench(seed uint64, n int) []benchRack {
	r := rand.New(rand.NewPCG(seed, 101))
	out := make([]benchRack, benchRacks)
	for i := range out {
		out[i].a, out[i].c = dealtRack(r, n)
	}
	return out
}

// timed runs f b.N times over n inputs and reports the median and 90th
// percentile of single calls.
func timed(b *testing.B, n int, f func(i int)) {
	b.Helper()
	samples := make([]time.Duration, 0, min(b.N, 1<<16))
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		f(i % n)
		if d := time.Since(t0); len(samples) < cap(samples) {
			samples = append(samples, d)
		}
	}
	b.StopTimer()
	slices.Sort(samples)
	if len(samples) > 0 {
		b.ReportMetric(float64(samples[len(samples)/2].Nanoseconds()), "p50-ns")
		b.ReportMetric(float64(samples[len(samples)*9/10].Nanoseconds()), "p90-ns")
	}
}

// BenchmarkBestOpening is the best opening of dealt 22-tile racks, with
// a solver reused as a bot or the command line would.
func BenchmarkBestOpening(b *testing.B) {
	racks := dealtBench(1, 22)
	var sv Solver
	timed(b, len(racks), func(i int) {
		if o := sv.BestOpening(racks[i].a, racks[i].c); o.Value < 0 {
			b.Fatal("negative")
		}
	})
}

// BenchmarkUnmelded is the fewest tiles left unmelded of the same racks.
func BenchmarkUnmelded(b *testing.B) {
	racks := dealtBench(1, 22)
	var sv Solver
	timed(b, len(racks), func(i int) {
		if n, _ := sv.Unmelded(racks[i].a, racks[i].c); n < 1 {
			b.Fatal("none left")
		}
	})
}

// BenchmarkAnswer is a whole `okey hand --game 101 --json` answer of a
// dealt 21-tile rack: opening, pairs and unmelded.
func BenchmarkAnswer(b *testing.B) {
	racks := dealtBench(2, 21)
	var sv Solver
	timed(b, len(racks), func(i int) {
		sv.Answer(racks[i].a, racks[i].c, DefaultThreshold)
	})
}

type turnPos struct {
	a     Analyzer
	c     tile.Counts
	table []Meld
	t     Turn
}

// turnPositions are mid-hand positions: four racks dealt, the other
// players' best openings (or five pairs) on the table when they reach
// the threshold, and the player to move holding 22 tiles, or fewer after
// opening with what they had.
func turnPositions(seed uint64) []turnPos {
	r := rand.New(rand.NewPCG(seed, 202))
	var sv Solver
	out := make([]turnPos, benchRacks)
	for i := range out {
		ind := tile.Tile(r.IntN(52))
		a, _ := New(ind)
		ts := fullSet(ind)
		r.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
		var table []Meld
		for seat := 1; seat < 4; seat++ {
			c := tile.CountsOf(ts[21*seat : 21*seat+21])
			if o := sv.BestOpening(a, c); o.Value >= 80 {
				table = append(table, o.Melds...)
			} else if ps := a.PairMelds(c, false); len(ps) >= 5 {
				table = append(table, ps...)
			}
		}
		c := tile.CountsOf(ts[:22])
		t := Turn{Status: NotOpened, Threshold: DefaultThreshold, Taken: tile.NoTile}
		if r.IntN(2) == 0 {
			if o := sv.BestOpening(a, c); o.Value >= 60 {
				for _, m := range o.Melds {
					for _, x := range m.Tiles {
						c[x]--
					}
				}
				table = append(table, o.Melds...)
				t.Status = OpenedMelds
			}
		}
		out[i] = turnPos{a: a, c: c, table: table, t: t}
	}
	return out
}

// BenchmarkAnalyzeTurn is a whole turn's analysis for a bot: lay-offs,
// take-backs, işler taş and whether (and how) it can finish; over all the
// positions, then those of players who have opened (smaller racks, the
// table in play) and who have not (22 tiles, an opening to find first).
func BenchmarkAnalyzeTurn(b *testing.B) {
	pos := turnPositions(3)
	var opened, closed []turnPos
	for _, p := range pos {
		if p.t.Status == NotOpened {
			closed = append(closed, p)
		} else {
			opened = append(opened, p)
		}
	}
	for _, set := range []struct {
		name string
		pos  []turnPos
	}{{"all", pos}, {"opened", opened}, {"not-opened", closed}} {
		b.Run(set.name, func(b *testing.B) {
			var sv Solver
			timed(b, len(set.pos), func(i int) {
				p := &set.pos[i]
				sv.AnalyzeTurn(p.a, p.c, p.table, p.t)
			})
		})
	}
}
