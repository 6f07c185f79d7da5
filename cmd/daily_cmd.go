package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"okey/bots/par"
	"okey/game"
	"okey/game/daily"
	"okey/kit/i18n"
)

// dailyCmd is okey daily: the day's deal, played at the
// full-screen table (dailyPlay); its line to share from the statistics
// (--share); and what can be said without playing — the day's
// fingerprint, and par for a day that is over.
func dailyCmd(e *env) *cobra.Command {
	f := dailyFlags{game: choice{v: string(game.Classic), of: dailyGames()}}
	c := &cobra.Command{
		Use:   "daily",
		Short: e.tr.T("cli.daily.short"),
		Long:  e.tr.T("cli.daily.long"),
		Example: `okey daily
okey daily --game 101 --date 2026-11-20
okey daily --share
okey daily --fingerprint
okey daily --date 2026-11-24 --game 101 --fingerprint
okey daily --date 2026-11-23 --par
okey daily --date 2026-11-23 --game 101 --par --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			// Today is the local calendar's day: the daily a player
			// means by "today" is the one on their wall.
			today := daily.DateOf(time.Now())
			if !f.fingerprint && !f.par && !f.share && !f.json {
				return dailyPlay(c, &f, e)
			}
			if f.share {
				return dailyShare(c, &f, today, e)
			}
			return dailyRun(c.Context(), c, &f, today, e.tr, e.stdout, e.stderr)
		},
	}
	c.Flags().Var(&f.game, "game", e.tr.T("cli.flag.daily.game", strings.Join(dailyGames(), ", ")))
	c.Flags().StringVar(&f.date, "date", "", e.tr.T("cli.flag.daily.date"))
	c.Flags().BoolVar(&f.fingerprint, "fingerprint", false, e.tr.T("cli.flag.daily.fingerprint"))
	c.Flags().BoolVar(&f.par, "par", false, e.tr.T("cli.flag.daily.par"))
	c.Flags().BoolVar(&f.json, "json", false, e.tr.T("cli.flag.daily.json"))
	c.Flags().BoolVar(&f.share, "share", false, e.tr.T("cli.flag.daily.share"))
	c.Flags().StringVar(&f.play.stateDir, "state-dir", "", e.tr.T("cli.flag.state-dir"))
	c.Flags().StringVar(&f.play.configDir, "config-dir", "", e.tr.T("cli.flag.config-dir"))
	c.Flags().StringVar(&f.play.debugLog, "debug-log", "", e.tr.T("cli.flag.debug-log"))
	_ = c.MarkFlagDirname("state-dir")
	_ = c.MarkFlagDirname("config-dir")
	_ = c.RegisterFlagCompletionFunc("game", fixed(dailyGames()...))
	_ = c.RegisterFlagCompletionFunc("date", cobra.NoFileCompletions)
	return c
}

func dailyGames() []string {
	var gs []string
	for _, g := range game.Kinds() {
		gs = append(gs, string(g))
	}
	return gs
}

// dailyRun is okey daily with today given, so that a test does not
// depend on the clock. A wrong command line is a usage error (exit 2); a
// day whose par is asked before it is over, or a par that could not be
// measured, a runtime one (exit 1): the line was right, the day is not.
func dailyRun(ctx context.Context, c *cobra.Command, f *dailyFlags, today daily.Date, tr *i18n.Catalog, stdout, stderr io.Writer) error {
	switch {
	case f.fingerprint && f.par:
		return &usageError{cmd: c, key: "cmd.daily.both"}
	case !f.fingerprint && !f.par:
		return &usageError{cmd: c, key: "cmd.daily.jsonalone"}
	}
	date := today
	if f.date != "" {
		d, err := daily.ParseDate(f.date)
		if err != nil {
			return &usageError{cmd: c, key: "cmd.daily.date", args: []any{f.date}}
		}
		date = d
	}
	g, err := game.ParseKind(f.game.String())
	if err != nil { // the flag's parser let through only the games
		return err
	}
	set, err := daily.New(g, date)
	if err != nil {
		return err
	}
	fp, err := set.Fingerprint()
	if err != nil {
		fmt.Fprintf(stderr, "okey daily: %s\n", tr.T("cmd.daily.fail", err))
		return exitCode(1)
	}
	if f.fingerprint {
		return exitCode(printFingerprint(set, fp, f.json, tr, stdout))
	}
	if !date.Before(today) {
		fmt.Fprintf(stderr, "okey daily: %s\n", tr.T("cmd.daily.notover", date, today, date.AddDays(1)))
		return exitCode(1)
	}
	lines, err := par.Measure(ctx, set, []string{"hard", "normal", "easy"})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return exitCode(1) // interrupted: the signal's status says it
		}
		fmt.Fprintf(stderr, "okey daily: %s\n", tr.T("cmd.daily.fail", err))
		return exitCode(1)
	}
	return exitCode(printPar(set, fp, lines, f.json, tr, stdout))
}
