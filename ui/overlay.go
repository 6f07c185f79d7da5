package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/layout"
	"okey/ui/overlays"
)

// The overlays (the help, the discard stacks) hosted: which is on show
// and what a key that closes one goes on to do. How a page over the
// table scrolls, closes and is drawn, and the ? page's keys and rules,
// are ui/overlay's; what each says of its game, the game's package's.

// openOverlay shows overlay o from its top.
func (m *Model) openOverlay(o overlay) {
	m.overlay = o
	m.pager.GotoTop()
}

// updateOverlay handles a key while an overlay is on show: the scroll
// keys scroll it; its own key and esc close it and do nothing more
// (true); any other key closes it and goes on to do what it does on the
// table (false). lines are the page whole, area where it scrolls (the
// game's side's: hosting.Reply's Page).
func (m *Model) updateOverlay(k tea.KeyPressMsg, lines []string, area layout.Rect) bool {
	own := m.keys.Table.Help
	if m.overlay == ovBrowse {
		own = m.keys.Table.Browse
	}
	switch overlays.Key(k, &m.pager, m.keys.Overlay, area, lines, own) {
	case overlays.Scrolled:
		return true
	case overlays.Closed:
		m.overlay = ovNone
		return true
	}
	m.overlay = ovNone
	return false
}

// overlayLines are the lines of the page over the table on show, of
// the game on the table (hosting.Scene.OverlayPage): the ? page (the
// game's keys, how to play it, the whole rules) or the stacks.
func (m *Model) overlayLines() []string {
	lines, _ := m.overlayPage()
	return lines
}

// overlayPage is the page over the table whole and the area it scrolls
// in, as the game's side has it: what it hands back for the wheel
// (hosting.Reply's Page).
func (m *Model) overlayPage() ([]string, layout.Rect) {
	r, _ := m.table().Update(tea.MouseWheelMsg{}, m.keyScene())
	return r.Lines, r.Area
}
