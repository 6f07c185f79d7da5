package table

import (
	"fmt"
	"strings"
	"testing"

	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/layout"
	"okey/ui/theme"
)

func sheet(t *testing.T, dark bool) *theme.Styles {
	t.Helper()
	p, err := theme.Load("default")
	if err != nil {
		t.Fatal(err)
	}
	return theme.New(p, dark, false)
}

// TestPaint asserts that the cache draws as the sheet's style does, and
// that a new sheet is drawn in, not the old one's pieces looked up.
func TestPaint(t *testing.T) {
	light, dark := sheet(t, false), sheet(t, true)
	var p Painter
	for _, tc := range []struct {
		sheet *theme.Styles
		id    Style
		want  string
	}{
		{dark, Warn, dark.Warn.Render("hey")},
		{dark, Warn, dark.Warn.Render("hey")}, // looked up
		{dark, Okey, dark.Okey.Render("hey")},
		{light, Warn, light.Warn.Render("hey")},
		{light, Text, light.Text.Render("hey")},
	} {
		if got := p.Paint(tc.sheet, tc.id, "hey"); got != tc.want {
			t.Errorf("Paint(%d) = %q, want %q", tc.id, got, tc.want)
		}
	}
	calls := 0
	draw := func() string { calls++; return "drawn" }
	for range 3 {
		if got := p.Drawn(light, "edge", draw); got != "drawn" {
			t.Fatalf("Drawn = %q", got)
		}
	}
	p.Drawn(dark, "edge", draw)
	if calls != 2 {
		t.Errorf("draw called %d times for two sheets, want 2", calls)
	}
}

// TestWords asserts the player's seat is "you" only to the player, not
// to a spectator, and that names and scores read in each language.
func TestWords(t *testing.T) {
	for _, lang := range []string{"en", "tr"} {
		tr, err := i18n.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		w := Words{Tr: tr, Names: [Seats]string{"Ali", "Ayşe", "Can", "Deniz"}}
		if got := w.SeatName(0); got != tr.T("you") {
			t.Errorf("%s: SeatName(0) = %q, want you", lang, got)
		}
		if got := w.SeatName(2); got != "Can" {
			t.Errorf("%s: SeatName(2) = %q", lang, got)
		}
		if got := w.SeatName(7); got != "?" {
			t.Errorf("%s: SeatName(7) = %q", lang, got)
		}
		if got, want := w.FromWhom(0), tr.T("you.from"); got != want {
			t.Errorf("%s: FromWhom(0) = %q, want %q", lang, got, want)
		}
		if got, want := w.YouOr(1, "log.show", "R7"), tr.T("log.show", "Ayşe", "R7"); got != want {
			t.Errorf("%s: YouOr(1) = %q, want %q", lang, got, want)
		}
		if got, want := w.PointsText(1), tr.T("panel.point", 1); got != want {
			t.Errorf("%s: PointsText(1) = %q, want %q", lang, got, want)
		}
		w.Watching = true
		if got := w.SeatName(0); got != "Ali" {
			t.Errorf("%s: a spectator's SeatName(0) = %q, want Ali", lang, got)
		}
		if got, want := w.SeatNameMid(0), "Ali"; got != want {
			t.Errorf("%s: a spectator's SeatNameMid(0) = %q", lang, got)
		}
		if got, want := w.YouOr(0, "log.show", "R7"), tr.T("log.show", "Ali", "R7"); got != want {
			t.Errorf("%s: a spectator's YouOr(0) = %q, want %q", lang, got, want)
		}
	}
}

// TestAligned asserts where a line sits in its rectangle, and that one
// too wide is cut to it.
func TestAligned(t *testing.T) {
	r := layout.Rect{X: 2, Y: 1, W: 10, H: 3}
	for _, tc := range []struct {
		a    Align
		s    string
		want string
	}{
		{Left, "abcd", "  abcd      "},
		{Centre, "abcd", "     abcd   "},
		{Right, "abcd", "        abcd"},
		{Right, "abcdefghijklmn", "  " + canvas.Cut("abcdefghijklmn", 10)}, // cut as canvas.Cut cuts
	} {
		c := canvas.New(12, 3)
		PutAligned(c, r, 1, tc.a, tc.s, func(s string) string { return s })
		lines := strings.Split(c.String(), "\n")
		if got := strings.TrimRight(lines[1], " "); got != strings.TrimRight(tc.want, " ") {
			t.Errorf("align %d %q: line %q, want %q", tc.a, tc.s, got, tc.want)
		}
	}
}

