package meld

import "testing"

// TestWorthIsTheOpeningsValue: an opening's melds are worth its Value,
// on dealt racks, and no melds are worth nothing.
func TestWorthIsTheOpeningsValue(t *testing.T) {
	if w := Worth(nil); w != 0 {
		t.Fatalf("no melds are worth %d", w)
	}
	var sv Solver
	opened := 0
	for i, r := range dealtBench(3, 22) {
		o := sv.BestOpening(r.a, r.c)
		if w := Worth(o.Melds); w != o.Value {
			t.Fatalf("rack %d: the opening's melds are worth %d, its value %d", i, w, o.Value)
		}
		if len(o.Melds) > 0 {
			opened++
		}
	}
	if opened == 0 {
		t.Fatal("no rack made a meld: the test checks nothing")
	}
}
