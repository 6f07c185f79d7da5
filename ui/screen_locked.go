package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/canvas"
	"okey/ui/store"
)

// The locked screen: another game is playing in the state directory,
// and two would overwrite each other's save. This one may look at that
// match, read only (no move, no save), or quit.

func (m *Model) updateLocked(k tea.KeyPressMsg) tea.Cmd {
	keys := m.keys.Locked
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.Look) && m.hasMatch():
		m.screen = m.after
		m.setFlash(false, m.tr.T("status.readonly.look"))
	}
	return nil
}

func (m *Model) renderLocked() string {
	who := store.ShortPath(m.locked.Dir)
	if m.locked.Pid > 0 {
		who += " (" + m.tr.T("locked.pid", strconv.Itoa(m.locked.Pid)) + ")"
	}
	lines := []string{m.st.Warn.Render(m.tr.T("locked.title")), ""}
	for _, s := range canvas.Wrap(m.tr.T("locked.body", who), m.pageW()) {
		lines = append(lines, m.st.Text.Render(s))
	}
	bar := []key.Binding{m.keys.Locked.Look, m.keys.Locked.Quit}
	if !m.hasMatch() {
		lines = append(lines, "", m.st.Dim.Render(m.tr.T("locked.nothing")))
		bar = bar[1:]
	}
	return m.renderPage(lines, m.keyBar(bar))
}