// TestDrawLog asserts the log shows the newest entries that fit, oldest
// first (beside the table, whole, from a page's first entry: a multiple
// of half its height), the newest entry's lines bright and the rest
// dim, under its title only beside the table, a newest too long for it
// cut to its last lines, and asks for no entry it cannot show.
func TestDrawLog(t *testing.T) {
	entries := [][]string{{"one"}, nil, {"two a", "two b"}, {"three"}}
	mark := func(st Style, s string) string {
		if st == Text {
			return "+" + s
		}
		if st == Accent {
			return "#" + s
		}
		return "-" + s
	}
	for _, tc := range []struct {
		beside bool
		h      int
		want   []string
		asked  int
	}{
		{false, 2, []string{"-two b", "+three"}, 2},
		{true, 3, []string{"#Log", "+three", ""}, 2},
		{false, 5, []string{"-one", "-two a", "-two b", "+three", ""}, 4},
		{true, 5, []string{"#Log", "-one", "+two a", "+two b", "+three"}, 4}, // the page's first step dimmer
		{true, 4, []string{"#Log", "+two a", "+two b", "+three"}, 4},         // the page from entry 1 (an empty one)
		{true, 2, []string{"#Log", "+three"}, 2},
		{false, 0, []string{}, 0},
	} {
		c := canvas.New(10, max(tc.h, 1))
		asked := 0
		DrawLog(c, layout.Rect{W: 10, H: tc.h}, tc.beside, "Log", len(entries), func(i int) []string {
			asked++
			return entries[i]
		}, mark)
		got := strings.Split(c.String(), "\n")
		for i, w := range tc.want {
			if strings.TrimRight(got[i], " ") != w {
				t.Errorf("beside %v, %d rows: line %d = %q, want %q", tc.beside, tc.h, i, got[i], w)
			}
		}
		if asked != tc.asked {
			t.Errorf("beside %v, %d rows: asked for %d entries, want %d", tc.beside, tc.h, asked, tc.asked)
		}
	}
	if got := EntryLines("", 5, true); got != nil {
		t.Errorf("EntryLines of nothing = %q", got)
	}
	if got := EntryLines("a few words here", 6, true); len(got) < 2 {
		t.Errorf("EntryLines beside = %q, want it wrapped", got)
	}
	long := strings.Repeat("a few words here ", 8)
	if got := EntryLines(long, layout.MinWidth, false); len(got) != 1 || canvas.Width(got[0]) > layout.MinWidth {
		t.Errorf("EntryLines below = %q, want it cut", got)
	}
	// Standing up, below the table, a cut would leave it half said.
	if got := EntryLines(long, layout.PortraitW, false); len(got) < 2 || strings.Contains(strings.Join(got, " "), "…") {
		t.Errorf("EntryLines below, standing up = %q, want it wrapped", got)
	}
}

// TestDrawLogTurnsPages: as moves come one at a time, the lines of the
// log beside the table above the newest stay as they were, in their
// style (what a terminal is sent is the lines that changed): more
// change only when a page turns, at most once in half the log's height
// of entries, and the newest entry is always shown, last.
func TestDrawLogTurnsPages(t *testing.T) {
	for _, h := range []int{3, 8, 32} {
		var prev []string
		turns := 0
		const moves = 200
		for n := 1; n <= moves; n++ {
			c := canvas.New(20, h+1)
			DrawLog(c, layout.Rect{W: 20, H: h + 1}, true, "", n, func(i int) []string {
				return []string{fmt.Sprint("move ", i)}
			}, func(st Style, s string) string { return fmt.Sprint(st, s) })
			got := strings.Split(c.String(), "\n")
			last := ""
			for _, l := range got {
				if l = strings.TrimSpace(l); l != "" {
					last = l
				}
			}
			if want := fmt.Sprint("move ", n-1); !strings.HasSuffix(last, want) {
				t.Fatalf("%d lines, %d moves: the last shown is %q, want %q", h, n, last, want)
			}
			changed := 0
			for i := range prev {
				if prev[i] != got[i] {
					changed++
				}
			}
			if changed > 1 {
				turns++
			}
			prev = got
		}
		// A page turned (once in half the log's height of moves), or
		// the first page's first entries dimmed (once).
		if most := moves/max(1, h/2) + 2; turns > most {
			t.Errorf("%d lines: more than the newest line drawn %d times in %d moves, at most %d", h, turns, moves, most)
		}
	}
}

// TestUndoFrame asserts the last own discard is found within the hand
// only, and that undos are counted from none.
func TestUndoFrame(t *testing.T) {
	// 'n' starts a hand, 'd' is the player's discard, others are moves.
	find := func(acts string) int {
		return LastOwnDiscard([]byte(acts), func(a byte) bool { return a == 'n' }, func(a byte) bool { return a == 'd' })
	}
	for _, tc := range []struct {
		acts string
		want int
	}{
		{"", -1},
		{"nxdxx", 2},
		{"nxdxdx", 4},
		{"nxdxnxx", -1},
		{"dnxx", -1},
	} {
		if got := find(tc.acts); got != tc.want {
			t.Errorf("LastOwnDiscard(%q) = %d, want %d", tc.acts, got, tc.want)
		}
	}
	meta := map[string]string{}
	CountUndo(meta)
	CountUndo(meta)
	if meta[MetaUndos] != "2" {
		t.Errorf("two undos counted as %q", meta[MetaUndos])
	}
}
