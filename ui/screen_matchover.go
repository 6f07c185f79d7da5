package ui

import (
	"fmt"
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/canvas"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match.

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
	switch {
	case key.Matches(k, keys.Quit):
		return m.quit()
	case key.Matches(k, keys.NewMatch) && m.seat != nil:
		return m.seatNewMatch()
	case key.Matches(k, keys.NewMatch):
		return m.newMatchCmd("finished")
	case key.Matches(k, keys.Game):
		m.switchGame()
		return nil
	case key.Matches(k, keys.Review):
		return m.reviewCurrent(0)
	case m.openFromPage(k, keys.Settings, keys.Scores, keys.Stats):
		return nil
	}
	m.setFlash(true, m.tr.T("status.matchover.keys"))
	return nil
}

// renderMatchOver is the final table: whether the player won, then the
// places, points and outcomes in columns, then the last hand.
func (m *Model) renderMatchOver() string {
	v := &m.c.View
	mr := v.Match
	bar := m.keyBar(m.keys.MatchOver.ShortHelp())
	if mr == nil {
		return m.renderPage(nil, bar)
	}
	lines := []string{m.st.Title.Render(m.tr.T("matchover.title", mr.Hands)), ""}
	switch {
	case m.Watching(): // a spectator has no outcome
	case mr.Outcome[0] == game.OutcomeWon:
		lines = append(lines, m.st.Good.Render(m.tr.T("matchover.you.won")), "")
	case mr.Outcome[0] == game.OutcomeLost:
		lines = append(lines, m.st.Warn.Render(m.tr.T("matchover.you.lost")), "")
	default:
		lines = append(lines, m.st.Bold.Render(m.tr.T("matchover.you.tied")), "")
	}
	// How the match is won, as the 101 sheet says its own: a second
	// place reads "You won" only with the rule beside it.
	lines = append(lines[:len(lines)-1], m.st.Dim.Render(m.tr.T(classicWinRule(v.Rules))), "")
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return mr.Place[a] - mr.Place[b] })
	scoring := v.Rules.Scoring()
	head := "     " + canvas.Fit(m.tr.T("matchover.player"), MaxNameLen) + "  "
	if scoring {
		head += canvas.Right(m.tr.T("matchover.points"), pointsColW) + "  "
	}
	lines = append(lines, m.st.Bold.Render(head+m.tr.T("matchover.result")))
	for _, s := range order {
		out := m.tr.T("outcome." + mr.Outcome[s].String())
		st := m.st.Text
		switch mr.Outcome[s] {
		case game.OutcomeWon:
			st = m.st.Good
		case game.OutcomeLost:
			st = m.st.Warn
		}
		row := fmt.Sprintf("  %d. %s  ", mr.Place[s], canvas.Fit(m.seatName(s), MaxNameLen))
		if scoring {
			row += canvas.Right(strconv.Itoa(mr.Scores[s]), pointsColW) + "  "
		}
		lines = append(lines, m.st.Text.Render(row)+st.Render(out))
	}
	if v.Result != nil {
		lines = append(lines, "", m.st.Dim.Render(m.lastHandLine(v.Result)))
	}
	lines = append(lines, m.fairLines(true)...)
	lines = append(lines, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderPage(lines, bar)
}

// pointsColW is the width of the final table's points.
const pointsColW = 6

func (m *Model) lastHandLine(res *game.HandResult) string {
	if res.WallOut {
		return m.tr.T("matchover.last.wallout")
	}
	kind := m.tr.T("win." + res.Win.Kind.String())
	if res.Winner == 0 && !m.Watching() {
		return m.tr.T("matchover.last.you", kind)
	}
	return m.tr.T("matchover.last", m.seatName(res.Winner), kind)
}

// classicWinRule is the catalogue key of the sentence that says who
// wins a classic match under r, as game's match outcome decides it:
// the two highest scores, or under leave_at_zero and without scoring
// the one player on top.
func classicWinRule(r game.Rules) string {
	switch {
	case !r.Scoring():
		return "matchover.rule.first"
	case r.LeaveAtZero:
		return "matchover.rule.last"
	}
	return "matchover.rule.two"
}
