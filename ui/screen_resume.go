package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/daily"
	"okey/ui/hostdaily"
	"okey/ui/pages"
)

// The resume screen offers to go on with the match found saved, or to
// start a new one, which ends it: n asks first, and again files it with
// the finished matches as abandoned (review reads it; it can no longer
// be resumed). The
// page is ui/pages' Resume, the same in both games; each game gives its
// words and its seats' scores.

func (m *Model) updateResume(k tea.KeyPressMsg) tea.Cmd {
	if (m.dl == nil || m.dl.Over()) && hostdaily.Starts(m.common(), k) {
		return m.openDaily(m.dailyGame(), daily.Date{}, scrResume, false)
	}
	asked := m.askedLeave
	m.askedLeave = false
	switch pages.NewResume(m.common(), "", nil, "").Update(k) {
	case pages.Quit:
		return m.quit()
	case pages.NewMatch:
		if m.dl != nil && !m.dl.Over() && !asked {
			// Leaving a daily's hand under way files it as abandoned:
			// asked first, not done without a word.
			m.askedLeave = true
			m.setFlash(true, m.tr.T("daily.leave.ask", m.keys.Resume.NewMatch.Help().Key, m.keys.Resume.Resume.Help().Key))
			return nil
		}
		if m.dl != nil {
			return m.follow(hostdaily.Result{Leave: true, Why: "abandoned"})
		}
		if !asked && !m.readOnly {
			// A new match ends the one under way for good (it goes to
			// the finished matches as abandoned, for review, and can no
			// longer be resumed): asked first, said plainly.
			m.askedLeave = true
			m.setFlash(true, m.tr.T("resume.end.ask", m.keys.Resume.NewMatch.Help().Key, m.keys.Resume.Resume.Help().Key))
			return nil
		}
		cmd := m.newMatchCmd("abandoned")
		if !m.readOnly {
			m.tellNews(m.tr.T("resume.ended")) // past the bots' first turns
		}
		return cmd
	case pages.SwitchGame:
		m.switchGame()
		return nil
	case pages.Open:
		m.screen = scrPlay
		// The status says what to do now (the guide), as at any turn:
		// the page just read said the match goes on.
		m.flash = ""
		if !m.playing() { // the hand was over: its end is shown again
			m.screen = scrHandOver
			return nil
		}
		return m.nextTurn()
	}
	m.setFlash(true, m.tr.T("status.resumekeys"))
	return nil
}

// switchGame switches the game of the next new match, for this run.
func (m *Model) switchGame() {
	m.set.Game = m.otherGame().About().Game
	m.setFlash(false, m.between().NextGameLine())
}
