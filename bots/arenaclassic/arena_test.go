package arenaclassic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"okey/bots/botsclassic"
	"okey/bots/internal/arenastat"
	"okey/game/classic"
	"okey/game/classic/hand"
)

func TestRunSmoke(t *testing.T) {
	cfg := Config{Bots: []string{"normal", "easy", "easy", "easy"}, Hands: 16, Seed: 1, Rules: classic.DefaultRules()}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hands != 16 {
		t.Fatalf("hands = %d, want 16", r.Hands)
	}
	won := r.WallOut
	for _, b := range r.Bots {
		won += b.Won
		if b.Decisions == 0 {
			t.Errorf("%s made no decisions", b.Name)
		}
	}
	if won != r.Hands {
		t.Errorf("wins %d + wall outs %d != hands %d", won-r.WallOut, r.WallOut, r.Hands)
	}
	t.Logf("%+v", r)
}

func TestCheckRejects(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
	}{
		{"three bots", Config{Bots: []string{"easy", "easy", "easy"}, Hands: 1, Rules: classic.DefaultRules()}},
		{"unknown level", Config{Bots: []string{"easy", "easy", "easy", "genius"}, Hands: 1, Rules: classic.DefaultRules()}},
		{"zero hands", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Rules: classic.DefaultRules()}},
		{"bad rules", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Hands: 1}},
		{"hands and matches", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Hands: 4, Matches: 4, Rules: classic.DefaultRules()}},
		{"negative matches", Config{Bots: []string{"easy", "easy", "easy", "easy"}, Matches: -4, Rules: classic.DefaultRules()}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Run(context.Background(), c.cfg); !errors.Is(err, ErrConfig) {
				t.Fatalf("err = %v, want ErrConfig", err)
			}
		})
	}
}

