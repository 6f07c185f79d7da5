package serve

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/ui/i18n"
)

// TestSessionMessagesFit80: what the session's own pages say on one line
// (the lobby's flash, the waiting room's, a goodbye) fits a terminal of
// 80 columns with its margin, in both languages.
func TestSessionMessagesFit80(t *testing.T) {
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	for _, lang := range []string{"en", "tr"} {
		c := i18n.MustLoad(lang)
		for _, k := range c.Keys() {
			// bye.saved is the local game's last line, printed after it.
			if strings.Contains(k, ".key.") || k == "bye.saved" || !slices.ContainsFunc([]string{"lobby.", "room.", "bye.", "leave.", "table.", "code.", "served.", "create.dup", "dup."}, func(p string) bool { return strings.HasPrefix(k, p) }) {
				continue
			}
			var args []any
			for _, v := range verb.FindAllString(c.T(k), -1) {
				if strings.HasSuffix(v, "d") {
					args = append(args, 12)
				} else {
					args = append(args, "a table's note")
				}
			}
			if w := ansi.StringWidth(c.T(k, args...)); w > 78 {
				t.Errorf("%s %s: %d columns: %q", lang, k, w, c.T(k, args...))
			}
		}
	}
}

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
