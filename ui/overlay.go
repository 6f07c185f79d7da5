package ui

import (
	"okey/ui/canvas"
	"okey/ui/keymap"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
)

// The overlays (the help, the discard stacks) are pages drawn over the
// table, in the page area, that scroll when they are longer than it.

// openOverlay shows overlay o from its top.
func (m *Model) openOverlay(o overlay) {
	m.overlay = o
	m.pager.GotoTop()
}

// updateOverlay handles a key while an overlay is on show: the scroll
// keys scroll it; its own key and esc close it and do nothing more
// (true); any other key closes it and goes on to do what it does on the
// table (false).
func (m *Model) updateOverlay(k tea.KeyPressMsg) bool {
	if m.updateScroll(k, m.keys.Overlay.ScrollKeys, m.overlayLines()) {
		return true
	}
	was := m.overlay
	m.overlay = ovNone
	switch was {
	case ovHelp:
		return m.updateHelp(k)
	case ovBrowse:
		return m.updateBrowse(k)
	}
	return false
}

// The pages that scroll (the overlays, the score sheets, the
// statistics) scroll through one bubbles viewport, the pager: it keeps
// the position, moves it by the keys and the mouse wheel, and keeps it
// within the page as the page changes (a bot's discard, a smaller
// terminal). The lines it shows are placed on the canvas like every
// other page's, not drawn by the viewport, whose View pads every line
// to its width.

// newPager is the pager, scrolled by the scroll keys (the overlays' and
// the information pages' are the same keys) and the wheel.
func newPager(keys keymap.ScrollKeys) viewport.Model {
	vp := viewport.New()
	vp.KeyMap = keys.Viewport()
	vp.SetHorizontalStep(0) // the pages are cut to the width: nothing to the side
	return vp
}

// pagerFor is the pager fitted to the page area and to lines: a copy,
// to draw with or to keep after an update.
func (m *Model) pagerFor(lines []string) viewport.Model {
	vp := m.pager
	vp.SetWidth(m.lay.Page.W)
	vp.SetHeight(m.lay.Page.H)
	vp.SetContentLines(lines)
	return vp
}

// updateScroll scrolls a page of lines with the scroll keys; it reports
// whether k was one of them.
func (m *Model) updateScroll(k tea.KeyPressMsg, keys keymap.ScrollKeys, lines []string) bool {
	if !key.Matches(k, keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.Top, keys.Bottom) {
		return false
	}
	m.pager = m.pagerFor(lines)
	switch {
	case key.Matches(k, keys.Top):
		m.pager.GotoTop()
	case key.Matches(k, keys.Bottom):
		m.pager.GotoBottom()
	default:
		m.pager, _ = m.pager.Update(k)
	}
	return true
}

// onWheel scrolls the page on show that scrolls, if one is.
func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	if m.quitting || m.lay.TooSmall {
		return
	}
	var lines []string
	switch {
	case m.screen == scrPlay && m.overlay != ovNone:
		lines = m.overlayLines()
	case m.screen == scrScores:
		lines = m.table().scoreLines()
	case m.screen == scrStats:
		lines = m.statsLines()
	case m.screen == scrHandOver && m.t != nil && m.t.View.Result != nil:
		lines = m.handOver101Lines() // the end of a hand of 101
	default:
		return
	}
	m.pager = m.pagerFor(lines)
	m.pager, _ = m.pager.Update(msg)
}

// scrolled is the page of lines the pager shows, and whether there is
// more than fits.
func (m *Model) scrolled(lines []string) ([]string, bool) {
	vp := m.pagerFor(lines)
	from := min(vp.YOffset(), len(lines))
	return lines[from:min(len(lines), from+vp.Height())], len(lines) > vp.Height()
}

// overlayLines are the lines of the overlay on show; the ? page of
// either game ends with the whole rules.
func (m *Model) overlayLines() []string {
	lines := m.table().overlayLines()
	if m.overlay == ovHelp {
		lines = append(lines, m.rulesLines(m.pageW())...)
	}
	return lines
}

// overlayLinesClassic are the lines of classic Okey's overlays.
func (m *Model) overlayLinesClassic() []string {
	switch m.overlay {
	case ovHelp:
		return m.helpLines(m.pageW())
	case ovBrowse:
		return m.browseLines(m.pageW())
	}
	return nil
}

// renderOverlay draws the overlay on show, from its scroll, in the page
// area.
func (m *Model) renderOverlay(c *canvas.Canvas) {
	p := m.lay.Page
	lines, _ := m.scrolled(m.overlayLines())
	for i, s := range lines {
		c.Put(p.X, p.Y+i, s)
	}
}

// overlayBar is the help bar under an overlay: how to scroll it while
// there is more to see, and how to close it.
func (m *Model) overlayBar() []key.Binding {
	k := m.keys.Overlay
	var b []key.Binding
	if _, more := m.scrolled(m.overlayLines()); more {
		b = append(b, k.Scroll, k.Page)
	}
	return append(b, k.Close, k.Quit)
}
