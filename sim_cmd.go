package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"okey/bots/arenaclassic"
	"okey/bots/bots101"
	"okey/bots/botsclassic"
	"okey/bots/search"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/ui/cli"
	"okey/ui/i18n"
	"okey/ui/problem"
	"okey/ui/settings"
)

// simCmd is okey sim: flags in, an arena of the game asked for run, the
// table or JSON out.
func simCmd(e *env) *cobra.Command {
	f := &simFlags{}
	c := &cobra.Command{
		Use:   "sim",
		Short: e.tr.T("cli.sim.short"),
		Long:  e.tr.T("cli.sim.long"),
		Example: `okey sim --bots hard,normal,normal,normal --hands 4000
okey sim --game 101 --bots hard --matches 40 --json
okey sim --bots easy --hands 8 --record matches/`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			f.set = given(c.Flags())
			f.lang = e.tr.Lang
			return exitCode(simRun(c.Context(), f, e.stdout, e.stderr))
		},
	}
	fs := c.Flags()
	levels := []any{strings.Join(botsclassic.Levels, ", "), strings.Join(bots101.Levels, ", ")}
	fs.StringVar(&f.bots, "bots", "hard,normal,normal,normal", e.tr.T("cli.flag.sim.bots", levels...))
	fs.IntVar(&f.hands, "hands", 1000, e.tr.T("cli.flag.sim.hands"))
	fs.IntVar(&f.matches, "matches", 0, e.tr.T("cli.flag.sim.matches"))
	fs.Uint64Var(&f.seed, "seed", 1, e.tr.T("cli.flag.sim.seed"))
	fs.StringVar(&f.rules, "rules", "", e.tr.T("cli.flag.sim.rules", strings.Join(classic.RuleOptions, ", "), strings.Join(okey101.RuleOptions, ", ")))
	fs.IntVar(&f.workers, "workers", 0, e.tr.T("cli.flag.sim.workers"))
	fs.BoolVar(&f.json, "json", false, e.tr.T("cli.flag.sim.json"))
	fs.StringVar(&f.game, "game", settings.GameClassic, e.tr.T("cli.flag.sim.game", gameNames()))
	fs.StringVar(&f.record, "record", "", e.tr.T("cli.flag.sim.record"))
	_ = c.RegisterFlagCompletionFunc("game", fixed(settings.Games...))
	completeBotsAndRules(c)
	_ = c.MarkFlagDirname("record")
	return c
}

// simRun runs okey sim with its flags read.
func simRun(ctx context.Context, f *simFlags, stdout, stderr io.Writer) int {
	g, err := settings.ParseGame(f.game)
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", problem.Say(err, f.lang))
		return 2
	}
	f.game = g
	if f.game == settings.Game101 {
		return sim101(ctx, f, stdout, stderr)
	}
	cfg, code, ok := classicSim(f, stderr)
	if !ok {
		return code
	}
	return runArena(f, stdout, stderr, cfg.Hands, cfg.Matches, &cfg.Progress, arenaclassic.ErrInterrupted,
		func() (arenaclassic.Result, error) { return arenaclassic.Run(ctx, cfg) },
		func(res *arenaclassic.Result) (int, int) { return res.Hands, res.Matches },
		func(res *arenaclassic.Result) error {
			if f.json {
				return json.NewEncoder(stdout).Encode(res)
			}
			return cli.PrintSim(stdout, &cfg, res)
		})
}

// simFlags are okey sim's flags, the same names for both games: they are
// read once, and --game then says whose levels and rules they are, so
// that a game the command does not know is refused like any bad flag.
type simFlags struct {
	game, bots, rules, record string
	hands, matches, workers   int
	seed                      uint64
	json                      bool
	set                       map[string]bool // the flags given
	lang                      string          // of the messages: a refused --rules says why in it
}

// runArena runs an arena (classic or 101), with a progress bar on stderr
// when stderr is a terminal (so stdout, the results, stays clean for a
// file or a pipe), then writes its results. An interrupted run still
// writes the whole deals or matches it played, says how many, and exits
// 1 (130 or 143 when a signal interrupted it: see execute); any other
// failure says why on one line and exits 1. Its words are f.lang's.
func runArena[R any](f *simFlags, stdout, stderr io.Writer, hands, matches int, progress *func(int), interrupted error, run func() (R, error), played func(*R) (int, int), write func(*R) error) int {
	tr := i18n.MustLoad(f.lang)
	var bar *cli.Progress
	if isTerminal(stderr) {
		bar = cli.NewProgress(stderr, hands, "hands")
		if matches > 0 {
			bar = cli.NewProgress(stderr, matches, "matches")
		}
		*progress = bar.Update
	}
	res, runErr := run()
	if bar != nil {
		bar.Clear()
	}
	var rw *recordWriteError
	switch {
	case errors.As(runErr, &rw):
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.recordwrite", problem.In(rw.err, tr)))
		return 1
	case runErr != nil && !errors.Is(runErr, interrupted):
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.failed", runErr.Error()))
		return 1
	}
	if err := write(&res); err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
		return 1
	}
	if runErr != nil {
		h, m := played(&res)
		done := tr.N("cmd.n.hands", h, h)
		if matches > 0 {
			done = tr.N("cmd.n.matches", m, m)
		}
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.interrupted", done))
		return 1
	}
	return 0
}

