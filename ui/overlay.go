package ui

import (
	"charm.land/bubbles/v2/key"
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
// table (false).
func (m *Model) updateOverlay(k tea.KeyPressMsg) bool {
	own := m.keys.Table.Help
	if m.overlay == ovBrowse {
		own = m.keys.Table.Browse
	}
	switch overlays.Key(k, &m.pager, m.keys.Overlay, m.overlayPage(), m.overlayLines(), own) {
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
// the game on the table: the ? page (the game's keys, how to play it,
// the whole rules) or the stacks.
func (m *Model) overlayLines() []string {
	g, w := m.table(), m.pageW()
	switch m.overlay {
	case ovHelp:
		title, howTo := g.Help(w)
		out := overlays.KeyPage(m.common(), m.tr.T(title), g.Keys(), m.hostKeys(), w)
		out = append(append(out, ""), howTo...)
		return append(out, overlays.Rules(m.common(), g.Game(), w)...)
	case ovBrowse:
		return g.Browse(w)
	}
	return nil
}

// renderOverlay is the part of the overlay on show that its scroll
// shows, and the page area it goes in.
func (m *Model) renderOverlay() ([]string, layout.Rect) {
	p := m.overlayPage()
	return overlays.Shown(&m.pager, p, m.overlayLines()), p
}

// overlayPage is where the page over the table goes: the screens' page
// area, a line shorter while the table's status under it takes two.
func (m *Model) overlayPage() layout.Rect {
	p := m.lay.Page
	if n := len(m.table().OverlayStatus(m.width)); n > 1 {
		p.H -= n - 1
	}
	return p
}

// overlayBar is the help bar under an overlay: how to scroll it while
// there is more to see, and how to close it.
func (m *Model) overlayBar() []key.Binding {
	return overlays.Bar(&m.pager, m.keys.Overlay, m.overlayPage(), m.overlayLines())
}
