package tourneyform

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/ui/serve/tourneyview"
)

var (
	enterKey = tea.KeyPressMsg{Code: tea.KeyEnter}
	right    = tea.KeyPressMsg{Code: tea.KeyRight}
)

// The start typed on the form's own row takes the place of the offset,
// the start row saying so; one that does not read is refused on enter
// in the player's words within the status line; ← → on the start row
// goes back to the offsets. At 80 columns and wider, in both languages.
func TestStartTypedOnTheForm(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		for _, w := range []int{80, 120} {
			f, c := page(t, lang, w, 24)
			for f.row != rAt {
				press(f, c, down)
			}
			now := c.Srv.Now().UTC()
			typed := now.Add(3 * time.Hour).Format("15:04")
			for _, r := range typed {
				press(f, c, letter(r))
			}
			want, err := tourneyview.ParseAt(typed, now)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.config("Ann", c.Srv.Now(), 0).Start; !got.Equal(want) {
				t.Errorf("%s: the start %v, want %v", lang, got, want)
			}
			lines, _ := f.Lines(c)
			text := ansi.Strip(strings.Join(lines, "\n"))
			if !strings.Contains(text, dayWords(c.Tr, want, now)) {
				t.Errorf("%s %d: the start row does not say the time typed:\n%s", lang, w, text)
			}
			for _, l := range lines {
				if lw := ansi.StringWidth(l); lw > c.PageWidth() {
					t.Errorf("%s %d: a line of %d columns: %q", lang, w, lw, ansi.Strip(l))
				}
			}
			for range 5 {
				press(f, c, letter('9')) // "12:349999": no time
			}
			if tr := press(f, c, enterKey); tr.Cmd != nil || c.Flash != c.Tr.T("tourney.new.err.at") || ansi.StringWidth(c.Flash) > 78 {
				t.Errorf("%s: a start that does not read: sent %v, said %q", lang, tr.Cmd != nil, c.Flash)
			}
			press(f, c, up)
			press(f, c, right)
			if f.at.Value() != "" {
				t.Errorf("%s: → on the start row kept %q typed", lang, f.at.Value())
			}
		}
	}
}

// A start set by its offset says its day with its time: 24 hours on is
// tomorrow, in both languages, not a bare "07:58 UTC" read as today's.
func TestStartOffsetSaysItsDay(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		f, c := page(t, lang, 80, 24)
		for _, c2 := range []struct {
			start time.Duration
			day   string
		}{{24 * time.Hour, "tourney.new.tomorrow"}, {time.Minute, "tourney.new.today"}} {
			f.start = c2.start
			at := f.config("Ann", c.Srv.Now(), 0).Start.UTC()
			day := "tourney.new.today"
			if at.YearDay() != c.Srv.Now().UTC().YearDay() {
				day = "tourney.new.tomorrow"
			}
			if day != c2.day {
				t.Skipf("the test's clock puts %v on another day", c2.start)
			}
			lines, _ := f.Lines(c)
			text := ansi.Strip(strings.Join(lines, "\n"))
			if want := c.Tr.T(c2.day, at.Format("15:04")); !strings.Contains(text, want) {
				t.Errorf("%s: a start %v on does not say %q:\n%s", lang, c2.start, want, text)
			}
		}
	}
}
