package hostdaily

import (
	"errors"
	"fmt"
	"io/fs"

	tea "charm.land/bubbletea/v2"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/kit/store"
)

// A match under way when a daily begins is paused, not abandoned: its
// record waits in the state directory (store.PausedFile) and comes back
// to the table when the daily leaves it — n on the daily's page after
// its last hand, or n on a daily hand's resume page — or, when a run
// ended in between, at the next start with no match on the table.

// Unpause puts a paused match back as the match being played when there
// is none (b and err are the match file's read; daily: the run starts on
// a daily, which the paused match goes on waiting for), and returns the
// match file's read after (rb, rerr), and whether a match is still paused. A
// paused match that cannot be put back is left where it is, and note
// says so ("" for nothing to say).
func Unpause(files *store.Files, tr *i18n.Catalog, b []byte, err error, daily bool) (rb []byte, paused bool, note string, rerr error) {
	if !files.HasPaused() {
		return b, false, "", err
	}
	if daily || !errors.Is(err, fs.ErrNotExist) {
		return b, true, "", err
	}
	if uerr := files.UnpauseMatch(); uerr != nil {
		return b, false, tr.T("daily.paused.stuck", store.ShortPath(files.PausedPath()), uerr.Error()), err
	}
	rb, rerr = files.ReadMatch()
	return rb, false, "", rerr
}

// PausedMsg brings the paused match's record, read to come back in the
// daily's place (the daily's record filed under Why), or why it could
// not be.
type PausedMsg struct {
	Why string
	Rec []byte
	Err error
}

// ReadPaused reads the paused match's record in a command, to come back
// to the table in the daily's place (PausedMsg).
func ReadPaused(files *store.Files, why string) tea.Cmd {
	return func() tea.Msg {
		b, err := files.ReadPaused()
		if err == nil {
			err = checkPaused(b)
		}
		return PausedMsg{Why: why, Rec: b, Err: err}
	}
}

// errPausedDamaged: the paused match's record does not read.
var errPausedDamaged = errors.New("the paused match's record does not read")

// checkPaused checks that a paused record reads as a match of its game,
// before it takes the daily's place on the table.
func checkPaused(b []byte) error {
	var err error
	if kind, _ := header(b); kind == game.Okey101 {
		_, err = okey101.ParseRecord(b)
	} else {
		_, err = classic.ParseRecord(b)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", errPausedDamaged, err)
	}
	return nil
}

// Settle makes the match back from its pause the one being played, once
// it is saved as that: the paused file goes then (kept, and nothing
// lost, when the match file cannot be settled or read back).
func Settle(files *store.Files) tea.Cmd {
	return func() tea.Msg {
		if err := files.SettleMatch(); err != nil {
			return nil // the paused file stays: nothing is lost
		}
		if _, err := files.ReadMatch(); err == nil {
			files.RemovePaused()
		}
		return nil
	}
}
