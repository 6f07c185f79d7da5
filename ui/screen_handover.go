package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/pages"
)

// The hand-over screen hosted: how a hand ended (the page is ui/pages'
// HandEnd, the same in both games; classic's lines are playclassic's),
// its keys acted on. After the last hand of a match it leads to the
// final table.

func (m *Model) updateHandOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	switch pages.NewHandEnd(m.common(), pages.HandEnd{}).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Next:
		switch {
		case m.c.View.Phase == game.MatchOver:
			m.screen = scrMatchOver
			return nil
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		case m.seat != nil:
			return m.seatAct(game.NextHandAction())
		}
		m.screen = scrPlay
		evs, lines, err := m.c.G.Apply(game.NextHandAction())
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return m.applied(evs, lines)
	case pages.Coach:
		return m.reviewCurrent(m.c.View.Hand)
	}
	if m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats) {
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

// openFromPage opens the settings, the score history or the statistics
// from a page between hands, when k is one of their keys; it reports
// whether it was.
func (m *Model) openFromPage(k tea.KeyPressMsg, settings, scores, stats key.Binding) bool {
	switch {
	case key.Matches(k, settings):
		m.openSettings()
	case key.Matches(k, scores):
		m.openInfo(scrScores)
	case key.Matches(k, stats):
		m.openInfo(scrStats)
	default:
		return false
	}
	return true
}

// handOverBar is the keys of the hand-over screen; after the last hand,
// enter leads to the final table.
func (m *Model) handOverBar() string {
	k := m.keys.HandOver
	if m.c.View.Phase == game.MatchOver {
		next := k.Next
		next.SetHelp(k.Next.Help().Key, m.tr.T("key.final"))
		return m.keyBar([]key.Binding{next, k.Review, k.Scores, k.Quit})
	}
	// Quitting before the statistics and the settings: at 80 columns
	// the bar leaves the last keys out (in Turkish the statistics' too),
	// and quitting stays in sight (i and o still work).
	return m.keyBar([]key.Binding{k.Next, k.Review, k.Scores, k.Quit, k.Stats, k.Settings})
}

// renderHandOver shows how the hand ended (ui/pages' HandEnd, its
// lines classic's): the winner's hand in its groups, what each player
// lost and why, the scores, and the hands before when they fit.
func (m *Model) renderHandOver() string {
	h, ok := m.c.HandEndPage(m.history, m.pageW())
	if !ok {
		return m.renderPage(nil, m.handOverBar())
	}
	return m.renderPage(pages.NewHandEnd(m.common(), h).Lines(), m.handOverBar())
}
