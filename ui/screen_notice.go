package ui

import (
	"okey/ui/canvas"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The notice screen tells what must be told before playing (a damaged
// save set aside, a settings file that could not be read); any key goes
// on to the screen after it.

func (m *Model) updateNotice(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.Notice.Quit) {
		return m.quit()
	}
	m.notice = nil
	m.screen = m.after
	if m.screen == scrPlay {
		return m.nextTurn()
	}
	return nil
}

func (m *Model) renderNotice() string {
	var lines []string
	lines = append(lines, m.st.Warn.Render(m.tr.T("notice.title")), "")
	for _, n := range m.notice {
		for _, s := range canvas.Wrap(n, m.pageW()) {
			lines = append(lines, m.st.Text.Render(s))
		}
		lines = append(lines, "")
	}
	return m.renderPage(lines, m.st.Bold.Render(canvas.Cut(m.tr.T("notice.keys"), m.lay.Help.W)))
}
