package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/pages"
	"okey/ui/review"
)

// The information pages hosted (r, i, from the table and the pages
// between hands): the score history, every hand of the match so far
// (the page is ui/pages', the same in both games; each game gives its
// table), and the statistics. They scroll.

// updateInfo handles a key on an information page (the page on show):
// it scrolls, and esc, enter or the key that opened it go back.
func (m *Model) updateInfo(k tea.KeyPressMsg) tea.Cmd {
	switch m.page().Update(k) {
	case pages.None:
		return nil
	case pages.Quit:
		return m.quit()
	case pages.Saved: // the saved matches shown, their list read
		if m.files == nil {
			m.setFlash(true, m.tr.T("review.unavailable"))
			return nil
		}
		m.ml = &matchesState{back: m.screen}
		m.screen = scrMatches
		return review.ReadList(m.files)
	case pages.Close:
		m.screen = m.infoBack
		if m.screen == scrPlay && !m.playing() {
			m.screen = scrHandOver // the hand ended meanwhile
		}
		return m.nextTurn()
	}
	m.setFlash(true, m.tr.T("status.info.keys"))
	return nil
}
