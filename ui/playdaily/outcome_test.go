package playdaily

import (
	"context"
	"testing"

	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/game/format"
)

// A daily hand's Outcome, scored by the day's format (game/format's
// Daily, as a served daily's table scores it), gives Score's number and
// par's own for every hand of the day, in both games: the app and the
// server score a day alike.
func TestOutcomeScoredByTheFormatIsScore(t *testing.T) {
	for _, g := range game.Kinds() {
		t.Run(string(g), func(t *testing.T) {
			set, line := dayAndPar(t, g)
			f := format.NewDaily(set, false)
			for i, h := range set.Hands {
				if _, err := f.Restore(h.Seed, nil, format.Seal{}); err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
				rec, _ := playHand(t, g, h)
				o, err := Outcome(g, rec)
				if err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
				s, ok := f.Score(o)
				if !ok || s.Hand != i+1 {
					t.Fatalf("hand %d: the format scored %+v, %v", i+1, s, ok)
				}
				want, err := Score(g, rec)
				if err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
				if s.Score != want || s.Score != line.Hands[i].Score {
					t.Fatalf("hand %d: the format's score %d, Score %d, par %d", i+1, s.Score, want, line.Hands[i].Score)
				}
				if _, again := f.Score(o); again {
					t.Fatalf("hand %d scored twice", i+1)
				}
				// More is better in the results: 101's totals turned.
				if g == game.Okey101 && s.Results[0] != -s.Score {
					t.Fatalf("hand %d: 101's result %d for a total of %d", i+1, s.Results[0], s.Score)
				}
			}
		})
	}
}

// dayAndPar are the daily of g on 2026-11-24 and its par.
func dayAndPar(t *testing.T, g game.Kind) (daily.Set, par.Line) {
	t.Helper()
	set, err := daily.New(g, date(t, "2026-11-24"))
	if err != nil {
		t.Fatal(err)
	}
	line, err := par.Of(context.Background(), set, par.Level)
	if err != nil {
		t.Fatal(err)
	}
	return set, line
}
