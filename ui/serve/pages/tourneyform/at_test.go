package tourneyform

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

var (
	enterKey = tea.KeyPressMsg{Code: tea.KeyEnter}
	right    = tea.KeyPressMsg{Code: tea.KeyRight}
)

// A start typed as a clock time in UTC: its next coming, or the day
// said, in either language; 1 min to 24 h ahead, or refused.
func TestParseAt(t *testing.T) {
	now := time.Date(2026, 11, 27, 19, 45, 30, 0, time.UTC)
	day := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, time.UTC) }
	for _, tc := range []struct {
		typed string
		want  time.Time
		err   error
	}{
		{"20:30", day(27, 20, 30), nil},
		{" 20.30 ", day(27, 20, 30), nil},
		{"2030", day(27, 20, 30), nil},
		{"8:05", day(28, 8, 5), nil},
		{"19:46", time.Time{}, errAt}, // 30 s ahead today, 24 h 30 s tomorrow: neither
		{"19:47", day(27, 19, 47), nil},
		{"today 23:59", day(27, 23, 59), nil},
		{"Bugün 21:00", day(27, 21, 0), nil},
		{"tomorrow 19:45", day(28, 19, 45), nil},
		{"yarın 08:00", day(28, 8, 0), nil},
		{"tomorrow 20:00", time.Time{}, errAt}, // over 24 h ahead
		{"today 10:00", time.Time{}, errAt},    // past
		{"25:00", time.Time{}, errAt},
		{"20:3", time.Time{}, errAt},
		{"noon", time.Time{}, errAt},
		{"friday 20:30", time.Time{}, errAt},
		{"", time.Time{}, errNoAt},
	} {
		got, err := ParseAt(tc.typed, now)
		if !errors.Is(err, tc.err) || !got.Equal(tc.want) {
			t.Errorf("%q: %v, %v; want %v, %v", tc.typed, got, err, tc.want, tc.err)
		}
	}
}

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
			want, err := ParseAt(typed, now)
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
