package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/keymap"
	"okey/ui/pages"
	"okey/ui/store"
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
		flash = m.flashLine(m.lay.Flash.W)
	}
	return pages.Frame(m.lay, m.table().Header(m.scene(), false), lines, flash, foot)
}

// page is the page on show as a component (ui/pages' own, or
// between's), drawn with what the Model has now; nil for a screen
// drawn otherwise (the table, a hand's end, the final table, the
// daily's pages, a review or a list not there).
func (m *Model) page() pages.Component {
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

// tooSmall is the notice that stands in while the terminal is too small.
func (m *Model) tooSmall() pages.TooSmall { return pages.NewTooSmall(m.common(), m.width, m.height) }

func (m *Model) updateTooSmall(k tea.KeyPressMsg) tea.Cmd {
	if m.tooSmall().Update(k) == pages.Quit {
		return m.quit()
	}
	return nil
}

func (m *Model) renderTooSmall() string { return m.tooSmall().View() }

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
