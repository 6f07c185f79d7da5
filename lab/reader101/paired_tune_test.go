//go:build tune

package reader101

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"okey/game"
	"okey/game/okey101"
)

// matchOf is how the one bot of a match not named "normal" did, read
// back from the match's record by replaying it.
type matchOf struct {
	won, tied bool
	// net is the other three's mean match total less the bot's, a hand
	// (higher is better, as okey sim's vs others with its sign turned).
	net float64
}

// readMatch replays one record of okey sim --record.
func readMatch(path string) (matchOf, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return matchOf{}, err
	}
	r, err := okey101.ParseRecord(b)
	if err != nil {
		return matchOf{}, err
	}
	seat := -1
	for s := range okey101.NumSeats {
		if r.Meta[fmt.Sprintf("seat%d", s)] != "normal" {
			seat = s
		}
	}
	if seat < 0 {
		return matchOf{}, fmt.Errorf("%s: no seat other than normal", path)
	}
	s, err := okey101.NewMatch(r.Rules, r.Seed)
	if err != nil {
		return matchOf{}, err
	}
	for _, a := range r.Actions {
		if s, _, err = s.Apply(a); err != nil {
			return matchOf{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	m := s.MatchResult()
	if m == nil || m.Hands == 0 {
		return matchOf{}, fmt.Errorf("%s: the match is not over", path)
	}
	others := 0.0
	for o := range okey101.NumSeats {
		if o != seat {
			others += float64(m.Totals[o])
		}
	}
	return matchOf{won: m.Outcome[seat] == game.OutcomeWon, tied: m.Outcome[seat] == game.OutcomeTied,
		net: (others/3 - float64(m.Totals[seat])) / float64(m.Hands)}, nil
}

// readDir reads every match of a --record directory, by its number.
func readDir(t *testing.T, dir string) map[int]matchOf {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "match-*.okey"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no matches (%v)", dir, err)
	}
	out := map[int]matchOf{}
	for _, f := range files {
		var i int
		if _, err := fmt.Sscanf(filepath.Base(f), "match-%d.okey", &i); err != nil {
			t.Fatal(err)
		}
		m, err := readMatch(f)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = m
	}
	return out
}

// meanCI is the mean of xs and the half width of its 95% interval.
func meanCI(xs []float64) (mean, half float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.96 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
}

// cluster is one match seed's four rotations: A's and B's share of
// them won and mean net points a hand.
type cluster struct{ wa, wb, na, nb float64 }

// clusters pairs the matches of two --record directories of runs with
// the same seed: the clusters of four rotations both played whole.
func clusters(t *testing.T, da, db string) []cluster {
	t.Helper()
	a, b := readDir(t, da), readDir(t, db)
	var ks []int
	for k := range a {
		if k%4 == 0 {
			ks = append(ks, k/4)
		}
	}
	sort.Ints(ks)
	var cls []cluster
	for _, k := range ks {
		var c cluster
		whole := true
		for r := range 4 {
			ma, oka := a[4*k+r]
			mb, okb := b[4*k+r]
			if !oka || !okb {
				whole = false
				break
			}
			if ma.won {
				c.wa += 0.25
			}
			if mb.won {
				c.wb += 0.25
			}
			c.na += ma.net / 4
			c.nb += mb.net / 4
		}
		if whole {
			cls = append(cls, c)
		}
	}
	return cls
}

// TestPairedRecords sets runs of okey sim --game 101 --record side by
// side, for the study (docs/studies/belief-101.md): OKEY_A and OKEY_B name
// their record directories (several, comma-separated, one a seed, in
// the same order), each run with one bot other than normal. The runs of
// one seed play the same deals, so their matches are paired; a match
// seed's four rotations are one cluster. It reports each side's share
// of matches won and net points a hand (the other three's less its
// own) with their intervals over the clusters, and the difference
// A − B paired cluster by cluster.
//
//	OKEY_A=/tmp/read.rec OKEY_B=/tmp/hard.rec go -C lab test -tags tune ./reader101 -run PairedRecords -v
func TestPairedRecords(t *testing.T) {
	da, db := os.Getenv("OKEY_A"), os.Getenv("OKEY_B")
	if da == "" || db == "" {
		t.Skip("OKEY_A and OKEY_B name the record directories")
	}
	as, bs := strings.Split(da, ","), strings.Split(db, ",")
	if len(as) != len(bs) {
		t.Fatalf("%d directories for A, %d for B", len(as), len(bs))
	}
	var cls []cluster
	for d := range as {
		cls = append(cls, clusters(t, as[d], bs[d])...)
	}
	if len(cls) < 2 {
		t.Fatalf("%d whole clusters", len(cls))
	}
	col := func(f func(cluster) float64) []float64 {
		var xs []float64
		for _, c := range cls {
			xs = append(xs, f(c))
		}
		return xs
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d matches (%d clusters of four rotations)\n", 4*len(cls), len(cls))
	for _, r := range []struct {
		what string
		f    func(cluster) float64
		unit float64
	}{
		{"A: matches won (%)", func(c cluster) float64 { return c.wa }, 100},
		{"B: matches won (%)", func(c cluster) float64 { return c.wb }, 100},
		{"A − B: matches won (points of %)", func(c cluster) float64 { return c.wa - c.wb }, 100},
		{"A: net a hand", func(c cluster) float64 { return c.na }, 1},
		{"B: net a hand", func(c cluster) float64 { return c.nb }, 1},
		{"A − B: net a hand", func(c cluster) float64 { return c.na - c.nb }, 1},
	} {
		m, h := meanCI(col(r.f))
		fmt.Fprintf(&sb, "%-34s %+8.2f (%+.2f to %+.2f)\n", r.what, r.unit*m, r.unit*(m-h), r.unit*(m+h))
	}
	t.Logf("A %s\nB %s\n%s", da, db, sb.String())
}
