package main

import (
	"context"
	"math"
	"slices"
	"testing"

	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
)

// A choice's playouts are read at every cut: every candidate (normal's
// pick among them, no okey besides) in every world, a cut reached after
// the hand ended marked so with every later one, the seat's own inputs
// set, and every cut's time and the whole playouts' counted.
func TestLeafPlaysEveryCandidate(t *testing.T) {
	ctx := context.Background()
	cs, _, err := choicesOf(ctx, 11, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	const worlds = 8
	lcs, err := leafChoices(ctx, cs, 11, worlds, 0, 2, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i, lc := range lcs {
		c := &cs[i]
		if lc.Tiles[lc.Pick] != c.cands[0] {
			t.Errorf("choice %d: the pick is %v, normal's %v", i, lc.Tiles[lc.Pick], c.cands[0])
		}
		for j, tl := range lc.Tiles {
			if c.v.Analyzer.IsOkey(tl) && j != lc.Pick {
				t.Errorf("choice %d: an okey among the candidates", i)
			}
			if slices.Index(lc.Tiles, tl) != j || !slices.Contains(c.v.Rack, tl) {
				t.Errorf("choice %d: candidate %v twice or not in the rack", i, tl)
			}
		}
		for j, plays := range lc.Plays {
			if len(plays) != worlds {
				t.Fatalf("choice %d, candidate %d: %d worlds", i, j, len(plays))
			}
			for w, pl := range plays {
				for cut := range leafTurns {
					if cut > 0 && pl.Ended[cut-1] && !pl.Ended[cut] {
						t.Errorf("choice %d, candidate %d, world %d: ended before cut %d, not before %d", i, j, w, cut-1, cut)
					}
					own := slices.ContainsFunc(pl.Feat[cut][:16], func(x float32) bool { return x == 1 })
					copies := slices.ContainsFunc(pl.Feat[cut][:], func(x float32) bool { return x < 0 || x > 12 })
					if !pl.Ended[cut] && (!own || copies || pl.Feat[cut][leafFeatures-1] != 1) {
						t.Errorf("choice %d, candidate %d, world %d, cut %d: inputs %v", i, j, w, cut, pl.Feat[cut])
					}
				}
				if math.IsNaN(float64(pl.Final)) || math.Abs(float64(pl.Final)) > 20 {
					t.Errorf("choice %d: a playout worth %v", i, pl.Final)
				}
			}
		}
		for cut := range leafTurns {
			if lc.Nanos[cut] <= 0 || lc.Full <= 0 {
				t.Errorf("choice %d: %v ns to cut %d, %v the whole playouts", i, lc.Nanos[cut], cut, lc.Full)
			}
		}
	}
}

// The leaf's fit finds a linear rule the playouts' ends follow, and a
// search scored with it on the worlds it did not choose on leaves the
// pick only where the leaf says another candidate is better.
func TestLeafFitAndSearch(t *testing.T) {
	var want leafModel
	for i := range want {
		want[i] = float64(i%7) - 3
	}
	lc := leafChoice{Tiles: []tile.Tile{tile.NewTile(tile.Red, 1), tile.NewTile(tile.Red, 2)}, Pick: 0}
	lc.Plays = make([][]leafPlay, 2)
	x := uint64(1)
	for j := range lc.Plays {
		lc.Plays[j] = make([]leafPlay, 1024)
		for w := range lc.Plays[j] {
			pl := &lc.Plays[j][w]
			for cut := range leafTurns {
				for f := range leafFeatures {
					x = x*6364136223846793005 + 1442695040888963407
					pl.Feat[cut][f] = float32(x>>40) / float32(1<<28) // small: the ends a point apart stand out
				}
				if j == 1 {
					pl.Feat[cut][4]++ // worth want[4], a point, more
				}
			}
			pl.Final = float32(want.at(&pl.Feat[1]))
		}
	}
	got, err := fitLeaf([]leafChoice{lc}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 0.1 {
			t.Fatalf("input %d: fitted %.3f, planted %.3f", i, got[i], want[i])
		}
	}
	// The second candidate is a point better: a search of either half
	// leaves the pick for it and gains about the point on the other.
	r, ok := leafSearch([]leafChoice{lc}, nil, []leafModel{got, got, got, got}, 1, 512, 0)
	if !ok {
		t.Fatal("not scored")
	}
	if r.Changed != 1 || math.Abs(r.Gain-1) > 0.2 {
		t.Errorf("left the pick in %v of the halves, gained %v; want 1 and about 1", r.Changed, r.Gain)
	}
	if _, ok := leafSearch([]leafChoice{lc}, nil, nil, -1, 1024, 0); ok {
		t.Error("a search of more worlds than half was scored")
	}
}

// The cut search's modes are read as written, and only with a cut the
// leaves have.
func TestParseCut(t *testing.T) {
	for _, c := range []struct {
		mode string
		want cutConfig
		ok   bool
	}{
		{"cut-8t-16w", cutConfig{cut: 3, worlds: 16, gate: 1}, true},
		{"cut-1t-64w", cutConfig{cut: 0, worlds: 64, gate: 1}, true},
		{"cut-8t-64w-c3", cutConfig{cut: 3, worlds: 64, cands: 3, gate: 1}, true},
		{"cut-8t-64w-c3-z0", cutConfig{cut: 3, worlds: 64, cands: 3}, true},
		{"cut-8t-64w-z2", cutConfig{cut: 3, worlds: 64, gate: 2}, true},
		{"cut-8t-64w-z0-z1", cutConfig{}, false},
		{"cut-8t-64w-q3", cutConfig{}, false},
		{"cut-8t-64w-c3-z0-c2", cutConfig{}, false},
		{"cut-8t-64w-c1", cutConfig{}, false},
		{"cut-8t-64w-c", cutConfig{}, false},
		{"cut-3t-16w", cutConfig{}, false},
		{"cut-8t-1w", cutConfig{}, false},
		{"cut-8t-16", cutConfig{}, false},
		{"cut-8-16w", cutConfig{}, false},
		{"deep-8t-16w", cutConfig{}, false},
	} {
		got, ok := parseCut(c.mode)
		if ok != c.ok || got != c.want {
			t.Errorf("parseCut(%q) = %+v, %v; want %+v, %v", c.mode, got, ok, c.want, c.ok)
		}
		if validMode(c.mode) != c.ok {
			t.Errorf("validMode(%q) = %v", c.mode, !c.ok)
		}
	}
}

// The bot's cut playout is the measure's: in the same world with the
// same seed it reads the same leaf at the same turn, or the same end.
func TestCutValueIsTheMeasures(t *testing.T) {
	ctx := context.Background()
	cs, _, err := choicesOf(ctx, 13, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	var m leafModel
	for i := range m {
		m[i] = float64(i%5) - 2
	}
	p := &leafPlayer{cache: nil}
	for i := range cs {
		c := &cs[i]
		seed := uint64(77 + i)
		ws, err := rollout.NewWorldsClassic(&c.v, rollout.Sampler())
		if err != nil {
			t.Fatal(err)
		}
		for w := range 6 {
			s, err := ws.World(seed, w)
			if err != nil {
				t.Fatal(err)
			}
			a := classic.DiscardAction(c.v.Seat, c.cands[0])
			var pl leafPlay
			if err := p.play(ctx, s, a, mixSeed(seed, w), &pl); err != nil {
				t.Fatal(err)
			}
			for cut, turns := range leafTurns {
				got, err := p.cutValue(ctx, s, a, mixSeed(seed, w), turns, &m)
				if err != nil {
					t.Fatal(err)
				}
				want := float64(pl.Final)
				if !pl.Ended[cut] {
					want = m.at(&pl.Feat[cut])
				}
				if math.Abs(got-want) > 1e-6 {
					t.Errorf("choice %d, world %d, %d turns: the bot reads %v, the measure %v", i, w, turns, got, want)
				}
			}
		}
	}
}

// The true racks' worlds play normal's three candidates alone (the
// others NaN) and keep every other rack as the true state holds it.
func TestOracleValues(t *testing.T) {
	ctx := context.Background()
	cs, _, err := choicesOf(ctx, 17, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	lcs, err := leafChoices(ctx, cs, 17, 2, 0, 1, "", "")
	if err != nil {
		t.Fatal(err)
	}
	vals, err := oracleValues(ctx, cs, lcs, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cs {
		allowed, err := scopeOf(&cs[i], &lcs[i], 3)
		if err != nil {
			t.Fatal(err)
		}
		for j, x := range vals[i] {
			if slices.Contains(allowed, j) == math.IsNaN(x) {
				t.Errorf("choice %d, candidate %v: %v, normal's three %v", i, lcs[i].Tiles[j], x, allowed)
			}
		}
	}
}
