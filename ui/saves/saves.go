package saves

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/kit/i18n"
	"okey/kit/store"
)

// Files are a match's files as the app keeps them: kit/store's files,
// the clock that names what is set aside, and the catalogue the player
// is told in. The app makes one when it needs it, with its words of
// the moment.
type Files struct {
	*store.Files
	Now func() time.Time
	Tr  *i18n.Catalog
}

// Msg reports a save: Err, and the Path it failed at, or nothing.
type Msg struct {
	Err  error
	Path string
}

// Write writes a snapshot numbered seq: the record rec as it stands,
// the statistics (nil: unchanged since they were last written) and the
// rack's arrangement (nil: nothing to save), in that order, stopping at
// the first that fails.
func (f Files) Write(seq uint64, rec, stats, rack []byte) Msg {
	if err := f.SaveMatch(seq, rec); err != nil {
		return Msg{Err: err, Path: f.MatchPath()}
	}
	if stats != nil {
		if err := f.SaveStats(seq, stats); err != nil {
			return Msg{Err: err, Path: f.StatsPath()}
		}
	}
	if rack == nil {
		return Msg{}
	}
	if err := f.SaveRack(seq, rack); err != nil {
		return Msg{Err: err, Path: f.RackPath()}
	}
	return Msg{}
}

// Save is Write in a command, whose message is the Msg: Update stays
// free of I/O.
func (f Files) Save(seq uint64, rec, stats, rack []byte) tea.Cmd {
	return func() tea.Msg { return f.Write(seq, rec, stats, rack) }
}
