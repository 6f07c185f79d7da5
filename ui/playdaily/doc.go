// Package playdaily is what the app knows of playing the daily
// (docs/daily.md): whether a daily is played for the record or as
// practice, and whether its date must be asked about first (a clock set
// wrong, a day not come yet); a hand's score read from its record, in
// par's measure; and what the statistics make of the dailies played —
// the streak of days, the best, the trend drawn as a sparkline, the
// line to share.
//
// It is pure: the days come from game/daily, the entries from ui/stats,
// the words from the catalogue handed in; no clock (today is an
// argument), no file. The app (package ui) puts it on the screen.
package playdaily
