//go:build tune

package arenaclassic_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"okey/bots/arenaclassic"
	"okey/game/classic"
)

// TestPaired compares the first bot of two or more runs of okey sim on
// the same deals, hand by hand: each run's --record directory (OKEY_RUNS,
// comma-separated, the first the baseline) holds one record a hand,
// hand i of deal i/4 with the bots rotated i%4 seats, and runs with the
// same --seed and the same bots but the first deal the same hands (the
// deals and the other bots' seeds depend on the seed and the hand's
// number alone). For each run after the first it reports the first
// bot's net points a hand less the baseline's over the deals both
// played in all four rotations, with a 95% interval taking a deal's
// four hands as one cluster, as okey sim does. Several directories of
// one run (a run resumed in pieces with distinct --seed) are joined
// with '+': their hands are told apart by directory.
//
//	okey sim --bots hard,normal,normal,normal --hands 400 --seed 21 --record /tmp/h21
//	okey sim --bots search,normal,normal,normal --hands 400 --seed 21 --record /tmp/s21
//	OKEY_RUNS=/tmp/h21,/tmp/s21 go -C lab test -tags tune ./arenaclassic -run Paired -v
func TestPaired(t *testing.T) {
	spec := os.Getenv("OKEY_RUNS")
	if spec == "" {
		t.Skip("OKEY_RUNS not set")
	}
	var runs []map[string]float64 // deal key → the first bot's net over its hands, by hand key
	var names []string
	for _, run := range strings.Split(spec, ",") {
		nets := map[string]float64{}
		for _, dir := range strings.Split(run, "+") {
			files, err := filepath.Glob(filepath.Join(dir, "hand-*.okey"))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				net, err := firstBotNet(f)
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				nets[dir+"|"+filepath.Base(f)] = net
			}
		}
		runs = append(runs, nets)
		names = append(names, run)
	}
	base := runs[0]
	for r := 1; r < len(runs); r++ {
		// deal → sum of differences, count of hands
		type acc struct {
			d, a, b float64
			n       int
		}
		deals := map[string]*acc{}
		for key, bn := range base {
			rn, ok := runs[r][pairKey(key, names[0], names[r])]
			if !ok {
				continue
			}
			dk := dealKey(key)
			if deals[dk] == nil {
				deals[dk] = &acc{}
			}
			deals[dk].d += rn - bn
			deals[dk].a += bn
			deals[dk].b += rn
			deals[dk].n++
		}
		var ds, as, bs []float64
		keys := make([]string, 0, len(deals))
		for k := range deals {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if a := deals[k]; a.n == classic.NumSeats {
				ds = append(ds, a.d/classic.NumSeats)
				as = append(as, a.a/classic.NumSeats)
				bs = append(bs, a.b/classic.NumSeats)
			}
		}
		m, h := meanHalf(ds)
		ma, ha := meanHalf(as)
		mb, hb := meanHalf(bs)
		t.Logf("%s vs %s: %d whole deals (%d hands): baseline %+.3f (%+.3f to %+.3f), run %+.3f (%+.3f to %+.3f), difference %+.3f (%+.3f to %+.3f)",
			names[r], names[0], len(ds), classic.NumSeats*len(ds), ma, ma-ha, ma+ha, mb, mb-hb, mb+hb, m, m-h, m+h)
	}
}

// pairKey is the key in run b of the hand whose key in run a is key:
// the same file in the directory at the same place of b's list.
func pairKey(key, a, b string) string {
	dir, file, _ := strings.Cut(key, "|")
	ad, bd := strings.Split(a, "+"), strings.Split(b, "+")
	for i, d := range ad {
		if d == dir && i < len(bd) {
			return bd[i] + "|" + file
		}
	}
	return ""
}

// dealKey is the deal of a hand's key: its directory and number / 4.
func dealKey(key string) string {
	dir, file, _ := strings.Cut(key, "|")
	var i int
	if _, err := fmt.Sscanf(file, "hand-%d.okey", &i); err != nil {
		return key
	}
	return fmt.Sprintf("%s|%d", dir, i/classic.NumSeats)
}

// firstBotNet replays a hand's record and returns the net points of the
// first bot of the run: in hand i it sits in seat i%4.
func firstBotNet(path string) (float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return 0, err
	}
	g, err := rec.Replay()
	if err != nil {
		return 0, err
	}
	var i int
	if _, err := fmt.Sscanf(filepath.Base(path), "hand-%d.okey", &i); err != nil {
		return 0, err
	}
	r := g.State().Result()
	if r == nil {
		return 0, nil // stopped at the cap: nobody scores
	}
	var lost [classic.NumSeats]float64
	for s := range lost {
		lost[s] = float64(r.Lost[s])
	}
	return arenaclassic.NetOf(&lost)[i%classic.NumSeats], nil
}

func meanHalf(xs []float64) (m, h float64) {
	n := float64(len(xs))
	if n < 2 {
		return 0, math.Inf(1)
	}
	for _, x := range xs {
		m += x
	}
	m /= n
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return m, 1.96 * math.Sqrt(ss/(n-1)/n)
}

