package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The overlays (the help, the discard stacks) are pages drawn over the
// table, in the page area, that scroll when they are longer than it.

// openOverlay shows overlay o from its top.
func (m *Model) openOverlay(o overlay) {
	m.overlay, m.scroll = o, 0
}

// updateOverlay handles a key while an overlay is on show: the scroll
// keys scroll it; its own key and esc close it and do nothing more
// (true); any other key closes it and goes on to do what it does on the
// table (false).
func (m *Model) updateOverlay(k tea.KeyPressMsg) bool {
	keys := m.keys.Overlay
	page := max(1, m.lay.Page.H-1)
	switch {
	case key.Matches(k, keys.Up):
		m.scrollBy(-1)
		return true
	case key.Matches(k, keys.Down):
		m.scrollBy(1)
		return true
	case key.Matches(k, keys.PageUp):
		m.scrollBy(-page)
		return true
	case key.Matches(k, keys.PageDown):
		m.scrollBy(page)
		return true
	case key.Matches(k, keys.Top):
		m.scroll = 0
		return true
	case key.Matches(k, keys.Bottom):
		m.scrollBy(len(m.overlayLines()))
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

// scrollBy scrolls the overlay by n lines, within its length.
func (m *Model) scrollBy(n int) {
	m.scroll = max(0, min(m.scroll+n, m.scrollEnd()))
}

// scrollEnd is the largest scroll: the last page of the overlay.
func (m *Model) scrollEnd() int {
	return max(0, len(m.overlayLines())-m.lay.Page.H)
}

// overlayLines are the lines of the overlay on show.
func (m *Model) overlayLines() []string {
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
func (m *Model) renderOverlay(c *canvas) {
	p := m.lay.Page
	lines := m.overlayLines()
	from := max(0, min(m.scroll, len(lines)-p.H))
	lines = lines[from:]
	if len(lines) > p.H {
		lines = lines[:p.H]
	}
	for i, s := range lines {
		c.put(p.X, p.Y+i, s)
	}
}

// overlayBar is the help bar under an overlay: how to scroll it while
// there is more to see, and how to close it.
func (m *Model) overlayBar() []key.Binding {
	k := m.keys.Overlay
	var b []key.Binding
	if m.scrollEnd() > 0 {
		b = append(b, k.Scroll, k.Page)
	}
	return append(b, k.Close, k.Quit)
}
