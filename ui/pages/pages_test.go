package pages

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
	"okey/ui/canvas"
	"okey/ui/keymap"
	"okey/ui/theme"
)

// The pages are components.
var (
	_ Component = Info{}
	_ Component = Notice{}
	_ Component = TooSmall{}
	_ Component = Locked{}
	_ Component = FormPage{}
	_ Component = ReviewPage{}
	_ Component = MatchesPage{}
)

func testCommon(t *testing.T, w, h int) *Common {
	t.Helper()
	tr := i18n.MustLoad("en")
	p, err := theme.Load("default")
	if err != nil {
		t.Fatal(err)
	}
	keys := keymap.New(tr, true)
	c := &Common{Tr: tr, St: theme.New(p, true, true), Keys: &keys}
	c.SetSize(w, h)
	return c
}

func binding(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}

// The bar leaves out whole keys from the end, never cuts one and never
// ends in an ellipsis; all of them show when they fit.
func TestBarLeavesOutWholeKeys(t *testing.T) {
	keys := []key.Binding{binding("a", "first"), binding("b", "second"), binding("c", "third"), binding("d", "fourth")}
	b := NewBar()
	b.SetStyles(testCommon(t, 80, 24).St)
	all := ansi.Strip(b.View(keys, 80))
	for _, want := range []string{"a first", "d fourth"} {
		if !strings.Contains(all, want) {
			t.Errorf("at 80 columns the bar %q has no %q", all, want)
		}
	}
	for _, tc := range []struct {
		w             int
		shown, hidden string
	}{
		{canvas.Width(all), "d fourth", ""},
		{canvas.Width(all) - 1, "c third", "fourth"},
		{17, "a first", "second"},
	} {
		got := ansi.Strip(b.View(keys, tc.w))
		if w := canvas.Width(got); w > tc.w {
			t.Errorf("at %d columns the bar is %d wide: %q", tc.w, w, got)
		}
		if strings.Contains(got, "…") {
			t.Errorf("at %d columns the bar is cut: %q", tc.w, got)
		}
		if !strings.Contains(got, tc.shown) || (tc.hidden != "" && strings.Contains(got, tc.hidden)) {
			t.Errorf("at %d columns the bar %q: want %q shown and %q left out", tc.w, got, tc.shown, tc.hidden)
		}
	}
}

// An information page scrolls by its keys, closes by esc, enter or its
// opener, offers the saved matches only when asked to, and says
// Unknown of any other key.
func TestInfoKeys(t *testing.T) {
	c := testCommon(t, 80, 24)
	lines := make([]string, 100)
	for i := range lines {
		lines[i] = strings.Repeat("x", i%7)
	}
	opener := binding("i", "statistics")
	for _, tc := range []struct {
		key   string
		saved bool
		want  Result
	}{
		{"down", false, None},
		{"esc", false, Close},
		{"i", false, Close},
		{"q", false, Quit},
		{"w", true, Saved},
		{"w", false, Unknown},
		{"z", false, Unknown},
	} {
		sc := NewScroll(c.Keys.Info.ScrollKeys)
		p := NewInfo(c, &sc, lines, opener, tc.saved)
		if got := p.Update(keyMsg(tc.key)); got != tc.want {
			t.Errorf("%q (saved %v): %d, want %d", tc.key, tc.saved, got, tc.want)
		}
		if tc.key == "down" && sc.YOffset() != 1 {
			t.Errorf("down scrolled to line %d, want 1", sc.YOffset())
		}
	}
	sc := NewScroll(c.Keys.Info.ScrollKeys)
	if got := NewInfo(c, &sc, lines, opener, true).ShortHelp(); len(got) != 5 {
		t.Errorf("a long score history's bar has %d keys, want scroll, page, saved, close, quit", len(got))
	}
	if got := NewInfo(c, &sc, lines[:2], opener, false).ShortHelp(); len(got) != 2 {
		t.Errorf("a short page's bar has %d keys, want close and quit", len(got))
	}
}

// A finished match's file name gives its date and why it ended; a name
// of another shape is shown as it is.
func TestSavedName(t *testing.T) {
	for _, tc := range []struct{ path, when, why string }{
		{"/s/finished/20250301-120000-finished.okey", "2025-03-01 12:00", "finished"},
		{"20250301-120000-abandoned-2.okey", "2025-03-01 12:00", "abandoned"},
		{"20250301-120000.okey", "2025-03-01 12:00", ""},
		{"short.okey", "short", ""},
		{"2025030X-120000-finished.okey", "2025030X-120000-finished", ""},
	} {
		if when, why := SavedName(tc.path); when != tc.when || why != tc.why {
			t.Errorf("%s: %q %q, want %q %q", tc.path, when, why, tc.when, tc.why)
		}
	}
}

// The saved matches' cursor stays on the list, enter opens the line
// under it, and an empty list opens nothing.
func TestMatchesCursor(t *testing.T) {
	c := testCommon(t, 80, 24)
	entries := []SavedMatch{{Game: "val.classic"}, {Path: "a", Game: "val.okey101"}, {Path: "b", Game: "val.classic"}}
	s := &Matches{Loaded: true}
	p := s.Page(c, entries, false)
	for _, k := range []string{"up", "down", "down", "down"} {
		msg := keyMsg(k)
		if k == "up" {
			msg = tea.KeyPressMsg{Code: tea.KeyUp}
		}
		if r := p.Update(msg); r != None {
			t.Fatalf("%s: %d", k, r)
		}
	}
	if s.At != 2 {
		t.Fatalf("the cursor is at %d, want 2 (the last)", s.At)
	}
	if r := p.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); r != Open {
		t.Fatalf("enter: %d, want Open", r)
	}
	if got, ok := p.Chosen(); !ok || got.Path != "b" {
		t.Fatalf("chosen %+v", got)
	}
	empty := s.Page(c, nil, false)
	if r := empty.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); r != None {
		t.Fatalf("enter on an empty list: %d", r)
	}
	if _, ok := empty.Chosen(); ok {
		t.Fatal("an empty list has a line chosen")
	}
}
