package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/pages"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match. The page is ui/pages' Final, hosted
// here once for both games; each game gives its rows and words
// (playclassic's and play101's Final) and its keys.

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
	if m.seat == nil {
		if cmd, ok := m.startDaily(k, scrMatchOver); ok {
			return cmd
		}
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
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// renderMatchOver is the final table of the game on the table
// (renderFinal; its rows are the game's side's: hosting.Final).
func (m *Model) renderMatchOver() string {
	f := m.table().Pages().Final()
	return m.renderFinal(f.Table, f.OK, f.Sheet, f.Bar)
}

// renderFinal is the final table of either game (ui/pages' Final):
// the game's table t (ok false: the match goes on, and the page is
// empty), then the game's sheet of every hand when the page has room
// for it beside the rest (the title, the verdict and its rule, the
// head, the rows; nil: none), a served match's commitment revealed,
// the game of a new match; bar is the game's keys.
func (m *Model) renderFinal(t pages.FinalTable, ok bool, sheet []string, bar []key.Binding) string {
	if !ok {
		return m.renderPage(nil, m.keyBar(bar))
	}
	fair := m.fairLines(true)
	if len(sheet) > 0 && 6+len(t.Rows)+1+len(sheet)+len(fair)+2 <= m.lay.Page.H {
		t.After = append(append(t.After, ""), sheet...)
	}
	t.After = append(t.After, fair...)
	t.After = append(t.After, "", m.st.Dim.Render(m.newMatchLine()))
	return m.renderComponent(pages.NewFinal(m.common(), t, bar))
}
