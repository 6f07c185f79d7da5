package ui

import (
	"okey/ui/hosting"
	"okey/ui/pages"
	"okey/ui/settings"
)

// openInfo shows an information page (the score history, the
// statistics); it returns to the screen it was opened from.
func (m *Model) openInfo(s screen) {
	if m.screen == scrScores || m.screen == scrStats {
		return
	}
	m.infoBack = m.screen
	m.overlay = ovNone
	m.table().LetGo(hosting.LetPage)
	m.pager.GotoTop()
	m.screen = s
}

func (m *Model) openSettings() {
	back := m.screen
	if back == scrSettings {
		return
	}
	m.overlay = ovNone
	m.table().LetGo(hosting.LetPage)
	// The form's rules: the words and the levels of 101's players as
	// the Model has them when the form is drawn.
	rules := settings.FormRules{
		T:         func(key string, args ...any) string { return m.tr.T(key, args...) },
		Level101:  m.tableOf(settings.Game101).About().Level,
		LevelName: func(l string) string { return pages.LevelName(m.common(), l) },
	}
	m.settings = &settingsForm{Form: pages.NewForm(settings.Fields(m.set), settings.Fields(m.saved), rules), back: back}
	m.screen = scrSettings
}
