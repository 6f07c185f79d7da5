package coach

import (
	"context"
	"slices"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestReadReasonWords: the table's reading is said in the forms the
// screens know (ui/review_test.go's coachSamples hold the same words):
// what the next player took or threw, the tile, and the two chances.
func TestReadReasonWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		r    TableRead
		want string
	}{
		{TableRead{Tile: "R7", Wants: true, Seen: "R5 R6", Belief: 0.56, Chance: 0.31},
			"the next player took R5 R6 from the discards: R7 was likely to help it (56% as the table reads, 31% on racks dealt at random)"},
		{TableRead{Tile: "R7", Wants: true, Seen: "B7", Laid: "R4 R5 R6", Belief: 0.61, Chance: 0.40},
			"the next player laid down R4 R5 R6 and took B7 from the discards: R7 was likely to help it (61% as the table reads, 40% on racks dealt at random)"},
		{TableRead{Tile: "R7", Wants: true, Laid: "R4 R5 R6", Belief: 0.61, Chance: 0.40},
			"the next player laid down R4 R5 R6: R7 was likely to help it (61% as the table reads, 40% on racks dealt at random)"},
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
	t.Parallel()
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
					b, u := shares(t, y, func(byBelief bool) (float64, error) {
						s := rollout.Uniform()
						if byBelief {
							s = rollout.Sampler()
						}
						return feedShare(&v, s, seed, next, y)
					})
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

// shares are the shares of worlds in which tile x helps the next
// player, on the belief's worlds (b, checked the same when asked again)
// and on racks dealt at random (u), each checked a share.
func shares(t *testing.T, x tile.Tile, share func(byBelief bool) (float64, error)) (b, u float64) {
	t.Helper()
	b, err := share(true)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := share(true)
	if u, err = share(false); err != nil {
		t.Fatal(err)
	}
	if b < 0 || b > 1 || u < 0 || u > 1 || again != b {
		t.Fatalf("%v: shares %v (again %v) and %v", x, b, again, u)
	}
	return b, u
}

// TestReadWhereTheBeliefDecides: a discard the judge labels an
// inaccuracy on the belief's worlds and only good on racks dealt at
// random carries the table's reading, and its words: an easy bot's
// Y13 (hand 7 of easy against three normal, the record's action 12),
// which keeps fewer ways to go on than R6. Found by judging every
// discard of easy bots on seeds 1 to 7 (49 discards, 2 labelled an
// inaccuracy or worse, this one read).
func TestReadWhereTheBeliefDecides(t *testing.T) {
	t.Parallel()
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
	checkRead(t, d, err)
}

// checkRead checks verdict d (judged with error err) carries the
// table's reading: the move lost on the belief's worlds and not on
// random racks, with the reading's words among the reasons.
func checkRead(t *testing.T, d Decision, err error) {
	t.Helper()
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

// TestFeedShare101AndEvidence: on hands of normal bots of 101, at the
// discards of positions where the next player has taken from the
// discards or laid melds down, each take and each tile laid is named
// as evidence for its own face; the share of worlds a tile helps the
// next player is a share, the same again from the same seed, all of
// them for a tile it would lay off on the table; and the belief's
// worlds read it otherwise than random racks somewhere.
func TestFeedShare101AndEvidence(t *testing.T) {
	t.Parallel()
	n, differ, islek := 0, 0, 0
	for seed := uint64(1); seed <= 8 && n < 8; seed++ {
		rec := record101(t, seed, [okey101.NumSeats]string{"normal", "normal", "normal", "normal"})
		ps, err := Points101(rec, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if p.Played.Kind != okey101.ActDiscard || n >= 8 {
				continue
			}
			v := p.State.View(0)
			next := 1
			var evidence []tile.Tile
			for _, e := range v.History {
				switch {
				case e.Seat != next:
				case e.Kind == okey101.EvTake && !v.Analyzer.IsOkey(e.Tile):
					if seen := seenWith101(&v, next, e.Tile, true); !slices.Contains(seen, e.Tile) && len(seen) < 3 {
						t.Fatalf("seed %d: the next player took %v, not named (%v)", seed, e.Tile, seen)
					}
					evidence = append(evidence, e.Tile)
				case e.Kind == okey101.EvOpen || e.Kind == okey101.EvLay:
					for _, m := range e.Melds {
						for _, u := range m.Tiles {
							if !v.Analyzer.IsOkey(u) && len(laidWith101(&v, next, u)) == 0 {
								t.Fatalf("seed %d: the next player laid %v, not named", seed, u)
							}
							evidence = append(evidence, u)
						}
					}
				}
			}
			if len(evidence) == 0 {
				continue
			}
			x := evidence[len(evidence)-1]
			if v.Analyzer.IsOkey(x) {
				continue
			}
			b, u := shares(t, x, func(byBelief bool) (float64, error) {
				s := rollout.Uniform101()
				if byBelief {
					s = rollout.Shared101()
				}
				return feedShare101(&v, s, seed, next, x)
			})
			if v.Opened[next].Status != meld.NotOpened && v.Analyzer.Islek(v.Melds()).Has(x) {
				islek++
				if b != 1 || u != 1 {
					t.Fatalf("seed %d: %v lays off on the table, yet helps the next player in %v and %v of the worlds", seed, x, b, u)
				}
			}
			if b != u {
				differ++
			}
			n++
		}
	}
	if n < 4 || differ == 0 {
		t.Fatalf("%d positions with evidence of the next player's play, %d read otherwise than random racks", n, differ)
	}
	t.Logf("%d positions, %d read otherwise than random racks, %d with a tile that lays off", n, differ, islek)
}

// TestRead101WhereTheBeliefDecides: in 101 too, a discard the judge
// labels an inaccuracy or worse on the belief's worlds and best or good
// on racks dealt at random carries the table's reading, and its words:
// an easy bot's K6 (seat 0 of hand 5, easy against three normal, the
// record's action 6), where B1 was the better discard. Found by judging
// every discard of easy bots of 101 on seeds 1 to 5 (27 discards, 5
// labelled an inaccuracy or worse, 3 of them read).
func TestRead101WhereTheBeliefDecides(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("two judgings of a decision: the full suite's")
	}
	rec := record101(t, 5, [okey101.NumSeats]string{"easy", "normal", "normal", "normal"})
	ps, err := Points101(rec, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ps, func(p Point101) bool { return p.Index == 6 })
	if i < 0 || ps[i].Played.Kind != okey101.ActDiscard || ps[i].Played.Tile != tile.NewTile(tile.Black, 6) {
		t.Fatalf("the position moved: %+v", ps)
	}
	d, err := Judge101(context.Background(), ps[i].State.View(0), ps[i].Played, Options{Seed: 1, Workers: 1})
	checkRead(t, d, err)
}
