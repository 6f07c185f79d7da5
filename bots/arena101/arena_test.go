package arena101

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"okey/game/okey101"
)

func quickConfig(bots ...string) Config {
	return Config{Bots: bots, Hands: 16, Seed: 3, Rules: okey101.DefaultRules(), Workers: 2}
}

func TestConfigCheck(t *testing.T) {
	good := quickConfig("easy", "normal", "hard", "normal")
	if err := good.Check(); err != nil {
		t.Fatalf("good config: %v", err)
	}
	bad := map[string]func(c *Config){
		"three bots":     func(c *Config) { c.Bots = c.Bots[:3] },
		"unknown level":  func(c *Config) { c.Bots[1] = "genius" },
		"no hands":       func(c *Config) { c.Hands = 0 },
		"negative":       func(c *Config) { c.Hands = -4 },
		"both":           func(c *Config) { c.Matches = 4 },
		"workers":        func(c *Config) { c.Workers = -1 },
		"from, negative": func(c *Config) { c.From = -4 },
		"from, rotation": func(c *Config) { c.From = 2 },
		"cap":            func(c *Config) { c.MaxActions = -1 },
		"rules":          func(c *Config) { c.Rules.Open = 0 },
		"matches, rules": func(c *Config) { c.Hands, c.Matches, c.Rules.Hands = 0, 4, 0 },
	}
	for name, f := range bad {
		c := quickConfig("easy", "normal", "hard", "normal")
		f(&c)
		if _, err := Run(context.Background(), c); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: err = %v, want ErrConfig", name, err)
		}
	}
}

// TestRotationsAreFair: four bots of one level that plays without
// chance meet every deal in every seat, so duplicate deals must give
// each the same totals to the point; a bot that did better would mean
// the rotation favours a seat.
func TestRotationsAreFair(t *testing.T) {
	res, err := Run(context.Background(), quickConfig("normal", "normal", "normal", "normal"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Hands != 16 {
		t.Fatalf("%d hands, want 16", res.Hands)
	}
	b0 := res.Bots[0]
	if b0.Opened == 0 || b0.Decisions == 0 {
		t.Fatalf("nothing happened: %+v", b0)
	}
	for _, b := range res.Bots[1:] {
		if b.PointsPerHand != b0.PointsPerHand || b.Finished != b0.Finished || b.Opened != b0.Opened || b.OpenTurnMean != b0.OpenTurnMean {
			t.Fatalf("identical bots differ: %+v and %+v", b0, b)
		}
		if math.Abs(b.VsOthers) > 1e-9 {
			t.Fatalf("identical bots: vs others %v, want 0", b.VsOthers)
		}
	}
}

// TestResultAddsUp checks the table against itself: hands finished by
// the bots add up to the hands finished, the scores of a hand sum as
// the rules allow, and a run is the same for the same seed.
func TestResultAddsUp(t *testing.T) {
	cfg := quickConfig("hard", "easy", "normal", "easy")
	cfg.Hands = 24
	a, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 1
	b, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	fin := 0
	for i, x := range a.Bots {
		fin += x.Finished
		y := b.Bots[i]
		if x.PointsPerHand != y.PointsPerHand || x.Finished != y.Finished || x.Penalties != y.Penalties {
			t.Errorf("bot %d: the same seed gives %+v and %+v", i, x, y)
		}
		if x.CI95[0] > x.PointsPerHand || x.CI95[1] < x.PointsPerHand {
			t.Errorf("bot %d: interval %v misses the mean %v", i, x.CI95, x.PointsPerHand)
		}
		if x.Opened > a.Hands || x.OpenedPairs > x.Opened {
			t.Errorf("bot %d opened %d (%d with pairs) in %d hands", i, x.Opened, x.OpenedPairs, a.Hands)
		}
		if x.Opened > 0 && x.OpenTurnMean < 1 {
			t.Errorf("bot %d: open turn %v", i, x.OpenTurnMean)
		}
	}
	if fin != a.Finished || a.Finished+a.WallOut != a.Hands {
		t.Fatalf("finished %d by the bots, %d in all, %d wall out, %d hands", fin, a.Finished, a.WallOut, a.Hands)
	}
	// Every hand scores at least -101·M for the finisher and at least 0
	// for the others; the mean of the four is never below -101/4·8.
	sum := 0.0
	for _, x := range a.Bots {
		sum += x.PointsPerHand
	}
	if sum < -101*8 {
		t.Fatalf("points per hand sum to %v", sum)
	}
}

func TestMatches(t *testing.T) {
	r := okey101.DefaultRules()
	r.Hands = 2
	cfg := Config{Bots: []string{"normal", "easy", "easy", "easy"}, Matches: 8, Seed: 5, Rules: r, Workers: 2}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Matches != 8 || res.Hands != 16 {
		t.Fatalf("%d matches, %d hands; want 8 and 16", res.Matches, res.Hands)
	}
	winners := 0
	for _, b := range res.Bots {
		if b.Match == nil {
			t.Fatalf("%s: no match results", b.Name)
		}
		winners += b.Match.Won + b.Match.Tied
		if b.Match.WinShare != float64(b.Match.Won)/8 {
			t.Errorf("%s: won %d of 8, share %v", b.Name, b.Match.Won, b.Match.WinShare)
		}
	}
	if winners < 8 {
		t.Fatalf("%d winners (and tied) in 8 matches", winners)
	}
}

// TestFromContinues: a run of matches from From plays what a longer run
// from 0 plays from there — the same records under the same numbers —
// so a run cut short can be continued and a study can add matches.
func TestFromContinues(t *testing.T) {
	r := okey101.DefaultRules()
	r.Hands = 2
	records := func(from, matches int) map[int]string {
		var mu sync.Mutex
		got := map[int]string{}
		cfg := Config{Bots: []string{"normal", "easy", "hard", "easy"}, Matches: matches, From: from, Seed: 9, Rules: r, Workers: 2,
			Record: func(i int, rec []byte) error {
				mu.Lock()
				defer mu.Unlock()
				got[i] = string(rec)
				return nil
			}}
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if res.Matches != matches || len(got) != matches {
			t.Fatalf("from %d: %d matches, %d records; want %d", from, res.Matches, len(got), matches)
		}
		return got
	}
	whole, rest := records(0, 8), records(4, 4)
	for i := 4; i < 8; i++ {
		if rest[i] == "" || rest[i] != whole[i] {
			t.Errorf("match %d: the run from 4 played it otherwise than the run from 0", i)
		}
	}
	if whole[0] == whole[4] {
		t.Fatal("matches 0 and 4 are the same: the deals do not depend on the match")
	}
}

// TestInterrupted: a run stopped by its context returns the whole deals
// played so far and an error wrapping ErrInterrupted and the context's.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := quickConfig("normal", "normal", "easy", "easy")
	cfg.Hands = 100000
	cfg.Progress = func(done int) {
		if done == 30 {
			cancel()
		}
	}
	res, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want ErrInterrupted and context.Canceled", err)
	}
	if res.Hands == 0 || res.Hands%4 != 0 || res.Hands > 40 {
		t.Fatalf("%d hands counted: want the whole deals of about 30", res.Hands)
	}
	if want := fmt.Sprintf("(%d hands counted: %d deals in all four rotations)", res.Hands, res.Hands/4); !strings.Contains(err.Error(), want) {
		t.Fatalf("%q does not say %q", err, want)
	}
}

