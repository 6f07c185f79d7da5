package canvas

import (
	"strings"
	"testing"
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
