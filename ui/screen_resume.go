package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/canvas"
	"okey/ui/store"
)

// The resume screen offers to go on with the match found saved, or to
// start a new one (the old one is kept with the finished matches). Its
// keys are the same in both games; only the page drawn differs.

func (m *Model) updateResume(k tea.KeyPressMsg) tea.Cmd {
	keys := m.keys.Resume
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.NewMatch):
		return m.newMatchCmd("abandoned")
	case key.Matches(k, keys.Game):
		m.switchGame()
		return nil
	case key.Matches(k, keys.Resume):
		m.screen = scrPlay
		m.setFlash(false, m.tr.T("status.resumed"))
		if !m.playing() { // the hand was over: its end is shown again
			m.screen = scrHandOver
			return nil
		}
		return m.nextTurn()
	}
	m.setFlash(true, m.tr.T("status.resumekeys"))
	return nil
}

func (m *Model) renderResume() string {
	v := &m.c.View
	lines := []string{m.st.Title.Render(m.tr.T("resume.title")), ""}
	for _, s := range canvas.Wrap(m.tr.T("resume.body", v.Hand, store.ShortPath(m.files.MatchPath())), m.pageW()) {
		lines = append(lines, m.st.Text.Render(s))
	}
	lines = append(lines, "")
	for s := range game.NumSeats {
		who := m.seatName(s)
		if s > 0 {
			who += " (" + m.tr.T("level."+m.levels[s]) + ")"
		}
		lines = append(lines, m.st.Text.Render("  "+canvas.Fit(who, nameLevelW)+" "+m.c.ScoreCell(s)))
	}
	lines = append(lines, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderPage(lines, m.keyBar(m.keys.Resume.ShortHelp()))
}
