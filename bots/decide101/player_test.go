package decide101

import "testing"

// A seat set to a level the 101 bots lack plays at the level of the
// same rank among theirs, else at the one below the middle.
func TestSourceLevel(t *testing.T) {
	src := Source{Levels: []string{"one", "two", "three", "four"}}
	for _, tc := range []struct{ want, got string }{
		{"two", "two"},     // a level it knows
		{"easy", "one"},    // the weakest classic level: the weakest
		{"hard", "three"},  // the strongest classic level: its rank among four
		{"unheard", "two"}, // no rank: below the middle
	} {
		if got := src.Level(tc.want); got != tc.got {
			t.Errorf("Level(%q) = %q, want %q", tc.want, got, tc.got)
		}
	}
	if got := (Source{}).Level("hard"); got != "hard" {
		t.Errorf("a source without levels changes %q to %q", "hard", got)
	}
}
