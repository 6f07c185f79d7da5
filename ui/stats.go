package ui

import (
	"encoding/json"
	"time"

	"okey/game/daily"
	"okey/kit/store"
	"okey/ui/stats"
)

// The player's statistics (ui/stats counts them): read at the start,
// counted as hands end (each game's side says what: a hosting.Play's
// Tally, a hosting.ReadBack's, or the count hosting.App's Adopt is
// handed as a match is put on the table), written with the
// saves.

// metaStarted is the record's meta key of when the match started, which
// with its seed tells matches apart (ui/stats reads it).
const metaStarted = stats.MetaStarted

// loadStats reads the statistics; a file that cannot be read is set
// aside (when saves work) and counting starts again, with a notice
// (saves.Files.LoadStats).
func (m *Model) loadStats() {
	var notice string
	if m.stats, notice = m.saves().LoadStats(m.saving()); notice != "" {
		m.notice = append(m.notice, notice)
	}
	if n := m.stats.Damaged; n > 0 {
		m.notice = append(m.notice, m.tr.N("daily.stats.damaged", n, n, store.ShortPath(m.files.StatsPath())))
		m.statsChanged = true // written back with the entries set aside
	}
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

// tally counts what count adds to the statistics, unless the screen
// only looks or is a seat's (whose table counts nothing here), or the
// format the match is played in counts its hands on its own (a daily,
// against par: hostdaily.Format's Tallies).
func (m *Model) tally(count func(f *stats.File) bool) {
	if m.readOnly || m.seat != nil || !m.format().Tallies() {
		return
	}
	m.statsChanged = count(&m.stats) || m.statsChanged
}

// today is the day by the clock: the local calendar's.
func (m *Model) today() daily.Date { return daily.DateOf(m.now()) }
