package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"okey/assets"
	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/kit/store"
	"okey/ui"
	"okey/ui/settings"
)

// playFlags are the command line of okey play.
type playFlags struct {
	game, lang, speed, theme, rules, levels, names string
	points                                         int
	seed                                           uint64
	stateDir, configDir, debugLog                  string
	set                                            map[string]bool
	// daily, when set, plays the daily (okey daily), whose own flags
	// are no settings.
	daily *ui.DailyOptions
}

// playCmd is okey play, the same as okey with no command.
func playCmd(e *env) *cobra.Command {
	var f playFlags
	c := &cobra.Command{
		Use:     "play",
		Short:   e.tr.T("cli.play.short"),
		Long:    e.tr.T("cli.play.long"),
		Example: "okey play --game 101 --rules open=81\nokey play --bots easy --speed fast --lang tr",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return &usageError{cmd: c, key: "err.args", args: []any{args[0]}}
			}
			return exitCode(playRun(c, &f, e))
		},
	}
	f.bind(c, e.tr)
	return c
}

// bind declares play's flags on c (the root, or okey play) and their
// completions.
func (f *playFlags) bind(c *cobra.Command, tr *i18n.Catalog) {
	fs := c.Flags()
	fs.StringVar(&f.game, "game", "", tr.T("cli.flag.play.game", gameNames()))
	fs.StringVar(&f.speed, "speed", "", tr.T("cli.flag.play.speed", strings.Join(settings.Speeds, ", ")))
	fs.StringVar(&f.theme, "theme", "", tr.T("cli.flag.play.theme", strings.Join(assets.Themes, ", ")))
	fs.StringVar(&f.rules, "rules", "", tr.T("cli.flag.play.rules", strings.Join(classic.RuleOptions, ", "), strings.Join(okey101.RuleOptions, ", ")))
	fs.IntVar(&f.points, "points", 0, tr.T("cli.flag.play.points"))
	fs.StringVar(&f.levels, "bots", "", levelsHelp(tr, "cli.flag.play.bots", expertclassic.Levels, decide101.Levels))
	fs.StringVar(&f.names, "names", "", tr.T("cli.flag.play.names"))
	fs.Uint64Var(&f.seed, "seed", 0, tr.T("cli.flag.play.seed"))
	fs.StringVar(&f.stateDir, "state-dir", "", tr.T("cli.flag.state-dir"))
	fs.StringVar(&f.configDir, "config-dir", "", tr.T("cli.flag.config-dir"))
	fs.StringVar(&f.debugLog, "debug-log", "", tr.T("cli.flag.debug-log"))
	_ = c.RegisterFlagCompletionFunc("game", fixed(settings.Games...))
	_ = c.RegisterFlagCompletionFunc("speed", fixed(settings.Speeds...))
	_ = c.RegisterFlagCompletionFunc("theme", fixed(assets.Themes...))
	completeBotsAndRules(c)
	_ = c.MarkFlagDirname("state-dir")
	_ = c.MarkFlagDirname("config-dir")
}

// overrides are the flags given, for this run only.
func (f *playFlags) overrides() settings.Overrides {
	var o settings.Overrides
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

// read takes the flags c parsed: which were given, and --lang (a flag
// of the root that every command inherits).
func (f *playFlags) read(c *cobra.Command) {
	f.set = given(c.Flags())
	f.lang, _ = c.Flags().GetString("lang")
	if f.daily != nil { // okey daily's --game is the daily's, not a setting
		delete(f.set, "game")
	}
}

// playRun runs the full-screen game.
func playRun(c *cobra.Command, f *playFlags, e *env) int {
	f.read(c)
	lang := e.lang
	fail := func(code int, err error) int {
		fmt.Fprintf(e.stderr, "%s: %s\n", c.CommandPath(), problem.Say(err, lang))
		return code
	}
	// The flags are checked, and the terminal, before anything is read
	// or written; then again against the saved settings (playOptions).
	if err := checkFlags(lang, f.overrides()); err != nil {
		return fail(2, err)
	}
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return fail(1, problem.New("err.tty"))
	}
	opt, err := playOptions(f, e.getenv, time.Now)
	opt.Daily = f.daily
	var p *problem.Problem
	switch {
	case errors.As(err, &p) && strings.HasPrefix(p.Key, "cmd.err."):
		return fail(1, err) // no directory for the files: not the command line's fault
	case err != nil:
		return fail(2, err)
	}
	dlog, closeLog, err := openDebugLog(f.debugLog, e.getenv, e.commandLine(), false)
	if err != nil {
		return fail(1, problem.New("cli.err.debuglog", problem.Sys(e.tr, err)))
	}
	defer closeLog()
	opt.Log = dlog
	log := orDiscard(dlog)
	m, err := ui.New(opt)
	if err != nil {
		log.Error("start", "err", err)
		if _, ok := err.(*problem.Problem); !ok {
			err = problem.New("cmd.play.start", problem.Sys(e.tr, err))
		}
		return fail(1, err)
	}
	popts := []tea.ProgramOption{tea.WithContext(c.Context())}
	if e.stdin != os.Stdin {
		popts = append(popts, tea.WithInput(e.stdin))
	}
	// The table draws on the terminal itself, not through the guard.
	var out io.Writer = e.stdout
	if f := fileOf(e.stdout); f != nil {
		out = f
	}
	if out != os.Stdout {
		popts = append(popts, tea.WithOutput(out))
	}
	_, runErr := tea.NewProgram(m, popts...).Run()
	flushErr := m.Flush()
	m.Close()
	log.Info("end", "err", runErr, "save", flushErr)
	if bye := m.Goodbye(flushErr); bye != "" {
		fmt.Fprintln(e.stdout, bye)
	}
	if flushErr != nil {
		return 1
	}
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, context.Canceled) {
		return fail(1, problem.New("cmd.play.failed", problem.Sys(e.tr, runErr)))
	}
	return 0
}

// checkFlags refuses the flags that no game would take, before the
// settings are read. Without --game the game is the one saved in the
// settings, which is not read yet: --rules open=131 is 101's, so the
// flags are refused only when neither game takes them, and
// playOptions checks them again against the game saved.
func checkFlags(lang string, o settings.Overrides) error {
	def := settings.Default(lang)
	_, err := def.Override(o)
	if err == nil || o.Game != nil {
		return err
	}
	def.Game = settings.Game101
	if _, err101 := def.Override(o); err101 == nil {
		return nil
	}
	return err
}

// playOptions builds the table's options from the flags, the settings
// file and the environment.
func playOptions(f *playFlags, getenv func(string) string, now func() time.Time) (ui.Options, error) {
	cfgDir, err := store.ConfigDir(f.configDir)
	if err != nil {
		return ui.Options{}, problem.New("cmd.err.noconfigdir")
	}
	stateDir, err := store.StateDir(f.stateDir)
	if err != nil {
		return ui.Options{}, problem.New("cmd.err.nostatedir")
	}
	saved, note := settings.Load(cfgDir, settings.Default(i18n.FromEnv(getenv)), now())
	s, err := saved.Override(f.overrides())
	if err != nil {
		return ui.Options{}, err
	}
	opt := ui.Options{
		Settings: s, Saved: saved, StateDir: stateDir, ConfigDir: cfgDir,
		Seed: f.seed, SeedSet: f.set["seed"], GameAsked: f.set["game"],
		NoColor: getenv("NO_COLOR") != "",
		Now:     now,
	}
	if note != nil {
		opt.Notes = append(opt.Notes, note)
	}
	return opt, nil
}
