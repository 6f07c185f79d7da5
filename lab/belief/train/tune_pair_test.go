//go:build tune

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestPairHandLoss pairs the held-out log-loss a hand of runs the
// trainer wrote with -hand-loss (OKEY_HANDLOSS=name=path,…, the first
// the base), as docs/studies/classic-belief.md ("Features, measured") compares
// feature sets: each run's log-loss a cell against the uniform
// reading's, and its difference from the first run's, in points of the
// uniform reading's loss, with 95% intervals that count a hand as a
// cluster. The runs must be of the same held-out hands (their uniform
// sums agree).
//
//	OKEY_HANDLOSS=base=/tmp/a.json,new=/tmp/b.json go -C lab test -tags tune \
//	  -run PairHandLoss -v ./belief/train
func TestPairHandLoss(t *testing.T) {
	spec := os.Getenv("OKEY_HANDLOSS")
	if spec == "" {
		t.Skip("OKEY_HANDLOSS not set")
	}
	var runs []handLoss
	var names []string
	for _, kv := range strings.Split(spec, ",") {
		name, path, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("OKEY_HANDLOSS: %q is not name=path", kv)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var h handLoss
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(runs) > 0 {
			if h.Seed != runs[0].Seed || h.Cells != runs[0].Cells || len(h.Uniform) != len(runs[0].Uniform) {
				t.Fatalf("%s: other held-out hands (seed %d, %d cells) than %s's (seed %d, %d cells)", name, h.Seed, h.Cells, names[0], runs[0].Seed, runs[0].Cells)
			}
			for i, u := range h.Uniform {
				if d := u - runs[0].Uniform[i]; d > 1e-9 || d < -1e-9 {
					t.Fatalf("%s: hand %d's uniform log-loss %v, %s's %v: not the same cells", name, i, u, names[0], runs[0].Uniform[i])
				}
			}
		}
		runs, names = append(runs, h), append(names, name)
	}
	base := runs[0]
	fmt.Printf("Held out: %d hands (seed %d), %d cells; uniform %.5f a cell. 95%% intervals, a hand a cluster.\n\n",
		len(base.Uniform), base.Seed, base.Cells, sum(base.Uniform)/float64(base.Cells))
	fmt.Println("| run | features | log-loss a cell | vs uniform | vs " + names[0] + " (points of uniform's loss) |")
	fmt.Println("| --- | --- | --- | --- | --- |")
	for i, h := range runs {
		r, lo, hi := ratioCI(h.Trained, h.Uniform, h.Uniform)
		d, dlo, dhi := ratioCI(h.Trained, base.Trained, base.Uniform)
		fmt.Printf("| %s | %d | %.5f | %+.2f%% (%+.2f to %+.2f) | %+.3f (%+.3f to %+.3f) |\n",
			names[i], h.Features, sum(h.Trained)/float64(h.Cells), 100*r, 100*lo, 100*hi, 100*d, 100*dlo, 100*dhi)
	}
}
