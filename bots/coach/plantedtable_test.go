//go:build tune

package coach

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPlantedTable judges OKEY_PLANTED (default 20) planted errors of
// each kind, with their controls, on review seeds 1, 2 and 3 at the
// review's defaults, and prints the table docs/studies/review-judge.md gives:
//
//	OKEY_PLANTED=20 nice -n 10 go test -tags tune ./bots/coach -run PlantedTable -v -timeout 0
func TestPlantedTable(t *testing.T) {
	t.Parallel()
	want := 20
	if s := os.Getenv("OKEY_PLANTED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("OKEY_PLANTED=%q: want a number of cases from 1", s)
		}
		want = n
	}
	ps := append(plantsClassic(t, want), plants101(t, want)...)
	ps = append(ps, plantsHeld(t)...)
	seeds := []uint64{1, 2, 3}
	tallies := make([]map[string]*plantRow, len(seeds))
	labels := make([][]Label, len(seeds))
	for i, s := range seeds {
		var misses []string
		tallies[i], misses, labels[i] = tallyPlants(t, ps, s)
		for _, m := range misses {
			t.Log(m)
		}
	}
	// How stable the labels are between seeds: the same label, and the
	// same answer to "flagged or not", for each pair of seeds.
	for _, errs := range []bool{true, false} {
		same, flag, n := 0, 0, 0
		for i := range seeds {
			for j := i + 1; j < len(seeds); j++ {
				for k, p := range ps {
					if (p.kind != kindControl) != errs {
						continue
					}
					n++
					if labels[i][k] == labels[j][k] {
						same++
					}
					if Flagged(labels[i][k]) == Flagged(labels[j][k]) {
						flag++
					}
				}
			}
		}
		what := "planted errors"
		if !errs {
			what = "controls"
		}
		fmt.Printf("%s, pairs of seeds: %d, the same label %d (%.1f%%), flagged or not alike %d (%.1f%%)\n",
			what, n, same, 100*float64(same)/float64(n), flag, 100*float64(flag)/float64(n))
	}
	var keys []string
	for k := range tallies[0] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fmt.Println("| kind | cases | seed 1 | seed 2 | seed 3 | good on any seed |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for _, k := range keys {
		line := fmt.Sprintf("| %s | %d |", k, tallies[0][k].n)
		good := 0
		for i := range seeds {
			r := tallies[i][k]
			if r == nil {
				r = &plantRow{}
			}
			if strings.HasSuffix(k, ")") {
				line += fmt.Sprintf(" %d flagged |", r.flagged)
			} else {
				line += fmt.Sprintf(" %d caught (%.0f%%) |", r.caught, 100*float64(r.caught)/float64(r.n))
			}
			good += r.good
		}
		line += fmt.Sprintf(" %d |", good)
		fmt.Println(line)
	}
}
