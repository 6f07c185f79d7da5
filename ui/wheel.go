package ui

import tea "charm.land/bubbletea/v2"

// The mouse wheel scrolls whichever page on show scrolls: a page over
// the table, the score history, the statistics, the end of a hand of
// 101. It stands above every page it scrolls (their lines are theirs),
// as onKey does above the screens it dispatches to.

// onWheel scrolls the page on show that scrolls, if one is.
func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	if m.quitting || m.lay.TooSmall {
		return
	}
	var lines []string
	page := m.lay.Page
	switch {
	case m.screen == scrPlay && m.overlay != ovNone:
		lines, page = m.overlayPage()
	case m.screen == scrScores:
		lines = m.scoreLines()
	case m.screen == scrStats:
		lines = m.statsLines()
	case m.screen == scrHandOver && m.table().Pages().HandEnd(m.pageW()).Scroll:
		// The end of a hand that scrolls (101's), once it has one.
		if lines = m.between().HandEndLines(m.table().Pages().HandEnd(m.pageW())); lines == nil {
			return
		}
	default:
		return
	}
	m.pager.Wheel(msg, page, lines)
}
