//go:build tune

package botsclassic

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/game"
	"okey/game/classic"
)

// TestBound plays the tables of the full-sight bound's decomposition
// (docs/studies/classic-bound.md) as TestTune plays its tables, hands only, on
// the same deals with the same bot seeds, so that its hands are
// TestTune's hands: hand i of a table here is hand i of that table
// there. It differs in how it is scheduled and kept, for runs of hours
// on a shared machine that may have to be stopped:
//
//   - the units are (deal, table), deal first: at any moment every table
//     has played nearly the same deals, so a run stopped early still
//     compares them on the same deals;
//   - every finished hand is appended at once as a line to OKEY_OUT, so
//     a stopped run keeps what it played, and runs on other deals (or
//     with other tables) add to the same file;
//   - the first bot's searched discards are counted in the line (for
//     pimc: discards searched, overridden, and whose worlds knew more
//     than the view).
//
// OKEY_BOUND holds the tables (';' between tables, ',' between bots);
// OKEY_FROM is the first deal (0), OKEY_DEALS the number of deals;
// OKEY_SEED (1) and OKEY_WORKERS (2) as in TestTune:
//
//	OKEY_OUT=/tmp/bound/a.tsv OKEY_DEALS=250 \
//	OKEY_BOUND='normal,normal,normal,normal;pimc-cheat=7-n=64,normal,normal,normal' \
//	  go test -tags tune ./bots/botsclassic -run 'Bound$' -v -timeout 0
//
// TestBoundReport reads such files back; TestBoundSampled
// (tune_sampled_test.go) is this bench with the samplers of bots/rollout
// as pimc's sampler=K.
func TestBound(t *testing.T) { RunBound(t, BoundHooks{}) }

// BoundHooks is what a bench outside this package, which may import
// what imports this one, hands TestBound's bench: samplers for pimc's
// sampler=K (K from 1, in the order given) and the probe of pimc's
// probe=1 (TestBoundLogLoss).
type BoundHooks struct {
	Samplers []PimcWorlds
	Probe    PimcProbe
}

