package bots101

import (
	"context"
	"reflect"
	"testing"

	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// TestBudgetHoldsTheSamplers: a hard decision's samplers stop at their
// least once it has spent decideBudget of search work, so that its
// slowest decisions stay within the time a player waits; the budget is
// counted in the searches' own work, so a bot decides the same fresh or
// after a match of other decisions (its memo full of other racks, its
// solver shared), as every run of okey sim must. Over positions of real
// play: the same action and work from a fresh bot and a used one; never
// more work than without the budget; and some positions where the budget
// cut the work, or the test proves nothing.
func TestBudgetHoldsTheSamplers(t *testing.T) {
	seeds := uint64(24)
	if testing.Short() {
		seeds = 8
	}
	var ps []okey101.State
	for seed := range seeds {
		ps = append(ps, newTable(t, okey101.DefaultRules(), 900+seed, [4]string{"normal", "normal", "normal", "normal"}).playHands(t, 1, 3)...)
	}
	ctx := context.Background()
	var shared meld.Solver
	used, err := New("hard", Options{Seed: 5, Solver: &shared})
	if err != nil {
		t.Fatal(err)
	}
	other, err := New("normal", Options{Seed: 9, Solver: &shared})
	if err != nil {
		t.Fatal(err)
	}
	cut, heavy := 0, 0
	for i, s := range ps {
		v := s.View(s.Turn())
		// The used bot decides the position once (its memo then holds the
		// position's racks), another seat searches on the shared solver,
		// and the used bot decides again.
		if _, err := used.Decide(ctx, v); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Decide(ctx, v); err != nil {
			t.Fatal(err)
		}
		w := used.(*Hard).p.work()
		want, err := used.Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		usedWork := used.(*Hard).p.work() - w
		fresh := NewHard(5)
		got, err := fresh.Decide(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("position %d: a fresh bot plays %v, a used one %v", i, got, want)
		}
		spent := fresh.p.work()
		if spent != usedWork {
			t.Fatalf("position %d: %d units of work from a fresh bot, %d from a used one", i, spent, usedWork)
		}
		free := NewHard(5)
		free.p.sv = new(meld.Solver)
		if v.Stage == okey101.StageDraw {
			_, err = free.draw(&free.p, &v)
		} else {
			_, err = free.play(&free.p, &v)
		}
		if err != nil {
			t.Fatal(err)
		}
		unbounded := free.p.work()
		switch {
		case spent > unbounded:
			t.Fatalf("position %d: %d units of work with the budget, %d without", i, spent, unbounded)
		case spent < unbounded:
			cut++
		}
		if unbounded > 2*decideBudget {
			heavy++
		}
	}
	if cut == 0 || heavy == 0 {
		t.Fatalf("%d positions, %d over twice the budget, %d cut by it: the test proves nothing", len(ps), heavy, cut)
	}
	t.Logf("%d positions, %d over twice the budget unbounded, %d cut by it", len(ps), heavy, cut)
}
