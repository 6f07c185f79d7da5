package arenastat

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The workers' histograms merge into one a bot, and a bot's figures are
// its histogram's.
func TestMergeTimes(t *testing.T) {
	workers := make([][Seats]TimeHist, 3)
	for w := range workers {
		for j := range Seats {
			for range j + 1 { // bot j decides j+1 times a worker, in (w+1) ms
				workers[w][j].Add(time.Duration(w+1) * time.Millisecond)
			}
		}
	}
	all := MergeTimes(workers)
	for j := range Seats {
		d := all[j].Times()
		if d.Decisions != 3*(j+1) {
			t.Errorf("bot %d: %d decisions, want %d", j, d.Decisions, 3*(j+1))
		}
		if d.DecisionMeanMs < 2-1e-9 || d.DecisionMeanMs > 2+1e-9 {
			t.Errorf("bot %d: mean %v ms, want 2", j, d.DecisionMeanMs)
		}
		// 1, 2 and 3 ms, as often each: the median is 2 ms, the 99th
		// percentile 3 ms, both within a bucket (2%) above
		if d.DecisionMedianMs < 2 || d.DecisionMedianMs > 2.04 || d.DecisionP99Ms < 3 || d.DecisionP99Ms > 3.06 {
			t.Errorf("bot %d: median %v, p99 %v ms, want 2 and 3", j, d.DecisionMedianMs, d.DecisionP99Ms)
		}
	}
	var empty TimeHist
	if d := empty.Times(); d != (DecisionTimes{}) {
		t.Errorf("an empty histogram reads %+v", d)
	}
}

func TestHandsPerSecond(t *testing.T) {
	for _, c := range []struct {
		hands   int
		elapsed float64
		want    float64
	}{{100, 4, 25}, {100, 0, 0}, {0, 2, 0}, {5, -1, 0}} {
		if got := HandsPerSecond(c.hands, c.elapsed); got != c.want {
			t.Errorf("HandsPerSecond(%d, %v) = %v, want %v", c.hands, c.elapsed, got, c.want)
		}
	}
}

// An interrupted run says how far it came and what it counts, and wraps
// both the arena's sentinel and the context's error.
func TestInterrupted(t *testing.T) {
	sentinel := errors.New("arena interrupted")
	for _, c := range []struct {
		matches bool
		want    string
	}{
		{false, "arena interrupted after 41 of 1000 hands (40 hands counted: 10 deals in all four rotations): context canceled"},
		{true, "arena interrupted after 9 of 400 matches (8 matches counted: 2 groups of a match in all four rotations): context canceled"},
	} {
		done, units, counted, clusters := 41, 1000, 40, 10
		if c.matches {
			done, units, counted, clusters = 9, 400, 8, 2
		}
		err := Interrupted(sentinel, context.Canceled, c.matches, done, units, counted, clusters)
		if err.Error() != c.want || !errors.Is(err, sentinel) || !errors.Is(err, context.Canceled) {
			t.Errorf("got %q (wraps the sentinel: %v, the context's error: %v), want %q", err, errors.Is(err, sentinel), errors.Is(err, context.Canceled), c.want)
		}
	}
}

// CheckBots wants four bots it can build, and says which is wrong under
// the arena's error.
func TestCheckBots(t *testing.T) {
	errConfig, errLevel := errors.New("bad arena"), errors.New("no such level")
	build := func(name string) error {
		if name == "genius" {
			return errLevel
		}
		return nil
	}
	for _, c := range []struct {
		names []string
		want  error
		say   string
	}{
		{[]string{"easy", "easy", "easy", "easy"}, nil, ""},
		{[]string{"easy", "easy", "easy"}, errConfig, "bad arena: need 4 bots, got 3"},
		{[]string{"easy", "easy", "genius", "easy"}, errLevel, "bad arena: no such level"},
	} {
		err := CheckBots(errConfig, c.names, build)
		if c.want == nil {
			if err != nil {
				t.Errorf("%v: %v", c.names, err)
			}
			continue
		}
		if !errors.Is(err, c.want) || !errors.Is(err, errConfig) || err.Error() != c.say {
			t.Errorf("%v: %v, want %q wrapping %v", c.names, err, c.say, c.want)
		}
	}
}