// BenchmarkHand plays whole hands of four bots of a level on one
// goroutine: hands/s is the arena's speed per core.
func BenchmarkHand(b *testing.B) {
	for _, level := range []string{"easy", "normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			cfg := Config{Bots: []string{level, level, level, level}, Seed: 7, Rules: classic.DefaultRules(), Hands: 1}
			var times [classic.NumSeats]arenastat.TimeHist
			cache := botsclassic.NewTableCache()
			i := 0
			for b.Loop() {
				if _, err := playHand(context.Background(), &cfg, i, &times, cache); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// A huge number of hands costs nothing before play, and an interrupted
// run reports the whole deals it played, with ErrInterrupted.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Bots: []string{"easy", "easy", "easy", "easy"}, Hands: math.MaxInt, Seed: 3, Rules: classic.DefaultRules(), Workers: 2}
	cfg.Progress = func(done int) {
		if done == 41 {
			cancel()
		}
	}
	r, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err %v, want ErrInterrupted", err)
	}
	if r.Hands < 36 || r.Hands%4 != 0 || len(r.Bots) != 4 {
		t.Fatalf("%d hands counted, want the whole deals of about 41 played", r.Hands)
	}
	if want := fmt.Sprintf("(%d hands counted: %d deals in all four rotations)", r.Hands, r.Hands/4); !strings.Contains(err.Error(), want) {
		t.Fatalf("%q does not say %q", err, want)
	}
}

// Net points: each hand's nets sum to zero across the table, so the
// bots' means do too; a bot that wins more nets more.
func TestNetPoints(t *testing.T) {
	cfg := Config{Bots: []string{"normal", "easy", "easy", "easy"}, Hands: 200, Seed: 5, Rules: classic.DefaultRules()}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, b := range r.Bots {
		sum += b.NetPointsPerHand
		if !(b.NetCI95[0] <= b.NetPointsPerHand && b.NetPointsPerHand <= b.NetCI95[1]) {
			t.Errorf("%s: %v outside its interval %v", b.Name, b.NetPointsPerHand, b.NetCI95)
		}
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("nets sum to %v, want 0", sum)
	}
	if r.Bots[0].NetPointsPerHand <= 0 {
		t.Errorf("normal against three easy nets %v a hand", r.Bots[0].NetPointsPerHand)
	}
}

// A run of matches plays each match to its end in four rotations: two
// winners a match and one first place, shared on ties, every hand of
// every match counted, every bot in every hand.
func TestRunMatches(t *testing.T) {
	cfg := Config{Bots: []string{"normal", "easy", "easy", "easy"}, Matches: 8, Seed: 2, Rules: classic.DefaultRules()}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Matches != 8 || r.Hands < 8 {
		t.Fatalf("%d matches, %d hands; want 8 matches of at least a hand each", r.Matches, r.Hands)
	}
	var wins, firsts, hands float64
	won := r.WallOut
	for _, b := range r.Bots {
		m := b.Match
		if m == nil {
			t.Fatalf("%s: no match figures", b.Name)
		}
		wins += m.Wins
		firsts += m.Firsts
		hands += m.HandsPerMatch
		won += b.Won
		if m.WinShare != m.Wins/8 || !(m.CI95[0] <= m.WinShare && m.WinShare <= m.CI95[1]) {
			t.Errorf("%s: share %v of %v wins, interval %v", b.Name, m.WinShare, m.Wins, m.CI95)
		}
		if !(m.HandsCI95[0] <= m.HandsPerMatch && m.HandsPerMatch <= m.HandsCI95[1]) {
			t.Errorf("%s: %v hands a match outside %v", b.Name, m.HandsPerMatch, m.HandsCI95)
		}
	}
	if wins != 2*8 || firsts != 8 {
		t.Errorf("match wins %v and firsts %v, want 16 and 8", wins, firsts)
	}
	if won != r.Hands {
		t.Errorf("wins and wall outs add up to %d, not %d hands", won, r.Hands)
	}
	// every bot plays every hand of the default rules' matches
	if math.Abs(hands/4*8-float64(r.Hands)) > 1e-9 {
		t.Errorf("hands a match %v (mean over bots) × 8 != %d hands", hands/4, r.Hands)
	}
	if r.Bots[0].Match.WinShare <= 0.5 {
		t.Errorf("normal wins %v of its matches against three easy", r.Bots[0].Match.WinShare)
	}
}

func TestMatchShares(t *testing.T) {
	cases := []struct {
		name        string
		rules       string
		place       [classic.NumSeats]int
		win, firsts [classic.NumSeats]float64
	}{
		{"plain", "", [4]int{2, 1, 4, 3}, [4]float64{1, 1, 0, 0}, [4]float64{0, 1, 0, 0}},
		{"two level across the line", "", [4]int{1, 2, 2, 4}, [4]float64{1, 0.5, 0.5, 0}, [4]float64{1, 0, 0, 0}},
		{"three level for one place", "", [4]int{2, 1, 2, 2}, [4]float64{1.0 / 3, 1, 1.0 / 3, 1.0 / 3}, [4]float64{0, 1, 0, 0}},
		{"two level in first", "", [4]int{1, 1, 3, 4}, [4]float64{1, 1, 0, 0}, [4]float64{0.5, 0.5, 0, 0}},
		{"all level", "", [4]int{1, 1, 1, 1}, [4]float64{0.5, 0.5, 0.5, 0.5}, [4]float64{0.25, 0.25, 0.25, 0.25}},
		{"one winner at simple104", "simple104", [4]int{2, 2, 1, 2}, [4]float64{0, 0, 1, 0}, [4]float64{0, 0, 1, 0}},
		{"last standing under leave_at_zero", "leave_at_zero", [4]int{3, 1, 2, 4}, [4]float64{0, 1, 0, 0}, [4]float64{0, 1, 0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := classic.ParseRules(c.rules)
			if err != nil {
				t.Fatal(err)
			}
			win, first := MatchShares(&classic.MatchResult{Place: c.place}, r)
			if win != c.win || first != c.firsts {
				t.Errorf("wins %v firsts %v, want %v %v", win, first, c.win, c.firsts)
			}
		})
	}
}

// An interrupted run of matches reports the matches played in all four
// rotations only.
func TestRunMatchesInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Bots: []string{"easy", "easy", "easy", "easy"}, Matches: math.MaxInt, Seed: 3, Rules: classic.DefaultRules(), Workers: 2}
	cfg.Progress = func(done int) {
		if done == 10 {
			cancel()
		}
	}
	r, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err %v, want ErrInterrupted", err)
	}
	// Ten rotations were done when it stopped, with at most one more in
	// flight a worker: of the first three matches' twelve rotations at
	// most two are missing, so at least one match is whole, and nothing
	// but whole matches is counted.
	if r.Matches < 4 || r.Matches%4 != 0 || r.Bots[0].Match == nil {
		t.Fatalf("%d matches counted, want the whole matches (at least one) of the ten rotations played", r.Matches)
	}
	// The message counts matches and groups of them, not deals: a
	// match's deals rotate as one group.
	if want := fmt.Sprintf("(%d matches counted: %d groups of a match in all four rotations)", r.Matches, r.Matches/4); !strings.Contains(err.Error(), want) {
		t.Fatalf("%q does not say %q", err, want)
	}
}

