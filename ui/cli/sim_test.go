package cli

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"okey/bots/arena101"
	"okey/bots/arenaclassic"
	"okey/game/classic"
	"okey/game/okey101"
)

// A figure of points that rounds to zero reads +0.000 whatever the sign
// of its rounding error; others keep their sign.
func TestSigned(t *testing.T) {
	cases := []struct {
		x    float64
		want string
	}{
		{0, "+0.000"},
		{-2.7e-18, "+0.000"},
		{-0.0004999, "+0.000"},
		{-0.0005, "-0.001"},
		{0.0123, "+0.012"},
		{-1.2344, "-1.234"},
	}
	for _, c := range cases {
		if got := signed(c.x); got != c.want {
			t.Errorf("signed(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

// PrintSimClassic's tables fit 80 columns with wide figures (six-digit counts,
// negative intervals on both sides, a long rules string to wrap the
// header of a run of matches), and show every part of the split.
func TestPrintSimFits80Columns(t *testing.T) {
	wide := arenaclassic.BotResult{
		Name: "normal", Won: 123456, WinShare: 0.999, CI95: [2]float64{0.998, 1},
		NetPointsPerHand: -1.234, NetCI95: [2]float64{-2.345, -0.123},
		PlayPointsPerHand: -1.111, PlayCI95: [2]float64{-2.222, -0.001},
		GostermePointsPerHand: -0.123, GostermeCI95: [2]float64{-0.234, -0.012},
		OkeyFinishPointsPerHand: -0.045, OkeyFinishCI95: [2]float64{-0.056, -0.034},
		PairsPointsPerHand: 0.067, PairsCI95: [2]float64{-0.078, 0.089},
		OkeyFinishes: 12345, PairsWins: 23456, Gosterme: 34567,
		DecisionTimes: arenaclassic.DecisionTimes{DecisionMeanMs: 123.456, DecisionMedianMs: 12.345, DecisionP99Ms: 1234.567},
		Match: &arenaclassic.Match{Wins: 12345.5, WinShare: 0.5, CI95: [2]float64{0.1, 1}, Firsts: 1234.5,
			FirstShare: 0.25, FirstCI95: [2]float64{0.123, 0.456}, HandsPerMatch: 123.45},
	}
	rules, err := classic.ParseRules("one_colour_double,indicator_last,points=21")
	if err != nil {
		t.Fatal(err)
	}
	res := arenaclassic.Result{Matches: 40000, Hands: 1234567, WallOut: 12345, Capped: 12, ElapsedS: 12345.6,
		Bots: []arenaclassic.BotResult{wide, wide, wide, wide}}
	for _, matches := range []int{0, 40000} {
		var out bytes.Buffer
		cfg := arenaclassic.Config{Bots: []string{"normal", "normal", "normal", "normal"}, Hands: 1234567, Matches: matches, Seed: 1 << 40, Rules: rules}
		if err := PrintSimClassic(&out, &cfg, &res); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		for _, l := range strings.Split(s, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("matches=%d: a line of %d columns: %q", matches, n, l)
			}
		}
		for _, want := range []string{"-1.234", "-2.345–-0.123", "-1.111", "-2.222–-0.001", "-0.123", "-0.234–-0.012",
			"-0.045", "-0.056–-0.034", "+0.067", "-0.078–+0.089", "34567", "1234.567"} {
			if !strings.Contains(s, want) {
				t.Errorf("matches=%d: the table lacks %q:\n%s", matches, want, s)
			}
		}
		if got := strings.Contains(s, "12345.5"); got != (matches > 0) {
			t.Errorf("matches=%d: a match's table shown: %v\n%s", matches, got, s)
		}
	}
}

// PrintSim101 shows every figure of a bot in its row, the causes of its
// points, and the matches' table only in a run of matches; an interval
// whose ends read the same says "too few".
func TestPrintSim101(t *testing.T) {
	bot := arena101.BotResult{
		Name: "hard", Finished: 1234, FinishShare: 0.256, FinishCI95: [2]float64{0.201, 0.312},
		PointsPerHand: 21.25, CI95: [2]float64{19.5, 23.04}, VsOthers: -62.8, VsOthersCI95: [2]float64{-70.1, -55.5},
		Opened: 6, OpenedPairs: 2, OpenTurnMean: 3.25, Penalties: 7, OkeyFinishes: 3,
		DecisionTimes:  arena101.DecisionTimes{DecisionMeanMs: 1.234, DecisionMedianMs: 0.5, DecisionP99Ms: 9.876, Decisions: 99},
		Causes:         arena101.Causes{Finished: -37.9, Rack: 8.2, Okeys: 1.5, NotOpened: 50.5, Penalties: 2.5},
		NotOpenedHands: 2, OkeyCaughtHands: 1,
		Match: &arena101.MatchResult{Won: 5, Tied: 1, WinShare: 0.625, WinCI95: [2]float64{0.3, 0.9}, PointsPerMatch: 154.2, CI95: [2]float64{154.2, 154.2}},
	}
	res := arena101.Result{Hands: 8, Finished: 6, WallOut: 2, ElapsedS: 2, Bots: []arena101.BotResult{bot, bot, bot, bot}}
	cfg := arena101.Config{Seed: 5, Rules: okey101.DefaultRules()}
	for _, matches := range []int{0, 4} {
		res.Matches = matches
		var out bytes.Buffer
		if err := PrintSim101(&out, &cfg, &res); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		for _, want := range []string{"Okey 101: ", "4 hands/s", "finished by a player: 6 (75.0%), wall out: 2",
			"21.2", "19.5–23.0", "-62.8", "-70.1–-55.5", "25.6%", "20.1–31.2%", "75.0%", "3.25", "1.234", "9.876",
			"where the points go", "-37.9", "50.5"} {
			if !strings.Contains(s, want) {
				t.Errorf("matches=%d: the table lacks %q:\n%s", matches, want, s)
			}
		}
		if got := strings.Contains(s, "matches won"); got != (matches > 0) {
			t.Errorf("matches=%d: a match's table shown: %v\n%s", matches, got, s)
		}
		if _, m, _ := strings.Cut(s, "matches won"); matches > 0 && (!strings.Contains(m, "30.0–90.0%") || !strings.Contains(m, "too few")) {
			t.Errorf("the matches' table:\n%s", s)
		}
	}
}
