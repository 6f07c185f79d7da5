package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/kit/store"
	"okey/ui"
	"okey/ui/playdaily"
	"okey/ui/stats"

	"github.com/spf13/cobra"
)

// dailyPlay is okey daily without --fingerprint, --par or --share: the
// day's set played at the full-screen table (ui's daily.go), today's
// unless --date names another day (practice). The table asks before
// playing a day after today, or when the clock looks wrong.
func dailyPlay(c *cobra.Command, f *dailyFlags, e *env) error {
	date, err := dailyDate(c, f)
	if err != nil {
		return err
	}
	g, err := game.ParseKind(f.game.String())
	if err != nil {
		return err
	}
	f.play.daily = &ui.DailyOptions{Game: g, Date: date}
	return exitCode(playRun(c, &f.play, e))
}

// dailyPlayLine is the command line that plays the daily of g on date
// into the statistics of stateDir ("": the default's), as --share tells
// a player to run it: the game and the day named unless they are the
// defaults (classic, today), so that it plays the daily asked for.
func dailyPlayLine(g game.Kind, date, today daily.Date, stateDir string) string {
	line := "okey daily"
	if g != game.Classic {
		line += " --game " + string(g)
	}
	if date != today {
		line += " --date " + date.String()
	}
	if stateDir != "" {
		line += " --state-dir " + shellWord(stateDir)
	}
	return line
}

// shellWord is s as a shell reads it back: quoted when it holds
// anything but letters, digits and / . _ -.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// dailyShare is okey daily --share: the line to share of the daily of
// the day (today's unless --date) and game, read from the statistics —
// the one for the record, else the last practice. Par missing from the
// entry (the table was left before it was measured) is measured now.
func dailyShare(c *cobra.Command, f *dailyFlags, today daily.Date, e *env) error {
	if f.fingerprint || f.par || f.json {
		return &usageError{cmd: c, key: "cmd.daily.sharealone"}
	}
	date, err := dailyDate(c, f)
	if err != nil {
		return err
	}
	if date.IsZero() {
		date = today
	}
	g, err := game.ParseKind(f.game.String())
	if err != nil {
		return err
	}
	fail := func(key string, args ...any) error {
		fmt.Fprintf(e.stderr, "okey daily: %s\n", e.tr.T(key, args...))
		return exitCode(1)
	}
	stateDir, err := store.StateDir(f.play.stateDir)
	if err != nil {
		return fail("cmd.err.nostatedir")
	}
	b, err := store.Open(stateDir, "").ReadStats()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail("cmd.daily.share.stats", store.ShortPath(filepath.Join(stateDir, store.StatsFile)), err)
	}
	var entry *stats.Daily
	if err == nil {
		st, err := stats.Parse(b)
		if err != nil {
			return fail("cmd.daily.share.stats", store.ShortPath(filepath.Join(stateDir, store.StatsFile)), err)
		}
		for i, d := range st.Dailies {
			if d.Date == date.String() && d.Game == string(g) && (entry == nil || entry.Practice) {
				entry = &st.Dailies[i]
			}
		}
	}
	if entry == nil {
		return fail("cmd.daily.share.none", date, gameName(e.tr, g), dailyPlayLine(g, date, today, f.play.stateDir))
	}
	if len(entry.Par) != entry.Hands {
		set, err := daily.New(g, date)
		if err != nil {
			return err
		}
		l, err := par.Of(c.Context(), set, par.Level)
		if err != nil {
			return fail("cmd.daily.fail", err)
		}
		entry.Par = nil
		for _, h := range l.Hands {
			entry.Par = append(entry.Par, h.Score)
		}
	}
	fmt.Fprintln(e.stdout, playdaily.Share(e.tr.T, *entry))
	return nil
}
