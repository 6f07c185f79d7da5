package pages

import (
	"testing"
)

// KeyAt reads a key bar as the browser door's page reads it: the
// part under the click names its key (the first of a pair, enter and
// the arrows by their names); a pair of arrows, the space between
// parts and the lines above the bar press nothing.
func TestKeyAt(t *testing.T) {
	screen := "OKEY  Hand 1 · dealer Ayşe\nthe table\nYour turn: draw.\n" +
		"enter next • ←→ move • c/v sort\n" +
		"\x1b[1md\x1b[0m draw • ↑ up • q quit"
	tests := []struct {
		name string
		x, y int
		want string // the key's String(), "" none
	}{
		{"enter", 2, 3, "enter"},
		{"the pair's first", 24, 3, "c"},
		{"a pair of arrows", 14, 3, ""},
		{"between parts", 11, 3, ""},
		{"styled", 0, 4, "d"},
		{"an arrow", 10, 4, "up"},
		{"quit", 17, 4, "q"},
		{"past the bar", 40, 4, ""},
		{"the status line", 2, 2, ""},
		{"the header", 0, 0, ""},
		{"off the screen", 0, 9, ""},
	}
	for _, tt := range tests {
		k, ok := KeyAt(screen, tt.x, tt.y)
		got := ""
		if ok {
			got = k.String()
		}
		if got != tt.want {
			t.Errorf("%s at (%d, %d): %q, want %q", tt.name, tt.x, tt.y, got, tt.want)
		}
	}
	if k, _ := KeyAt(screen, 0, 4); k.Text != "d" || k.Code != 'd' {
		t.Errorf("d is sent as %+v, as a terminal sends d", k)
	}
}
