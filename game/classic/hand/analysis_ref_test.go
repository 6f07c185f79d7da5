package hand

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"okey/game/tile"
)

// The analyser checked against the reference of brute_ref_test.go on
// random and near-winning hands, under the default rules, without wrap
// and under simple104. Hands come from a fixed seed.

// refRules are the rule sets the reference checks run under.
var refRules = []Config{
	classic(),
	{},
	simple104(),
}

// refRandomIndicator picks a random indicator for the rules.
func refRandomIndicator(r *rand.Rand, rules Config) tile.Tile {
	if rules.NoOkey {
		return tile.NoTile
	}
	return tile.Tile(r.IntN(52))
}

// refDeck is every tile in existence under a, in face order.
func refDeck(a *Analyzer) []tile.Tile {
	var deck []tile.Tile
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		for range a.Available(f) {
			deck = append(deck, f)
		}
	}
	return deck
}

// refDealt deals n tiles from a shuffled set.
func refDealt(r *rand.Rand, a *Analyzer, n int) tile.Counts {
	deck := refDeck(a)
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return tile.CountsOf(deck[:n])
}

// refWinning builds a random winning hand: melds (sometimes seven pairs)
// of tiles in existence, okeys now and then in place of a tile.
func refWinning(r *rand.Rand, a *Analyzer) tile.Counts {
	okey := a.Okey()
	real := func(f tile.Tile) tile.Tile {
		if okey != tile.NoTile && f == okey {
			return tile.FalseJoker
		}
		return f
	}
	for {
		var c tile.Counts
		fits := func(t tile.Tile) bool { return int(c[t]) < a.Available(t) }
		put := func(f tile.Tile) bool {
			t := real(f)
			if okey != tile.NoTile && r.IntN(10) == 0 && fits(okey) {
				t = okey
			}
			if !fits(t) {
				return false
			}
			c[t]++
			return true
		}
		ok := true
		if r.IntN(6) == 0 {
			for range 7 {
				f := tile.Tile(r.IntN(52))
				if first, second := put(f), put(f); !first || !second { // a pair: two copies
					ok = false
					break
				}
			}
		} else {
			left := 14
			for left > 0 && ok {
				var faces []tile.Tile
				if r.IntN(2) == 0 {
					L := 3 + r.IntN(4)
					top := 13
					if a.Config().Wrap && !a.Config().NoOkey {
						top = 14
					}
					if L > top {
						continue
					}
					start := 1 + r.IntN(top-L+1)
					col := tile.Colour(r.IntN(4))
					for v := start; v < start+L; v++ {
						vv := v
						if v == 14 {
							vv = 1
						}
						faces = append(faces, tile.NewTile(col, vv))
					}
				} else {
					L := 3 + r.IntN(2)
					v := 1 + r.IntN(13)
					for _, col := range r.Perm(4)[:L] {
						faces = append(faces, tile.NewTile(tile.Colour(col), v))
					}
				}
				if len(faces) > left || left-len(faces) == 1 || left-len(faces) == 2 {
					continue
				}
				for _, f := range faces {
					if !put(f) {
						ok = false
						break
					}
				}
				left -= len(faces)
			}
		}
		if ok && c.Total() == 14 {
			return c
		}
	}
}

// refExchange swaps k random tiles of c for random tiles in existence.
func refExchange(r *rand.Rand, a *Analyzer, c tile.Counts, k int) tile.Counts {
	for range k {
		ts := c.Tiles()
		c[ts[r.IntN(len(ts))]]--
		for {
			t := tile.Tile(r.IntN(tile.NumFaces))
			if int(c[t]) < a.Available(t) {
				c[t]++
				break
			}
		}
	}
	return c
}

// refAddOne adds a random tile still in existence.
func refAddOne(r *rand.Rand, a *Analyzer, c tile.Counts) tile.Counts {
	for {
		t := tile.Tile(r.IntN(tile.NumFaces))
		if int(c[t]) < a.Available(t) {
			c[t]++
			return c
		}
	}
}

// refCase is one hand to check.
type refCase struct {
	rules Config
	ind   tile.Tile
	c     tile.Counts
	deep  bool // also check outs and discards
}

