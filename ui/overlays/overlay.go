package overlays

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
	"okey/ui/layout"
	"okey/ui/pages"
)

// A page over the table (the help, the discard stacks) is drawn in the
// page area and scrolls when it is longer than the area, through the
// host's scroll (the one every page that scrolls moves by).

// Outcome is what a key did on a page over the table.
type Outcome uint8

const (
	// Scrolled: a scroll key moved the page; it stays.
	Scrolled Outcome = iota + 1
	// Closed: the page's own key or esc closed it, and does no more.
	Closed
	// Passed: another key closed the page and goes on to do what it
	// does on the table.
	Passed
)

// Key handles k on the page of lines over the table in area, scrolled
// by s, that own (the key that opened it) closes.
func Key(k tea.KeyPressMsg, s *pages.Scroll, keys keymap.OverlayKeys, area layout.Rect, lines []string, own key.Binding) Outcome {
	switch {
	case s.Key(k, keys.ScrollKeys, area, lines):
		return Scrolled
	case key.Matches(k, own, keys.Close):
		return Closed
	}
	return Passed
}

// Shown is the part of lines that s shows in area, for the table to
// put at area's top-left corner.
func Shown(s *pages.Scroll, area layout.Rect, lines []string) []string {
	shown, _ := s.Visible(area, lines)
	return shown
}

// Bar is the help bar under a page over the table: how to scroll it
// while there is more to see than area holds, and how to close it.
func Bar(s *pages.Scroll, keys keymap.OverlayKeys, area layout.Rect, lines []string) []key.Binding {
	var b []key.Binding
	if _, more := s.Visible(area, lines); more {
		b = append(b, keys.Scroll, keys.Page)
	}
	return append(b, keys.Close, keys.Quit)
}
