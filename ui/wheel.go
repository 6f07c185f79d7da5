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
