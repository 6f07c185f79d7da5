package tourneyview

import (
	"errors"
	"testing"
	"time"
)

// A start typed as a clock time in UTC: its next coming, or the day
// said, in either language; 1 min to 24 h ahead, or refused.
func TestParseAt(t *testing.T) {
	now := time.Date(2026, 11, 27, 19, 45, 30, 0, time.UTC)
	day := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, time.UTC) }
	for _, tc := range []struct {
		typed string
		want  time.Time
		err   error
	}{
		{"20:30", day(27, 20, 30), nil},
		{" 20.30 ", day(27, 20, 30), nil},
		{"2030", day(27, 20, 30), nil},
		{"8:05", day(28, 8, 5), nil},
		{"19:46", time.Time{}, ErrAt}, // 30 s ahead today, 24 h 30 s tomorrow: neither
		{"19:47", day(27, 19, 47), nil},
		{"today 23:59", day(27, 23, 59), nil},
		{"Bugün 21:00", day(27, 21, 0), nil},
		{"tomorrow 19:45", day(28, 19, 45), nil},
		{"yarın 08:00", day(28, 8, 0), nil},
		{"tomorrow 20:00", time.Time{}, ErrAt}, // over 24 h ahead
		{"today 10:00", time.Time{}, ErrAt},    // past
		{"25:00", time.Time{}, ErrAt},
		{"20:3", time.Time{}, ErrAt},
		{"noon", time.Time{}, ErrAt},
		{"friday 20:30", time.Time{}, ErrAt},
		{"", time.Time{}, ErrNoAt},
	} {
		got, err := ParseAt(tc.typed, now)
		if !errors.Is(err, tc.err) || !got.Equal(tc.want) {
			t.Errorf("%q: %v, %v; want %v, %v", tc.typed, got, err, tc.want, tc.err)
		}
	}
}
