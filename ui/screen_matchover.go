package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match.

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.NewMatch):
		return m.newMatchCmd("finished")
	case key.Matches(k, keys.Settings):
		m.openSettings()
		return nil
	}
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// renderMatchOver is the final table.
func (m *Model) renderMatchOver() string {
	v := &m.view
	mr := v.Match
	if mr == nil {
		return m.renderPage(nil, m.keyBar(m.keys.MatchOver.shortHelp()))
	}
	lines := []string{m.st.Title.Render(m.tr.T("matchover.title", mr.Hands)), ""}
	order := []int{0, 1, 2, 3}
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if mr.Place[order[j]] < mr.Place[order[i]] {
				order[i], order[j] = order[j], order[i]
			}
		}
	}
	for _, s := range order {
		out := m.tr.T("outcome." + mr.Outcome[s].String())
		st := m.st.Text
		switch mr.Outcome[s] {
		case game.OutcomeWon:
			st = m.st.Good
		case game.OutcomeLost:
			st = m.st.Warn
		}
		score := m.pointsText(mr.Scores[s])
		if !v.Rules.Scoring() {
			score = ""
		}
		lines = append(lines, fmt.Sprintf("  %d. %s  %s  ", mr.Place[s], fit(m.seatName(s), MaxNameLen), fit(score, scoreW))+st.Render(out))
	}
	if v.Result != nil {
		lines = append(lines, "", m.st.Dim.Render(m.lastHandLine(v.Result)))
	}
	return m.renderPage(lines, m.keyBar(m.keys.MatchOver.shortHelp()))
}

func (m *Model) lastHandLine(res *game.HandResult) string {
	if res.WallOut {
		return m.tr.T("matchover.last.wallout")
	}
	kind := m.tr.T("win." + res.Win.Kind.String())
	if res.Winner == 0 {
		return m.tr.T("matchover.last.you", kind)
	}
	return m.tr.T("matchover.last", m.seatName(res.Winner), kind)
}
