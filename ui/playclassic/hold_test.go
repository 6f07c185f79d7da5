package playclassic

import (
	"testing"

	"okey/bots/coach"
	"okey/game/tile"
)

// The classic hint chooses between winning now and holding for an
// okey finish from the judge's own figures: the finish with the winning
// tile and the best discard (the hold), best first as the verdict lists
// them; without both there are no figures to give.
func TestHoldFigures(t *testing.T) {
	y13 := tile.NewTile(tile.Yellow, 13)
	d := &coach.Decision{Candidates: []coach.Candidate{
		{Move: "discard Y13", Value: 2.34, Ahead: 0.71},
		{Move: "finish with Y13", Value: 2.00, Ahead: 1},
		{Move: "discard B2", Value: 1.10, Ahead: 0.40},
	}}
	h, ok := holdFigures(d, y13)
	if !ok || h.now != 2.00 || h.value != 2.34 || h.ahead != 0.71 {
		t.Fatalf("holdFigures = %+v %v", h, ok)
	}
	if _, ok := holdFigures(&coach.Decision{Candidates: d.Candidates[1:2]}, y13); ok {
		t.Fatal("figures without a hold")
	}
	if _, ok := holdFigures(nil, y13); ok {
		t.Fatal("figures without a verdict")
	}
	if got := pct(0.714); got != 71 {
		t.Fatalf("pct(0.714) = %d", got)
	}
}
