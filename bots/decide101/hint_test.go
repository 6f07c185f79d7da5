package decide101

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// TestHintPlansCanBeFollowed is the hint's promise, played: in 8 hands
// (OKEY_PLANS=N for more) the player at seat 0 follows every hint
// to the letter against three normal bots, under the default rules and
// under the house rules. Every step of every hint must be legal when it
// is taken (so no tile is used twice), its discard must cost 101 only
// when every tile in the rack would, a hint that says the hand can
// finish must finish it, and the first step is the hard bot's move
// unless the judge found a better one (counted). Each hint is judged
// (a few tenths of a second), so the hands are fewer than when the hint
// was the hard bot's plan alone. The hands are those of seeds 7008 to
// 7015, each rule set twice: of the 16 from seed 7000, the first eight
// have no finishing hint and the second eight have one, so these eight
// try every check at half the time. OKEY_PLANS asks for more. The quick
// suite (-short) leaves it to the whole one: a hint is the judge's, a
// few tenths of a second each.
// firstPlanSeed is the seed of TestHintPlansCanBeFollowed's first hand.
const firstPlanSeed = 7008

func TestHintPlansCanBeFollowed(t *testing.T) {
	t.Parallel() // beside TestFollowingTheHint101: each plays its own deals
	if testing.Short() && os.Getenv("OKEY_PLANS") == "" {
		t.Skip("the whole suite follows the hint's plans (8 hands); -short leaves it")
	}
	hands := 8
	if s := os.Getenv("OKEY_PLANS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("OKEY_PLANS=%q: want a number from 1", s)
		}
		hands = n
	}
	if raceOn {
		hands = 4 // each of the four rule sets once
	}
	ruleSets := []string{"default", "feed,okey_once,islek_back,okey_pair", "islek=off", "default"}
	ctx := context.Background()
	var sv meld.Solver
	steps, plans, finishes, costly, voids, overruled, held := 0, 0, 0, 0, 0, 0, 0
	for h := range hands {
		r, err := okey101.ParseRules(ruleSets[h%len(ruleSets)])
		if err != nil {
			t.Fatal(err)
		}
		r.Hands = 1
		s, err := okey101.NewMatch(r, uint64(firstPlanSeed+h))
		if err != nil {
			t.Fatal(err)
		}
		var others [okey101.NumSeats]bots101.Bot
		for seat := 1; seat < okey101.NumSeats; seat++ {
			others[seat], _ = bots101.New("normal", bots101.Options{Seed: uint64(h*4 + seat)})
		}
		for guard := 0; s.Phase() == game.Playing; guard++ {
			if guard > 3000 {
				t.Fatalf("hand %d: no end", h)
			}
			if seat := s.Turn(); seat != 0 {
				a, err := others[seat].Decide(ctx, s.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				if s, _, err = s.Apply(a); err != nil {
					t.Fatal(err)
				}
				continue
			}
			v := s.View(0)
			f, err := HintCtx(ctx, &v, &sv)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Plan) == 0 {
				t.Fatalf("hand %d: a hint without a plan for %+v", h, v.Stage)
			}
			plans++
			if want, err := bots101.NewHard(0).Decide(ctx, v); err != nil {
				t.Fatal(err)
			} else if want.String() != f.Plan[0].String() {
				overruled++
			}
			if f.Finish != nil {
				finishes++
				if !Finishes(&v, f.Plan) {
					t.Fatalf("hand %d: the hint says it finishes, its plan does not: %v", h, f.Plan)
				}
			}
			for i, a := range f.Plan {
				if s.Phase() != game.Playing {
					t.Fatalf("hand %d: the hand ended before step %d of the hint %v (void: %v)", h, i, f.Plan, f.Voids)
				}
				now := s.View(0)
				if a.Kind == okey101.ActDiscard && now.Counts.Total() > 1 && now.DiscardPenalty(a.Tile) != 0 {
					costly++
					for _, x := range now.Rack {
						if now.DiscardPenalty(x) == 0 && !now.Analyzer.IsOkey(x) {
							t.Fatalf("hand %d, step %d of %v: discards %v at a cost of 101 while %v is free (rack %v)",
								h, i, f.Plan, a.Tile, x, tile.FormatTiles(now.Rack))
						}
					}
				}
				n, _, err := s.Apply(a)
				if err != nil {
					t.Fatalf("hand %d, step %d of the hint %v: %v\nrack %v", h, i, f.Plan, err, tile.FormatTiles(v.Rack))
				}
				s = n
				steps++
				// The plan holds: asked again after one
				// of its own steps that brought no news, the hint is the
				// rest of it.
				if i+1 < len(f.Plan) && a.Kind != okey101.ActDraw && s.Phase() == game.Playing {
					nv := s.View(0)
					again, err := HintCtx(ctx, &nv, &sv)
					if err != nil {
						t.Fatal(err)
					}
					if fmt.Sprint(again.Plan) != fmt.Sprint(f.Plan[i+1:]) {
						t.Fatalf("hand %d: the hint %v, asked again after step %d, is %v", h, f.Plan, i, again.Plan)
					}
					held++
				}
			}
			if r := s.Result(); f.Voids != (r != nil && r.Void) {
				t.Fatalf("hand %d: the hint says the hand is void: %v; it is: %v", h, f.Voids, r != nil && r.Void)
			}
			if f.Voids {
				voids++
			}
			if last := f.Plan[len(f.Plan)-1]; last.Kind != okey101.ActDraw && s.Phase() == game.Playing && s.Turn() == 0 {
				t.Fatalf("hand %d: the hint's plan %v leaves the turn unfinished", h, f.Plan)
			}
		}
	}
	t.Logf("%d hands, %d hints, %d steps, %d finishes, %d discards that cost 101 (every tile did), %d hints that void the hand, %d first steps the judge chose over the hard bot's, %d plans asked again after a step", hands, plans, steps, finishes, costly, voids, overruled, held)
	if finishes == 0 || steps < 10*hands {
		t.Fatalf("too little played: %d steps, %d finishes", steps, finishes)
	}
}

// BenchmarkHint times a whole hint (the hard bot's turn and the facts
// around it) over the positions of seat 0's turns in a few hands.
// BenchmarkHint is the hard bot's plan (decide.Hint); BenchmarkHintJudged
// the game's hint, the judge's plan (HintCtx).
func BenchmarkHint(b *testing.B) { benchHint(b, false) }

func BenchmarkHintJudged(b *testing.B) { benchHint(b, true) }

func benchHint(b *testing.B, judged bool) {
	ctx := context.Background()
	var views []okey101.View
	for h := range 8 {
		r := okey101.DefaultRules()
		r.Hands = 1
		s, err := okey101.NewMatch(r, uint64(900+h))
		if err != nil {
			b.Fatal(err)
		}
		var bots [okey101.NumSeats]bots101.Bot
		for seat := range okey101.NumSeats {
			bots[seat], _ = bots101.New("normal", bots101.Options{Seed: uint64(seat)})
		}
		for s.Phase() == game.Playing {
			seat := s.Turn()
			v := s.View(seat)
			if seat == 0 {
				views = append(views, v)
			}
			a, err := bots[seat].Decide(ctx, v)
			if err != nil {
				b.Fatal(err)
			}
			if s, _, err = s.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	var sv meld.Solver
	b.ResetTimer()
	for i := range b.N {
		v := views[i%len(views)]
		if judged {
			if _, err := HintCtx(ctx, &v, &sv); err != nil {
				b.Fatal(err)
			}
		} else {
			Hint(&v, &sv)
		}
	}
}
