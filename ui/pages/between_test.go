package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

var (
	_ Component = Resume{}
	_ Component = Final{}
)

func keyOf(s string) tea.KeyPressMsg {
	if s == "enter" {
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

// The pages between hands answer their keys alike in both games: only
// the key the bar names starts a match (enter on the final table does
// not), enter resumes a saved match.
func TestBetweenPagesKeys(t *testing.T) {
	c := testCommon(t, 100, 30)
	resume, final := NewResume(c, "", nil, ""), NewFinal(c, FinalTable{}, nil)
	for _, tc := range []struct {
		page Component
		key  string
		want Result
	}{
		{resume, "enter", Open},
		{resume, "n", NewMatch},
		{resume, "q", Quit},
		{resume, "z", Unknown},
		{final, "n", NewMatch},
		{final, "enter", Unknown},
		{final, "w", Coach},
		{final, "q", Quit},
	} {
		if got := tc.page.Update(keyOf(tc.key)); got != tc.want {
			t.Errorf("%T: %q gives %d, want %d", tc.page, tc.key, got, tc.want)
		}
	}
}

// The final table lays out what a game gives it: the verdict and its
// rule, a column of points only when the match keeps them, the rows by
// place; a spectator's has no verdict.
func TestFinalLines(t *testing.T) {
	c := testCommon(t, 100, 30)
	rows := []FinalRow{{Place: 1, Name: "Ayşe", Points: "12", Outcome: "won", Mood: Won}, {Place: 2, Name: "You", Points: "3", Outcome: "lost", Mood: Lost}}
	for _, tc := range []struct {
		t    FinalTable
		want []string
	}{
		{FinalTable{Title: "T", Verdict: "You lost.", Rule: "rule", Points: "points", Rows: rows, After: []string{"", "next"}},
			[]string{"T", "", "You lost.", "rule", "", "     Player        points  Result", "  1. Ayşe              12  won", "  2. You                3  lost", "", "next"}},
		{FinalTable{Title: "T", Rule: "rule", Rows: rows},
			[]string{"T", "rule", "", "     Player        Result", "  1. Ayşe          won", "  2. You           lost"}},
	} {
		var got []string
		for _, l := range NewFinal(c, tc.t, nil).Lines() {
			got = append(got, strings.TrimRight(ansi.Strip(l), " "))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}