// classicSim checks okey sim's flags for classic Okey and makes them an
// arena configuration. ok is false when the command should stop with
// code 2 (1 when --record's directory cannot be made), having said why
// on one line.
func classicSim(f *simFlags, stderr io.Writer) (cfg arenaclassic.Config, code int, ok bool) {
	fail := func(format string, a ...any) (arenaclassic.Config, int, bool) {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return arenaclassic.Config{}, 2, false
	}
	tr := i18n.MustLoad(f.lang)
	r, err := classic.ParseRules(f.rules)
	if err != nil {
		return fail("--rules: %s", problem.Say(err, f.lang))
	}
	var names []string
	for _, n := range strings.Split(f.bots, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		if cur := botsclassic.Current(n); cur != n {
			return fail("%s", tr.T("cli.err.sim.bots.merged", n, cur))
		}
		if _, err := simBot(n, botsclassic.Options{}); err != nil {
			if _, _, serr := search.Parse(n); serr != nil {
				// A search level written wrong (search-4, search-0x): the
				// search says what its names look like.
				return fail("--bots: %v", serr)
			}
			return fail("%s", tr.T("cli.err.sim.bots.level", n, strings.Join(botsclassic.Levels, ", ")))
		}
		names = append(names, n)
	}
	if len(names) == 1 {
		names = []string{names[0], names[0], names[0], names[0]}
	}
	if key, args := simUsage(f, len(names), classic.NumSeats); key != "" {
		return fail("%s", tr.T(key, args...))
	}
	cfg = arenaclassic.Config{Bots: names, Hands: f.hands, Seed: f.seed, Rules: r, Workers: f.workers, New: simBot}
	if f.matches > 0 {
		cfg.Hands, cfg.Matches = 0, f.matches
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	if cfg.Record, err = recordTo(f.record, cfg.Matches > 0); err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.recorddir", problem.In(err, tr)))
		return arenaclassic.Config{}, 1, false
	}
	return cfg, 0, true
}

// simUsage checks what okey sim's flags mean alike in both games — the
// count of bots for seats, --hands or --matches, --workers — so that the
// same mistake is said the same way whatever the game: the catalogue
// key of what is wrong and its arguments, or "" when nothing is.
func simUsage(f *simFlags, bots, seats int) (string, []any) {
	switch {
	case bots != seats:
		return "cli.err.sim.bots.count", []any{bots}
	case f.set["matches"] && f.set["hands"]:
		return "cli.err.sim.both", nil
	case f.set["matches"] && f.matches <= 0:
		return "cli.err.positive", []any{"--matches", f.matches}
	case !f.set["matches"] && f.hands <= 0:
		return "cli.err.positive", []any{"--hands", f.hands}
	case f.workers < 0:
		return "cli.err.workers", []any{f.workers}
	}
	return "", nil
}

// simBot builds okey sim's classic bots: the game's levels, and the
// search player (search, search-<k>x, search-<k>x-z<z>), which okey sim alone plays: it is
// measured there against the levels (docs/classic-hard-bot.md) and not
// offered in the game until it beats hard.
func simBot(level string, opt botsclassic.Options) (botsclassic.Bot, error) {
	so, ok, err := search.Parse(level)
	switch {
	case err != nil:
		return nil, err
	case ok:
		so.Seed, so.Cache = opt.Seed, opt.Cache
		return search.New(so), nil
	}
	return botsclassic.New(level, opt)
}

// recordTo is the writer of okey sim --record dir: it makes dir and
// returns a function that writes unit i's record there as
// hand-000042.okey (or match-000042.okey), or nil when dir is empty.
func recordTo(dir string, matches bool) (func(int, []byte) error, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	what := "hand"
	if matches {
		what = "match"
	}
	return func(i int, rec []byte) error {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%06d.okey", what, i)), rec, 0o644); err != nil {
			return &recordWriteError{err}
		}
		return nil
	}, nil
}

// recordWriteError is a record of --record that could not be written:
// the run stops, and says it in the player's words.
type recordWriteError struct{ err error }

func (r *recordWriteError) Error() string { return "writing a record: " + r.err.Error() }
func (r *recordWriteError) Unwrap() error { return r.err }