// An interrupted run of matches says how many matches it counted and in
// how many groups of four rotations, not "whole deals": a match's deals
// are played in rotation as a group, so a count of deals misleads.
func TestInterruptedMatches(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := quickConfig("easy", "easy", "easy", "easy")
	cfg.Hands, cfg.Matches, cfg.Rules.Hands = 0, math.MaxInt, 1
	cfg.Progress = func(done int) {
		if done == 10 {
			cancel()
		}
	}
	res, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
	if res.Matches < 4 || res.Matches%4 != 0 {
		t.Fatalf("%d matches counted: want whole groups of four rotations", res.Matches)
	}
	if want := fmt.Sprintf("(%d matches counted: %d groups of a match in all four rotations)", res.Matches, res.Matches/4); !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "deals") {
		t.Fatalf("%q does not say %q", err, want)
	}
}

func TestJSONNames(t *testing.T) {
	r := okey101.DefaultRules()
	r.Hands = 1
	res, err := Run(context.Background(), Config{Bots: []string{"easy", "easy", "easy", "easy"}, Matches: 4, Seed: 1, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"hands", "matches", "finished", "wall_out", "voids", "elapsed_s", "bots"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	bot := m["bots"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "finished", "finish_share", "finish_ci95", "points_per_hand", "ci95",
		"vs_others_per_hand", "vs_others_ci95", "opened", "opened_pairs", "open_turn_mean", "penalties",
		"okey_finishes", "decision_ms_mean", "decision_ms_median", "decision_ms_p99", "decisions", "match"} {
		if _, ok := bot[k]; !ok {
			t.Errorf("no %q in a bot: %v", k, bot)
		}
	}
	match := bot["match"].(map[string]any)
	for _, k := range []string{"won", "tied", "win_share", "win_ci95", "points_per_match", "ci95"} {
		if _, ok := match[k]; !ok {
			t.Errorf("no %q in a bot's matches: %v", k, match)
		}
	}
}

// TestCausesAddUp: the causes of a bot's points are a split of its
// points a hand, so they must add up to it, and each sits on its side
// of zero (finishing earns, the rest costs).
func TestCausesAddUp(t *testing.T) {
	res, err := Run(context.Background(), quickConfig("easy", "normal", "hard", "normal"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range res.Bots {
		c := b.Causes
		sum := c.Finished + c.Rack + c.Okeys + c.NotOpened + c.Penalties
		if math.Abs(sum-b.PointsPerHand) > 1e-9 {
			t.Errorf("%s: causes %+v add up to %.3f, points a hand %.3f", b.Name, c, sum, b.PointsPerHand)
		}
		if c.Finished > 0 || c.Rack < 0 || c.Okeys < 0 || c.NotOpened < 0 || c.Penalties < 0 {
			t.Errorf("%s: a cause on the wrong side of zero: %+v", b.Name, c)
		}
		if (c.NotOpened > 0) != (b.NotOpenedHands > 0) {
			t.Errorf("%s: %.1f a hand for not opening over %d hands not opened", b.Name, c.NotOpened, b.NotOpenedHands)
		}
	}
}
