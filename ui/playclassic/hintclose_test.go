package playclassic

import (
	"testing"

	"okey/bots/coach"
)

// TestHintSaysAClose: a hint to win now or to hold for an okey finish
// says the other is worth about as much when the judge could not tell
// them apart (its verdict on the hint's move: best, too close to call),
// as the review then calls either the best; otherwise it says why the
// other is worse.
func TestHintSaysAClose(t *testing.T) {
	for _, c := range []struct {
		name string
		d    *coach.Decision
		want string
	}{
		{"no verdict (cut short)", nil, "status.hint.hold"},
		{"best, sure", &coach.Decision{Label: coach.Best, Certainty: coach.Sure}, "status.hint.hold"},
		{"best, too close", &coach.Decision{Label: coach.Best, Certainty: coach.TooClose}, "status.hint.hold.close"},
		{"good", &coach.Decision{Label: coach.Good, Certainty: coach.Sure}, "status.hint.hold"},
	} {
		if got := closeKey("status.hint.hold", c.d); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
