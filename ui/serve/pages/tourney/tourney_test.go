package tourney

import (
	"okey/ui/i18n"
	"okey/ui/safetext"
	"okey/ui/serve/common"
	"okey/ui/serve/tourneyview"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Every end of an ask the page says fits the 78 columns an 80-column
// page's status line shows, with the longest name a player may have.
func TestAskEndWordsFitTheStatusLine(t *testing.T) {
	const room = 78
	name := strings.Repeat("Ş", safetext.MaxNameLen)
	for _, lang := range []string{"en", "tr"} {
		c := &common.Common{Tr: i18n.MustLoad(lang)}
		for end := tourneyview.AskAccepted; end <= tourneyview.AskDropped; end++ {
			for _, asker := range []bool{true, false} {
				w := askEndWords(c, end, asker, name)
				if w == "" || strings.Contains(w, "{{") || strings.Contains(w, "%!") {
					t.Errorf("%s: end %d (asker %v) says %q", lang, end, asker, w)
				}
				if ansi.StringWidth(w) > room {
					t.Errorf("%s: %q is %d columns, more than the %d an 80-column status line shows", lang, w, ansi.StringWidth(w), room)
				}
			}
		}
	}
}
