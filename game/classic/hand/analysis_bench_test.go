package hand

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// Benchmarks of hand analysis on fixed sets of hands: dealt hands (14
// tiles from a shuffled set with a random indicator, default rules), the
// same with a 15th tile, and a mix of dealt and near-winning hands.

const benchHands = 512

type benchSet struct {
	an []Analyzer
	h  []Hand
}

func benchDealt(seed uint64, extra int) benchSet {
	r := rand.New(rand.NewPCG(seed, 99))
	var s benchSet
	for range benchHands {
		a, _ := NewAnalyzer(classic(), tile.Tile(r.IntN(52)))
		c := refDealt(r, &a, 14+extra)
		h, err := a.HandOf(c)
		if err != nil {
			panic(err)
		}
		s.an = append(s.an, a)
		s.h = append(s.h, h)
	}
	return s
}

// benchMix is half dealt hands, half near-winning ones (a winning hand
// with 0 to 2 exchanges), which is what IsWin sees in play.
func benchMix(seed uint64) benchSet {
	r := rand.New(rand.NewPCG(seed, 77))
	var s benchSet
	for i := range benchHands {
		a, _ := NewAnalyzer(classic(), tile.Tile(r.IntN(52)))
		var c tile.Counts
		if i%2 == 0 {
			c = refDealt(r, &a, 14)
		} else {
			c = refExchange(r, &a, refWinning(r, &a), r.IntN(3))
		}
		h, err := a.HandOf(c)
		if err != nil {
			panic(err)
		}
		s.an = append(s.an, a)
		s.h = append(s.h, h)
	}
	return s
}

func warm(s benchSet) {
	s.an[0].Distance(s.h[0]) // build the tables outside the timing
}

func BenchmarkIsWin(b *testing.B) {
	s := benchMix(1)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].IsWin(s.h[k])
	}
}

func BenchmarkWin(b *testing.B) {
	s := benchMix(2)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].Win(s.h[k])
	}
}

func BenchmarkDistance(b *testing.B) {
	s := benchDealt(3, 0)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].Distance(s.h[k])
	}
}

func BenchmarkBestDiscard(b *testing.B) {
	s := benchDealt(4, 1)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].BestDiscard(s.h[k])
	}
}

func BenchmarkDiscardDistances(b *testing.B) {
	s := benchDealt(5, 1)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].DiscardDistances(s.h[k])
	}
}

func BenchmarkOuts(b *testing.B) {
	s := benchDealt(6, 0)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].Outs(s.h[k])
	}
}

func BenchmarkArrange(b *testing.B) {
	s := benchDealt(7, 0)
	tiles := make([][]tile.Tile, benchHands)
	for i := range tiles {
		tiles[i] = s.h[i].Tiles()
	}
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].Arrange(tiles[k], ArrangeRuns)
	}
}

// benchOkeyWins is winning hands that hold one or two okeys: where the
// grouping search of Win has the most choices.
func benchOkeyWins(seed uint64) benchSet {
	r := rand.New(rand.NewPCG(seed, 55))
	var s benchSet
	for len(s.h) < benchHands {
		a, _ := NewAnalyzer(classic(), tile.Tile(r.IntN(52)))
		c := refWinning(r, &a)
		if c[a.Okey()] == 0 {
			continue
		}
		h, err := a.HandOf(c)
		if err != nil {
			panic(err)
		}
		s.an = append(s.an, a)
		s.h = append(s.h, h)
	}
	return s
}

func BenchmarkWinOkeys(b *testing.B) {
	s := benchOkeyWins(3)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].Win(s.h[k])
	}
}
