//go:build tune

package door

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

var churnSpells = flag.Int("churn.spells", 60, "TestChurnRounds: how many quiet spells")

// TestChurnRounds churns a cluster for many quiet spells (one to three
// changes each, so that each spell measures the convergence after a
// change or two) and reports how long after the last change every node
// agreed, by the kind of change:
//
//	go test -tags tune ./door -run TestChurnRounds -v -args -churn.spells=200
//
// A spell's convergence after a node's crash includes the takeover of
// its tables (the lease's TTL, 1 s here); after a player's change it is
// the lobby's alone.
func TestChurnRounds(t *testing.T) {
	spells := runChurn(t, churnRound{spells: *churnSpells, burst: 3, players: 6, converge: time.Minute})
	t.Logf("convergence after the last change of a burst:\n%s", spellStats(spells))
	for i, s := range spells {
		if s.took > 2*time.Second {
			t.Logf("spell %d took %v (%s): %s", i+1, s.took.Round(time.Millisecond), s.kind, s.why)
		}
	}
}

// spellStats summarizes the quiet spells' convergence times.
func spellStats(spells []churnSpell) string {
	var all []time.Duration
	by := map[string][]time.Duration{}
	for _, s := range spells {
		all = append(all, s.took)
		by[s.kind] = append(by[s.kind], s.took)
	}
	var b strings.Builder
	q := func(name string, ds []time.Duration) {
		slices.Sort(ds)
		at := func(p float64) time.Duration {
			return ds[min(len(ds)-1, int(p*float64(len(ds))))].Round(10 * time.Millisecond)
		}
		over := 0
		for _, x := range ds {
			if x > 2*time.Second {
				over++
			}
		}
		fmt.Fprintf(&b, "%s: %d spells, median %v, p90 %v, worst %v, over 2 s: %d\n", name, len(ds), at(0.5), at(0.9), ds[len(ds)-1].Round(10*time.Millisecond), over)
	}
	q("all", all)
	var kinds []string
	for k := range by {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		q("after "+k, by[k])
	}
	return b.String()
}
