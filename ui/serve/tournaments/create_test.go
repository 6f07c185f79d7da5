package tournaments

import (
	"errors"
	"strings"
	"testing"
	"time"

	"okey/game/tourney"
)

// An operator's tournament file: JSON with durations as Go writes them
// and an RFC 3339 start; unknown fields, bad durations, bad starts and
// files past the cap are refused, never half read.
func TestReadConfig(t *testing.T) {
	start := time.Date(2026, 11, 27, 17, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name, file string
		want       tourney.Config
		err        bool
	}{
		{"an arena", `{"name":"Friday","kind":"arena","game":"101","rules":"open=81","start":"2026-11-27T20:00:00+03:00","length":"1h30m","bot_wait":"1m","bot_level":"hard","back":"2m"}`,
			tourney.Config{Name: "Friday", Kind: tourney.Arena, Game: "101", Rules: "open=81", Hands: 1, Start: start, Length: 90 * time.Minute, BotWait: time.Minute, BotLevel: "hard", Back: 2 * time.Minute}, false},
		{"duplicate rounds", `{"name":"club","kind":"swiss","game":"101","hands":3,"rounds":4,"duplicate":true}`,
			tourney.Config{Name: "club", Kind: tourney.Swiss, Game: "101", Hands: 3, Rounds: 4, Duplicate: true}, false},
		{"an unknown field", `{"name":"x","kind":"arena","prize":100}`, tourney.Config{}, true},
		{"a bad duration", `{"name":"x","kind":"arena","length":"an hour"}`, tourney.Config{}, true},
		{"a bad start", `{"name":"x","kind":"arena","start":"tomorrow"}`, tourney.Config{}, true},
		{"not JSON", `name = x`, tourney.Config{}, true},
		{"too big", `{"name":"` + strings.Repeat("x", maxFile) + `"}`, tourney.Config{}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ReadConfig(strings.NewReader(c.file))
			if (err != nil) != c.err {
				t.Fatalf("error %v, want one: %v", err, c.err)
			}
			if c.err {
				return
			}
			if !got.Start.Equal(c.want.Start) {
				t.Errorf("start %v, want %v", got.Start, c.want.Start)
			}
			got.Start, c.want.Start = time.Time{}, time.Time{}
			if got != c.want {
				t.Errorf("read %+v, want %+v", got, c.want)
			}
		})
	}
	if _, err := ReadConfig(strings.NewReader(`{"name":"` + strings.Repeat("x", maxFile) + `"}`)); !errors.Is(err, ErrSettings) {
		t.Errorf("a file past the cap: %v", err)
	}
}
