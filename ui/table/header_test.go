package table

import (
	"testing"

	"okey/ui/canvas"
)

// TestHeader checks the top line's three parts: the keys at the right
// edge when they fit, the words cut to the room left, no line wider
// than asked.
func TestHeader(t *testing.T) {
	plain := func(_ Style, s string) string { return s }
	for _, tc := range []struct {
		name             string
		w                int
		info, keys, want string
	}{
		{"all fits", 30, "  hand 1", "? help", "OKEY  hand 1            ? help"},
		{"no keys", 30, "  hand 1", "", "OKEY  hand 1"},
		{"words cut", 24, "  hand 1 · dealer: Ayşe", "? help", "OKEY  hand 1 · …  ? help"},
		{"no room for the keys", 8, "  hand 1", "? help", "OKEY"},
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
