package ui

import (
	"okey/ui/canvas"
	"okey/ui/keymap"

	"charm.land/bubbles/v2/key"
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
// statistics) scroll through one pages.Scroll, the pager, in the page
// area.

// updateScroll scrolls a page of lines with the scroll keys; it reports
// whether k was one of them.
func (m *Model) updateScroll(k tea.KeyPressMsg, keys keymap.ScrollKeys, lines []string) bool {
	return m.pager.Key(k, keys, m.lay.Page, lines)
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
	m.pager.Wheel(msg, m.lay.Page, lines)
}

// scrolled is the page of lines the pager shows, and whether there is
// more than fits.
func (m *Model) scrolled(lines []string) ([]string, bool) { return m.pager.Visible(m.lay.Page, lines) }

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
