//go:build tune

package tables

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"okey/bots/decide101"
	"okey/game"
	"okey/game/okey101"
)

// This file measures how often a served 101 expert plays hard's move
// because no search slot came free within searchWait: N tables play at
// once, every seat an expert, each asking its bot as its turn comes
// (as asker.turn does) through searchSlot with the node's slots and
// the server's bot delay between a turn's start and the next, the
// longer of the delay and the bot's answer. It counts the decisions,
// those that fell back to hard, and those whose answer came after the
// delay (whose timing still shows). Every seat an expert is the worst
// case: at a real table people's turns take no slot.
//
//	go test -tags tune -run 'ExpertUnderLoad$' -v -timeout 0 ./server/tables
//
// OKEY_TABLES (default 1,2,4,8,16,32), OKEY_FOR (how long each count
// plays, default 60s), OKEY_SLOTS (default as okey serve: half the
// cores, at least one), OKEY_DELAY (default 700ms, okey serve's).

// loadStats are what the tables measured.
type loadStats struct {
	mu       sync.Mutex
	took     []time.Duration
	late     int
	failed   int
	hardRuns int
}

func (s *loadStats) add(d, delay time.Duration, hard bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.took = append(s.took, d)
	if hard {
		s.hardRuns++
	}
	if d > delay {
		s.late++
	}
	if err != nil {
		s.failed++
	}
}

// playLoaded plays 101 matches with four experts until ctx ends.
func playLoaded(ctx context.Context, t *testing.T, seed uint64, slots chan struct{}, delay time.Duration, s *loadStats) {
	newRef := func() *referee101 {
		g, err := okey101.NewGame(okey101.DefaultRules(), seed, nil)
		if err != nil {
			t.Error(err)
			return nil
		}
		seed += 1000
		return newReferee101(g)
	}
	ref := newRef()
	for ref != nil && ctx.Err() == nil {
		stg, seat := ref.Stage()
		switch stg {
		case stHandOver:
			if err := ref.NextHand(); err != nil {
				t.Error(err)
				return
			}
			continue
		case stMatchOver:
			ref = newRef()
			continue
		}
		t0 := time.Now()
		qctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		mv, err := searchSlot(ref, string(game.Okey101), decide101.Expert, seat, seed, slots, searchWait)(qctx)
		cancel()
		took := time.Since(t0)
		h, hard := mv.(hardInstead)
		if hard {
			mv = h.move
		}
		s.add(took, delay, hard, err)
		if err != nil {
			var ok bool
			if mv, ok = ref.PlainMove(seat); !ok {
				t.Error("no plain move")
				return
			}
		}
		if _, err := ref.Apply(seat, mv); err != nil {
			t.Error(err)
			return
		}
		if took < delay {
			select {
			case <-time.After(delay - took):
			case <-ctx.Done():
			}
		}
	}
}

func TestExpertUnderLoad(t *testing.T) {
	counts := []int{1, 2, 4, 8, 16, 32}
	if v := os.Getenv("OKEY_TABLES"); v != "" {
		counts = counts[:0]
		for f := range strings.SplitSeq(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 {
				t.Fatalf("OKEY_TABLES: %q", v)
			}
			counts = append(counts, n)
		}
	}
	dur := func(name string, def time.Duration) time.Duration {
		if v := os.Getenv(name); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return d
		}
		return def
	}
	span, delay := dur("OKEY_FOR", time.Minute), dur("OKEY_DELAY", 700*time.Millisecond)
	nslots := max(1, runtime.NumCPU()/2)
	if v := os.Getenv("OKEY_SLOTS"); v != "" {
		var err error
		if nslots, err = strconv.Atoi(v); err != nil || nslots < 1 {
			t.Fatalf("OKEY_SLOTS: %q", v)
		}
	}
	t.Logf("%d cores, %d search slots, bot delay %v, %v a count", runtime.NumCPU(), nslots, delay, span)
	t.Logf("%6s %9s %11s %9s %9s %9s %9s %7s", "tables", "decisions", "hard's move", "after delay", "p50", "p90", "p99", "failed")
	for _, n := range counts {
		slots := make(chan struct{}, nslots)
		ctx, cancel := context.WithTimeout(context.Background(), span)
		var s loadStats
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { playLoaded(ctx, t, uint64(1+i), slots, delay, &s) })
		}
		wg.Wait()
		cancel()
		slices.Sort(s.took)
		q := func(p float64) time.Duration { return s.took[min(len(s.took)-1, int(p*float64(len(s.took))))] }
		d := len(s.took)
		pct := func(k int64) string { return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(d)) }
		t.Logf("%6d %9d %11s %9s %9v %9v %9v %7d", n, d, pct(int64(s.hardRuns)), pct(int64(s.late)),
			q(0.5).Round(time.Millisecond), q(0.9).Round(time.Millisecond), q(0.99).Round(time.Millisecond), s.failed)
	}
}
