package par

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/daily"
)

func day(t testing.TB, g game.Kind, date string) daily.Set {
	t.Helper()
	d, err := daily.ParseDate(date)
	if err != nil {
		t.Fatal(err)
	}
	s, err := daily.New(g, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestParIsPinned: par and the other levels' lines of two days in both
// games, as measured once every seat's bot was built for each decision
// from its seat's seed, as the table builds the bots the player meets
// (until then par kept one bot a seat for the hand, and met other bots
// than the player did). Par must be the same on
// every machine and every run; a change to a bot or to the referee that
// moves it fails here, and is then a decision (a new version of the
// daily, or of par), not an accident.
func TestParIsPinned(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 36 hands")
	}
	tests := []struct {
		game   game.Kind
		date   string
		level  string
		scores []int
		total  int
	}{
		{game.Classic, "2026-11-24", "easy", []int{-2, 2, -2, -3}, -5},
		{game.Classic, "2026-11-24", "normal", []int{2, 2, -2, 1}, 3},
		{game.Classic, "2026-11-24", "hard", []int{2, 2, -2, 1}, 3},
		{game.Okey101, "2026-11-24", "easy", []int{23, 15}, 38},
		{game.Okey101, "2026-11-24", "normal", []int{-101, 8}, -93},
		{game.Okey101, "2026-11-24", "hard", []int{6, 20}, 26},
		{game.Classic, "2027-01-01", "easy", []int{2, -2, -2, -2}, -4},
		{game.Classic, "2027-01-01", "normal", []int{-2, -2, -2, -2}, -8},
		{game.Classic, "2027-01-01", "hard", []int{-2, -2, -2, -2}, -8},
		{game.Okey101, "2027-01-01", "easy", []int{202, 48}, 250},
		{game.Okey101, "2027-01-01", "normal", []int{24, 65}, 89},
		{game.Okey101, "2027-01-01", "hard", []int{20, 18}, 38},
	}
	lines := map[string][]Line{}
	for _, tc := range tests {
		key := string(tc.game) + " " + tc.date
		if lines[key] == nil {
			ls, err := Measure(context.Background(), day(t, tc.game, tc.date), Levels)
			if err != nil {
				t.Fatal(err)
			}
			lines[key] = ls
		}
		var got *Line
		for i := range lines[key] {
			if lines[key][i].Level == tc.level {
				got = &lines[key][i]
			}
		}
		if got == nil {
			t.Fatalf("%s: no line of %s", key, tc.level)
		}
		var scores []int
		for i, h := range got.Hands {
			scores = append(scores, h.Score)
			if h.N != i+1 || h.Capped {
				t.Errorf("%s, %s: hand %d is %+v", key, tc.level, i+1, h)
			}
		}
		if !reflect.DeepEqual(scores, tc.scores) || got.Total != tc.total {
			t.Errorf("%s, %s: scores %v total %d, want %v total %d", key, tc.level, scores, got.Total, tc.scores, tc.total)
		}
	}
}

// TestParIsDeterministic: the same day measured twice, and par alone,
// give the same lines: nothing depends on the goroutines' order.
func TestParIsDeterministic(t *testing.T) {
	for _, g := range game.Kinds() {
		s := day(t, g, "2026-03-15")
		a, err := Measure(context.Background(), s, Levels)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Measure(context.Background(), s, []string{"hard", "easy"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Of(context.Background(), s, Level)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a[2], b[0]) || !reflect.DeepEqual(a[0], b[1]) || !reflect.DeepEqual(a[2], p) {
			t.Errorf("%s: two measures of one day differ:\n%+v\n%+v\n%+v", g, a, b, p)
		}
		if len(p.Hands) != daily.Hands(g) || p.Level != "hard" {
			t.Errorf("%s: par %+v", g, p)
		}
		sum := 0
		for _, h := range p.Hands {
			sum += h.Score
		}
		if sum != p.Total {
			t.Errorf("%s: total %d is not the hands' sum %d", g, p.Total, sum)
		}
	}
}

func TestUnknownLevel(t *testing.T) {
	s := day(t, game.Classic, "2026-11-24")
	for _, l := range []string{"", "expert", "Hard", "ceiling"} {
		if _, err := Of(context.Background(), s, l); !errors.Is(err, ErrLevel) {
			t.Errorf("level %q: %v, want ErrLevel", l, err)
		}
	}
}

// TestCancelled: a cancelled context stops the measure with its error.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range game.Kinds() {
		if _, err := Measure(ctx, day(t, g, "2026-11-24"), Levels); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, want context.Canceled", g, err)
		}
	}
}

func TestAgainst(t *testing.T) {
	tests := []struct {
		g                game.Kind
		score, par, want int
	}{
		{game.Classic, 2, -1, 3},     // won 2 where par lost 1
		{game.Classic, -2, 4, -6},    // lost 2 where par finished with an okey
		{game.Okey101, 40, 43, 3},    // three points fewer than par
		{game.Okey101, 202, 6, -196}, // never opened where par did
	}
	for _, tc := range tests {
		if got := Against(tc.g, tc.score, tc.par); got != tc.want {
			t.Errorf("Against(%s, %d, %d) = %d, want %d", tc.g, tc.score, tc.par, got, tc.want)
		}
	}
}

func TestSwing(t *testing.T) {
	tests := []struct {
		name string
		r    classic.HandResult
		want int
	}{
		{"seat 0 wins 2", classic.HandResult{Winner: 0, Points: 2, Lost: [4]int{0, 2, 2, 2}}, 2},
		{"seat 0 finishes with an okey", classic.HandResult{Winner: 0, Points: 4, Lost: [4]int{0, 4, 4, 4}}, 4},
		{"another wins 2", classic.HandResult{Winner: 2, Points: 2, Lost: [4]int{2, 2, 0, 2}}, -2},
		{"the wall runs out", classic.HandResult{Winner: -1}, 0},
		{"seat 0 shows, another wins 2", classic.HandResult{Winner: 1, Points: 2, Lost: [4]int{2, 3, 3, 3}, Shown: [4]bool{true}}, -1},
		{"another shows, wall out", classic.HandResult{Winner: -1, Lost: [4]int{1, 0, 1, 1}, Shown: [4]bool{false, true}}, -1},
	}
	for _, tc := range tests {
		if got := swing(&tc.r, 0); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
