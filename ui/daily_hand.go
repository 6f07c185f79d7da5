package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/ui/hostdaily"
)

// A daily's hands as matches (the daily's state is ui/hostdaily's): a
// hand dealt on its game's table, its end scored and kept in the
// statistics, the next hand dealt or the daily's page shown after the
// last, and a saved hand's daily taken up again. A match's life
// (match.go) calls these; the daily's pages (daily.go) stand on them.

// dealDaily deals hand k of the daily on its game's table: a match of
// its own (hostdaily's Deal), no undo. A record that is not the day's
// hand is refused.
func (m *Model) dealDaily(k int) error {
	seed, meta, set, err := m.dl.Deal(k, m.set, startedNow(m.now()))
	if err != nil {
		return err
	}
	rec, err := m.tableOf(set.Game).Start(seed, meta, set)
	if err != nil {
		return err
	}
	if err := m.dl.Dealt(k, rec); err != nil {
		return err
	}
	m.set.Game = set.Game // a new match after the daily is of its game, for this run
	m.rec = rec
	m.seq++
	m.screen = scrPlay
	return nil
}

// dailyEnded takes in the end of the daily's hand on the table (rec,
// its record), its score kept in the statistics, and reports whether
// the hand is over (false too with no daily).
func (m *Model) dailyEnded(rec []byte) bool {
	if m.dl == nil {
		return false
	}
	over, scored := m.dl.HandEnded(rec)
	if scored {
		m.putDaily()
	}
	return over
}

// putDaily keeps the daily's entry in the statistics.
func (m *Model) putDaily() {
	m.dl.Put(m.stats.PutDaily(m.dl.Entry()))
	m.statsChanged = true
}

// dailyNext goes on from the end of a daily's hand: the next hand is
// dealt (the match of the hand before set aside with the finished
// ones), or after the last the daily's page is shown.
func (m *Model) dailyNext() tea.Cmd {
	d := m.dl
	if d.Last() {
		d.Finish()
		m.screen = scrDaily
		m.pager.GotoTop()
		return m.saveCmd()
	}
	old := m.rec
	if err := m.dealDaily(d.Hand() + 1); err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	if len(old) > 0 {
		m.files.RetireMatch(m.seq, old, "finished", m.now())
	}
	m.tellNews(d.NextHand(m.common()))
	return tea.Batch(m.saveCmd(), m.nextTurn())
}

// dailyOfRecord takes up the daily a saved record is a hand of (its
// meta), with its entry in the statistics (hostdaily.OfRecord); none
// when the record is no daily's or the app only looks.
func (m *Model) dailyOfRecord(b []byte) *hostdaily.Daily {
	if m.readOnly {
		return nil
	}
	d, note := hostdaily.OfRecord(m.tr, b, &m.stats, startedNow(m.now()))
	if note != "" {
		m.notice = append(m.notice, note)
	}
	if d != nil {
		m.dl = d
		m.statsChanged = true
	}
	return d
}
