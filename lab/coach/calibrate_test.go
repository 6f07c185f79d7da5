//go:build tune

package coach_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"okey/bots/coach"
	"okey/game"
)

// TestCalibration checks that the review ranks the levels as the arena
// does (easy loses the most a decision), a measurement built only with
// the tune tag (it takes minutes):
//
//	OKEY_HANDS=160 go -C lab test -tags tune ./coach -run Calibration -v -timeout 0
//
// For each game it deals OKEY_HANDS hands (seeds 1, 2, …), plays each
// with all four seats at easy, then normal, then hard (the same deals
// for every level), reviews the seat hand mod 4 of each at the default
// precision (review seed 1) and requires the loss per decision to rank
// easy > normal > hard with easy's 95% interval apart from the other
// two. OKEY_GAME=classic or 101 runs one game.
func TestCalibration(t *testing.T) {
	hands := 160
	if s := os.Getenv("OKEY_HANDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 4 {
			t.Fatalf("OKEY_HANDS=%q: want a number from 4", s)
		}
		hands = n
	}
	levels := []string{"easy", "normal", "hard"}
	for _, g := range game.Kinds() {
		if want := os.Getenv("OKEY_GAME"); want != "" && want != string(g) {
			continue
		}
		var sum [3]coach.Summary
		for li, l := range levels {
			var ds []coach.Decision
			for h := range hands {
				seed, seat := uint64(h+1), h%4
				lv := [4]string{l, l, l, l}
				var got []coach.Decision
				var err error
				if g == game.Classic {
					got, err = coach.ReviewClassic(ctx, classicRecord(t, seed, lv), seat, 1, coach.Options{Seed: 1})
				} else {
					got, err = coach.Review101(ctx, record101(t, seed, lv), seat, 1, coach.Options{Seed: 1})
				}
				if err != nil {
					t.Fatalf("%s %s, hand %d: %v", g, l, h, err)
				}
				ds = append(ds, got...)
			}
			th := coach.ThresholdsClassic
			if g == game.Okey101 {
				th = coach.Thresholds101
			}
			sum[li] = coach.Summarise(g, 0, 0, ds, th)
			s := &sum[li]
			t.Logf("%s %-6s %d decisions: loss a decision %s (%s to %s), accuracy %.1f", g, l, s.Decisions, f3(s.LossPerDecision), f3(s.LossCI95[0]), f3(s.LossCI95[1]), s.Accuracy)
		}
		e, n, h := sum[0], sum[1], sum[2]
		if !(e.LossPerDecision > n.LossPerDecision && n.LossPerDecision > h.LossPerDecision) {
			t.Errorf("%s: loss a decision easy %v, normal %v, hard %v: not easy > normal > hard", g, e.LossPerDecision, n.LossPerDecision, h.LossPerDecision)
		}
		if e.LossCI95[0] <= math.Max(n.LossCI95[1], h.LossCI95[1]) {
			t.Errorf("%s: easy's interval %v reaches normal's %v or hard's %v", g, e.LossCI95, n.LossCI95, h.LossCI95)
		}
	}
}

func f3(x float64) string { return fmt.Sprintf("%.3f", x) }
