package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/ui/hostdaily"
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
		case m.dailyEnded(m.rec):
			return m.dailyNext()
		case g.Over && m.seat != nil && m.seat.daily != nil:
			// A served daily's hand ends its one-hand match: the
			// table deals the day's next hand (or, after the last,
			// sends the player to the lobby).
			return m.seatNewMatch()
		case g.Over:
			m.screen = scrMatchOver
			return nil
		case m.seat != nil:
			return m.carry(g.Ready(m.link()), tea.KeyPressMsg{})
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		}
		m.screen = scrPlay
		r, err := g.Deal()
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return m.carry(r, tea.KeyPressMsg{})
	case pages.Coach:
		return m.reviewCurrent(g.Hand)
	}
	switch {
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	case g.Scroll && m.updateScroll(k, m.keys.Overlay.ScrollKeys, m.handOverLines(g)):
		// Next (enter, space, n) is matched first: space goes on.
		return nil
	case g.Over && g.FinalKeys != "" && m.dl == nil: // a daily's hand has no final table
		m.setFlash(true, m.tr.T(g.FinalKeys))
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

// handEndBar is the key bar of a hand's end, both games: next, the
// review, the game's score page (scores) and quitting, then more (what
// else the game's page names: the settings, classic's statistics).
// After the last hand next says it leads to the final table, and more
// goes; a page that scrolls says how in place of more (its keys still
// work).
//
// Quitting comes before more, and before the review and the sheet on a
// page that scrolls: at 80 columns the bar leaves its last keys out
// (in Turkish classic's statistics too), and these pages have no header
// that names q.
func (m *Model) handEndBar(next, scores key.Binding, over, scrolls bool, more ...key.Binding) string {
	k := m.keys.HandOver
	if over {
		next.SetHelp(next.Help().Key, m.tr.T("key.final"))
		more = nil
	}
	bar := append([]key.Binding{next, k.Review, scores, k.Quit}, more...)
	if scrolls {
		o := m.keys.Overlay
		bar = []key.Binding{next, o.Scroll, o.Page, k.Quit, k.Review, scores}
	}
	return m.keyBar(bar)
}

// handEndLines are the lines of the hand's end g (ui/pages' HandEnd,
// its content the game's); nil when there is none to show.
func (m *Model) handEndLines(g hosting.HandEnd) []string {
	h, ok := g.Page()
	if !ok {
		return nil
	}
	return pages.NewHandEnd(m.common(), h).Lines()
}

// renderHandOver shows how the hand ended (handEndLines), scrolled
// (↑↓, pgup pgdn) when the game's page scrolls and is longer than the
// page, its keys below (handEndBar).
func (m *Model) renderHandOver() string {
	g := m.table().Pages().HandEnd(m.pageW())
	lines := m.handOverLines(g)
	if g.Scroll {
		lines, _ = m.scrolled(lines)
	}
	return m.renderPage(lines, m.handOverBar(g))
}

// handOverLines are the hand's end page's lines: a daily's result
// against par (and a served daily's next hand) first — it is what the
// player came for, and below a 101 hand's table it was off an 80×24
// screen — then the game's (handEndLines).
func (m *Model) handOverLines(g hosting.HandEnd) []string {
	var daily []string
	switch {
	case m.dl != nil:
		daily = m.dl.HandLines(m.common())
	case m.seat != nil && m.seat.daily != nil:
		daily = hostdaily.Served{D: m.seat.daily}.HandLines(m.common())
	}
	return append(topOf(daily), m.handEndLines(g)...)
}

// topOf are lines written to follow a page's own (a blank line, then
// theirs), put above it instead: the blank line after them.
func topOf(lines []string) []string {
	if len(lines) == 0 {
		return nil
	}
	if lines[0] == "" {
		lines = lines[1:]
	}
	return append(lines, "")
}

// handOverBar is the key bar of the hand's end g (handEndBar): a page
// that scrolls says how while it is longer than the page.
func (m *Model) handOverBar(g hosting.HandEnd) string {
	scrolls := false
	if g.Scroll {
		_, scrolls = m.scrolled(m.handOverLines(g))
	}
	// A daily's hand goes on to the next hand or the daily's page, never
	// to its one-hand match's final table.
	next, served := g.Next, m.seat != nil && m.seat.daily != nil
	if served {
		// A served daily's hand: the next hand, or after the last the
		// lobby; never a match's final table.
		next.SetHelp(next.Help().Key, m.tr.T(hostdaily.Served{D: m.seat.daily}.NextKey()))
	}
	return m.handEndBar(next, g.ScoresKey, g.Over && m.dl == nil && !served, scrolls, g.More...)
}
