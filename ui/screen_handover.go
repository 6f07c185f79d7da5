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

// handEnd is what a hand's end needs of the game on the table, given as
// values, so that its keys are handled once for both games
// (updateHandEnd).
type handEnd struct {
	hand int  // the hand that ended
	over bool // it was the match's last
	// ready tells a served table the player is ready for the next hand;
	// deal deals it here.
	ready func() tea.Cmd
	deal  func() (tea.Cmd, error)
	// scroll: the page scrolls (101's, whose table and last turn can be
	// long), through lines.
	scroll bool
	lines  func() []string
	// final is what a key that means nothing says after the last hand
	// ("" the same as after another).
	final string
}

// updateHandEnd handles a key on a hand's end, both games': the next
// hand (or after the last one the final table), the review of the hand,
// the pages it opens (the settings, the score history, the statistics),
// the scroll; any other key says which keys work.
func (m *Model) updateHandEnd(k tea.KeyPressMsg, g handEnd) tea.Cmd {
	m.flash = ""
	keys := m.keys.HandOver
	switch pages.NewHandEnd(m.common(), pages.HandEnd{}).Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.Next:
		switch {
		case g.over:
			m.screen = scrMatchOver
			return nil
		case m.seat != nil:
			return g.ready()
		case m.readOnly:
			m.setFlash(true, m.tr.T("status.readonly"))
			return nil
		}
		m.screen = scrPlay
		cmd, err := g.deal()
		if err != nil {
			m.setFlash(true, m.tr.T("status.refused", m.reason(err)))
			return nil
		}
		return cmd
	case pages.Coach:
		return m.reviewCurrent(g.hand)
	}
	switch {
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	case g.scroll && m.updateScroll(k, m.keys.Overlay.ScrollKeys, g.lines()):
		// Next (enter, space, n) is matched first: space goes on.
		return nil
	case g.over && g.final != "":
		m.setFlash(true, m.tr.T(g.final))
		return nil
	}
	m.setFlash(true, m.tr.T("status.handover.keys"))
	return nil
}

// updateHandOver is a key on classic's hand's end (updateHandEnd).
func (m *Model) updateHandOver(k tea.KeyPressMsg) tea.Cmd {
	v := &m.c.View
	return m.updateHandEnd(k, handEnd{
		hand:  v.Hand,
		over:  v.Phase == game.MatchOver,
		ready: func() tea.Cmd { return m.seatAct(game.NextHandAction()) },
		deal: func() (tea.Cmd, error) {
			evs, lines, err := m.c.G.Apply(game.NextHandAction())
			if err != nil {
				return nil, err
			}
			return m.applied(evs, lines), nil
		},
	})
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
