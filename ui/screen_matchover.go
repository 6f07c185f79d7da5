package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/daily"
	"okey/ui/hostdaily"
	"okey/ui/pages"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match. The page is ui/pages' Final, hosted
// here once for both games; each game gives its rows and words
// (playclassic's and play101's Final) and its keys.

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
	if m.seat == nil && hostdaily.Starts(m.common(), k) {
		return m.openDaily(m.dailyGame(), daily.Date{}, scrMatchOver, false)
	}
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
	if m.Watching() { // n is the players' (the host's): a spectator may only leave
		m.setFlash(true, m.tr.T("status.matchover.watching"))
		return nil
	}
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// renderMatchOver is the final table of the game on the table (its
// rows are the game's side's: hosting.Final; the page is between's).
func (m *Model) renderMatchOver() string {
	f := m.table().Pages().Final()
	p, ok := m.between().Final(f, m.lay.Page.H)
	if !ok {
		return m.renderPage(nil, m.keyBar(f.Bar))
	}
	return m.renderComponent(p)
}