// RunBound is TestBound with the hooks h.
func RunBound(t *testing.T, h BoundHooks) {
	spec, out := os.Getenv("OKEY_BOUND"), os.Getenv("OKEY_OUT")
	if spec == "" || out == "" {
		t.Skip("set OKEY_BOUND to the tables and OKEY_OUT to the file")
	}
	env := func(k string, d int) int {
		if s := os.Getenv(k); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			return n
		}
		return d
	}
	from, deals, workers := env("OKEY_FROM", 0), env("OKEY_DEALS", 250), max(env("OKEY_WORKERS", 2), 1)
	seed := uint64(env("OKEY_SEED", 1))
	var tables [][]string
	for _, tab := range strings.Split(spec, ";") {
		names := strings.Split(tab, ",")
		if len(names) != classic.NumSeats {
			t.Fatalf("%q: need four bots", tab)
		}
		tables = append(tables, names)
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var mu sync.Mutex
	units := deals * len(tables) * classic.NumSeats
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	t0 := time.Now()
	for w := range workers {
		wg.Go(func() {
			for errs[w] == nil {
				u := int(next.Add(1) - 1)
				if u >= units {
					return
				}
				per := len(tables) * classic.NumSeats
				deal, tab, rot := from+u/per, u%per/classic.NumSeats, u%classic.NumSeats
				i := deal*classic.NumSeats + rot
				var o boundOutcome
				o, errs[w] = boundHand(tables[tab], i, seed, &h)
				if errs[w] != nil {
					return
				}
				mu.Lock()
				_, errs[w] = fmt.Fprintf(f, "%s\t%d\t%d\t%s\n", strings.Join(tables[tab], ","), seed, i, o)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d deals from %d, %d tables: %.0fs", deals, from, len(tables), time.Since(t0).Seconds())
}

// boundOutcome is a hand of TestBound: the first bot's outcome and, for
// pimc, its counts.
type boundOutcome struct {
	tuneOutcome
	pimcStats
}

func (o boundOutcome) String() string {
	s := fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%g\t%d\t%d\t%d\t%d\t%g\t%d\t%d\t%d\t%d\t%d",
		o.hands, o.decided, o.won, o.okey, o.pairs, o.net,
		o.searched, o.over, o.extra, o.worlds, o.moved, o.tried, o.took,
		o.found, o.lost, o.smoves)
	for _, x := range o.probe.fields() {
		s += fmt.Sprintf("\t%g", *x)
	}
	return s
}

// boundHand plays hand i of a table as tuneHand does (the same deal,
// seats and bot seeds), and tells every bot that watches the table
// each move made (the belief sampler reads the other seats' moves).
// h (nil: none) gives pimc its samplers and its probe.
func boundHand(names []string, i int, seed uint64, h *BoundHooks) (boundOutcome, error) {
	var o boundOutcome
	k, rot := i/classic.NumSeats, i%classic.NumSeats
	deal := game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
	var seat [classic.NumSeats]Bot
	var botOf [classic.NumSeats]int
	for j, name := range names {
		b, err := tuneVariant(name, game.NewSeed(deal^uint64(j+1)*0xbf58476d1ce4e5b9))
		if err != nil {
			return o, err
		}
		if p, ok := b.(*pimc); ok && h != nil {
			if p.sampler > 0 && p.sampler <= len(h.Samplers) {
				p.worlds = h.Samplers[p.sampler-1]
			}
			p.probeFn = h.Probe
		}
		s := (j + rot) % classic.NumSeats
		seat[s], botOf[s] = b, j
	}
	s, err := classic.NewMatch(classic.DefaultRules(), deal)
	if err != nil {
		return o, err
	}
	ctx := context.Background()
	for s.Phase() == game.Playing && s.Moves() < 500 {
		who := s.Turn()
		if b, ok := seat[who].(interface{ see(classic.State) }); ok {
			b.see(s)
		}
		a, err := seat[who].Decide(ctx, s.View(who))
		if err != nil {
			return o, err
		}
		for _, b := range seat {
			if b, ok := b.(interface {
				watch(classic.State, classic.Action)
			}); ok {
				b.watch(s, a)
			}
		}
		if s, _, err = s.Apply(a); err != nil {
			return o, err
		}
	}
	if r := s.Result(); r != nil {
		o.add(r, &botOf)
	} else {
		o.hands++ // stopped at the cap
	}
	for st, b := range seat {
		if p, ok := b.(*pimc); ok && botOf[st] == 0 {
			o.pimcStats = p.stats
		}
	}
	return o, nil
}

// TestBoundReport reads TestBound's files (OKEY_IN, comma-separated)
// and, for the tables of OKEY_BOUND ('|' between tables, in the order
// wanted), over the deals every one of them played in all four
// rotations: each table's first bot's share of the won hands and net
// points a hand with 95% intervals (a deal's four hands one cluster),
// its searched discards, then the difference of net points a hand of
// every pair of tables, deal by deal, with 95% intervals.
func TestBoundReport(t *testing.T) {
	in, spec := os.Getenv("OKEY_IN"), os.Getenv("OKEY_BOUND")
	if in == "" || spec == "" {
		t.Skip("set OKEY_IN to the files and OKEY_BOUND to the tables")
	}
	tabs := strings.Split(spec, "|")
	got, deals := readBound(t, in, tabs)
	out := make([][]tuneOutcome, len(tabs))
	for j := range tabs {
		var st pimcStats
		for _, i := range deals {
			for r := range classic.NumSeats {
				o := got[j][i+r]
				out[j] = append(out[j], o.tuneOutcome)
				st.searched += o.searched
				st.over += o.over
				st.extra += o.extra
				st.worlds += o.worlds
				st.moved += o.moved
				st.tried += o.tried
				st.took += o.took
				st.found += o.found
				st.lost += o.lost
				st.smoves += o.smoves
			}
		}
		p, lo, hi := clusterMean(out[j], tuneWon)
		m, mlo, mhi := clusterMean(out[j], tuneNet)
		line := fmt.Sprintf("%-2d %-52s %5d hands  share %5.1f%% [%4.1f,%4.1f]  net %+.3f [%+.3f,%+.3f]",
			j, tabs[j], len(out[j]), 100*p, 100*lo, 100*hi, m, mlo, mhi)
		if st.searched > 0 {
			line += fmt.Sprintf("  searched %d overridden %d (%.1f%%) extra %d", st.searched, st.over,
				100*float64(st.over)/float64(st.searched), st.extra)
		}
		if st.worlds > 0 {
			line += fmt.Sprintf("  moved %.3f", st.moved/float64(st.worlds))
		}
		if st.tried > 0 {
			line += fmt.Sprintf("  chain moves %d accepted %.1f%%", st.tried, 100*float64(st.took)/float64(st.tried))
		}
		if st.found+st.lost > 0 {
			line += fmt.Sprintf("  starts found %d lost %d (search %.0f moves a decision)", st.found, st.lost,
				float64(st.smoves)/float64(st.found+st.lost))
		}
		t.Log(line)
	}
	for a := range tabs {
		for b := range a {
			d, lo, hi := pairedDiff(out[a], out[b], tuneNet)
			t.Logf("Δnet %2d − %2d  %+.3f [%+.3f,%+.3f]", a, b, d, lo, hi)
		}
	}
}

// readBound reads the lines of TestBound's files in (comma-separated)
// of the tables tabs: got[j][i] is hand i of table j; deals are the
// first hands of the deals every table played in all four rotations.
func readBound(t *testing.T, in string, tabs []string) (got []map[int]boundOutcome, deals []int) {
	t.Helper()
	got = make([]map[int]boundOutcome, len(tabs))
	for j := range got {
		got[j] = map[int]boundOutcome{}
	}
	for _, name := range strings.Split(in, ",") {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Split(sc.Text(), "\t")
			if len(fs) < 14 {
				continue
			}
			j := -1
			for x, tab := range tabs {
				if tab == fs[0] {
					j = x
				}
			}
			if j < 0 {
				continue
			}
			var o boundOutcome
			n := func(x int) int { v, _ := strconv.Atoi(fs[x]); return v }
			g := func(x int) float64 { v, _ := strconv.ParseFloat(fs[x], 64); return v }
			i := n(2)
			o.hands, o.decided, o.won, o.okey, o.pairs, o.net = n(3), n(4), n(5), n(6), n(7), g(8)
			o.searched, o.over, o.extra, o.worlds, o.moved = n(9), n(10), n(11), n(12), g(13)
			if len(fs) >= 16 {
				o.tried, o.took = n(14), n(15)
			}
			if len(fs) >= 19 {
				o.found, o.lost, o.smoves = n(16), n(17), n(18)
			}
			for k, x := range o.probe.fields() {
				if 19+k < len(fs) {
					*x = g(19 + k)
				}
			}
			got[j][i] = o
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range got[0] {
		if i%classic.NumSeats != 0 {
			continue
		}
		whole := true
		for j := range got {
			for r := range classic.NumSeats {
				if _, ok := got[j][i+r]; !ok {
					whole = false
				}
			}
		}
		if whole {
			deals = append(deals, i)
		}
	}
	sort.Ints(deals)
	if len(deals) < 2 {
		t.Fatalf("%d deals played by every table", len(deals))
	}
	return got, deals
}
