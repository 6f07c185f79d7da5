package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hostdaily"
	"okey/ui/pages"
	"okey/ui/store"
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
	case pages.Saved:
		return m.openMatches()
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

// scoreLines are the score history's page of the game on the table: a
// title, then the table (the game's side's: hosting.Scores), a served
// match's commitment.
func (m *Model) scoreLines() []string {
	s := m.table().Pages().Scores(m.pageW())
	return pages.ScoreLines(m.common(), s.Title, s.Table, m.fairLines(false))
}

// statsLines are the statistics page, from the statistics read.
func (m *Model) statsLines() []string {
	where := m.tr.T("stats.where", store.ShortPath(m.files.StatsPath()))
	if !m.saving() {
		where = m.tr.T("stats.unsaved")
	}
	return append(pages.StatsLines(m.common(), &m.stats, where), hostdaily.StatsLines(m.common(), &m.stats, m.today())...)
}
