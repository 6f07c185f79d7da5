//go:build tune

package coach

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/rollout"
	"okey/game/classic"
	"okey/game/tile"
)

const caseRack = "R2 R13 Y8 Y10 Y11 Y11 Y13 B13 K2 K4 K6 K8 K9 J"

// caseView plays deal 41141 by the hint to the follow test's last
// mistake and returns the view there and the review's view of it.
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
	for g.State().Phase() == classic.Playing {
		s := g.State()
		seat := s.Turn()
		v := s.View(seat)
		if seat == 0 && tile.FormatTiles(v.Rack) == caseRack && v.Stage == classic.MustDraw {
			rec := g.Record()
			ps, err := PointsClassic(rec, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			rs := ps[len(ps)-1].State
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
			_ = rs
			return v, r2.View(0), hintSeedClassic(seed)
		}
		var a classic.Action
		if seat == 0 {
			a, _, err = AdviseClassic(ctx, v, HintOptions(hintSeedClassic(seed)))
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

func show(d Decision) string {
	s := fmt.Sprintf("label %s best %q loss %.3f (%.3f..%.3f) n %d playouts %d:", d.Label, d.Best, d.Loss, d.Low, d.High, d.Samples, d.Playouts)
	for _, c := range d.Candidates {
		s += fmt.Sprintf(" [%s v %.3f loss %.3f±%.3f n %d]", c.Move, c.Value, c.Loss, c.Half, c.Samples)
	}
	return s
}

func TestHintCase(t *testing.T) {
	ctx := context.Background()
	v, rv, hs := caseView(t)
	t.Logf("views equal: %v; history %d, wall %d", reflect.DeepEqual(v, rv), len(v.History), v.WallLeft)
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
		old := HintOptions(hs ^ s)
		old.RuleOut, old.Fresh = "", 0
		a, d, err := AdviseClassic(ctx, v, old)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d before: %v; %s", s, a, show(d))
		a, d, err = AdviseClassic(ctx, v, HintOptions(hs^s))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d now:    %v; %s", s, a, show(d))
		d, err = JudgeClassic(ctx, v, draw, Options{Seed: s})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d review of the draw: %s", s, show(d))
		d, err = JudgeClassic(ctx, v, take, Options{Seed: s})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d review of the take: %s", s, show(d))
	}
}
