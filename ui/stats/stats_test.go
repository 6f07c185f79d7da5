package stats

import (
	"slices"
	"testing"
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
