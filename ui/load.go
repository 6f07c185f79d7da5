package ui

import (
	"errors"
	"io/fs"

	tea "charm.land/bubbletea/v2"

	"okey/kit/store"
	"okey/ui/hostdaily"
)

// A saved match read back (load), of either game, in the format it was
// played in (a daily's hand takes up its daily again): at the start, on
// a look at another game's match, and when a match paused for the daily
// comes back in its place (onPaused). It stands above the match's life
// (match.go) and the daily (daily.go), which it goes on with.

// load resumes from a saved record of either game (the one its header
// names: recordGame) at its last good move, the lines it lost set aside
// with the file (keepLost); or sets it aside when not even its first
// line can be read and starts a new match.
func (m *Model) load(b []byte) error {
	t := m.tableOf(recordGame(b))
	s, lost, err := t.ReadSaved(b)
	if err != nil && m.readOnly {
		return err
	}
	if err != nil {
		return m.setAsideDamaged(err, s.Version)
	}
	m.keepLost(lost, s.Over)
	m.follow(hostdaily.Resumed(m.dailyIn(), s.Done)) // the format it is played in, taken up again
	if s.Over && !m.readOnly {
		m.tally(s.Tally) // counted first, if its end was never counted
		if m.saving() {
			if err := m.saves().ArchiveFinished(s.Done, lost != nil); err != nil {
				m.cannotSave(err)
			}
		}
		if m.ended(s.Done) {
			m.rec = nil // archived: the next hand retires nothing
			r := m.format().Next(m.dailyIn())
			if r.Show == hostdaily.Page && m.dl != nil && len(m.dl.Entry().Par) > 0 {
				return m.afterDaily()
			}
			m.follow(r)
			return nil
		}
		return m.startMatch(m.seed)
	}
	s.Adopt()
	m.rec = s.Done
	m.begun = true // a match read back was the player's
	m.seq++
	m.loadRack()
	// The resume page offered: a new match from it is of the same game,
	// for this run (the settings file keeps its own; g switches, as
	// ever) — unless the command line asked for the other game (okey
	// --game 101 with a classic match saved): a new match stays of the
	// game asked for, and the page says that n starts it
	// (between.State.NextGameLine).
	which := t.About().Game
	m.askedOther = m.opt.GameAsked && m.opt.Settings.Game != which
	if !m.askedOther {
		m.set.Game = which
	}
	m.screen = scrResume
	return nil
}

// afterDaily goes on from a daily read back with every hand over and par
// known: its page was on show when the run ended, its result is in the
// statistics, and it is not shown again (n on its last page would file an
// empty record). The start goes on as after any match over: the match
// paused for the daily back on its resume page, or a new match; the
// status says where the daily went.
func (m *Model) afterDaily() error {
	e := m.dl.Entry()
	m.dl = nil
	if m.paused && m.saving() && m.files.UnpauseMatch() == nil {
		m.paused = false
		b, err := m.files.ReadMatch()
		if err == nil {
			err = m.load(b)
		}
		m.tellNews(m.tr.T("daily.after", e.Date))
		return err
	}
	m.paused = false
	err := m.startMatch(m.seed)
	m.tellNews(m.tr.T("daily.after", e.Date))
	return err
}

// onPaused puts the paused match back on the table in the daily's place
// (the daily's record filed with the finished ones), on its resume page;
// the paused file goes once the match is saved as the one being played.
// A paused match that is gone or does not read leaves the daily for a
// new match, said; a damaged one stays where it is, for okey verify.
func (m *Model) onPaused(msg hostdaily.PausedMsg) tea.Cmd {
	if m.dl == nil || !m.paused {
		return nil
	}
	if msg.Err != nil {
		m.paused = false
		m.dl = nil
		cmd := m.newMatchCmd(msg.Why)
		if !errors.Is(msg.Err, fs.ErrNotExist) {
			m.setFlash(true, m.tr.T("daily.paused.stuck", store.ShortPath(m.files.PausedPath()), msg.Err.Error()))
		}
		return cmd
	}
	old := m.rec
	m.dl = nil
	if err := m.load(msg.Rec); err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.paused = false
	m.files.RetireMatch(m.seq, old, msg.Why, m.now())
	return tea.Sequence(m.saveCmd(), hostdaily.Settle(m.files))
}
