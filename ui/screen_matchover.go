package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/pages"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match. The page is ui/pages' Final, the same
// in both games; each game gives its rows and words (pages101.go has
// 101's).

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
	switch pages.NewFinal(m.common(), pages.FinalTable{}, nil).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.NewMatch:
		if m.seat != nil {
			return m.seatNewMatch()
		}
		return m.newMatchCmd("finished")
	case pages.SwitchGame:
		m.switchGame()
		return nil
	case pages.Coach:
		return m.reviewCurrent(0)
	}
	if m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats) {
		return nil
	}
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// renderMatchOver is classic's final table (ui/pages' Final, its rows
// playclassic's), then the commitment and the next game.
func (m *Model) renderMatchOver() string {
	t, ok := m.c.Final()
	if !ok {
		return m.renderPage(nil, m.keyBar(m.keys.MatchOver.ShortHelp()))
	}
	t.After = append(t.After, m.fairLines(true)...)
	t.After = append(t.After, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderComponent(pages.NewFinal(m.common(), t, m.keys.MatchOver.ShortHelp()))
}