// matchShare is how the one bot of a match record not named "normal"
// did: its share of the match's win (top two) and of first place, as
// okey sim counts them (MatchShares), and its net points a hand over
// the match (the other three's mean lost less its own).
type matchShare struct{ win, first, net float64 }

// readMatchShare replays one match record of okey sim --matches --record.
func readMatchShare(path string) (matchShare, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return matchShare{}, err
	}
	rec, err := classic.ParseRecord(b)
	if err != nil {
		return matchShare{}, err
	}
	seat := -1
	for s := range classic.NumSeats {
		if rec.Meta[fmt.Sprintf("seat%d", s)] != "normal" {
			seat = s
		}
	}
	if seat < 0 {
		return matchShare{}, fmt.Errorf("no seat other than normal")
	}
	g, err := rec.Replay()
	if err != nil {
		return matchShare{}, err
	}
	m := g.State().MatchResult()
	if m == nil || m.Hands == 0 {
		return matchShare{}, fmt.Errorf("the match is not over")
	}
	win, first := arenaclassic.MatchShares(m, rec.Rules)
	// Scores count down: a seat's points lost are what it fell by.
	var lost [classic.NumSeats]float64
	for s := range lost {
		lost[s] = -float64(m.Scores[s])
	}
	net := arenaclassic.NetOf(&lost)[seat] / float64(m.Hands)
	return matchShare{win: win[seat], first: first[seat], net: net}, nil
}

// TestPairedMatches sets two runs of okey sim --matches --record on the
// same seed side by side (OKEY_A and OKEY_B, the record directories,
// each run with one bot other than normal), for the study
// (docs/studies/classic-belief.md): match k of both runs is the same deals and
// bot seeds, and a match seed's four rotations (matches 4j to 4j+3) are
// one cluster. It reports each side's share of matches won (top two),
// of first places and net points a hand, and A − B paired cluster by
// cluster, with 95% intervals over the clusters.
//
//	okey sim --bots hard,normal,normal,normal --matches 400 --seed 66 --record /tmp/h
//	okey sim --bots search,normal,normal,normal --matches 400 --seed 66 --record /tmp/s
//	OKEY_A=/tmp/s OKEY_B=/tmp/h go -C lab test -tags tune ./arenaclassic -run PairedMatches -v
func TestPairedMatches(t *testing.T) {
	da, db := os.Getenv("OKEY_A"), os.Getenv("OKEY_B")
	if da == "" || db == "" {
		t.Skip("OKEY_A and OKEY_B name the record directories")
	}
	read := func(dir string) map[int]matchShare {
		files, err := filepath.Glob(filepath.Join(dir, "match-*.okey"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no matches (%v)", dir, err)
		}
		out := map[int]matchShare{}
		for _, f := range files {
			var i int
			if _, err := fmt.Sscanf(filepath.Base(f), "match-%d.okey", &i); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			m, err := readMatchShare(f)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out[i] = m
		}
		return out
	}
	a, b := read(da), read(db)
	// per cluster: A's and B's win, first and net, each the mean of four
	var cols [6][]float64
	for k := 0; ; k++ {
		var c [6]float64
		whole := true
		for r := range classic.NumSeats {
			ma, oka := a[classic.NumSeats*k+r]
			mb, okb := b[classic.NumSeats*k+r]
			if !oka || !okb {
				whole = false
				break
			}
			for i, x := range [6]float64{ma.win, mb.win, ma.first, mb.first, ma.net, mb.net} {
				c[i] += x / classic.NumSeats
			}
		}
		if !whole {
			break
		}
		for i := range c {
			cols[i] = append(cols[i], c[i])
		}
	}
	n := len(cols[0])
	if n < 2 {
		t.Fatalf("%d whole clusters", n)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d matches (%d clusters of four rotations)\n", classic.NumSeats*n, n)
	diff := func(x, y []float64) []float64 {
		d := make([]float64, len(x))
		for i := range x {
			d[i] = x[i] - y[i]
		}
		return d
	}
	for _, r := range []struct {
		what string
		xs   []float64
		unit float64
	}{
		{"A: matches won, top two (%)", cols[0], 100},
		{"B: matches won, top two (%)", cols[1], 100},
		{"A − B: top two (points of %)", diff(cols[0], cols[1]), 100},
		{"A: first places (%)", cols[2], 100},
		{"B: first places (%)", cols[3], 100},
		{"A − B: first (points of %)", diff(cols[2], cols[3]), 100},
		{"A: net a hand", cols[4], 1},
		{"B: net a hand", cols[5], 1},
		{"A − B: net a hand", diff(cols[4], cols[5]), 1},
	} {
		m, h := meanHalf(r.xs)
		fmt.Fprintf(&sb, "%-30s %+8.3f (%+.3f to %+.3f)\n", r.what, r.unit*m, r.unit*(m-h), r.unit*(m+h))
	}
	t.Logf("A %s\nB %s\n%s", da, db, sb.String())
}
