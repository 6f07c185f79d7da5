//go:build tune

package bots

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"okey/game"
)

// TestTune is the bench the levels are tuned on, not a test: it plays
// duplicate deals (every deal four times, the bots rotated through the
// seats, as okey sim does) between variants of the levels that okey sim
// cannot name, and is built only with the tune tag:
//
//	OKEY_TUNE='hard,normal,normal,normal;hard-def=0,normal,normal,normal' \
//	OKEY_HANDS=8000 go test -tags tune ./bots -run Tune -v -timeout 0
//
// A variant is a level with knobs after dashes (hard-def=0.2-look=1, see
// tuneSet). Each table (tables are separated by ';') is played on the same
// deals with the same bot seeds (OKEY_SEED, 1 by default), and the first
// bot's share of every table after the first is compared deal by deal
// with its share in the first: the Δ and its 95% interval. The level
// pimc is the bench's own search player (tune_pimc_test.go), and the one
// bot the bench shows the true state (to measure what seeing it is
// worth). OKEY_WORKERS sets the goroutines (2 by default). 8,000 hands
// of hard against normal take about 20 s on two cores and give an
// interval of about ±0.7 points.
func TestTune(t *testing.T) {
	spec := os.Getenv("OKEY_TUNE")
	if spec == "" {
		t.Skip("set OKEY_TUNE to the tables to play")
	}
	hands := 4000
	if s := os.Getenv("OKEY_HANDS"); s != "" {
		hands, _ = strconv.Atoi(s)
	}
	seed := uint64(1)
	if s := os.Getenv("OKEY_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	var base []int8
	for _, tab := range strings.Split(spec, ";") {
		names := strings.Split(tab, ",")
		if len(names) != game.NumSeats {
			t.Fatalf("%q: need four bots", tab)
		}
		t0 := time.Now()
		winners, err := tuneRun(names, hands, seed)
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%-40s %6.1fs", tab, time.Since(t0).Seconds())
		for j := range names {
			p, lo, hi := clusterShare(winners, j)
			line += fmt.Sprintf("  %5.1f%% [%4.1f,%4.1f]", 100*p, 100*lo, 100*hi)
		}
		if base == nil {
			base = winners
		} else {
			d, lo, hi := pairedDiff(winners, base, 0)
			line += fmt.Sprintf("  Δ%+5.2f%% [%+5.2f,%+5.2f]", 100*d, 100*lo, 100*hi)
		}
		t.Log(line)
	}
}

// tuneVariant builds the bot a tuning name stands for: a level, or a
// level with changes after a dash.
func tuneVariant(name string, seed uint64) (Bot, error) {
	level, mods, _ := strings.Cut(name, "-")
	var b Bot = newPimc(seed)
	if level != "pimc" {
		var err error
		if b, err = New(level, Options{Seed: seed, Think: 50 * time.Millisecond}); err != nil {
			return nil, err
		}
	}
	if mods == "" {
		return b, nil
	}
	for _, m := range strings.Split(mods, "-") {
		k, v, _ := strings.Cut(m, "=")
		x, _ := strconv.ParseFloat(v, 64)
		if err := tuneSet(b, k, x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return b, nil
}

func tuneRun(names []string, hands int, seed uint64) ([]int8, error) {
	winners := make([]int8, hands)
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := 2
	if s := os.Getenv("OKEY_WORKERS"); s != "" {
		workers, _ = strconv.Atoi(s)
		workers = max(workers, 1)
	}
	errs := make([]error, workers)
	for w := range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= hands || errs[w] != nil {
					return
				}
				winners[i], errs[w] = tuneHand(names, i, seed)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return winners, nil
}

func tuneHand(names []string, i int, seed uint64) (int8, error) {
	k, rot := i/game.NumSeats, i%game.NumSeats
	deal := game.NewSeed(seed*0x9e3779b97f4a7c15 + uint64(k))
	var seat [game.NumSeats]Bot
	var botOf [game.NumSeats]int
	for j, name := range names {
		b, err := tuneVariant(name, game.NewSeed(deal^uint64(j+1)*0xbf58476d1ce4e5b9))
		if err != nil {
			return -1, err
		}
		s := (j + rot) % game.NumSeats
		seat[s], botOf[s] = b, j
	}
	s, err := game.NewMatch(game.DefaultRules(), deal)
	if err != nil {
		return -1, err
	}
	ctx := context.Background()
	for s.Phase() == game.Playing && s.Moves() < 500 {
		who := s.Turn()
		if o, ok := seat[who].(interface{ see(game.State) }); ok {
			o.see(s)
		}
		a, err := seat[who].Decide(ctx, s.View(who))
		if err != nil {
			return -1, err
		}
		if s, _, err = s.Apply(a); err != nil {
			return -1, err
		}
	}
	if r := s.Result(); r != nil && r.Winner >= 0 {
		return int8(botOf[r.Winner]), nil
	}
	return -1, nil
}

// clusterShare is bot j's share of the won hands with a 95% interval
// that takes each deal's four hands as one cluster (as arena does).
func clusterShare(w []int8, j int) (p, lo, hi float64) {
	var won, dec, ss float64
	type cl struct{ w, n float64 }
	var cs []cl
	for s := 0; s+4 <= len(w); s += 4 {
		var c cl
		for _, x := range w[s : s+4] {
			if x >= 0 {
				c.n++
				if int(x) == j {
					c.w++
				}
			}
		}
		won += c.w
		dec += c.n
		cs = append(cs, c)
	}
	p = won / dec
	for _, c := range cs {
		r := c.w - p*c.n
		ss += r * r
	}
	m := float64(len(cs))
	se := math.Sqrt(m/(m-1)*ss) / dec
	return p, p - 1.96*se, p + 1.96*se
}

// pairedDiff is the difference of bot j's share between two runs on the
// same deals, with a 95% interval over deals.
func pairedDiff(a, b []int8, j int) (d, lo, hi float64) {
	var ds []float64
	var sum float64
	for s := 0; s+4 <= len(a); s += 4 {
		var x float64
		for i := s; i < s+4; i++ {
			if a[i] == int8(j) {
				x++
			}
			if b[i] == int8(j) {
				x--
			}
		}
		ds = append(ds, x)
		sum += x
	}
	n := float64(len(ds))
	mean := sum / n
	var ss float64
	for _, x := range ds {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	// per hand, as a share of the won hands (about 4 a deal)
	dec := 0.0
	for _, x := range a {
		if x >= 0 {
			dec++
		}
	}
	k := n / dec
	return mean * k, (mean - 1.96*se) * k, (mean + 1.96*se) * k
}
