package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/kit/problem"
	"okey/ui/hosting"
	"okey/ui/pages"
)

// The hand-over screen hosted: how a hand ended (the page is ui/pages'
// HandEnd, the same in both games; what it shows, each game's side
// gives: hosting.HandEnd), its keys acted on. After the last hand of a
// match it leads to the final table.

// updateHandEnd handles a key on a hand's end, both games': the next
// hand (or after the last one the final table), the review of the hand,
// the pages it opens (the settings, the score history, the statistics),
// the scroll; any other key says which keys work.
func (m *Model) updateHandEnd(k tea.KeyPressMsg, g hosting.HandEnd) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	switch pages.NewHandEnd(m.common(), pages.HandEnd{}).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Next:
		switch {
		case m.ended(m.rec):
			return m.follow(m.format().Next(m.dailyIn()))
		case g.Over && m.seat != nil && m.seat.Daily != nil:
			// A served daily's hand ends its one-hand match: the
			// table deals the day's next hand (or, after the last,
			// sends the player to the lobby).
			return m.seatNewMatch()
		case g.Over:
			m.screen = scrMatchOver
			return nil
		case m.seat != nil:
			return m.carry(g.Ready(m.seat.Of()), tea.KeyPressMsg{})
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		}
		m.screen = scrPlay
		r, err := g.Deal()
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", problem.Reason(m.tr, err)))
			return nil
		}
		return m.carry(r, tea.KeyPressMsg{})
	case pages.Coach:
		return m.reviewCurrent(g.Hand)
	}
	switch {
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	case g.Scroll && m.updateScroll(k, m.keys.Overlay.ScrollKeys, m.between().HandEndLines(g)):
		// Next (enter, space, n) is matched first: space goes on.
		return nil
	case g.Over && g.FinalKeys != "" && m.dl == nil: // a daily's hand has no final table
		m.setFlash(true, m.tr.T(g.FinalKeys))
		return nil
	case m.Watching():
		// enter readies a player for the next hand; a spectator
		// only waits for it.
		m.setFlash(true, m.tr.T("status.handover.watching"))
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

// renderHandOver shows how the hand ended (between's HandEndLines),
// scrolled (↑↓, pgup pgdn) when the game's page scrolls and is longer
// than the page, its keys below (HandEndBar).
func (m *Model) renderHandOver() string {
	g, b := m.table().Pages().HandEnd(m.pageW()), m.between()
	lines, scrolls := b.HandEndLines(g), false
	if g.Scroll {
		lines, scrolls = m.scrolled(lines)
	}
	return m.renderPage(lines, m.keyBar(b.HandEndBar(g, scrolls)))
}
