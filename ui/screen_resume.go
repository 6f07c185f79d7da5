package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hostdaily"
	"okey/ui/pages"
	"okey/ui/settings"
	"okey/ui/store"
	"okey/ui/table"
)

// The resume screen offers to go on with the match found saved, or to
// start a new one (the old one is kept with the finished matches). The
// page is ui/pages' Resume, the same in both games; each game gives its
// words and its seats' scores.

func (m *Model) updateResume(k tea.KeyPressMsg) tea.Cmd {
	if m.dl == nil || m.dl.Over() {
		if cmd, ok := m.startDaily(k, scrResume); ok {
			return cmd
		}
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
			return m.leaveDaily("abandoned")
		}
		return m.newMatchCmd("abandoned")
	case pages.SwitchGame:
		m.switchGame()
		return nil
	case pages.Open:
		m.screen = scrPlay
		// The status says what to do now (the guide), as at any turn:
		// the page just read said the match goes on (issue 41).
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

// renderResume is the resume page of either game: what is saved in
// words and each seat's score (the game's side's: hosting.Game's
// Resume), each seat's name with its bot's level, the game of a new
// match.
func (m *Model) renderResume() string {
	where := store.ShortPath(m.files.MatchPath())
	body, score := m.table().Pages().Resume(where)
	if m.dl != nil {
		// A daily's hand is its match's first: the daily's count is the
		// one to say (a hand of the daily on the page is under way:
		// one that ended goes on to the next as it is read).
		body = m.dl.ResumeLine(m.common(), where)
	}
	rows := make([][2]string, table.Seats)
	for s := range rows {
		rows[s] = [2]string{m.whoLevel(s), score(s)}
	}
	c := m.common()
	if m.dl != nil && m.paused {
		keys := *c.Keys // n says where it goes: back to the paused match
		keys.Resume.NewMatch.SetHelp(keys.Resume.NewMatch.Help().Key, m.tr.T(hostdaily.NewMatchWords(true, "")))
		c.Keys = &keys
	}
	return m.renderComponent(pages.NewResume(c, body, rows, m.newMatchLine()))
}

// whoLevel names a seat with its bot's level.
func (m *Model) whoLevel(s int) string {
	if s == 0 {
		return m.seatName(0)
	}
	return m.seatName(s) + " (" + m.levelName(m.levels[s]) + ")"
}

// switchGame switches the game of the next new match, for this run.
func (m *Model) switchGame() {
	if m.set.Is101() {
		m.set.Game = settings.GameClassic
	} else {
		m.set.Game = settings.Game101
	}
	m.setFlash(false, m.nextGameLine())
}

// nextGameLine says which game a new match will be, and how to switch.
func (m *Model) nextGameLine() string {
	if m.seat != nil {
		return "" // a table over SSH plays the game it was opened for
	}
	now, other := "val.classic", "val.okey101"
	if m.set.Is101() {
		now, other = other, now
	}
	if m.askedOther && m.screen == scrResume && m.set.Game == m.opt.Settings.Game {
		// The game asked for on the command line is not the one saved:
		// n starts the one asked for, enter goes on with the other.
		return m.tr.T("game.asked", m.tr.T(now), m.keys.Resume.NewMatch.Help().Key, m.tr.T(other), m.keys.Resume.Resume.Help().Key)
	}
	return m.tr.T("game.next", m.tr.T(now), m.keys.Resume.Game.Help().Key, m.tr.T(other))
}
