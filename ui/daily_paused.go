package ui

import (
	"errors"
	"fmt"
	"io/fs"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/ui/store"
)

// A match under way when a daily begins is paused, not abandoned: its
// record waits in the state directory (store.PausedFile) and comes back
// to the table when the daily leaves it — n on the daily's page after
// its last hand, or n on a daily hand's resume page — or, when a run
// ended in between, at the next start with no match on the table.

// unpause puts a paused match back as the match being played when there
// is none (b and err are the match file's read; daily: the run starts on
// a daily, which the paused match goes on waiting for), and returns the
// match file's read after. A paused match that cannot be put back is
// left where it is, and said.
func (m *Model) unpause(b []byte, err error, daily bool) ([]byte, error) {
	if !m.files.HasPaused() {
		return b, err
	}
	if daily || !errors.Is(err, fs.ErrNotExist) {
		m.paused = true
		return b, err
	}
	if uerr := m.files.UnpauseMatch(); uerr != nil {
		m.notice = append(m.notice, m.tr.T("daily.paused.stuck", store.ShortPath(m.files.PausedPath()), uerr.Error()))
		return b, err
	}
	return m.files.ReadMatch()
}

// leaveDaily takes the daily off the table (its record filed with the
// finished matches under why) for the paused match, if one waits, or
// else a new match.
func (m *Model) leaveDaily(why string) tea.Cmd {
	if !m.paused || m.readOnly {
		m.dl = nil
		return m.newMatchCmd(why)
	}
	m.cancelBots()
	files := m.files
	return func() tea.Msg {
		b, err := files.ReadPaused()
		if err == nil {
			err = checkPaused(b)
		}
		return pausedMsg{why: why, rec: b, err: err}
	}
}

// pausedMsg brings the paused match's record, read to come back, or why
// it could not be.
type pausedMsg struct {
	why string
	rec []byte
	err error
}

// errPausedDamaged: the paused match's record does not read.
var errPausedDamaged = errors.New("the paused match's record does not read")

// checkPaused checks that a paused record reads as a match of its game,
// before it takes the daily's place on the table.
func checkPaused(b []byte) error {
	var err error
	if recordGame(b) == string(game.Okey101) {
		_, err = okey101.ParseRecord(b)
	} else {
		_, err = classic.ParseRecord(b)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", errPausedDamaged, err)
	}
	return nil
}

// onPaused puts the paused match back on the table in the daily's place
// (the daily's record filed with the finished ones), on its resume page;
// the paused file goes once the match is saved as the one being played.
// A paused match that is gone or does not read leaves the daily for a
// new match, said; a damaged one stays where it is, for okey verify.
func (m *Model) onPaused(msg pausedMsg) tea.Cmd {
	if m.dl == nil || !m.paused {
		return nil
	}
	if msg.err != nil {
		m.paused = false
		m.dl = nil
		cmd := m.newMatchCmd(msg.why)
		if !errors.Is(msg.err, fs.ErrNotExist) {
			m.setFlash(true, m.tr.T("daily.paused.stuck", store.ShortPath(m.files.PausedPath()), msg.err.Error()))
		}
		return cmd
	}
	old := m.rec
	m.dl = nil
	if err := m.load(msg.rec); err != nil {
		m.setFlash(true, err.Error())
		return nil
	}
	m.paused = false
	m.files.RetireMatch(m.seq, old, msg.why, m.now())
	files := m.files
	return tea.Sequence(m.saveCmd(), func() tea.Msg {
		if err := files.SettleMatch(); err != nil {
			return nil // the paused file stays: nothing is lost
		}
		if _, err := files.ReadMatch(); err == nil {
			files.RemovePaused()
		}
		return nil
	})
}
