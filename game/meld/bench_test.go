package meld

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

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

// BenchmarkBestOpening is the best opening of dealt 22-tile racks.
func BenchmarkBestOpening(b *testing.B) {
	racks := dealtBench(1, 22)
	b.ResetTimer()
	for i := range b.N {
		x := &racks[i%benchRacks]
		if o := x.a.BestOpening(x.c); o.Value < 0 {
			b.Fatal("negative")
		}
	}
}

func BenchmarkSearchOnly(b *testing.B) {
	racks := dealtBench(1, 22)
	hs := make([]hand, len(racks))
	for i := range racks {
		hs[i] = racks[i].a.handOf(&racks[i].c)
	}
	var s solver
	b.ResetTimer()
	for i := range b.N {
		s.run(&hs[i%benchRacks], false)
	}
}

func BenchmarkBestOpeningReuse(b *testing.B) {
	racks := dealtBench(1, 22)
	var sv Solver
	b.ResetTimer()
	for i := range b.N {
		x := &racks[i%benchRacks]
		if o := sv.BestOpening(x.a, x.c); o.Value < 0 {
			b.Fatal("negative")
		}
	}
}
