package hand

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

// tableRef is DiscardTable from the plain calls: DiscardDistances, then
// Outs of each rack a least-distance discard leaves.
func tableRef(a *Analyzer, h Hand, known tile.TileSet) DiscardTable {
	var t DiscardTable
	t.Dist = a.DiscardDistances(h)
	t.Best = a.bestDiscardDist(&t.Dist)
	for f, k := range t.Dist {
		if int(k) != t.Best || a.IsOkey(tile.Tile(f)) || known.Has(tile.Tile(f)) {
			continue
		}
		rest := h
		rest.Remove(tile.Tile(f))
		t.Outs[f] = a.Outs(rest)
	}
	return t
}

// tableHands are 15-tile hands from seed: dealt ones (many discards tie),
// near-winning ones and ones a few exchanges from a win, under the
// reference rule sets and indicator_last.
func tableHands(seed uint64, n int) ([]Analyzer, []Hand) {
	r := rand.New(rand.NewPCG(seed, 5))
	rules := append(append([]Config(nil), refRules...), Config{Wrap: true, IndicatorLast: true})
	var as []Analyzer
	var hs []Hand
	for i := range n {
		ru := rules[i%len(rules)]
		a, err := NewAnalyzer(ru, refRandomIndicator(r, ru))
		if err != nil {
			panic(err)
		}
		var c tile.Counts
		switch i % 3 {
		case 0:
			c = refDealt(r, &a, 15)
		default:
			c = refAddOne(r, &a, refExchange(r, &a, refWinning(r, &a), r.IntN(6)))
		}
		h, err := a.HandOf(c)
		if err != nil {
			panic(err)
		}
		as = append(as, a)
		hs = append(hs, h)
	}
	return as, hs
}

// TestDiscardTable: the table is the plain calls' answer on many random
// hands, with and without faces the caller knows.
func TestDiscardTable(t *testing.T) {
	t.Parallel()
	n := 20000
	if testing.Short() {
		n = 2000
	}
	if raceOn {
		n = 300
	}
	as, hs := tableHands(1, n)
	r := rand.New(rand.NewPCG(2, 2))
	bad := 0
	for i := range hs {
		a, h := &as[i], hs[i]
		var known tile.TileSet
		if i%4 == 1 {
			ts := h.Tiles()
			known = known.With(ts[r.IntN(len(ts))])
		}
		got, want := a.DiscardTable(h, known), tableRef(a, h, known)
		if got != want {
			bad++
			if bad <= 5 {
				t.Errorf("%s known %v:\n got %+v\nwant %+v", tile.FormatTiles(h.Tiles()), known.Tiles(), got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d tables differ", bad, len(hs))
	}
}

// TestOuts15: Outs of a 15-tile hand, which the table narrows the
// discards' outs with, is what its definition says: the faces whose draw
// lowers the distance.
func TestOuts15(t *testing.T) {
	t.Parallel()
	n := 4000
	if testing.Short() {
		n = 400
	}
	if raceOn {
		n = 80
	}
	as, hs := tableHands(3, n)
	for i := range hs {
		a, h := &as[i], hs[i]
		got, d := a.outsAmong(h, allFaces, nil)
		want, wd := a.outsSlow(h, allFaces)
		if got != want || d != wd {
			t.Fatalf("%s: outs %v distance %d, want %v distance %d", tile.FormatTiles(h.Tiles()), got.Tiles(), d, want.Tiles(), wd)
		}
	}
}

func BenchmarkDiscardTable(b *testing.B) {
	s := benchDealt(5, 1)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		s.an[k].DiscardTable(s.h[k], 0)
	}
}

// BenchmarkDiscardTablePlain is the table from the plain calls, what
// DiscardTable saves on.
func BenchmarkDiscardTablePlain(b *testing.B) {
	s := benchDealt(5, 1)
	warm(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % benchHands
		tableRef(&s.an[k], s.h[k], 0)
	}
}
