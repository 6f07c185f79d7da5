//go:build tune

package coach_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/tile"
)

const caseRack = "R2 R13 Y8 Y10 Y11 Y11 Y13 B13 K2 K4 K6 K8 K9 J"

// The measurements behind HintOptions' RuleOut (the last mistake of 200
// hinted classic hands in the follow study), built only with the tune tag:
//
//	go -C lab test -tags tune ./coach -run 'HintCase|HintCost' -v -timeout 0
//
// caseView plays deal 41141 by the hint to the follow test's last
// mistake and returns the view there, the review's view of it (the
// record replayed) and the hint's seed.
func caseView(t *testing.T) (classic.View, classic.View, uint64) {
	ctx := context.Background()
	seed := uint64(41141)
	g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bs [classic.NumSeats]botsclassic.Bot
	for i := range bs {
		bs[i] = botsclassic.NewHard(seed + uint64(i))
	}
	for g.State().Phase() == game.Playing {
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		if seat == 0 && tile.FormatTiles(v.Rack) == caseRack && v.Stage == classic.MustDraw {
			rec := g.Record()
			// the record ends before the decision: replay to its end
			r2, err := rec.Start()
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range rec.Actions {
				if r2, _, err = r2.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			return v, r2.View(0), hintSeedClassic(seed)
		}
		var a classic.Action
		if seat == 0 {
			a, _, err = coach.AdviseClassic(ctx, v, hintOptionsHard(hintSeedClassic(seed)))
		} else {
			a, err = bs[seat].Decide(ctx, v)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("rack not met")
	return classic.View{}, classic.View{}, 0
}

// TestHintCase compares, at that decision, the hint's judge before and
// after RuleOut on eight hint seeds with the review's judge of the draw
// and of the take on eight seeds, against the truth as near as 4,096
// worlds tell it.
func TestHintCase(t *testing.T) {
	ctx := context.Background()
	v, rv, hs := caseView(t)
	t.Logf("the hint's view and the review's equal: %v, and the hard bot's play's: %v; history %d, wall %d",
		reflect.DeepEqual(v, rv), reflect.DeepEqual(v, drawOrTakeY12(t)), len(v.History), v.WallLeft)
	draw, take := classic.DrawAction(0), classic.TakeAction(0)
	// the truth, as near as worlds tell it: take against draw on 4,096 worlds
	ps := make([]*rollout.PlayerClassic, 2)
	for i := range ps {
		ps[i] = rollout.NewPlayerClassic()
	}
	vals, err := rollout.Compare(ctx, nil, 0, 4096, 2, nil, rollout.CandidatesClassic(&v, []classic.Action{take, draw}, 12345, ps))
	if err != nil {
		t.Fatal(err)
	}
	m, h := rollout.Paired(vals[0], vals[1])
	t.Logf("take less draw over 4,096 worlds: %.3f ± %.3f", m, h)
	for s := uint64(1); s <= 8; s++ {
		old := hintOptionsHard(hs ^ s)
		old.RuleOut, old.Fresh = "", 0
		a, d, err := coach.AdviseClassic(ctx, v, old)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d before: %v; %s", s, a, show(d))
		a, d, err = coach.AdviseClassic(ctx, v, hintOptionsHard(hs^s))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d now:    %v; %s", s, a, show(d))
		d, err = coach.JudgeClassic(ctx, v, draw, coach.Options{Seed: s, Analyser: "hard"})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d review of the draw: %s", s, show(d))
		d, err = coach.JudgeClassic(ctx, v, take, coach.Options{Seed: s, Analyser: "hard"})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d review of the take: %s", s, show(d))
	}
}

// TestHintCost compares the hint's judge with and without RuleOut over
// the seat-0 views of hands of hard bots: hands played out a hint (the
// machine's load does not change it), CPU-free, and how often the hint
// differs.
func TestHintCost(t *testing.T) {
	ctx := context.Background()
	hands := 20
	var nOld, nNew, diff, more, views int
	var oldT, newT time.Duration
	for h := range hands {
		seed := uint64(42000 + h)
		g, err := classic.NewGame(classic.DefaultRules(), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [classic.NumSeats]botsclassic.Bot
		for i := range bs {
			bs[i] = botsclassic.NewHard(seed + uint64(i))
		}
		for g.State().Phase() == game.Playing {
			s := g.State()
			seat := s.Turn()
			v := s.View(seat)
			if seat == 0 {
				old := hintOptionsHard(seed)
				old.RuleOut, old.Fresh = "", 0
				t0 := time.Now()
				a0, d0, err := coach.AdviseClassic(ctx, v, old)
				if err != nil {
					t.Fatal(err)
				}
				t1 := time.Now()
				a1, d1, err := coach.AdviseClassic(ctx, v, hintOptionsHard(seed))
				if err != nil {
					t.Fatal(err)
				}
				newT += time.Since(t1)
				oldT += t1.Sub(t0)
				views++
				nOld += d0.Playouts
				nNew += d1.Playouts
				if a0 != a1 {
					diff++
				}
				if d1.Playouts > d0.Playouts {
					more++
				}
			}
			a, err := bs[seat].Decide(ctx, v)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("classic, %d views of %d hands: playouts a hint %.1f before, %.1f now; wall a hint %v before, %v now; read on more worlds %d, advice changed %d",
		views, hands, float64(nOld)/float64(views), float64(nNew)/float64(views), oldT/time.Duration(views), newT/time.Duration(views), more, diff)
}

// TestHintCost101 is TestHintCost for 101's hint (the plan from each of
// seat 0's views at the start of its turn, in hands of hard bots).
func TestHintCost101(t *testing.T) {
	ctx := context.Background()
	hands := 6
	var nOld, nNew, diff, views int
	var oldT, newT time.Duration
	for h := range hands {
		seed := uint64(42000 + h)
		r := okey101.DefaultRules()
		r.Hands = 1
		g, err := okey101.NewGame(r, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bs [okey101.NumSeats]bots101.Bot
		for i := range bs {
			if bs[i], err = bots101.New("hard", bots101.Options{Seed: seed + uint64(i)}); err != nil {
				t.Fatal(err)
			}
		}
		for g.State().Phase() == game.Playing {
			s := g.State()
			seat := s.Turn()
			v := s.View(seat)
			if seat == 0 {
				old := coach.HintOptions(0x41)
				old.RuleOut, old.Fresh = "", 0
				t0 := time.Now()
				p0, d0, err := coach.Advise101(ctx, v, old)
				if err != nil {
					t.Fatal(err)
				}
				t1 := time.Now()
				p1, d1, err := coach.Advise101(ctx, v, coach.HintOptions(0x41))
				if err != nil {
					t.Fatal(err)
				}
				newT += time.Since(t1)
				oldT += t1.Sub(t0)
				views++
				for _, d := range d0 {
					nOld += d.Playouts
				}
				for _, d := range d1 {
					nNew += d.Playouts
				}
				if !reflect.DeepEqual(p0, p1) {
					diff++
				}
			}
			a, err := bs[seat].Decide(ctx, v)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("101, %d views of %d hands: playouts a hint %.1f before, %.1f now; wall a hint %v before, %v now; plans changed %d",
		views, hands, float64(nOld)/float64(views), float64(nNew)/float64(views), oldT/time.Duration(views), newT/time.Duration(views), diff)
}

// hintOptionsHard are the hint's options with hard as the analyser, as
// the classic hint was when these cases were measured (the expert,
// which takes Y12 here, replaced it later: coach.Options.Analyser).
func hintOptionsHard(seed uint64) coach.Options {
	o := coach.HintOptions(seed)
	o.Analyser = "hard"
	return o
}
