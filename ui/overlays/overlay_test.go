package overlays

import (
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/pages"
)

// A key on a page over the table scrolls it, closes it, or closes it
// and goes on to the table; only the page's own key and esc close it
// for good.
func TestKey(t *testing.T) {
	keys := keymap.New(i18n.MustLoad("en"), true)
	area := layout.Rect{W: 40, H: 3}
	lines := make([]string, 10)
	for i := range lines {
		lines[i] = "line " + strconv.Itoa(i)
	}
	tests := []struct {
		key  tea.KeyPressMsg
		want Outcome
		top  int // the line at the top after the key
	}{
		{tea.KeyPressMsg{Code: tea.KeyDown}, Scrolled, 1},
		{tea.KeyPressMsg{Code: '?', Text: "?"}, Closed, 0},
		{tea.KeyPressMsg{Code: tea.KeyEscape}, Closed, 0},
		{tea.KeyPressMsg{Code: 'b', Text: "b"}, Passed, 0}, // the stacks' key, on the help
		{tea.KeyPressMsg{Code: 'x', Text: "x"}, Passed, 0},
	}
	for _, tt := range tests {
		t.Run(tt.key.String(), func(t *testing.T) {
			s := pages.NewScroll(keys.Overlay.ScrollKeys)
			if got := Key(tt.key, &s, keys.Overlay, area, lines, keys.Table.Help); got != tt.want {
				t.Errorf("Key(%q) = %d, want %d", tt.key, got, tt.want)
			}
			if s.YOffset() != tt.top {
				t.Errorf("Key(%q) left line %d at the top, want %d", tt.key, s.YOffset(), tt.top)
			}
		})
	}
}

// The bar says how to scroll only while there is more than the area
// holds.
func TestBar(t *testing.T) {
	keys := keymap.New(i18n.MustLoad("en"), true)
	s := pages.NewScroll(keys.Overlay.ScrollKeys)
	for _, tt := range []struct {
		lines, want int
	}{{2, 2}, {3, 2}, {4, 4}} {
		got := Bar(&s, keys.Overlay, layout.Rect{W: 40, H: 3}, make([]string, tt.lines))
		if len(got) != tt.want {
			t.Errorf("%d lines in 3: a bar of %d keys, want %d", tt.lines, len(got), tt.want)
		}
	}
}
