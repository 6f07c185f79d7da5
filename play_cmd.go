package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/game/okey101"
	"okey/ui"
	"okey/ui/i18n"
	"okey/ui/store"
)

// playFlags are the command line of okey play.
type playFlags struct {
	game, lang, speed, theme, rules, levels, names string
	points                                         int
	seed                                           uint64
	stateDir, configDir                            string
	set                                            map[string]bool
}

// playUsage heads okey play -h.
const playUsage = `usage: okey [play] [flags]

Play a match of Okey, or of Okey 101 (--game 101), against three bots. The
match is saved as it is played; the next start offers to resume it. Flags
apply to this run; the settings screen (key o) remembers choices.

`

// parsePlayFlags reads the flags. Help goes to stdout (flag.ErrHelp is
// returned); a bad flag is an error of one line, for the caller to say.
func parsePlayFlags(args []string, stdout io.Writer) (*playFlags, error) {
	f := &playFlags{set: map[string]bool{}}
	fs := flag.NewFlagSet("okey play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.game, "game", "", "the game of a new match: "+strings.Join(ui.Games, " or ")+" (default: from the settings, else classic)")
	fs.StringVar(&f.lang, "lang", "", "language: "+strings.Join(assets.Languages, " or ")+" (default: from the settings, else the environment)")
	fs.StringVar(&f.speed, "speed", "", "how long each bot move stays on screen: "+strings.Join(ui.Speeds, ", "))
	fs.StringVar(&f.theme, "theme", "", "colours: "+strings.Join(assets.Themes, " or ")+" (NO_COLOR turns colour off)")
	fs.StringVar(&f.rules, "rules", "", "rules options, comma-separated: "+strings.Join(game.RuleOptions, ", ")+
		"; with --game 101: "+strings.Join(okey101.RuleOptions, ", "))
	fs.IntVar(&f.points, "points", 0, "starting points, 5-21 (same as --rules points=N)")
	fs.StringVar(&f.levels, "bots", "", "the bots' levels, right,top,left (or one for all): "+strings.Join(bots.Levels, ", "))
	fs.StringVar(&f.names, "names", "", "the bots' names, right,top,left")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of a new match, to make it reproducible")
	fs.StringVar(&f.stateDir, "state-dir", "", "where the match is saved (default $XDG_STATE_HOME/okey)")
	fs.StringVar(&f.configDir, "config-dir", "", "where the settings are kept (default: the user's config directory + /okey)")
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, playUsage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, ui.FlagProblem(err)
	}
	if fs.NArg() > 0 {
		return nil, ui.NewProblem("err.args", fs.Arg(0))
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return f, nil
}

// overrides are the flags given, for this run only.
func (f *playFlags) overrides() ui.Overrides {
	var o ui.Overrides
	str := func(name string, v *string) *string {
		if f.set[name] {
			return v
		}
		return nil
	}
	o.Lang, o.Speed, o.Theme, o.Rules = str("lang", &f.lang), str("speed", &f.speed), str("theme", &f.theme), str("rules", &f.rules)
	o.Game = str("game", &f.game)
	if f.set["points"] {
		o.Points = &f.points
	}
	if f.set["bots"] {
		o.Levels = strings.Split(f.levels, ",")
	}
	if f.set["names"] {
		o.Names = strings.Split(f.names, ",")
	}
	return o
}

// language is the language to speak before the settings are read:
// --lang, else the environment's. When the flags could not be parsed (f
// is nil) --lang is looked for in args, so that the error is said in it.
func (f *playFlags) language(args []string, getenv func(string) string) string {
	if f != nil && f.set["lang"] && slices.Contains(assets.Languages, f.lang) {
		return f.lang
	}
	if f == nil {
		for i, a := range args {
			v, ok := strings.CutPrefix(strings.TrimLeft(a, "-"), "lang=")
			if !ok && strings.TrimLeft(a, "-") == "lang" && strings.HasPrefix(a, "-") && i+1 < len(args) {
				v, ok = args[i+1], true
			}
			if ok && slices.Contains(assets.Languages, v) {
				return v
			}
		}
	}
	return i18n.FromEnv(getenv)
}

// playMain runs the full-screen game.
func playMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, err := parsePlayFlags(args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	lang := f.language(args, os.Getenv)
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "okey: %s\n", ui.Say(err, lang))
		return code
	}
	if err != nil {
		return fail(2, err)
	}
	// The flags are checked, and the terminal, before anything is read
	// or written.
	if _, err := ui.DefaultSettings(lang).Override(f.overrides()); err != nil {
		return fail(2, err)
	}
	if !isTerminal(stdin) || !isTerminal(stdout) {
		return fail(1, ui.NewProblem("err.tty"))
	}
	opt, err := playOptions(f, os.Getenv, time.Now)
	if err != nil {
		return fail(2, err)
	}
	m, err := ui.New(opt)
	if err != nil {
		return fail(1, err)
	}
	popts := []tea.ProgramOption{tea.WithContext(ctx)}
	if stdin != os.Stdin {
		popts = append(popts, tea.WithInput(stdin))
	}
	if stdout != os.Stdout {
		popts = append(popts, tea.WithOutput(stdout))
	}
	_, runErr := tea.NewProgram(m, popts...).Run()
	flushErr := m.Flush()
	m.Close()
	if bye := m.Goodbye(flushErr); bye != "" {
		fmt.Fprintln(stdout, bye)
	}
	if flushErr != nil {
		return 1
	}
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, context.Canceled) {
		return fail(1, runErr)
	}
	return 0
}

// playOptions builds the table's options from the flags, the settings
// file and the environment.
func playOptions(f *playFlags, getenv func(string) string, now func() time.Time) (ui.Options, error) {
	cfgDir, err := store.ConfigDir(f.configDir)
	if err != nil {
		return ui.Options{}, err
	}
	stateDir, err := store.StateDir(f.stateDir)
	if err != nil {
		return ui.Options{}, err
	}
	saved, note := ui.LoadSettings(cfgDir, ui.DefaultSettings(i18n.FromEnv(getenv)), now())
	s, err := saved.Override(f.overrides())
	if err != nil {
		return ui.Options{}, err
	}
	opt := ui.Options{
		Settings: s, Saved: saved, StateDir: stateDir, ConfigDir: cfgDir,
		Seed: f.seed, SeedSet: f.set["seed"],
		NoColor: getenv("NO_COLOR") != "",
		Now:     now,
	}
	if note != nil {
		opt.Notes = append(opt.Notes, note)
	}
	return opt, nil
}
