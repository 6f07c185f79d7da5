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

// renderComponent frames a shared page: its lines, and its bar (or its
// own foot).
func (m *Model) renderComponent(p pages.Component) string {
	if f, ok := p.(interface{ Foot() string }); ok {
		return m.renderPage(p.Lines(), f.Foot())
	}
	return m.renderPage(p.Lines(), m.keyBar(p.ShortHelp()))
}

// noticePage is the notice of what must be told before playing.
func (m *Model) noticePage() pages.Notice { return pages.NewNotice(m.common(), m.notice) }

func (m *Model) updateNotice(k tea.KeyPressMsg) tea.Cmd {
	if m.noticePage().Update(k) == pages.Quit {
		return m.quit()
	}
	m.notice = nil
	m.screen = m.after
	if m.screen == scrPlay {
		return m.nextTurn()
	}
	return nil
}

func (m *Model) renderNotice() string { return m.renderComponent(m.noticePage()) }

// tooSmall is the notice that stands in while the terminal is too small.
func (m *Model) tooSmall() pages.TooSmall { return pages.NewTooSmall(m.common(), m.width, m.height) }

func (m *Model) updateTooSmall(k tea.KeyPressMsg) tea.Cmd {
	if m.tooSmall().Update(k) == pages.Quit {
		return m.quit()
	}
	return nil
}

func (m *Model) renderTooSmall() string { return m.tooSmall().View() }

// lockedPage is the locked screen: another game plays in the state
// directory; this one may look at its match, read only, or quit.
func (m *Model) lockedPage() pages.Locked {
	return pages.NewLocked(m.common(), store.ShortPath(m.locked.Dir), m.locked.Pid, m.hasMatch())
}

func (m *Model) updateLocked(k tea.KeyPressMsg) tea.Cmd {
	switch m.lockedPage().Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Close:
		m.screen = m.after
		m.setFlash(false, m.tr.T("status.readonly.look"))
	}
	return nil
}

func (m *Model) renderLocked() string { return m.renderComponent(m.lockedPage()) }

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
