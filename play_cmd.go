package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/assets"
	"okey/bots"
	"okey/game"
	"okey/ui"
	"okey/ui/i18n"
	"okey/ui/store"
)

// playFlags are the command line of okey play.
type playFlags struct {
	lang, speed, theme, rules, levels, names string
	points                                   int
	seed                                     uint64
	stateDir, configDir                      string
	set                                      map[string]bool
}

func parsePlayFlags(args []string, stderr io.Writer) (*playFlags, error) {
	f := &playFlags{set: map[string]bool{}}
	fs := flag.NewFlagSet("okey play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.lang, "lang", "", "language: "+strings.Join(assets.Languages, " or ")+" (default: from the settings, else the environment)")
	fs.StringVar(&f.speed, "speed", "", "how long each bot move stays on screen: "+strings.Join(ui.Speeds, ", "))
	fs.StringVar(&f.theme, "theme", "", "colours: "+strings.Join(assets.Themes, " or ")+" (NO_COLOR turns colour off)")
	fs.StringVar(&f.rules, "rules", "", "rules options, comma-separated: "+strings.Join(game.RuleOptions, ", "))
	fs.IntVar(&f.points, "points", 0, "starting points, 5-21 (same as --rules points=N)")
	fs.StringVar(&f.levels, "bots", "", "the bots' levels, right,top,left (or one for all): "+strings.Join(bots.Levels, ", "))
	fs.StringVar(&f.names, "names", "", "the bots' names, right,top,left")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of a new match, to make it reproducible")
	fs.StringVar(&f.stateDir, "state-dir", "", "where the match is saved (default $XDG_STATE_HOME/okey)")
	fs.StringVar(&f.configDir, "config-dir", "", "where the settings are kept (default: the user's config directory + /okey)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: okey [play] [flags]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Play a match of Okey against three bots. The match is saved as it is played;")
		fmt.Fprintln(stderr, "the next start offers to resume it. Flags apply to this run; the settings")
		fmt.Fprintln(stderr, "screen (key o) remembers choices.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return f, nil
}

// apply puts the flags given on top of the settings.
func (f *playFlags) apply(s ui.Settings) (ui.Settings, error) {
	if f.set["lang"] {
		s.Lang = f.lang
	}
	if f.set["speed"] {
		s.Speed = f.speed
	}
	if f.set["theme"] {
		s.Theme = f.theme
	}
	if f.set["rules"] || f.set["points"] {
		base := s.Rules
		if f.set["rules"] {
			base = f.rules
		}
		r, err := game.ParseRules(base)
		if err != nil {
			return s, fmt.Errorf("--rules: %w", err)
		}
		if f.set["points"] {
			if r.Simple104 {
				return s, errors.New("--points: simple104 has no scoring")
			}
			r.Points = f.points
			if err := r.Validate(); err != nil {
				return s, fmt.Errorf("--points: %w", err)
			}
		}
		s.Rules = r.String()
	}
	if f.set["bots"] {
		l := splitList(f.levels)
		switch len(l) {
		case 1:
			s.Levels = [3]string{l[0], l[0], l[0]}
		case 3:
			s.Levels = [3]string{l[0], l[1], l[2]}
		default:
			return s, fmt.Errorf("--bots: give one level or three (right,top,left), not %d", len(l))
		}
		for i := range s.Levels {
			s.Levels[i] = strings.ToLower(s.Levels[i])
		}
	}
	if f.set["names"] {
		n := splitList(f.names)
		if len(n) != 3 {
			return s, fmt.Errorf("--names: give three names (right,top,left), not %d", len(n))
		}
		s.Names = [3]string{n[0], n[1], n[2]}
	}
	return s, s.Validate()
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// playMain runs the full-screen game.
func playMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, err := parsePlayFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "okey: %v\n", err)
		return 2
	}
	opt, err := playOptions(f, os.Getenv, time.Now)
	if err != nil {
		fmt.Fprintf(stderr, "okey: %v\n", err)
		return 2
	}
	m, err := ui.New(opt)
	if err != nil {
		fmt.Fprintf(stderr, "okey: %v\n", err)
		return 1
	}
	popts := []tea.ProgramOption{tea.WithContext(ctx)}
	if stdin != os.Stdin {
		popts = append(popts, tea.WithInput(stdin))
	}
	if stdout != os.Stdout {
		popts = append(popts, tea.WithOutput(stdout))
	}
	_, runErr := tea.NewProgram(m, popts...).Run()
	if err := m.Flush(); err != nil {
		fmt.Fprintf(stderr, "okey: saving the match: %v\n", err)
		return 1
	}
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, context.Canceled) {
		fmt.Fprintf(stderr, "okey: %v\n", runErr)
		return 1
	}
	if !m.MatchOver() {
		fmt.Fprintf(stdout, "The match is saved in %s. Run okey again to resume it.\n", store.ShortPath(m.SavedPath()))
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
	def := ui.DefaultSettings(i18n.FromEnv(getenv))
	s, note := ui.LoadSettings(cfgDir, def, now())
	s, err = f.apply(s)
	if err != nil {
		return ui.Options{}, err
	}
	opt := ui.Options{
		Settings: s, StateDir: stateDir, ConfigDir: cfgDir,
		Seed: f.seed, SeedSet: f.set["seed"],
		NoColor: getenv("NO_COLOR") != "",
		Now:     now,
	}
	if note != "" {
		opt.Notes = append(opt.Notes, "Settings: "+note)
	}
	return opt, nil
}
