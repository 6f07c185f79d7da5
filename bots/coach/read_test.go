package coach

import (
	"context"
	"slices"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// TestReadReasonWords: the table's reading is said in the forms the
// screens know (ui/review_test.go's coachSamples hold the same words):
// what the next player took or threw, the tile, and the two chances.
func TestReadReasonWords(t *testing.T) {
	for _, c := range []struct {
		r    TableRead
		want string
	}{
		{TableRead{Tile: "R7", Wants: true, Seen: "R5 R6", Belief: 0.56, Chance: 0.31},
			"the next player took R5 R6 from the discards: R7 was likely to help it (56% as the table reads, 31% on racks dealt at random)"},
		{TableRead{Tile: "R7", Wants: true, Belief: 0.48, Chance: 0.30},
			"going by the next player's play, R7 was likely to help it (48% as the table reads, 30% on racks dealt at random)"},
		{TableRead{Tile: "K3", Seen: "K2 K4", Belief: 0.08, Chance: 0.30},
			"the next player threw K2 K4: K3 was unlikely to help it (8% as the table reads, 30% on racks dealt at random)"},
		{TableRead{Tile: "K3", Belief: 0.12, Chance: 0.25},
			"going by the next player's play, K3 was unlikely to help it (12% as the table reads, 25% on racks dealt at random)"},
		{TableRead{Uniform: Good, Outs: &OutsRead{Best: "R6", Outs: 11, BestOuts: 22, Wall: 2.14, BestWall: 4.8, WallChance: 3.0, BestChance: 5.1}},
			"the tiles it waits for were read in the others' racks: 2.1 of its 11 left in the wall as the table reads, 3.0 on racks dealt at random; after discard R6, 4.8 of 22 and 5.1"},
		{TableRead{Uniform: Best}, "read from the table: on racks dealt at random this move was not shown to lose"},
		{TableRead{Uniform: Good, UniformLoss: 0.061}, "read from the table: on racks dealt at random this move lost 0.06, not shown to be an inaccuracy"},
	} {
		if got := readReason(&c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestFeedShareAndEvidence: on hands of normal bots, wherever the next
// player holds a tile it took, a run neighbour of that tile names the
// take as the evidence (and a tile it threw is named as thrown); the
// share of worlds a tile helps the next player is a share, the same
// again from the same seed, and the belief's worlds read it otherwise
// than random racks somewhere (the reading changes what the judge
// sees). Logged: the mean shares, for the study.
func TestFeedShareAndEvidence(t *testing.T) {
	ctx := context.Background()
	var belief, chance float64
	n, differ := 0, 0
	for seed := uint64(1); seed <= 6 && n < 12; seed++ {
		g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewNormal(seed + uint64(i))
		}
		for g.State().Phase() == game.Playing && n < 12 {
			s := g.State()
			v := s.View(s.Turn())
			if v.Stage == classic.MustDiscard {
				next := nextSeat(&v)
				for f, k := range v.Known()[next] {
					x := tile.Tile(f)
					if k == 0 || v.Analyzer.IsOkey(x) || x == tile.FalseJoker || x.Value() >= 13 || v.Analyzer.IsOkey(tile.NewTile(x.Colour(), x.Value()+1)) {
						continue
					}
					y := tile.NewTile(x.Colour(), x.Value()+1)
					if seen := seenWith(&v, next, y, true); len(seen) == 0 {
						t.Fatalf("seed %d: the next player holds %v, taken, and no take goes with %v", seed, x, y)
					}
					b, err := feedShare(&v, rollout.Sampler(), seed, next, y)
					if err != nil {
						t.Fatal(err)
					}
					again, _ := feedShare(&v, rollout.Sampler(), seed, next, y)
					u, err := feedShare(&v, rollout.Uniform(), seed, next, y)
					if err != nil {
						t.Fatal(err)
					}
					if b < 0 || b > 1 || u < 0 || u > 1 || again != b {
						t.Fatalf("seed %d, %v: shares %v (again %v) and %v", seed, y, b, again, u)
					}
					if b != u {
						differ++
					}
					belief, chance, n = belief+b, chance+u, n+1
					break
				}
				for _, e := range v.History {
					if e.Kind == classic.EvDiscard && e.Seat == next && e.Tile.Valid() && !v.Analyzer.IsOkey(e.Tile) {
						if seen := seenWith(&v, next, e.Tile, false); len(seen) == 0 {
							t.Fatalf("seed %d: the next player threw %v, not named as thrown", seed, e.Tile)
						}
					}
				}
			}
			a, err := bs[s.Turn()].Decide(ctx, v)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 4 || differ == 0 {
		t.Fatalf("%d positions with a tile taken by the next player, %d read otherwise than random racks", n, differ)
	}
	t.Logf("%d positions: a run neighbour of a tile the next player took helps it in %.2f of the belief's worlds, %.2f of random racks", n, belief/float64(n), chance/float64(n))
}

// TestReadWhereTheBeliefDecides: a discard the judge labels an
// inaccuracy on the belief's worlds and only good on racks dealt at
// random carries the table's reading, and its words: an easy bot's
// Y13 (hand 7 of easy against three normal, the record's action 12),
// which keeps fewer ways to go on than R6. Found by judging every
// discard of easy bots on seeds 1 to 7 (49 discards, 2 labelled an
// inaccuracy or worse, this one read).
func TestReadWhereTheBeliefDecides(t *testing.T) {
	if testing.Short() {
		t.Skip("two judgings of a decision: the full suite's")
	}
	ctx := context.Background()
	seed := uint64(7)
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	bs[0] = botsclassic.NewEasy(seed)
	for i := 1; i < classic.NumSeats; i++ {
		bs[i] = botsclassic.NewNormal(seed + uint64(i))
	}
	for len(g.Record().Actions) < 12 {
		s := g.State()
		a, err := bs[s.Turn()].Decide(ctx, s.View(s.Turn()))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	v := s.View(s.Turn())
	played, err := bs[0].Decide(ctx, v)
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn() != 0 || played != classic.DiscardAction(0, tile.NewTile(tile.Yellow, 13)) {
		t.Fatalf("the position moved: seat %d plays %v", s.Turn(), played)
	}
	d, err := JudgeClassic(ctx, v, played, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !worse(d.Label) || d.Read == nil || worse(d.Read.Uniform) {
		t.Fatalf("label %s, read %+v, reasons %q", d.Label, d.Read, d.Reasons)
	}
	if want := readReason(d.Read); !slices.Contains(d.Reasons, want) {
		t.Fatalf("the reading %q is not among the reasons %q", want, d.Reasons)
	}
	t.Logf("%s: %s; on random racks %s (%.2f); reasons %q", d.Played, d.Label, d.Read.Uniform, d.Read.UniformLoss, d.Reasons)
}
