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
	m.overlay, m.scroll = o, 0
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

// updateScroll scrolls a page of lines with the scroll keys; it reports
// whether k was one of them.
func (m *Model) updateScroll(k tea.KeyPressMsg, keys keymap.ScrollKeys, lines []string) bool {
	page := max(1, m.lay.Page.H-1)
	end := max(0, len(lines)-m.lay.Page.H)
	by := func(n int) { m.scroll = max(0, min(m.scroll+n, end)) }
	switch {
	case key.Matches(k, keys.Up):
		by(-1)
	case key.Matches(k, keys.Down):
		by(1)
	case key.Matches(k, keys.PageUp):
		by(-page)
	case key.Matches(k, keys.PageDown):
		by(page)
	case key.Matches(k, keys.Top):
		m.scroll = 0
	case key.Matches(k, keys.Bottom):
		m.scroll = end
	default:
		return false
	}
	return true
}

// scrolled is the page of lines from the scroll on, and whether there
// is more than fits.
func (m *Model) scrolled(lines []string) ([]string, bool) {
	h := m.lay.Page.H
	more := len(lines) > h
	from := max(0, min(m.scroll, len(lines)-h))
	lines = lines[from:]
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines, more
}

// overlayLines are the lines of the overlay on show.
func (m *Model) overlayLines() []string { return m.table().overlayLines() }

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
