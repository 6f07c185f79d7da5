package decide101

import (
	"context"
	"fmt"
	"os"
	"testing"

	"okey/bots/coach"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// TestHintHoldsWhereTheJudgeDoes: where the exact search finds a finish
// this turn but the judge, weighing it, shows holding on better, the
// hint keeps the judge's plan and says it holds (Facts.Holds); it no
// longer makes the finish the plan, which the review then called a
// mistake. The position is seat 0's fourteenth decision of hand 41057
// played by the hint, as TestFollowingTheHint101 plays it (its full
// study found the finish called a mistake there: laying B2 K2 R6 to go
// out lost 41 points, 30 to 53, to discarding K4 and going out later).
// The hand is read from its record (testdata/hand41057.jsonl, played
// with the 67-feature belief of 101): the hint plays on the belief's
// worlds, so a new belief may play the hand otherwise and not reach
// the position (a 72-feature belief, tried and withdrawn, did not; at
// the position its hint and judge held as the 67-feature ones do).
func TestHintHoldsWhereTheJudgeDoes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/hand41057.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := okey101.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := coach.Points101(rec, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 14 {
		t.Fatalf("the hand has %d decisions of seat 0, not 14", len(ps))
	}
	v := ps[13].State.View(0)
	var sv meld.Solver
	f, err := HintCtx(context.Background(), &v, &sv)
	if err != nil {
		t.Fatal(err)
	}
	judge, _, err := coach.Advise101(context.Background(), v, coach.HintOptions(HintSeed))
	if err != nil {
		t.Fatal(err)
	}
	if f.Finish == nil || Finishes(&v, f.Plan) || !f.Holds || len(judge) == 0 || fmt.Sprint(f.Plan) != fmt.Sprint(judge) {
		t.Fatalf("a finish %v, the hint's plan %v (holds %v), the judge's %v", f.Finish != nil, f.Plan, f.Holds, judge)
	}
	if ps[13].Played.String() != judge[0].String() {
		t.Errorf("following the hint played %v there, the judge's plan begins %v", ps[13].Played, judge[0])
	}
}
