package canvas

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestHelpers(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"fit pads", Fit("ab", 4), "ab  "},
		{"fit cuts", Fit("abcdef", 4), "abc…"},
		{"cut between words", Cut("the wall ran out; Mehmet showed", 28), "the wall ran out; Mehmet …"},
		{"cut through a long word", Cut("a verylongwordindeed", 10), "a verylon…"},
		{"cut with no space in reach", Cut("one two three", 8), "one two…"},
		{"fit between words", Fit("one two three four", 16), "one two three … "},
		{"cut leaves short", Cut("ab", 4), "ab"},
		{"cut cuts", Cut("abcdef", 4), "abc…"},
		{"right", Right("ab", 4), "  ab"},
		{"center", Center("ab", 5), " ab  "},
		{"wrap at spaces", strings.Join(Wrap("one two three", 8), "|"), "one two|three"},
		{"wrap keeps paragraphs", strings.Join(Wrap("a\nb", 8), "|"), "a|b"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestCanvasPlacesAndCuts(t *testing.T) {
	c := New(6, 2)
	c.Put(4, 0, "xyz") // cut at the right edge
	c.Put(0, 0, "ab")
	c.Put(1, 0, "!") // overlaps "ab": dropped
	c.Put(0, 5, "gone")
	want := "ab  xy\n"
	if got := c.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWrapKeepsNoBreakSpaces: a no-break space holds a tile's words
// together ("kırmızı 7'yi"); a line breaks at ordinary spaces only.
func TestWrapKeepsNoBreakSpaces(t *testing.T) {
	got := Wrap("al kırmızı\u00a07'yi şimdi", 12)
	want := []string{"al", "kırmızı\u00a07'yi", "şimdi"}
	if len(got) != len(want) {
		t.Fatalf("%q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%q, want %q", got, want)
		}
	}
}

// TestWidthAsGraphemes: the quick count agrees with measuring by
// graphemes on every letter it counts, alone and in styled text.
func TestWidthAsGraphemes(t *testing.T) {
	for r := rune(0x20); r < 0x3000; r++ {
		s := string(r)
		if _, ok := simpleWidth(s); ok && ansi.StringWidth(s) != 1 {
			t.Errorf("%U: counted as one column, measured %d", r, ansi.StringWidth(s))
		}
	}
	for _, s := range []string{
		"", "plain", "\x1b[1;38;2;10;20;30mOKEY\x1b[0m  Hand 1", "╭─ your rack ─╮", "│R13│", "çğıöşü ÇĞİÖŞÜ",
		"a\u0301", "e\u0308x", "日本", "👍🏽", "x\x1b]8;;http://a\x07link\x1b]8;;\x07", "\x1b(Bx", "tab\tx", "\x1b[",
		"…·–•←→↑↓", "a\u200db", "1\ufe0f", "soft\u00adhyphen", "\x1b[38;5;12m\x1b[48;5;3m K5 \x1b[m",
	} {
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Errorf("Width(%q) = %d, measured by graphemes %d", s, got, want)
		}
	}
}

// FuzzWidth: Width is ansi.StringWidth, whatever the text.
func FuzzWidth(f *testing.F) {
	for _, s := range []string{"ab", "\x1b[1mx\x1b[0m", "│ş│", "a\u0301", "日", "👍🏽", "\x1b]0;t\x07"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Errorf("Width(%q) = %d, measured by graphemes %d", s, got, want)
		}
	})
}

func BenchmarkWidth(b *testing.B) {
	s := "\x1b[1;38;2;10;20;30m│R13│\x1b[0m lg0001's 2 discarded · 20 pts · 14 tiles"
	b.ReportAllocs()
	for b.Loop() {
		Width(s)
	}
}

// TestWithin asserts a line that fits comes back whole and one that
// does not is cut to the width, styles and all.
func TestWithin(t *testing.T) {
	styled := "\x1b[1mbold\x1b[0m words"
	for _, tc := range []struct {
		s     string
		w     int
		width int
	}{
		{"short", 10, 5},
		{styled, 10, 10},
		{styled, 4, 4},
		{"", 3, 0},
	} {
		got := Within(tc.s, tc.w)
		if Width(got) != tc.width {
			t.Errorf("Within(%q, %d) = %q, %d wide, want %d", tc.s, tc.w, got, Width(got), tc.width)
		}
		if Width(tc.s) <= tc.w && got != tc.s {
			t.Errorf("Within(%q, %d) = %q, changed a line that fits", tc.s, tc.w, got)
		}
	}
}
