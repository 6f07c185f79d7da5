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
		ready: func() tea.Cmd { return m.act(game.NextHandAction()) },
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

// handOverBar is classic's hand's end's keys (handEndBar).
func (m *Model) handOverBar() string {
	k := m.keys.HandOver
	return m.handEndBar(k.Next, k.Scores, m.c.View.Phase == game.MatchOver, false, k.Stats, k.Settings)
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
