package ui

import (
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/ui/pages"
)

// The match-over screen is the final table: places, scores, who won and
// who lost; n starts a new match. The page is ui/pages' Final, the same
// in both games; each game gives its rows and words (pages101.go has
// 101's).

func (m *Model) updateMatchOver(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	keys := m.keys.MatchOver
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

// renderMatchOver is classic's final table (ui/pages' Final): whether
// the player won and the rule that decides it, then the places, points
// and outcomes, then the last hand.
func (m *Model) renderMatchOver() string {
	v := &m.c.View
	mr := v.Match
	if mr == nil {
		return m.renderPage(nil, m.keyBar(m.keys.MatchOver.ShortHelp()))
	}
	t := pages.FinalTable{Title: m.tr.T("matchover.title", mr.Hands), Rule: m.tr.T(classicWinRule(v.Rules))}
	switch {
	case m.Watching(): // a spectator has no outcome
	case mr.Outcome[0] == game.OutcomeWon:
		t.Verdict, t.VerdictMood = m.tr.T("matchover.you.won"), pages.Won
	case mr.Outcome[0] == game.OutcomeLost:
		t.Verdict, t.VerdictMood = m.tr.T("matchover.you.lost"), pages.Lost
	default:
		t.Verdict, t.VerdictMood = m.tr.T("matchover.you.tied"), pages.Even
	}
	if v.Rules.Scoring() {
		t.Points = m.tr.T("matchover.points")
	}
	for _, s := range byPlace(mr.Place) {
		mood := pages.Plain
		switch mr.Outcome[s] {
		case game.OutcomeWon:
			mood = pages.Won
		case game.OutcomeLost:
			mood = pages.Lost
		}
		t.Rows = append(t.Rows, pages.FinalRow{Place: mr.Place[s], Name: m.seatName(s), Points: strconv.Itoa(mr.Scores[s]),
			Outcome: m.tr.T("outcome." + mr.Outcome[s].String()), Mood: mood})
	}
	if v.Result != nil {
		t.After = append(t.After, "", m.st.Dim.Render(m.lastHandLine(v.Result)))
	}
	t.After = append(t.After, m.fairLines(true)...)
	t.After = append(t.After, "", m.st.Dim.Render(m.nextGameLine()))
	return m.renderComponent(pages.NewFinal(m.common(), t, m.keys.MatchOver.ShortHelp()))
}

// byPlace are the seats in the order of their places, ties in seat
// order.
func byPlace(place [game.NumSeats]int) []int {
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return place[a] - place[b] })
	return order
}

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
