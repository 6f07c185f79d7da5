package stats

import (
	"slices"
	"testing"

	"okey/game/okey101"
)

func TestBotsKey(t *testing.T) {
	for _, tc := range []struct {
		meta map[string]string
		want string
	}{
		{map[string]string{"level1": "easy", "level2": "normal", "level3": "hard"}, "easy,normal,hard"},
		{map[string]string{"level1": "easy", "level3": "hard"}, "easy,?,hard"},
		{map[string]string{"level1": "easy", "level2": "easy", "level3": "easy", MetaUndo: "on"}, "easy,easy,easy+undo"},
	} {
		if got := BotsKey(tc.meta); got != tc.want {
			t.Errorf("BotsKey(%v) = %q, want %q", tc.meta, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		ok         bool
	}{
		{"a file of before 101", `{"version":1,"by_bots":{"easy,easy,easy":{"hands":3}}}`, true},
		{"another version", `{"version":2}`, false},
		{"not JSON", `{"version":`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse([]byte(tc.file))
			if (err == nil) != tc.ok {
				t.Fatalf("Parse: %v", err)
			}
			if tc.ok && (f.ByBots == nil || f.Okey101 == nil) {
				t.Fatal("a parsed file has no map to count into")
			}
		})
	}
}

// Keys lists the sets of bots with anything played, most first.
func TestKeys(t *testing.T) {
	by := map[string]*Classic{"a": {Hands: 2}, "b": {Hands: 5}, "c": {}, "d": {Matches: 2}}
	if got := Keys(by); !slices.Equal(got, []string{"b", "a", "d"}) {
		t.Fatalf("Keys = %v", got)
	}
}

// TestTally101Points: a 101 match's points are the player's hand
// scores added up, not the totals after each hand (+52 then +202 is
// 254, never 52 + 254).
func TestTally101Points(t *testing.T) {
	f := New()
	rec := &okey101.Record{Seed: 7, Meta: map[string]string{"level1": "normal", "level2": "normal", "level3": "normal"}}
	hand := func(n, pts, total int) okey101.HandResult {
		r := okey101.HandResult{Hand: n, Finisher: 1}
		r.Lines[0].Total, r.Lines[0].Points = pts, pts
		r.Scores[0] = total
		return r
	}
	v := &okey101.View{Results: []okey101.HandResult{hand(1, 52, 52)}}
	f.Tally101(rec, v)
	v.Results = append(v.Results, hand(2, 202, 254))
	f.Tally101(rec, v)
	if got := f.Okey101["normal,normal,normal"].Points; got != 254 {
		t.Fatalf("points after +52 and +202: %d, want 254", got)
	}
}
