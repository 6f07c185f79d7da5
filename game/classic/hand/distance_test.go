package hand

import (
	"math/rand/v2"
	"testing"

	"okey/game/tile"
)

func TestDistanceCases(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, rules, ind, hand string
		want                   int
	}{
		{"a win", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11", 0},
		{"one tile short of a run", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 Y9", 1},
		{"needs the okey or a fourth", "default", "K6", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 R11 Y11 B11 R5 Y13", 1},
		{"six pairs and two singles", "default", "K6", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 K2", 1},
		{"six pairs and the indicator's tile", "default", "R4", "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 R4", 1},
		{"an okey counts as kept", "default", "K6", "R1 R2 K7 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 Y9", 1},
		{"simple104: B11 is in the set or the run", "simple104", "-", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 B12", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := analyzerFor(t, tc.rules, tc.ind)
			h := handOf(t, a, tc.hand)
			got := a.Distance(h)
			if got != tc.want {
				t.Errorf("Distance = %d, want %d", got, tc.want)
			}
			if ok, ref := newRefCtx(a).refDistanceIs(h.Counts(), got); !ok {
				t.Errorf("reference distance %d", ref)
			}
		})
	}
}

// Outs never offer a tile of which no copy is left: a third copy, the
// indicator's second copy, a third okey.
func TestOutsAvailability(t *testing.T) {
	t.Parallel()
	// Six pairs and the indicator R4: R4 pairs only with an okey (R5).
	a := analyzerFor(t, "default", "R4")
	h := handOf(t, a, "R1 R1 Y3 Y3 B5 B5 K9 K9 R12 R12 Y13 Y13 B2 R4")
	outs := a.Outs(h)
	if outs.Has(tile.NewTile(tile.Red, 4)) {
		t.Error("R4 offered: its other copy is the indicator")
	}
	if !outs.Has(tile.NewTile(tile.Red, 5)) || !outs.Has(tile.NewTile(tile.Blue, 2)) {
		t.Errorf("outs %s: want the okey R5 and B2", tile.FormatTiles(outs.Tiles()))
	}
	// Both copies of R5 held: no R5 is offered, R4 and R6 are.
	a = analyzerFor(t, "default", "K6")
	h = handOf(t, a, "R5 R5 Y5 B5 R1 R2 R3 Y8 Y9 Y10 B11 B12 B13 K1")
	outs = a.Outs(h)
	if outs.Has(tile.NewTile(tile.Red, 5)) {
		t.Error("a third R5 offered")
	}
	// Both okeys held: no okey is offered.
	h = handOf(t, a, "K7 K7 Y5 B5 R1 R2 R3 Y8 Y9 Y10 B11 B12 B1 K1")
	if a.Outs(h).Has(tile.NewTile(tile.Black, 7)) {
		t.Error("a third okey offered")
	}
	// A winning hand has no outs.
	h = handOf(t, a, "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11")
	if o := a.Outs(h); o != 0 {
		t.Errorf("a win has outs %s", tile.FormatTiles(o.Tiles()))
	}
}

func TestBestDiscard(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	// Y9 is the only discard that wins.
	h := handOf(t, a, "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11 Y9")
	d := a.BestDiscard(h)
	if !d.Wins || d.Tile != tile.NewTile(tile.Yellow, 9) || d.Distance != 0 || d.Win.Kind != WinMelds {
		t.Errorf("BestDiscard = %+v", d)
	}
	// Both the okey and B13 finish; the okey doubles the win.
	h = handOf(t, a, "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 B10 R11 Y11 B11 K11 K7")
	d = a.BestDiscard(h)
	if !d.Wins || !d.OkeyFinish || d.Tile != tile.NewTile(tile.Black, 7) {
		t.Errorf("BestDiscard = %+v, want the okey finish", d)
	}
	// Pairs are worth more than melds: with both on offer, pairs.
	h = handOf(t, a, "R1 R1 R2 R2 R3 R3 Y4 Y4 Y5 Y5 Y6 Y6 B9 B9 B8")
	d = a.BestDiscard(h)
	if !d.Wins || d.Win.Kind != WinPairs {
		t.Errorf("BestDiscard = %+v, want a pairs win", d)
	}
	// No win: an okey is never thrown.
	h = handOf(t, a, "R1 R2 K7 Y4 Y9 B1 B5 B12 R8 R13 Y2 K3 K10 B6 Y12")
	d = a.BestDiscard(h)
	if d.Wins || a.IsOkey(d.Tile) {
		t.Errorf("BestDiscard = %+v", d)
	}
	dd := a.DiscardDistances(h)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if dd[f] >= 0 && !a.IsOkey(f) && int(dd[f]) < d.Distance {
			t.Errorf("discard %v leaves %d, better than %v's %d", f, dd[f], d.Tile, d.Distance)
		}
	}
	// Wrong sizes do not panic.
	a.BestDiscard(Hand{})
	a.DiscardDistances(Hand{})
	a.Outs(Hand{})
	a.Distance(Hand{})
}

// The exact search, which takes over where the relaxed optimum cannot be
// filled from the tiles in existence, agrees with the reference.
func TestExactSearchAgainstReference(t *testing.T) {
	t.Parallel()
	n := 600
	if raceOn {
		n = 60 // the reference is slow under the race detector; the full run checks all 600
	}
	cases := refCases(9, n, 0)
	for _, rc := range cases {
		a, _ := NewAnalyzer(rc.rules, rc.ind)
		h, _ := a.HandOf(rc.c)
		p := a.play(&h)
		s := a.newSearch(&p)
		m := max(s.meldsSeated(), a.pairsSeated(&p))
		d := 14 - min(14, m+p.w)
		if ok, ref := newRefCtx(&a).refDistanceIs(rc.c, d); !ok {
			t.Errorf("%v: search %d, reference %d", rc, d, ref)
		}
	}
}

func TestHandBasics(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	h := handOf(t, a, "R5 R5 J Y1 K13")
	if h.Len() != 5 || h.Count(tile.NewTile(tile.Red, 5)) != 2 || h.Count(tile.FalseJoker) != 1 {
		t.Fatalf("hand %v", tile.FormatTiles(h.Tiles()))
	}
	if got := tile.FormatTiles(h.Tiles()); got != "R5 R5 Y1 K13 J" {
		t.Errorf("Tiles = %s", got)
	}
	h.Add(tile.NewTile(tile.Red, 5)) // a third copy is dropped
	h.Add(tile.NoTile)
	if h.Len() != 5 {
		t.Errorf("Len after bad adds = %d", h.Len())
	}
	if !h.Remove(tile.NewTile(tile.Red, 5)) || h.Count(tile.NewTile(tile.Red, 5)) != 1 || h.Len() != 4 {
		t.Error("Remove R5")
	}
	if h.Remove(tile.NewTile(tile.Blue, 9)) || h.Remove(tile.NoTile) {
		t.Error("removed a tile not held")
	}
	c := h.Counts()
	g, err := a.HandOf(c)
	if err != nil || g != h {
		t.Errorf("HandOf(Counts) = %v, %v", g, err)
	}
	// A copy is a value.
	k := h
	k.Add(tile.NewTile(tile.Yellow, 2))
	if h.Len() == k.Len() {
		t.Error("copies share state")
	}
}

func TestArrange(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	ts, _ := tile.ParseTiles("R3 R1 R2 Y5 B5 K5 K7 B9 B10 Y12 R12 Y1")
	arr := a.Arrange(ts, ArrangeRuns)
	// Nine tiles complete groups, the okey completing one of them (the
	// 12s, as B9 B10 stay a near group either way); then two of a run.
	got := groupsString(arr.Groups)
	if got != "R1 R2 R3 | Y5 B5 K5 | R12 Y12 K7 | B9 B10" || tile.FormatTiles(arr.Leftover) != "Y1" {
		t.Errorf("runs: %s | left %s", got, tile.FormatTiles(arr.Leftover))
	}
	// The okey (K7) stands for the set's missing colour, a false joker
	// plays as K7; each group's As says so, tile by tile.
	if len(arr.As) != len(arr.Groups) || groupsString(arr.As) != "R1 R2 R3 | Y5 B5 K5 | R12 Y12 B12 | B9 B10" {
		t.Errorf("runs play as %s", groupsString(arr.As))
	}
	ts, _ = tile.ParseTiles("R3 R3 Y5 Y5 K7 B9 B10 J J")
	arr = a.Arrange(ts, ArrangePairs)
	if got := groupsString(arr.Groups); got != "R3 R3 | Y5 Y5 | J J | B9 K7" {
		t.Errorf("pairs: %s | left %s", got, tile.FormatTiles(arr.Leftover))
	}
	if got := groupsString(arr.As); got != "R3 R3 | Y5 Y5 | K7 K7 | B9 B9" {
		t.Errorf("pairs play as %s", got)
	}
	if tile.FormatTiles(arr.Leftover) != "B10" {
		t.Errorf("pairs leftover %s", tile.FormatTiles(arr.Leftover))
	}
	// Any size, deterministic.
	if len(a.Arrange(nil, ArrangeRuns).Groups) != 0 {
		t.Error("groups from nothing")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		c := refDealt(r, a, r.IntN(16))
		tiles := c.Tiles()
		x, y := a.Arrange(tiles, ArrangeRuns), a.Arrange(tiles, ArrangeRuns)
		if groupsString(x.Groups) != groupsString(y.Groups) {
			t.Fatal("not deterministic")
		}
		var seen tile.Counts
		for _, g := range x.Groups {
			for _, t := range g {
				seen[t]++
			}
		}
		for _, t := range x.Leftover {
			seen[t]++
		}
		if seen != c {
			t.Fatalf("arrangement loses or adds tiles: %v", tile.FormatTiles(tiles))
		}
	}
}

func groupsString(gs [][]tile.Tile) string {
	s := ""
	for i, g := range gs {
		if i > 0 {
			s += " | "
		}
		s += tile.FormatTiles(g)
	}
	return s
}

// Distance is the nearer of its two routes, and each route is exact: a
// seven-pairs rack is 0 by pairs, a melds win 0 by melds.
func TestRouteDistances(t *testing.T) {
	t.Parallel()
	a := analyzerFor(t, "default", "K6")
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		var c tile.Counts
		switch i % 3 {
		case 0:
			c = refDealt(r, a, 14)
		default:
			c = refExchange(r, a, refWinning(r, a), r.IntN(3))
		}
		h, err := a.HandOf(c)
		if err != nil {
			t.Fatal(err)
		}
		m, p, d := a.MeldsDistance(h), a.PairsDistance(h), a.Distance(h)
		if d != min(m, p) {
			t.Fatalf("%s: distance %d, melds %d, pairs %d", tile.FormatTiles(c.Tiles()), d, m, p)
		}
		if w, ok := a.Win(h); ok && ((w.Kind == WinPairs && p != 0) || (w.Kind == WinMelds && m != 0)) {
			t.Fatalf("%s wins by %v but its route distance is %d/%d", tile.FormatTiles(c.Tiles()), w.Kind, m, p)
		}
	}
	pairs, _ := tile.ParseTiles("R1 R1 Y2 Y2 B3 B3 K5 K5 R7 R7 Y8 Y8 B9 K11")
	h, _ := a.NewHand(pairs)
	if a.PairsDistance(h) != 1 || a.MeldsDistance(h) <= 1 {
		t.Fatalf("six pairs: pairs %d, melds %d", a.PairsDistance(h), a.MeldsDistance(h))
	}
}
