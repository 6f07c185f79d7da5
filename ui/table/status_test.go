package table

import (
	"slices"
	"testing"
)

// TestStatusLines checks the status's wrapping: whole words to a line,
// at most n lines, the last cut where the text runs over, each painted.
func TestStatusLines(t *testing.T) {
	mark := func(st Style, s string) string {
		if st != Warn {
			return "(not the style asked for) " + s
		}
		return "[" + s + "]"
	}
	for _, tc := range []struct {
		name string
		text string
		w, n int
		want []string
	}{
		{"one line", "draw a tile", 20, 2, []string{"[draw a tile]"}},
		{"wrapped", "draw a tile or take", 11, 2, []string{"[draw a tile]", "[or take]"}},
		{"cut to n", "draw a tile or take one", 8, 2, []string{"[draw a]", "[tile …]"}},
	} {
		got := StatusLines(tc.text, Warn, tc.w, tc.n, mark)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
