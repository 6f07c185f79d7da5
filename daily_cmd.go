package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"okey/bots/par"
	"okey/game/daily"
	"okey/ui/i18n"
)

// dailyCmd is okey daily: the day's deal (issue 44). This version prints
// what can be said without playing — the day's fingerprint, and par for
// a day that is over; playing the daily comes next, and okey daily with
// neither flag says so on one line (exit 2).
func dailyCmd(e *env) *cobra.Command {
	f := dailyFlags{game: choice{v: string(daily.Classic), of: dailyGames()}}
	c := &cobra.Command{
		Use:   "daily",
		Short: e.tr.T("cli.daily.short"),
		Long:  e.tr.T("cli.daily.long"),
		Example: `okey daily --fingerprint
okey daily --date 2026-11-24 --game 101 --fingerprint
okey daily --date 2026-11-23 --par
okey daily --date 2026-11-23 --game 101 --par --json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			// Today is the local calendar's day: the daily a player
			// means by "today" is the one on their wall.
			return dailyRun(c.Context(), c, &f, daily.DateOf(time.Now()), e.tr, e.stdout, e.stderr)
		},
	}
	c.Flags().Var(&f.game, "game", e.tr.T("cli.flag.daily.game", strings.Join(dailyGames(), ", ")))
	c.Flags().StringVar(&f.date, "date", "", e.tr.T("cli.flag.daily.date"))
	c.Flags().BoolVar(&f.fingerprint, "fingerprint", false, e.tr.T("cli.flag.daily.fingerprint"))
	c.Flags().BoolVar(&f.par, "par", false, e.tr.T("cli.flag.daily.par"))
	c.Flags().BoolVar(&f.json, "json", false, e.tr.T("cli.flag.daily.json"))
	_ = c.RegisterFlagCompletionFunc("game", fixed(dailyGames()...))
	_ = c.RegisterFlagCompletionFunc("date", cobra.NoFileCompletions)
	return c
}

// dailyFlags are okey daily's flags.
type dailyFlags struct {
	game                   choice
	date                   string
	fingerprint, par, json bool
}

func dailyGames() []string {
	var gs []string
	for _, g := range daily.Games {
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
		return &usageError{cmd: c, key: "cmd.daily.play"}
	}
	date := today
	if f.date != "" {
		d, err := daily.ParseDate(f.date)
		if err != nil {
			return &usageError{cmd: c, key: "cmd.daily.date", args: []any{f.date}}
		}
		date = d
	}
	g, err := daily.ParseGame(f.game.String())
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

// dailyJSON is what okey daily --json writes: one object, the day and
// its fingerprint, and with --par the lines, par's first.
type dailyJSON struct {
	Version     int    `json:"version"`
	Game        string `json:"game"`
	Date        string `json:"date"`
	Hands       int    `json:"hands"`
	Fingerprint string `json:"fingerprint"`
	Short       string `json:"fingerprint_short"`
	// Better says which way a score is better: "higher" (classic) or
	// "lower" (101).
	Better string     `json:"better,omitempty"`
	Par    *par.Line  `json:"par,omitempty"`
	Levels []par.Line `json:"levels,omitempty"`
}

func dailyHead(set daily.Set, fp daily.Fingerprint) dailyJSON {
	return dailyJSON{Version: set.Version, Game: string(set.Game), Date: set.Date.String(), Hands: len(set.Hands), Fingerprint: fp.String(), Short: fp.Short()}
}

// printFingerprint writes the day's fingerprint: a line to read out,
// then the whole of it alone on a line, for a script to compare.
func printFingerprint(set daily.Set, fp daily.Fingerprint, asJSON bool, tr *i18n.Catalog, w io.Writer) int {
	if asJSON {
		_ = json.NewEncoder(w).Encode(dailyHead(set, fp))
		return 0
	}
	fmt.Fprintln(w, tr.T("cmd.daily.fingerprint", set.Date, gameName(tr, string(set.Game)), tr.N("cmd.n.hands", len(set.Hands), len(set.Hands)), fp.Short()))
	fmt.Fprintln(w, fp.String())
	return 0
}

// printPar writes par, hand by hand, beside the other levels: lines are
// par's (hard) first. A failed write is the guard's to say.
func printPar(set daily.Set, fp daily.Fingerprint, lines []par.Line, asJSON bool, tr *i18n.Catalog, w io.Writer) int {
	if asJSON {
		out := dailyHead(set, fp)
		out.Better = "higher"
		if set.Game == daily.Okey101 {
			out.Better = "lower"
		}
		out.Par = &lines[0]
		out.Levels = lines
		_ = json.NewEncoder(w).Encode(out)
		return 0
	}
	fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.title", set.Date, gameName(tr, string(set.Game)), fp.Short())))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\t%s\t", tr.T("cmd.daily.par.hand"), tr.T("cmd.daily.par.par"))
	for _, l := range lines[1:] {
		fmt.Fprintf(tw, "%s\t", tr.T("level."+l.Level))
	}
	fmt.Fprintln(tw)
	for k := range set.Hands {
		fmt.Fprintf(tw, "%d\t", k+1)
		for _, l := range lines {
			fmt.Fprintf(tw, "%d\t", l.Hands[k].Score)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%s\t", tr.T("cmd.daily.par.total"))
	for _, l := range lines {
		fmt.Fprintf(tw, "%d\t", l.Total)
	}
	fmt.Fprintln(tw)
	_ = tw.Flush()
	fmt.Fprintln(w)
	if set.Game == daily.Okey101 {
		fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.score101")))
	} else {
		fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.scoreclassic")))
	}
	fmt.Fprintln(w, wrap80(tr.T("cmd.daily.par.what")))
	return 0
}

// wrap80 breaks a line of the report between words to fit 80 columns,
// as okey review's report fits them: a terminal's narrowest width.
func wrap80(s string) string { return ansi.Wordwrap(s, 80, "") }
