package door

import (
	"testing"
)

// TestLangOf: a session's language is read from its environment as the
// local game reads its own: LC_ALL, then LC_MESSAGES, then LANG.
func TestLangOf(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, "en"},
		{[]string{"LANG=tr_TR.UTF-8"}, "tr"},
		{[]string{"LC_ALL=tr_TR.UTF-8", "LANG=en_US.UTF-8"}, "tr"},
		{[]string{"LC_MESSAGES=tr_TR", "LANG=en_GB.UTF-8"}, "tr"},
		{[]string{"LC_ALL=en_US.UTF-8", "LANG=tr_TR.UTF-8"}, "en"},
		{[]string{"TERM=xterm", "LANGUAGE=tr"}, "tr"},
	} {
		if got := langOf(tc.env); got != tc.want {
			t.Errorf("langOf(%q) = %s, want %s", tc.env, got, tc.want)
		}
	}
}
