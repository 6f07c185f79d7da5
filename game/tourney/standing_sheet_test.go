package tourney

import (
	"slices"
	"testing"
)

// TestSheetsAddUpToTheStandings: each player's sheet is their matches
// in the order they ended, a win on a streak marked doubled and a
// forfeit marked; in an arena its points add up to the standings'
// exactly, and a Swiss (no streaks) doubles nothing.
func TestSheetsAddUpToTheStandings(t *testing.T) {
	ms := []Match{
		{Players: [4]string{"a", "b", "c", Bot}, Places: [4]int{1, 2, 3, 4}},
		{Players: [4]string{"a", "b", "c", Bot}, Places: [4]int{1, 3, 2, 4}},
		{Players: [4]string{"a", "b", "c", Bot}, Places: [4]int{1, 1, 3, 4}, Forfeit: [4]bool{false, false, true, false}},
		{Players: [4]string{"a", "b", "c", Bot}, Places: [4]int{2, 1, 3, 4}},
		{Players: [4]string{"a", "b", "c", Bot}, Places: [4]int{1, 2, 3, 4}},
	}
	p := func(n int) Points { return Points(n) * Twelfths }
	for _, c := range []struct {
		rules Rules
		want  map[string][]Scored
	}{
		{Rules{Streaks: true}, map[string][]Scored{
			"a": {{Points: p(4)}, {Points: p(4)}, {Points: p(6), Doubled: true}, {Points: p(2)}, {Points: p(4)}},
			"b": {{Points: p(2)}, {Points: p(1)}, {Points: p(3)}, {Points: p(4)}, {Points: p(2)}},
			"c": {{Points: p(1)}, {Points: p(2)}, {Forfeit: true}, {Points: p(1)}, {Points: p(1)}},
		}},
		{Rules{Opponents: true}, map[string][]Scored{
			"a": {{Points: p(4)}, {Points: p(4)}, {Points: p(3)}, {Points: p(2)}, {Points: p(4)}},
			"b": {{Points: p(2)}, {Points: p(1)}, {Points: p(3)}, {Points: p(4)}, {Points: p(2)}},
			"c": {{Points: p(1)}, {Points: p(2)}, {Forfeit: true}, {Points: p(1)}, {Points: p(1)}},
		}},
	} {
		got, err := Sheets(c.rules, ms)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Standings(c.rules, nil, ms)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range st {
			if !slices.Equal(got[s.Player], c.want[s.Player]) {
				t.Errorf("%+v: %s's sheet %+v, want %+v", c.rules, s.Player, got[s.Player], c.want[s.Player])
			}
			var sum Points
			for _, sc := range got[s.Player] {
				sum += sc.Points
			}
			if sum != s.Points || len(got[s.Player]) != s.Matches {
				t.Errorf("%+v: %s's sheet adds up to %v in %d matches, the standings say %v in %d", c.rules, s.Player, sum, len(got[s.Player]), s.Points, s.Matches)
			}
		}
	}
	if _, err := Sheets(Rules{}, []Match{{Places: [4]int{1, 1, 1, 5}}}); err == nil {
		t.Error("a match that is no ranking made a sheet")
	}
}
