package main

import (
	"context"
	"reflect"
	"testing"
)

// The need's samples depend on the seed alone and carry both kinds of
// truth; a reading that is the truth scores an AUC of 1 and a
// correlation of 1, its opposite 0 and −1.
func TestNeedData(t *testing.T) {
	ctx := context.Background()
	a, err := needData(ctx, 37, 12)
	if err != nil {
		t.Fatal(err)
	}
	b, err := needData(ctx, 37, 12)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) < 30 || !reflect.DeepEqual(a, b) {
		t.Fatalf("%d candidates, then %d (or they differ)", len(a), len(b))
	}
	outs := 0
	truth, opposite := make([]float64, len(a)), make([]float64, len(a))
	for i, s := range a {
		if s.In[needOne] != 1 {
			t.Fatalf("candidate %d: inputs %v", i, s.In)
		}
		truth[i] = b2f(s.Out)
		opposite[i] = -truth[i]
		if s.Out {
			outs++
		}
	}
	if outs == 0 || outs == len(a) {
		t.Fatalf("%d of %d candidates are outs", outs, len(a))
	}
	if g := auc(a, truth); g != 1 {
		t.Errorf("the truth's AUC %v", g)
	}
	if g := auc(a, opposite); g != 0 {
		t.Errorf("the opposite's AUC %v", g)
	}
	if r := needCorr(a, truth); r < 0.999 {
		t.Errorf("the truth's correlation %v", r)
	}
}
