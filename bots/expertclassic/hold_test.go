package expertclassic

import (
	"math"
	"testing"

	"okey/bots/botsclassic"
	"okey/game/classic"
)

// TestHoldPosition: over whole hands of four hard, every view
// HoldPosition keeps is a win that may finish without the okey and
// hold with another discard that keeps the win, q counts the unseen
// tiles that would free the okey, and the inputs say the same.
func TestHoldPosition(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40; seed++ {
		play(t, seed, 1<<20, hards(seed), func(_ *classic.State, v *classic.View) {
			fin, hold, q, ok := HoldPosition(v)
			if !ok {
				return
			}
			found++
			an := &v.Analyzer
			h, err := an.HandOf(v.Counts)
			if err != nil {
				t.Fatal(err)
			}
			rest := h
			rest.Remove(fin)
			if an.IsOkey(fin) || !an.IsWin(rest) {
				t.Fatalf("hand %d: the finish %v (okey %v) does not win", seed, fin, an.Okey())
			}
			held := h
			held.Remove(hold)
			if an.IsOkey(hold) || !an.IsWin(held) {
				t.Fatalf("hand %d: the hold %v does not keep the win", seed, hold)
			}
			unseen := v.Unseen()
			if k := Freeing(an, held, &unseen); q <= 0 || q > 1 || math.Abs(q-float64(k)/float64(unseen.Total())) > 1e-12 {
				t.Fatalf("hand %d: q %v for %d freeing copies of %d unseen", seed, q, k, unseen.Total())
			}
			in := HoldInputs(v, fin, hold, q)
			if in[HoldOne] != 1 || in[HoldQ] != float32(q) || in[HoldPoints] <= 0 || in[HoldOkeys] < 1 || in[HoldRisk] < 0 || in[HoldRisk] >= 1 {
				t.Fatalf("hand %d: inputs %v", seed, in)
			}
		})
	}
	if found < 10 {
		t.Errorf("%d hold positions in 40 hands of four hard", found)
	}
}

// TestHoldLineRefusesBadWeights: a hold line of another shape, or with
// no recipe, is refused with an error, never read.
func TestHoldLineRefusesBadWeights(t *testing.T) {
	for _, bad := range []string{`{`, `null`, `{"command":"x","w":[1,2]}`, `{"w":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}`} {
		if _, err := ParseHoldLine([]byte(bad)); err == nil {
			t.Errorf("hold line %s read", bad)
		}
	}
	good := `{"command":"x","w":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1]}`
	l, err := ParseHoldLine([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	var in [NumHoldInputs]float32
	in[HoldOne] = 1
	if g := l.Gain(&in); g != -1 {
		t.Errorf("gain %v, want −1", g)
	}
}

// TestExpertHolds: at every hold position of hands of four hard, the
// expert holds (throws the hold and keeps the win) exactly when the
// shipped hold line puts the hold more than HoldGate above the finish,
// and finishes otherwise; and it does leave hard's decision there.
func TestExpertHolds(t *testing.T) {
	positions, differ := 0, 0
	for seed := uint64(1); seed <= 400 && (positions < 40 || differ < 3); seed++ {
		play(t, seed, 1<<20, hards(seed), func(_ *classic.State, v *classic.View) {
			fin, hold, q, ok := HoldPosition(v)
			if !ok {
				return
			}
			positions++
			a, h := expertAndHard(t, botsclassic.Options{Seed: seed ^ uint64(positions)}, v)
			in := HoldInputs(v, fin, hold, q)
			want := classic.FinishAction(v.Seat, fin)
			if Hold().Gain(&in) > HoldGate {
				want = classic.DiscardAction(v.Seat, hold)
			} else if h.Kind == classic.ActFinish {
				want = h
			}
			if a != want {
				t.Fatalf("hand %d: the expert %v, the hold line %v", seed, a, want)
			}
			if a != h {
				differ++
			}
		})
	}
	if positions < 40 || differ < 3 {
		t.Errorf("%d hold positions, the expert away from hard at %d", positions, differ)
	}
	t.Logf("%d hold positions, the expert away from hard at %d", positions, differ)
}

// TestExpertDrawsAsHardWhileHolding: at every draw of hands of four
// hard where the seat holds a win for an okey finish and may take, the
// expert draws or takes as hard does; and the take network alone would
// have decided otherwise at some of them, so the guard is what keeps it.
func TestExpertDrawsAsHardWhileHolding(t *testing.T) {
	held, against := 0, 0
	var fx Featurer
	var f, g [NumFeatures]float32
	for seed := uint64(1); seed <= 1000 && (held < 24 || against < 3); seed++ {
		play(t, seed, 1<<20, hards(seed), func(_ *classic.State, v *classic.View) {
			if !v.Legal.Take || !HoldingWin(v) {
				return
			}
			held++
			a, h := expertAndHard(t, botsclassic.Options{Seed: seed ^ uint64(held)}, v)
			if a != h {
				t.Fatalf("hand %d: holding a win the expert %v, hard %v", seed, a, h)
			}
			tw := Taken(v, v.Top(v.Previous))
			if fx.Features(v, &f) != nil || fx.Features(&tw, &g) != nil {
				t.Fatal("features of a held win")
			}
			if take := TakeGain(Take(), &f, &g) > TakeGate; take != (h.Kind == classic.ActTake) {
				against++
			}
		})
	}
	if held < 24 || against < 3 {
		t.Errorf("%d draws holding a win, the take network against hard at %d", held, against)
	}
	t.Logf("%d draws holding a win, the take network against hard at %d", held, against)
}
