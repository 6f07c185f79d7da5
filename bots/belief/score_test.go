package belief

import (
	"math"
	"testing"
)

// TestCountChances: the chances of 0, 1 or 2 copies add up to 1 and are
// Reading.Count's binomial.
func TestCountChances(t *testing.T) {
	for _, u := range []uint8{1, 2} {
		for _, p := range []float64{0, 0.1, 0.37, 1} {
			pr := CountChances(p, u)
			if s := pr[0] + pr[1] + pr[2]; math.Abs(s-1) > 1e-12 {
				t.Errorf("p %v u %d: the chances add up to %v", p, u, s)
			}
			for k := range int(u) + 1 {
				var r Reading
				r.Unseen[5], r.P[0][5] = u, p
				if got := r.Count(0, 5, k); math.Abs(got-pr[k]) > 1e-12 {
					t.Errorf("p %v u %d k %d: %v, Reading.Count %v", p, u, k, pr[k], got)
				}
			}
		}
	}
	if l := CellLoss(0.25, 2, 1); math.Abs(l+math.Log(2*0.25*0.75)) > 1e-12 {
		t.Errorf("CellLoss(0.25, 2, 1) = %v", l)
	}
	if l := CellLoss(0, 1, 1); math.Abs(l+math.Log(1e-12)) > 1e-9 {
		t.Errorf("CellLoss(0, 1, 1) = %v, want the floor's", l)
	}
}

// TestFrequencies: the worlds' counts with half a copy added to each
// place with slots, over what the worlds placed; the chances of the
// live places add up to 1.
func TestFrequencies(t *testing.T) {
	// 4 worlds, 2 copies: 8 placed, 3 in the next rack, 0 across, 1 in
	// the previous rack, so 4 in the wall; the one across has no slots.
	q := Frequencies([Opponents]float64{3, 0, 1}, 4, 2, [Places]int{5, 0, 4, 20})
	want := [Places]float64{3.5 / 9.5, 0, 1.5 / 9.5, 4.5 / 9.5}
	sum := 0.0
	for pl := range Places {
		if math.Abs(q[pl]-want[pl]) > 1e-12 {
			t.Errorf("place %d: %v, want %v", pl, q[pl], want[pl])
		}
		sum += q[pl]
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("the chances add up to %v", sum)
	}
}
