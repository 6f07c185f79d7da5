package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
	"okey/kit/seatmsg"
	"okey/server/tables"
	"okey/ui/serve/common/commontest"
	"okey/ui/serve/pages/lobby"
)

// A phone held upright (46×47, the browser door's size on a 390×844
// phone; 42×40, the smallest standing up) gets the lobby and the table,
// not a notice that the terminal is too small: no line wider than the
// terminal, the lobby's rows and every key of its bar whole (wrapped,
// not cut), the classic table with its rack. Both languages.
func TestServedPagesStandingUp(t *testing.T) {
	srv := commontest.New(t)
	for _, lang := range []string{"en", "tr"} {
		tr := i18n.MustLoad(lang)
		for _, sz := range [][2]int{{46, 47}, {42, 40}} {
			w, h := sz[0], sz[1]
			t.Run(lang, func(t *testing.T) {
				check := func(lines []string, wants ...string) {
					t.Helper()
					screen := strings.Join(lines, "\n")
					for _, l := range lines {
						if ansi.StringWidth(l) > w {
							t.Errorf("%dx%d: a line of %d columns: %q", w, h, ansi.StringWidth(l), l)
						}
					}
					if strings.Contains(screen, "…") {
						t.Errorf("%dx%d: a line is cut:\n%s", w, h, screen)
					}
					words := strings.Join(strings.Fields(screen), " ")
					for _, want := range wants {
						if !strings.Contains(words, want) {
							t.Errorf("%dx%d: %q is not whole on the screen:\n%s", w, h, want, screen)
						}
					}
				}
				s := annAt(srv, lang, w, h)
				four := [4]seatmsg.Player{{Name: "ann", Kind: seatmsg.Human}, {Kind: seatmsg.Bot, Level: "normal"}, {Kind: seatmsg.Bot, Level: "normal"}, {Kind: seatmsg.Bot, Level: "hard"}}
				s.lobby = lobby.Shown([]*tables.Summary{{ID: "2", Game: "classic", Rules: "default", Timer: 30 * time.Second, Players: four}}, 1, 0)
				wants := []string{tr.T("lobby.title", "ann")}
				_, bar := s.lobby.Lines(&s.c)
				for _, b := range bar {
					if b.Enabled() {
						wants = append(wants, b.Help().Key+" "+b.Help().Desc)
					}
				}
				check(screenLines(s), wants...)
				// With no table, the lobby names the tap that opens one.
				s.lobby = lobby.Shown(nil, 0, 0)
				check(screenLines(s), tr.T("lobby.empty.tap"))

				showClassic(t, s, 0, nil)
				lines := screenLines(s)
				if screen := strings.Join(lines, "\n"); !strings.Contains(screen, tr.T("rack.title.tap")) || strings.Contains(screen, "80×24") {
					t.Errorf("%dx%d: the table is not drawn:\n%s", w, h, screen)
				}
				for _, l := range lines {
					if ansi.StringWidth(l) > w {
						t.Errorf("%dx%d: a line of the table of %d columns: %q", w, h, ansi.StringWidth(l), l)
					}
				}
			})
		}
	}
}
