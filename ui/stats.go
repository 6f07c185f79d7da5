package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"time"

	"okey/ui/stats"
	"okey/ui/store"
)

// The player's statistics (ui/stats counts them): read at the start,
// counted as hands end (each game's side says what, hosting.App's
// Tally), written with the saves.

// metaStarted is the record's meta key of when the match started, which
// with its seed tells matches apart (ui/stats reads it).
const metaStarted = stats.MetaStarted

// loadStats reads the statistics; a file that cannot be read is set
// aside (when saves work) and counting starts again, with a notice.
func (m *Model) loadStats() {
	m.stats = stats.New()
	b, err := m.files.ReadStats()
	if errors.Is(err, fs.ErrNotExist) || err != nil && !m.saving() {
		return
	}
	var f stats.File
	if err == nil {
		f, err = stats.Parse(b)
	}
	if err != nil {
		path := store.ShortPath(m.files.StatsPath())
		if aside, aerr := m.files.SetAsideStats(m.now()); aerr == nil {
			m.notice = append(m.notice, m.tr.T("notice.stats", path, err.Error(), store.ShortPath(aside)))
		}
		return
	}
	m.stats = f
}

// statsJSON is the statistics as saved, nil when unchanged since the
// last save.
func (m *Model) statsJSON() []byte {
	if !m.statsChanged {
		return nil
	}
	b, err := json.MarshalIndent(m.stats, "", "  ")
	if err != nil {
		return nil
	}
	m.statsChanged = false
	return append(b, '\n')
}

// startedNow is the start of a new match, for its record.
func startedNow(now time.Time) string { return now.UTC().Format(time.RFC3339Nano) }
