package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/ui/hostdaily"
	"okey/ui/playdaily"
)

// The daily hosted: its state, pages and lines are ui/hostdaily's
// (Daily, its pages); here the Model opens it, deals its hands on the
// game's table, acts on what its pages' keys ask, and keeps its entry
// in the statistics. Each hand is a match of its own, saved, paused
// and resumed as any match (daily_paused.go: the match it paused).

// openDaily is the daily of game asked for (date zero: today's): begun,
// or its date asked about first (playdaily.Decide). From the app's
// pages it goes back to back on a "no"; for okey daily (quit) a "no"
// quits.
func (m *Model) openDaily(g game.Kind, date daily.Date, back screen, quit bool) tea.Cmd {
	if m.readOnly || m.seat != nil {
		m.setFlash(true, m.tr.T("status.readonly"))
		return nil
	}
	today := m.today()
	c := playdaily.Decide(&m.stats, g, date, today)
	if c.Ask != playdaily.AskNone {
		m.dlAsk = &dailyAsk{Ask: hostdaily.Ask{Game: g, Choice: c, Today: today}, back: back, quit: quit}
		m.screen = scrDailyAsk
		return nil
	}
	return m.beginDaily(g, c)
}

// beginDaily starts the daily of game on c's date: the match on the
// table paused (under way) or set aside with the finished ones (over,
// or a daily's hand), the entry kept in the statistics, par measured in
// the background, and the first hand dealt after a page that names the
// day and its fingerprint.
func (m *Model) beginDaily(g game.Kind, c playdaily.Choice) tea.Cmd {
	old, why := m.rec, "abandoned"
	if m.dl != nil && m.dl.Done() || m.MatchOver() { // a daily's last hand, or a match, over
		why = "finished"
	}
	// An ordinary match under way waits for the daily to leave the table
	// (Files.PauseMatch), rather than being filed with the finished ones.
	pause := len(old) > 0 && m.dl == nil && why == "abandoned" && m.saving()
	d, err := hostdaily.Begin(&m.stats, g, c, startedNow(m.now()))
	if err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.cancelBots()
	m.statsChanged = true
	m.dl = d
	if err := m.dealDaily(1); err != nil {
		m.dl = nil
		m.setFlash(true, err.Error())
		return nil
	}
	m.notice = append(m.notice, d.Opening(m.common())...)
	switch {
	case pause:
		m.files.PauseMatch(m.seq, old, m.now())
		m.paused = true
		m.notice = append(m.notice, m.tr.T("daily.paused"))
	case len(old) > 0:
		m.files.RetireMatch(m.seq, old, why, m.now())
		if why == "abandoned" {
			m.notice = append(m.notice, m.tr.T("daily.retired"))
		}
	}
	m.after, m.screen = scrPlay, scrNotice
	return tea.Batch(m.saveCmd(), m.measurePar())
}

// measurePar measures par in the background: the player never waits
// for it.
func (m *Model) measurePar() tea.Cmd {
	if m.dl == nil {
		return nil
	}
	m.parSeq++
	return m.dl.MeasurePar(m.ctx, m.parSeq)
}

// onDailyMsg takes in what the daily's work brought: par measured, or
// the records of the hands asked for review.
func (m *Model) onDailyMsg(msg tea.Msg) tea.Cmd {
	if m.dl == nil {
		return nil
	}
	switch msg := msg.(type) {
	case hostdaily.ParMsg:
		if m.dl.TookPar(msg) {
			m.putDaily()
			return m.saveCmd()
		}
	case hostdaily.RecordMsg:
		if m.screen != scrDaily {
			return nil
		}
		r, ok, none := m.dl.TookRecords(m.common(), msg)
		if none != "" {
			m.setFlash(true, none)
		}
		if ok {
			return m.openDailyReview(r)
		}
	}
	return nil
}

