package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/kit/store"
	"okey/ui/between"
	"okey/ui/hostdaily"
	"okey/ui/keymap"
	"okey/ui/pages"
)

// The pages both games share live in ui/pages as components; here the
// Model hosts them: it hands them the words, styles, keys and layout
// (common), frames what they draw (renderPage), scrolls them (the
// pager) and acts on what their keys ask (a page never reaches into the
// Model). It reads nothing of the root but the Model, the game on the
// table (its header) and the key bar, so that every page can stand on
// it.

// renderPage draws a page between hands: the header, lines in the page
// area, the last message, and the keys of the page at the bottom.
func (m *Model) renderPage(lines []string, foot string) string {
	flash := ""
	if m.flash != "" {
		flash = m.flashLines(m.lay.Flash.W)
	}
	return pages.Frame(m.lay, m.table().Header(m.scene(), false), lines, flash, foot)
}

// page is the page on show as a component (ui/pages' own, or
// between's), drawn with what the Model has now; nil for a screen
// drawn otherwise (the table, a hand's end, the final table, the
// daily's pages, a review or a list not there).
func (m *Model) page() pages.Component {
	switch m.screen {
	case scrPlay, scrHandOver, scrMatchOver, scrDailyAsk, scrDaily:
		return nil // drawn otherwise; no Common made for a frame of the table
	}
	c := m.common()
	switch m.screen {
	case scrNotice:
		return pages.NewNotice(c, m.notice)
	case scrLocked:
		return pages.NewLocked(c, store.ShortPath(m.locked.Dir), m.locked.Pid, m.hasMatch())
	case scrSettings:
		return m.settings.Page(c)
	case scrStats:
		return pages.NewInfo(c, &m.pager, m.statsLines(), m.keys.Table.Stats, false)
	case scrScores:
		s := m.table().Pages().Scores(m.pageW())
		return pages.NewInfo(c, &m.pager, pages.ScoreLines(c, s.Title, s.Table, m.fairLines(false)), s.Key, true)
	case scrReview:
		if m.rv != nil {
			return m.rv.Page(c)
		}
	case scrMatches:
		if m.ml != nil {
			return m.ml.Page(c, m.savedEntries(), m.MatchOver())
		}
	case scrResume:
		return m.between().Resume(m.table().Pages().Resume, store.ShortPath(m.files.MatchPath()))
	}
	return nil
}

// renderComponent frames a shared page: its lines, and its bar (or its
// own foot).
func (m *Model) renderComponent(p pages.Component) string {
	if f, ok := p.(interface{ Foot() string }); ok {
		return m.renderPage(p.Lines(), f.Foot())
	}
	return m.renderPage(p.Lines(), m.keyBar(p.ShortHelp()))
}

func (m *Model) updateNotice(k tea.KeyPressMsg) tea.Cmd {
	if m.page().Update(k) == pages.Quit {
		return m.quit()
	}
	m.notice = nil
	m.screen = m.after
	if m.screen == scrPlay {
		return m.nextTurn()
	}
	return nil
}

func (m *Model) updateLocked(k tea.KeyPressMsg) tea.Cmd {
	switch m.page().Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Close:
		m.screen = m.after
		m.setFlash(false, m.tr.T("status.readonly.look"))
	}
	return nil
}

// The pages that scroll (the overlays, the score sheets, the
// statistics) scroll through one pages.Scroll, the pager, in the page
// area.

// updateScroll scrolls a page of lines with the scroll keys; it reports
// whether k was one of them.
func (m *Model) updateScroll(k tea.KeyPressMsg, keys keymap.ScrollKeys, lines []string) bool {
	return m.pager.Key(k, keys, m.lay.Page, lines)
}

// scrolled is the page of lines the pager shows, and whether there is
// more than fits.
func (m *Model) scrolled(lines []string) ([]string, bool) { return m.pager.Visible(m.lay.Page, lines) }

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

// between is the app's state as the pages between hands read it
// (ui/between), as the Model has it now.
func (m *Model) between() between.State {
	s := between.State{
		C: m.common(), Words: m.words(), Levels: m.levels,
		Daily: m.dl, Format: m.format(), Seat: m.seat != nil, ReadOnly: m.readOnly, Paused: m.paused,
		OnResume: m.screen == scrResume, Next: m.tableOf(m.set.Game).About().Name, Other: m.otherGame().About().Name,
		AskedOther: m.askedOther, AskedNow: m.set.Game == m.opt.Settings.Game,
		Fair: m.fairLines(false), FairRevealed: m.fairLines(true),
	}
	if m.seat != nil {
		s.Served = m.seat.Daily
	}
	return s
}