func (rc refCase) String() string {
	return fmt.Sprintf("rules %v indicator %v hand %s", rc.rules, rc.ind, tile.FormatTiles(rc.c.Tiles()))
}

// refCases makes n cases from seed: one in ten dealt, the rest
// near-winning (a winning hand with 0 to 3 exchanges, where the edges
// are), one in six with 15 tiles; two cases in every deepEvery also
// check outs or discards.
func refCases(seed uint64, n, deepEvery int) []refCase {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]refCase, 0, n)
	for i := range n {
		rules := refRules[i%len(refRules)]
		ind := refRandomIndicator(r, rules)
		a, err := NewAnalyzer(rules, ind)
		if err != nil {
			panic(err)
		}
		var c tile.Counts
		if i%10 == 0 {
			c = refDealt(r, &a, 14)
		} else {
			c = refExchange(r, &a, refWinning(r, &a), r.IntN(4))
		}
		if i%6 == 0 {
			c = refAddOne(r, &a, c)
		}
		// Deep cases: one with 15 tiles (discards), one with 14 (outs).
		deep := deepEvery > 0 && (i%deepEvery == 0 || i%deepEvery == 3)
		out = append(out, refCase{rules: rules, ind: ind, c: c, deep: deep})
	}
	return out
}

// refCheck compares the analyser with the reference on one case and
// returns what differs.
func refCheck(rc refCase) []string {
	var bad []string
	a, _ := NewAnalyzer(rc.rules, rc.ind)
	ref := newRefCtx(&a)
	h, err := a.HandOf(rc.c)
	if err != nil {
		return []string{"HandOf: " + err.Error()}
	}
	n := rc.c.Total()
	if n == 14 {
		want := ref.refIsWin(rc.c)
		if got := a.IsWin(h); got != want {
			bad = append(bad, fmt.Sprintf("IsWin %v, reference %v", got, want))
		}
		w, ok := a.Win(h)
		if ok != want {
			bad = append(bad, fmt.Sprintf("Win %v, reference %v", ok, want))
		}
		if ok {
			if msg := refCheckWin(ref, rc.c, &w); msg != "" {
				bad = append(bad, "Win grouping: "+msg)
			}
			if ref.refPairsWin(rc.c) && w.Kind != WinPairs {
				bad = append(bad, "Win gives melds where pairs win")
			}
		}
	}
	got := a.Distance(h)
	if ok, want := ref.refDistanceIs(rc.c, got); !ok {
		bad = append(bad, fmt.Sprintf("Distance %d, reference %d", got, want))
	}
	if !rc.deep {
		return bad
	}
	if n == 15 {
		dd := a.DiscardDistances(h)
		low := 99
		for f := tile.Tile(0); f < tile.NumFaces; f++ {
			if rc.c[f] == 0 {
				if dd[f] != -1 {
					bad = append(bad, fmt.Sprintf("DiscardDistances[%v] = %d for a face not held", f, dd[f]))
				}
				continue
			}
			rest := rc.c
			rest[f]--
			ok, d := ref.refDistanceIs(rest, int(dd[f]))
			low = min(low, d)
			if !ok {
				bad = append(bad, fmt.Sprintf("DiscardDistances[%v] = %d, reference %d", f, dd[f], d))
			}
		}
		if bd := a.BestDiscard(h); bd.Distance != low {
			bad = append(bad, fmt.Sprintf("BestDiscard %v leaves %d, reference best %d", bd.Tile, bd.Distance, low))
		}
	}
	if n == 14 {
		// d is the distance already checked; t is an out when h+t keeps
		// 15-d tiles of a winning hand.
		d := got
		outs := a.Outs(h)
		for t := tile.Tile(0); t < tile.NumFaces; t++ {
			if int(rc.c[t]) >= a.Available(t) {
				if outs.Has(t) {
					bad = append(bad, fmt.Sprintf("Outs has %v, of which no copy is left", t))
				}
				continue
			}
			more := rc.c
			more[t]++
			if is := d > 0 && ref.refKeeps(more, 15-d); is != outs.Has(t) {
				bad = append(bad, fmt.Sprintf("Outs says %v is %v, reference %v", t, outs.Has(t), is))
			}
		}
	}
	return bad
}

