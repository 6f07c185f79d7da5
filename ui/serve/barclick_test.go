package serve

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/ui/serve/common/commontest"
)

// A click on the key bar at the foot of a table's screen over SSH is
// the key it names, as a tap on it is in the browser door: "c/v sort"
// clicked sorts the rack by colour; the same click on the header's
// line, or on the status line above the bar, sorts nothing. Both
// languages, lying down and standing up.
func TestKeyBarClicked(t *testing.T) {
	srv := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, sz := range [][2]int{{100, 30}, {43, 41}} {
			w, h := sz[0], sz[1]
			t.Run(lang, func(t *testing.T) {
				s := annAt(srv, lang, w, h)
				showClassic(t, s, 1, nil) // not the player's turn: the bar has its sort
				lines := screenLines(s)
				bar := lines[len(lines)-1]
				x := strings.Index(bar, "c/v ")
				if x < 0 {
					t.Fatalf("%dx%d: no c/v on the bar %q", w, h, bar)
				}
				x = len([]rune(bar[:x])) + 1
				sorted := tr.T("status.sorted.colour")
				click := func(y int) string {
					s.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
					return strings.Join(screenLines(s), "\n")
				}
				if scr := click(0); strings.Contains(scr, sorted) {
					t.Errorf("%dx%d: a click on the header sorted the rack:\n%s", w, h, scr)
				}
				if scr := click(len(lines) - 2); strings.Contains(scr, sorted) {
					t.Errorf("%dx%d: a click above the bar sorted the rack:\n%s", w, h, scr)
				}
				if scr := click(len(lines) - 1); !strings.Contains(scr, sorted) {
					t.Errorf("%dx%d: a click on %q of the bar did not sort the rack:\n%s", w, h, "c/v", scr)
				}
			})
		}
	}
}
