package pages

import (
	"slices"
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

// A hand's end lays out what a game gives it: the reasons wrap under
// themselves, and the hands before come only when they fit (or always,
// on a page that scrolls).
func TestHandEndLines(t *testing.T) {
	c := testCommon(t, 80, 24)
	why := strings.Repeat("a reason and another ", 6)
	h := HandEnd{Top: []string{"Hand 1", ""}, Head: "Lost", Rows: []HandEndRow{{Cells: "  You  -2  ", Why: why}}, After: make([]string, 30), AfterFits: true}
	lines := NewHandEnd(c, h).Lines()
	if len(lines) < 5 || !strings.HasPrefix(ansi.Strip(lines[3]), "  You  -2  a reason") || !strings.HasPrefix(ansi.Strip(lines[4]), "           r") {
		t.Fatalf("the reasons do not wrap under themselves: %q", lines)
	}
	if n := len(lines); n > c.Lay.Page.H {
		t.Fatalf("%d lines on a page of %d: the hands before did not fit", n, c.Lay.Page.H)
	}
	h.AfterFits = false
	if n := len(NewHandEnd(c, h).Lines()); n != len(lines)+31 {
		t.Fatalf("a page that scrolls keeps the hands before: %d lines", n)
	}
	h.Rows, h.Body = nil, "played again"
	if got := ansi.Strip(NewHandEnd(c, h).Lines()[2]); got != "played again" {
		t.Fatalf("a void hand says %q", got)
	}
	if r := NewHandEnd(c, h).Update(keyOf("enter")); r != Next {
		t.Fatalf("enter at a hand's end gives %d", r)
	}
}

// The final table's rows go by place, ties in seat order.
func TestByPlace(t *testing.T) {
	for _, tt := range []struct {
		place, want []int
	}{
		{[]int{1, 2, 3, 4}, []int{0, 1, 2, 3}},
		{[]int{4, 3, 2, 1}, []int{3, 2, 1, 0}},
		{[]int{2, 1, 2, 1}, []int{1, 3, 0, 2}},
		{[]int{1, 1, 1, 1}, []int{0, 1, 2, 3}},
	} {
		got := ByPlace(tt.place)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ByPlace(%v) = %v, want %v", tt.place, got, tt.want)
		}
	}
}

// The score history's page is the same in both games: the title, the
// game's table or a word that there is none, then what comes after.
func TestScoreLines(t *testing.T) {
	c := testCommon(t, 80, 24)
	for _, tt := range []struct {
		name         string
		table, after []string
		want         []string
	}{
		{"none yet", nil, nil, []string{"Sheet", "", "No hand has ended yet."}},
		{"hands", []string{"head", "row"}, []string{"", "fair"}, []string{"Sheet", "", "head", "row", "", "fair"}},
	} {
		got := ScoreLines(c, "Sheet", tt.table, tt.after)
		for i := range got {
			got[i] = ansi.Strip(got[i])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The final table's title says "1 hand", never "1 hands" (a 101 match
// of hands=1).
func TestMatchOverTitlePlural(t *testing.T) {
	c := testCommon(t, 100, 30)
	for hands, want := range map[int]string{1: "after 1 hand.", 2: "after 2 hands.", 11: "after 11 hands."} {
		if got := MatchOverTitle(c.Tr, hands); !strings.HasSuffix(got, want) {
			t.Errorf("%d hands: %q, want … %q", hands, got, want)
		}
	}
}

// The coach's summary counts its labels without a wrong plural: "0
// blunder, 2 mistake" read wrong in English.
func TestReviewSummaryCounts(t *testing.T) {
	c := testCommon(t, 100, 30)
	got := c.Tr.T("review.summary", "7.64", "0.76", 99.0, 0, 2, 1)
	for _, bad := range []string{"0 blunder,", "2 mistake,", "1 inaccuracy."} {
		if strings.Contains(got, bad) {
			t.Errorf("the summary says %q: %q", bad, got)
		}
	}
	if !strings.Contains(got, "blunders 0, mistakes 2, inaccuracies 1") {
		t.Errorf("the summary does not count each label: %q", got)
	}
}