// refCheckWin checks a winning grouping: it uses exactly the hand's
// tiles, every group is a valid meld or pair, every tile plays as what
// the grouping says.
func refCheckWin(ref *refCtx, c tile.Counts, w *Win) string {
	var used tile.Counts
	for _, m := range w.Melds {
		if len(m.Tiles) != len(m.As) {
			return "Tiles and As differ in length"
		}
		for i, t := range m.Tiles {
			used[t]++
			face, wild := ref.refNatural(t)
			if !wild && face != m.As[i] {
				return fmt.Sprintf("%v cannot play as %v", t, m.As[i])
			}
		}
		if msg := refValidMeld(ref, m); msg != "" {
			return msg
		}
	}
	if used != c {
		return "the groups do not use exactly the hand's tiles"
	}
	switch w.Kind {
	case WinPairs:
		if len(w.Melds) != 7 {
			return "seven pairs with other than seven groups"
		}
	case WinMelds:
	default:
		return "no kind"
	}
	return ""
}

func refValidMeld(ref *refCtx, m Meld) string {
	as := m.As
	switch m.Kind {
	case Pair:
		if len(as) != 2 || as[0] != as[1] {
			return "bad pair " + tile.FormatTiles(as)
		}
	case Set:
		if len(as) < 3 || len(as) > 4 {
			return "bad set size " + tile.FormatTiles(as)
		}
		seen := map[tile.Colour]bool{}
		for _, f := range as {
			if f.Value() != as[0].Value() || seen[f.Colour()] {
				return "bad set " + tile.FormatTiles(as)
			}
			seen[f.Colour()] = true
		}
	case Run:
		if len(as) < 3 || len(as) > 13 {
			return "bad run length " + tile.FormatTiles(as)
		}
		for i, f := range as {
			if f.Colour() != as[0].Colour() {
				return "run of two colours " + tile.FormatTiles(as)
			}
			if i == 0 {
				continue
			}
			prev, v := as[i-1].Value(), f.Value()
			if v != prev+1 && !(ref.wrap && prev == 13 && v == 1 && i == len(as)-1 && as[0].Value() != 1) {
				return "not a run " + tile.FormatTiles(as)
			}
		}
	default:
		return "no kind"
	}
	return ""
}

// refRun checks cases on every core.
func refRun(t *testing.T, cases []refCase) {
	var mu sync.Mutex
	fails := 0
	var wg sync.WaitGroup
	next := make(chan refCase)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rc := range next {
				if bad := refCheck(rc); len(bad) > 0 {
					mu.Lock()
					fails++
					if fails <= 20 {
						t.Errorf("%v:\n\t%v", rc, bad)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, rc := range cases {
		next <- rc
	}
	close(next)
	wg.Wait()
	if fails > 20 {
		t.Errorf("... %d cases differ in all", fails)
	}
}

// TestAnalyserAgainstReference checks the analyser against the plain
// reference on random racks of every rule set: 30 000 of them in the
// whole suite, 2 000 under -short (every rule set and every kind of rack
// still drawn; the deep cases, discards and outs, two in 400), and
// OKEY_REF_RACKS=N for more (100 000 before a change to the analyser
// lands: docs/tests.md), which would make it the costliest test in CI.
func TestAnalyserAgainstReference(t *testing.T) {
	t.Parallel()
	n, deep := 30_000, 400
	if testing.Short() {
		n, deep = 2_000, 50
	}
	if s := os.Getenv("OKEY_REF_RACKS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("OKEY_REF_RACKS=%q: want a number of racks, 1 or more", s)
		}
		n, deep = v, 400
	}
	if raceOn {
		n, deep = 100, 2 // the workers' sharing is what the race run checks
	}
	refRun(t, refCases(1, n, deep))
}

// classic is the analysis configuration of the default classic rules:
// okeys, false jokers and 12-13-1 runs.
func classic() Config { return Config{Wrap: true} }

// simple104 is the configuration of the simple104 preset: no okey, no
// false jokers, no wrap-around, no scoring.
func simple104() Config { return Config{NoOkey: true, Unscored: true} }