// updateDailyPage handles a key on the daily's pages: the question on
// its date, or its page after the last hand.
func (m *Model) updateDailyPage(k tea.KeyPressMsg) tea.Cmd {
	if m.screen == scrDailyAsk {
		a := m.dlAsk
		if a == nil {
			m.screen = scrPlay
			return nil
		}
		switch a.Page(m.common()).Update(k) {
		case hostdaily.Yes:
			m.dlAsk = nil
			return m.beginDaily(a.Game, a.Choice)
		case hostdaily.No:
			m.dlAsk = nil
			if a.quit {
				return m.quit()
			}
			m.screen = a.back
		default:
			m.setFlash(true, m.tr.T("daily.ask.keys"))
		}
		return nil
	}
	m.flash = ""
	if m.dl == nil {
		m.screen = scrPlay
		return nil
	}
	do, n := m.dl.Page(m.common(), &m.stats, m.today(), m.paused).Update(k)
	switch do {
	case hostdaily.Quit:
		return m.quit()
	case hostdaily.NewMatch:
		return m.leaveDaily("finished")
	case hostdaily.Stats:
		m.openInfo(scrStats)
	case hostdaily.Review, hostdaily.ReviewHand:
		hands, none := m.dl.ReviewHands(m.common(), n)
		if none != "" {
			m.setFlash(true, none)
			return nil
		}
		r, ok, find := m.dl.Records(m.common(), m.files, hands)
		if !ok {
			return find
		}
		return m.openDailyReview(r)
	default:
		m.setFlash(true, m.tr.T("daily.page.keys"))
	}
	return nil
}

// openDailyReview opens the coach's review of the daily's hands: one
// hand's alone, or several as one.
func (m *Model) openDailyReview(r hostdaily.Reviewed) tea.Cmd {
	if r.One {
		return m.openReview(r.Recs[0], 0, 1, r.Title)
	}
	return m.openReviewSet(r.Recs, r.First, r.Title)
}

// renderDailyPage draws the daily's page on show: the question on its
// date, or its page after the last hand, scrolled.
func (m *Model) renderDailyPage() string {
	if m.screen == scrDailyAsk {
		if m.dlAsk == nil {
			return m.renderPage(nil, "")
		}
		p := m.dlAsk.Page(m.common())
		return m.renderPage(p.Lines(), m.keyBar(p.ShortHelp()))
	}
	p := m.dl.Page(m.common(), &m.stats, m.today(), m.paused)
	lines, _ := m.scrolled(p.Lines())
	return m.renderPage(lines, m.keyBar(p.ShortHelp()))
}

// dailyRefuses refuses the hint at the table of a daily played for the
// record, and says why: the hint is the coach's move, and a result
// against par is the player's own. Practice may ask for it.
func (m *Model) dailyRefuses(k tea.KeyPressMsg) bool {
	if m.dl == nil || m.dl.Practice() || m.screen != scrPlay || m.overlay != ovNone {
		return false
	}
	// The hint's keys are off here (look), so they are matched by
	// their keys, not key.Matches, which skips a key that is off.
	is := func(keys []string) bool { return slices.Contains(keys, k.String()) }
	if !is(m.keys.Table.Hint.Keys()) && !is(m.keys.Table101.Hint.Keys()) {
		return false
	}
	m.setFlash(true, m.tr.T("daily.nohint"))
	return true
}

// startDaily opens today's daily of the game a new match would be, when
// k is its key (d on the resume page and the final table); it reports
// whether it was.
func (m *Model) startDaily(k tea.KeyPressMsg, back screen) (tea.Cmd, bool) {
	if !key.Matches(k, hostdaily.NewKeys(m.common(), false).Start) {
		return nil, false
	}
	// The daily of the game a new match would be: its side names it as
	// the daily does.
	return m.openDaily(game.Kind(m.tableOf(m.set.Game).About().Game), daily.Date{}, back, false), true
}

// startOnDaily is New's part for okey daily: a saved hand of the same
// daily (its game; its day, when one is asked for) is offered to resume
// as any match; otherwise the daily asked for is opened, a "no" to its
// question quitting.
func (m *Model) startOnDaily(o DailyOptions) {
	if m.readOnly {
		return
	}
	if m.dl != nil && m.dl.Of(o.Game, o.Date) {
		return
	}
	m.openDaily(o.Game, o.Date, scrPlay, true)
	if m.dl == nil && m.dlAsk == nil && !m.present { // the daily could not be dealt
		if err := m.startMatch(m.seed); err != nil {
			m.notice = append(m.notice, err.Error())
		}
	}
}
