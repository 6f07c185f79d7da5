package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"okey/bots/par"
	"okey/game/daily"
	"okey/ui"
	"okey/ui/i18n"
	"okey/ui/playdaily"
	"okey/ui/stats"
	"okey/ui/store"
)

// dailyCmd is okey daily: the day's deal (issue 44), played at the
// full-screen table (dailyPlay); its line to share from the statistics
// (--share); and what can be said without playing — the day's
// fingerprint, and par for a day that is over.
func dailyCmd(e *env) *cobra.Command {
	f := dailyFlags{game: choice{v: string(daily.Classic), of: dailyGames()}}
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

// dailyFlags are okey daily's flags.
type dailyFlags struct {
	game                          choice
	date                          string
	fingerprint, par, json, share bool
	// play are the flags of the table okey daily plays at.
	play playFlags
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

// dailyDate is the day --date names, zero when none is given; a date
// that is not one is a usage error.
func dailyDate(c *cobra.Command, f *dailyFlags) (daily.Date, error) {
	if f.date == "" {
		return daily.Date{}, nil
	}
	d, err := daily.ParseDate(f.date)
	if err != nil {
		return d, &usageError{cmd: c, key: "cmd.daily.date", args: []any{f.date}}
	}
	return d, nil
}

// dailyPlay is okey daily without --fingerprint, --par or --share: the
// day's set played at the full-screen table (ui's daily.go), today's
// unless --date names another day (practice). The table asks before
// playing a day after today, or when the clock looks wrong.
func dailyPlay(c *cobra.Command, f *dailyFlags, e *env) error {
	date, err := dailyDate(c, f)
	if err != nil {
		return err
	}
	g, err := daily.ParseGame(f.game.String())
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
func dailyPlayLine(g daily.Game, date, today daily.Date, stateDir string) string {
	line := "okey daily"
	if g != daily.Classic {
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
	g, err := daily.ParseGame(f.game.String())
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
		return fail("cmd.daily.share.none", date, gameName(e.tr, string(g)), dailyPlayLine(g, date, today, f.play.stateDir))
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
