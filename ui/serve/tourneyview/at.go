package tourneyview

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"okey/server/tournaments"
)

// A start typed as a clock time (the form's "Or at (UTC)" row, the
// operator's "start=" over ssh), read one way for both.

// ErrNoAt is no start typed: the offset chosen stands.
var ErrNoAt = errors.New("no start typed")

// ErrAt is a start typed that does not read, or is not 1 min to 24 h
// ahead.
var ErrAt = errors.New("a start is typed as 20:30 or tomorrow 20:30 (UTC), 1 min to 24 h ahead")

// The day words a start typed may begin with, in either language.
var (
	todayWords    = []string{"today", "bugün", "bugun"}
	tomorrowWords = []string{"tomorrow", "yarın", "yarin"}
)

// ParseAt reads a start typed as a clock time in UTC at now: "20:30"
// (or "20.30", "2030") is its next coming, today or tomorrow; "today
// 20:30" and "tomorrow 20:30" (bugün, yarın) say which. It must be 1
// min to 24 h ahead (ErrAt); nothing typed is ErrNoAt.
func ParseAt(s string, now time.Time) (time.Time, error) {
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 {
		return time.Time{}, ErrNoAt
	}
	day := -1 // the next coming
	if len(words) == 2 {
		switch {
		case slices.Contains(todayWords, words[0]):
			day = 0
		case slices.Contains(tomorrowWords, words[0]):
			day = 1
		default:
			return time.Time{}, ErrAt
		}
		words = words[1:]
	}
	if len(words) != 1 {
		return time.Time{}, ErrAt
	}
	clock := strings.NewReplacer(".", ":", "h", ":").Replace(words[0])
	if !strings.Contains(clock, ":") && len(clock) == 4 {
		clock = clock[:2] + ":" + clock[2:]
	}
	hh, mm, ok := strings.Cut(clock, ":")
	h, errH := strconv.Atoi(hh)
	m, errM := strconv.Atoi(mm)
	if !ok || errH != nil || errM != nil || len(mm) != 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return time.Time{}, ErrAt
	}
	now = now.UTC()
	at := time.Date(now.Year(), now.Month(), now.Day(), h, m, 0, 0, time.UTC)
	switch {
	case day == 1:
		at = at.AddDate(0, 0, 1)
	case day == -1 && at.Before(now.Add(time.Minute)):
		at = at.AddDate(0, 0, 1)
	}
	if at.Before(now.Add(time.Minute)) || at.After(now.Add(tournaments.MaxAhead)) {
		return time.Time{}, ErrAt
	}
	return at, nil
}
