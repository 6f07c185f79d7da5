package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/daily"
	"okey/ui/hostdaily"
	"okey/ui/review"
)

// The daily hosted: its state, its hands' deals and ends, its pages and
// lines are ui/hostdaily's; here the Model hands it the app's state as a
// value (dailyIn) and carries out what comes back (follow, once for
// every step of the daily). Each hand is a match of its own, saved and
// resumed as any match; a match under way when the daily begins is
// paused and comes back when it leaves (onPaused).

// dailyIn is the app's state as the daily reads it, now.
func (m *Model) dailyIn() hostdaily.In {
	return hostdaily.In{
		C: m.common(), Stats: &m.stats, Files: m.files, Today: m.today(), Started: startedNow(m.now()),
		Set: m.set, Refused: m.readOnly || m.seat != nil,
		Holding: len(m.rec) > 0, Begun: m.begun, Over: m.MatchOver(), Saving: m.saving(), Paused: m.paused, OnPage: m.screen == scrDaily,
	}
}

// openDaily is the daily of game asked for (date zero: today's): begun,
// or its date asked about first. From the app's pages a "no" goes back
// to back; for okey daily (quit) a "no" quits.
func (m *Model) openDaily(g game.Kind, date daily.Date, back screen, quit bool) tea.Cmd {
	ask, r := hostdaily.Open(m.dailyIn(), m.dl, g, date)
	if ask != nil {
		m.dlAsk = &dailyAsk{Ask: *ask, back: back, quit: quit}
		m.screen = scrDailyAsk
		return nil
	}
	return m.follow(r)
}

// startOn is New's part for okey daily (o; nil for a run started on no
// daily): a saved hand of the same daily (its game; its day, when one
// is asked for) is offered to resume as any match; otherwise the daily
// asked for is opened, a "no" to its question quitting, and a match of
// one's own is dealt when the daily could not be.
func (m *Model) startOn(o *DailyOptions) {
	if o == nil || m.dl != nil && m.dl.Of(o.Game, o.Date) {
		return
	}
	m.openDaily(o.Game, o.Date, scrPlay, true)
	if m.dl == nil && m.dlAsk == nil && !m.present { // the daily could not be dealt
		if err := m.startMatch(m.seed); err != nil {
			m.notice = append(m.notice, err.Error())
		}
	}
}

// dailyGame is the game of the daily d opens from the resume page and
// the final table: the game a new match would be (its side names it as
// the daily does).
func (m *Model) dailyGame() game.Kind { return game.Kind(m.tableOf(m.set.Game).About().Game) }

// onDaily hands the daily what came for it: a key on its pages (the
// question on its date, its page after the last hand), or what its work
// brought (par measured, the records of its hands for a review).
func (m *Model) onDaily(msg tea.Msg) tea.Cmd {
	k, isKey := msg.(tea.KeyPressMsg)
	switch {
	case isKey && m.screen == scrDailyAsk:
		a := m.dlAsk
		if a == nil {
			m.screen = scrPlay
			return nil
		}
		r, answered, back := a.Answer(m.dailyIn(), m.dl, k)
		if answered {
			m.dlAsk = nil
		}
		if back && a.quit {
			return m.quit()
		}
		if back {
			m.screen = a.back
		}
		return m.follow(r)
	case isKey:
		m.flash = ""
		if m.dl == nil {
			m.screen = scrPlay
			return nil
		}
		return m.follow(m.dl.Key(m.dailyIn(), k))
	case m.dl == nil:
		return nil
	}
	return m.follow(m.dl.Took(m.dailyIn(), msg))
}

// follow carries out what a step of the daily came to (hostdaily.Result),
// in its order: the daily set, a hand dealt on its game's table (a match
// of its own, no undo), the match before paused or filed, the notices,
// the status and the screen, the statistics, the save, par, the next
// turn; or the daily left, quitting, a page or a review opened.
func (m *Model) follow(r hostdaily.Result) tea.Cmd {
	if r.Set {
		m.cancelBots()
		m.dl = r.Daily
	}
	if r.Changed {
		m.statsChanged = true
	}
	if d := r.Deal; d != nil {
		old := m.rec
		rec, err := m.tableOf(d.Set.Game).Start(d.Seed, d.Meta, d.Set)
		if err == nil {
			err = d.Dealt(rec)
		}
		if err != nil {
			if r.Set {
				m.dl = nil
			}
			m.setFlash(true, err.Error())
			return nil
		}
		m.set.Game = d.Set.Game // a new match after the daily is of its game, for this run
		m.rec = rec
		m.seq++
		m.screen = scrPlay
		switch r.Old {
		case hostdaily.Paused:
			m.files.PauseMatch(m.seq, old, m.now())
			m.paused = true
		case hostdaily.Retired:
			m.files.RetireMatch(m.seq, old, r.Why, m.now())
		}
	}
	m.notice = append(m.notice, r.Notice...)
	switch {
	case r.Flash != "":
		m.setFlash(true, r.Flash)
	case r.News != "":
		m.tellNews(r.News)
	}
	switch r.Show {
	case hostdaily.Notice:
		m.after, m.screen = scrPlay, scrNotice
	case hostdaily.Page:
		m.screen = scrDaily
		m.pager.GotoTop()
	}
	var cmds []tea.Cmd
	if r.Save {
		cmds = append(cmds, m.saveCmd())
	}
	if r.Par && m.dl != nil {
		m.parSeq++
		cmds = append(cmds, m.dl.MeasurePar(m.ctx, m.parSeq))
	}
	if r.Turn {
		cmds = append(cmds, m.nextTurn())
	}
	switch {
	case r.Quit:
		return m.quit()
	case r.Stats:
		m.openInfo(scrStats)
	case r.Review != nil && r.Review.One:
		return m.openReview(r.Review.Recs[0], 0, 1, r.Review.Title)
	case r.Review != nil: // the day's hands as one review
		v := r.Review
		return m.showReview(func(ctx context.Context, id uint64) (*review.Work, tea.Cmd) {
			return review.StartSet(ctx, id, v.Title, v.Recs, v.First, 0, m.opt.Review)
		})
	case r.Leave && (!m.paused || m.readOnly):
		m.dl = nil
		return m.newMatchCmd(r.Why)
	case r.Leave: // the paused match comes back in the daily's place
		m.cancelBots()
		return hostdaily.ReadPaused(m.files, r.Why)
	case r.Cmd != nil:
		return r.Cmd
	}
	return tea.Batch(cmds...)
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
	lines, keys := m.dl.View(m.dailyIn())
	lines, _ = m.scrolled(lines)
	return m.renderPage(lines, m.keyBar(keys))
}
