package table

import (
	"testing"

	"okey/ui/canvas"
)

// TestHeader checks the top line's three parts: the keys at the right
// edge when they fit (those between the first and the last left out
// before the words' first part is cut), the words' parts left out whole
// (the last first) where they do not fit, only a first part too wide
// cut, no line wider than asked.
func TestHeader(t *testing.T) {
	plain := func(_ Style, s string) string { return s }
	for _, tc := range []struct {
		name             string
		w                int
		info, keys, want string
	}{
		{"all fits", 30, "  hand 1", "? help", "OKEY  hand 1            ? help"},
		{"no keys", 30, "  hand 1", "", "OKEY  hand 1"},
		// A part goes whole or not at all: a served daily's read "from 20 …".
		{"a part left out", 24, "  hand 1 · dealer: Ayşe", "? help", "OKEY  hand 1      ? help"},
		{"parts left out, last first", 60, "  Daily 1/4 · practice · dealer Emre · from 20 points", "? help · q leave", "OKEY  Daily 1/4 · practice · dealer Emre    ? help · q leave"},
		{"a first part cut", 20, "  hand 1 of many · x", "? help", "OKEY  hand …  ? help"},
		{"no room for the keys", 8, "  hand 1", "? help", "OKEY"},
		// Standing up, the keys between help and quit give way first.
		{"keys give way", 36, "  hand 1 of 11 · x", "? help · o settings · q quit", "OKEY  hand 1 of 11   ? help · q quit"},
	} {
		got := Header(tc.w, "OKEY", tc.info, tc.keys, plain)
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		if canvas.Width(got) > tc.w {
			t.Errorf("%s: %d columns wide, more than %d", tc.name, canvas.Width(got), tc.w)
		}
	}
}
