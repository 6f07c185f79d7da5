package common

import (
	"testing"

	"okey/kit/i18n"
)

// A level the table's game lacks would say which of its levels plays;
// both games have every level, expert among them, so none says more
// than its name, in the player's words.
func TestLevelName(t *testing.T) {
	for _, tc := range []struct{ lang, game, level, want string }{
		{"en", "101", "expert", "expert"},
		{"en", "101", "hard", "hard"},
		{"en", "classic", "hard", "hard"},
		{"en", "classic", "expert", "expert"},
		{"tr", "classic", "expert", "usta"},
		{"tr", "101", "expert", "usta"},
	} {
		c := &Common{Tr: i18n.MustLoad(tc.lang)}
		if got := c.LevelName(tc.game, tc.level); got != tc.want {
			t.Errorf("%s, %s at %s: %q, want %q", tc.lang, tc.level, tc.game, got, tc.want)
		}
	}
}
