package serve

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
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
