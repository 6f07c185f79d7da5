package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game/okey101"
	"okey/ui/canvas"
	"okey/ui/overlays"
	"okey/ui/pages"
	"okey/ui/store"
)

// The pages of the 101 table hosted: what 101 gives the pages both games
// share (screen_*.go host them once; their words are play101's, their
// layout ui/pages'): resuming a saved match, the end of a hand (which
// scrolls), the score sheet, the final sheet; and the two overlays over
// the table (the keys and rules, the stacks and the whole table).

// Resuming.

// renderResume101 is 101's resume page (renderResumeOf): the hand
// saved of how many, the seats and their scores.
func (m *Model) renderResume101() string {
	v := &m.t.View
	body := m.tr.T("t101.resume.body", v.Hand, v.Rules.Hands, store.ShortPath(m.files.MatchPath()))
	return m.renderResumeOf(body, func(s int) string { return canvas.Right(strconv.Itoa(v.Scores[s]), 6) })
}

// The end of a hand.

// updateHandOver101 is a key on 101's hand's end (updateHandEnd),
// whose page scrolls.
func (m *Model) updateHandOver101(k tea.KeyPressMsg) tea.Cmd {
	v := &m.t.View
	return m.updateHandEnd(k, handEnd{
		hand:  v.Hand,
		over:  v.Phase == okey101.MatchOver,
		ready: m.seatReady101,
		deal: func() (tea.Cmd, error) {
			evs, lines, err := m.t.G.Apply(okey101.NextHand())
			if err != nil {
				return nil, err
			}
			return m.applied101(evs, lines), nil
		},
		scroll: true,
		lines:  m.handOver101Lines,
		final:  "t101.handover.keys.final",
	})
}

// handOverBar101 is 101's hand's end's keys (handEndBar): next deals
// again after a void hand; the page scrolls when it is longer than the
// screen.
func (m *Model) handOverBar101() string {
	k := m.keys.HandOver
	next := k.Next
	over := m.t.View.Phase == okey101.MatchOver
	if res := m.t.View.Result; !over && res != nil && res.Void {
		next.SetHelp(k.Next.Help().Key, m.tr.T("t101.key.redeal"))
	}
	_, scrolls := m.scrolled(m.handOver101Lines())
	return m.handEndBar(next, m.keys.Table101.Scores, over, scrolls, k.Stats, k.Settings)
}

// renderHandOver101 shows how the hand ended (handOver101Lines),
// scrolled (↑↓, pgup pgdn) when it is longer than the page.
func (m *Model) renderHandOver101() string {
	lines, _ := m.scrolled(m.handOver101Lines())
	return m.renderPage(lines, m.handOverBar101())
}

// handOver101Lines are the end of a hand (play101's HandEndPage), as
// ui/pages' HandEnd lays it out.
func (m *Model) handOver101Lines() []string {
	h, ok := m.t.HandEndPage(m.pageW())
	if !ok {
		return nil
	}
	return pages.NewHandEnd(m.common(), h).Lines()
}

// The score sheet.

// sheetLines101 is the score sheet's page (ui/pages' ScoreLines, the
// same as classic's): a title, then the table.
func (m *Model) sheetLines101() []string {
	var sheet []string
	if len(m.t.View.Results) > 0 {
		sheet = m.t.SheetTable()
	}
	return pages.ScoreLines(m.common(), m.tr.T("t101.sheet.title"), sheet, m.fairLines(false))
}

// The final sheet.

// renderMatchOver101 is the final sheet (renderFinal; its rows are
// play101's Final): who won (the lowest total), the places, ties shown,
// then the hands when they fit.
func (m *Model) renderMatchOver101() string {
	k := m.keys.MatchOver
	t, ok := m.t.Final()
	return m.renderFinal(t, ok, m.t.SheetTable(), []key.Binding{k.NewMatch, k.Review, k.Game, m.keys.Table101.Scores, k.Quit, k.Stats, k.Settings})
}

// The overlays.

// overlay101Lines are the lines of the overlay on show over the 101
// table.
func (m *Model) overlay101Lines() []string {
	w := m.pageW()
	switch m.overlay {
	case ovHelp:
		return m.help101Lines(w)
	case ovBrowse:
		return m.t.BrowseLines(w)
	}
	return nil
}

// help101Lines are the ? page of the 101 table: every key of its group
// in the key map, then how to play 101.
func (m *Model) help101Lines(w int) []string {
	out := overlays.KeyPage(m.common(), m.tr.T("t101.help.title"), m.keys.Table101.FullHelp(), m.hostKeys(), w)
	return append(append(out, ""), m.t.HowToPlay(w)...)
}
