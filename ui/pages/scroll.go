package pages

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
	"okey/ui/layout"
)

// Scroll is the position in a page of lines longer than its area, for
// every page that scrolls (the overlays, the score sheets, the
// statistics, the end of a hand of 101): a bubbles viewport keeps it,
// moves it by the keys and the mouse wheel, and keeps it within the
// page as the page changes (a bot's discard, a smaller terminal). The
// lines it shows are placed on the canvas like every other page's, not
// drawn by the viewport, whose View pads every line to its width.
type Scroll struct {
	vp viewport.Model
}

// NewScroll is a scroll at the top, moved by keys and the wheel.
func NewScroll(keys keymap.ScrollKeys) Scroll {
	vp := viewport.New()
	vp.KeyMap = keys.Viewport()
	vp.SetHorizontalStep(0) // the pages are cut to the width: nothing to the side
	return Scroll{vp: vp}
}

// GotoTop goes back to the top of the page.
func (s *Scroll) GotoTop() { s.vp.GotoTop() }

// YOffset is the line of the page at the top of the area.
func (s *Scroll) YOffset() int { return s.vp.YOffset() }

// fitted is the viewport fitted to the area and to lines: a copy, to
// draw with or to keep after an update.
func (s *Scroll) fitted(area layout.Rect, lines []string) viewport.Model {
	vp := s.vp
	vp.SetWidth(area.W)
	vp.SetHeight(area.H)
	vp.SetContentLines(lines)
	return vp
}

// Key scrolls lines in area with the scroll keys; it reports whether k
// was one of them.
func (s *Scroll) Key(k tea.KeyPressMsg, keys keymap.ScrollKeys, area layout.Rect, lines []string) bool {
	if !key.Matches(k, keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.Top, keys.Bottom) {
		return false
	}
	s.vp = s.fitted(area, lines)
	switch {
	case key.Matches(k, keys.Top):
		s.vp.GotoTop()
	case key.Matches(k, keys.Bottom):
		s.vp.GotoBottom()
	default:
		s.vp, _ = s.vp.Update(k)
	}
	return true
}

// Wheel scrolls lines in area with the mouse wheel.
func (s *Scroll) Wheel(msg tea.MouseWheelMsg, area layout.Rect, lines []string) {
	s.vp = s.fitted(area, lines)
	s.vp, _ = s.vp.Update(msg)
}

// Visible is the part of lines area shows, and whether there is more
// than fits.
func (s *Scroll) Visible(area layout.Rect, lines []string) ([]string, bool) {
	vp := s.fitted(area, lines)
	from := min(vp.YOffset(), len(lines))
	return lines[from:min(len(lines), from+vp.Height())], len(lines) > vp.Height()
}
