package ui

// The settings screen hosted: the form (ui/pages) of the settings'
// lines (ui/settings) opened, its result acted on, the settings saved.

import (
	tea "charm.land/bubbletea/v2"

	"okey/kit/problem"
	"okey/ui/pages"
	"okey/ui/settings"
)

func (m *Model) updateSettings(k tea.KeyPressMsg) tea.Cmd {
	switch m.page().Update(k) {
	case pages.Cancel:
		m.leaveSettings()
		m.setFlash(false, m.tr.T("status.settings.cancel"))
		return m.nextTurn()
	case pages.Save:
		return m.saveSettings()
	case pages.Close:
		m.leaveSettings()
		return m.nextTurn()
	}
	return nil
}

// saveSettings applies the form and writes it to the config directory.
func (m *Model) saveSettings() tea.Cmd {
	f := m.settings
	s, err := settings.Of(f.Fields)
	if err != nil {
		f.Err = problem.In(err, m.tr)
		return nil
	}
	saved, err := settings.Onto(f.Form, m.saved)
	if err != nil {
		f.Err = problem.In(err, m.tr)
		return nil
	}
	old := m.set
	m.set = s
	if err := m.applySettings(); err != nil {
		m.set = old // applySettings changed nothing
		f.Err = problem.In(err, m.tr)
		return nil
	}
	m.saved = saved
	m.leaveSettings()
	msg := m.tr.T("status.settings.saved")
	if s.Rules != old.Rules || s.Levels != old.Levels || s.Names != old.Names {
		msg = m.tr.T("status.settings.nextmatch")
	}
	m.setFlash(false, msg)
	files := m.files
	save := func() tea.Msg {
		if err := settings.Save(files, saved); err != nil {
			return savedMsg{Err: err, Path: files.SettingsPath()}
		}
		return nil
	}
	return tea.Batch(save, m.nextTurn())
}

// leaveSettings goes back to the screen the settings were opened from,
// or to the end of the hand if it ended meanwhile.
func (m *Model) leaveSettings() {
	m.screen = m.settings.back
	m.settings = nil
	if m.screen == scrPlay && !m.playing() {
		m.screen = scrHandOver
	}
}