// Under leave_at_zero one player wins a match and a player who leaves
// plays fewer of its hands than the match lasts.
func TestRunMatchesLeaveAtZero(t *testing.T) {
	r, err := classic.ParseRules("leave_at_zero,points=5")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Config{Bots: []string{"normal", "easy", "easy", "easy"}, Matches: 8, Seed: 4, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	var wins, hands float64
	for _, b := range res.Bots {
		wins += b.Match.Wins
		hands += b.Match.HandsPerMatch * float64(res.Matches)
	}
	// (thirds of a win, shared on a three-way tie, add up to within a
	// rounding)
	if math.Abs(wins-float64(res.Matches)) > 1e-9 {
		t.Errorf("%v match wins in %d matches, want one each", wins, res.Matches)
	}
	// four seats play the first hands, fewer the last ones
	if !(hands < 4*float64(res.Hands)) || !(hands > 2*float64(res.Hands)) {
		t.Errorf("bots played %v hands of %d: leavers should miss some", hands, res.Hands)
	}
}

// split: the parts of a hand's net points, seat by seat. Seat 1 wins in
// each case but the wall outs; third is a third of a point.
func TestSplit(t *testing.T) {
	const third = 1.0 / 3
	type parts = [numParts][classic.NumSeats]float64
	melds := hand.Win{Kind: hand.WinMelds}
	pairs := hand.Win{Kind: hand.WinPairs}
	oneColour := hand.Win{Kind: hand.WinMelds, OneColour: true}
	cases := []struct {
		name  string
		rules string
		res   classic.HandResult
		want  parts
	}{
		{"melds win", "", classic.HandResult{Winner: 1, Win: melds, Points: 2, Lost: [4]int{2, 0, 2, 2}},
			parts{partPlay: {-2 * third, 2, -2 * third, -2 * third}}},
		{"okey finish: half the 4 points", "", classic.HandResult{Winner: 1, Win: melds, OkeyFinish: true, Points: 4, Lost: [4]int{4, 0, 4, 4}},
			parts{partPlay: {-4 * third, 4, -4 * third, -4 * third}, partOkey: {-2 * third, 2, -2 * third, -2 * third}}},
		{"seven pairs: half the 4 points", "", classic.HandResult{Winner: 1, Win: pairs, Points: 4, Lost: [4]int{4, 0, 4, 4}},
			parts{partPlay: {-4 * third, 4, -4 * third, -4 * third}, partPairs: {-2 * third, 2, -2 * third, -2 * third}}},
		{"seven pairs with an okey finish: 3 of the 8 points each", "", classic.HandResult{Winner: 1, Win: pairs, OkeyFinish: true, Points: 8, Lost: [4]int{8, 0, 8, 8}},
			parts{partPlay: {-8 * third, 8, -8 * third, -8 * third}, partOkey: {-1, 3, -1, -1}, partPairs: {-1, 3, -1, -1}}},
		{"one colour doubled with an okey finish: 3 of the 8 points to the okey", "one_colour_double",
			classic.HandResult{Winner: 1, Win: oneColour, OkeyFinish: true, Points: 8, Lost: [4]int{8, 0, 8, 8}},
			parts{partPlay: {-8 * third, 8, -8 * third, -8 * third}, partOkey: {-1, 3, -1, -1}}},
		{"one colour not doubled: the okey finish's half", "", classic.HandResult{Winner: 1, Win: oneColour, OkeyFinish: true, Points: 4, Lost: [4]int{4, 0, 4, 4}},
			parts{partPlay: {-4 * third, 4, -4 * third, -4 * third}, partOkey: {-2 * third, 2, -2 * third, -2 * third}}},
		{"a win and another seat's gösterme", "", classic.HandResult{Winner: 1, Win: melds, Points: 2, Lost: [4]int{3, 1, 2, 3}, ShowLost: [4]int{1, 1, 0, 1}, Shown: [4]bool{2: true}},
			parts{partPlay: {-2 * third, 2, -2 * third, -2 * third}, partGosterme: {-third, -third, 1, -third}}},
		{"gösterme in a hand the wall ran out", "", classic.HandResult{Winner: -1, WallOut: true, Lost: [4]int{0, 1, 1, 1}, ShowLost: [4]int{0, 1, 1, 1}, Shown: [4]bool{0: true}},
			parts{partGosterme: {1, -third, -third, -third}}},
		{"two show, the wall runs out", "", classic.HandResult{Winner: -1, WallOut: true, Lost: [4]int{1, 1, 2, 2}, ShowLost: [4]int{1, 1, 2, 2}, Shown: [4]bool{0: true, 1: true}},
			parts{partGosterme: {2 * third, 2 * third, -2 * third, -2 * third}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := classic.ParseRules(c.rules)
			if err != nil {
				t.Fatal(err)
			}
			got := split(&c.res, r)
			var lost [classic.NumSeats]float64
			for s, l := range c.res.Lost {
				lost[s] = float64(l)
			}
			net := NetOf(&lost)
			for k := range got {
				for s := range classic.NumSeats {
					if math.Abs(got[k][s]-c.want[k][s]) > 1e-12 {
						t.Fatalf("parts %v, want %v", got, c.want)
					}
				}
			}
			for s := range classic.NumSeats {
				if d := got[partPlay][s] + got[partGosterme][s] - net[s]; math.Abs(d) > 1e-12 {
					t.Errorf("seat %d: play %v + gösterme %v != net %v", s, got[partPlay][s], got[partGosterme][s], net[s])
				}
			}
		})
	}
}

// A run's split adds up: play and gösterme make the net, each part sums
// to zero over the table, every figure lies in its interval, and under
// the default rules (every seat in every hand, no partners) a bot's
// gösterme points are its shows less a third of the others', a hand.
func TestRunSplit(t *testing.T) {
	cfg := Config{Bots: []string{"hard", "normal", "easy", "easy"}, Hands: 200, Seed: 5, Rules: classic.DefaultRules()}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var sums [5]float64
	shows := 0
	for _, b := range r.Bots {
		shows += b.Gosterme
	}
	if shows == 0 {
		t.Fatal("no bot showed the indicator in 200 hands: the test says nothing")
	}
	for _, b := range r.Bots {
		figs := []struct {
			name string
			v    float64
			ci   [2]float64
		}{
			{"net", b.NetPointsPerHand, b.NetCI95},
			{"play", b.PlayPointsPerHand, b.PlayCI95},
			{"gösterme", b.GostermePointsPerHand, b.GostermeCI95},
			{"okey finish", b.OkeyFinishPointsPerHand, b.OkeyFinishCI95},
			{"pairs", b.PairsPointsPerHand, b.PairsCI95},
		}
		for i, f := range figs {
			sums[i] += f.v
			if !(f.ci[0] <= f.v+1e-12 && f.v <= f.ci[1]+1e-12) {
				t.Errorf("%s: %s %v outside its interval %v", b.Name, f.name, f.v, f.ci)
			}
		}
		if d := b.PlayPointsPerHand + b.GostermePointsPerHand - b.NetPointsPerHand; math.Abs(d) > 1e-9 {
			t.Errorf("%s: play %v + gösterme %v != net %v", b.Name, b.PlayPointsPerHand, b.GostermePointsPerHand, b.NetPointsPerHand)
		}
		want := (float64(b.Gosterme) - float64(shows-b.Gosterme)/3) / float64(r.Hands)
		if math.Abs(b.GostermePointsPerHand-want) > 1e-9 {
			t.Errorf("%s showed %d of %d: gösterme %v a hand, want %v", b.Name, b.Gosterme, shows, b.GostermePointsPerHand, want)
		}
		if b.OkeyFinishes == 0 && b.OkeyFinishPointsPerHand > 0 || b.PairsWins == 0 && b.PairsPointsPerHand > 0 {
			t.Errorf("%s: doubling points %v and %v with %d okey finishes and %d pairs wins", b.Name, b.OkeyFinishPointsPerHand, b.PairsPointsPerHand, b.OkeyFinishes, b.PairsWins)
		}
	}
	for i, s := range sums {
		if math.Abs(s) > 1e-9 {
			t.Errorf("figure %d sums to %v over the table, want 0", i, s)
		}
	}
}
