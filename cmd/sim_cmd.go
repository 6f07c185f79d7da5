package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"okey/bots/decide101"
	"okey/bots/expertclassic"
	"okey/bots/reader"
	"okey/bots/reader101"
	"okey/bots/search"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/kit/i18n"
	"okey/kit/problem"
	"okey/ui/cli"
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
	fs.StringVar(&f.bots, "bots", "hard,normal,normal,normal", levelsHelp(e.tr, "cli.flag.sim.bots", expertclassic.Levels, decide101.Levels))
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

// simRun runs okey sim with its flags read: one flow for both games,
// the game's own part (its levels, rules, arena and tables) behind
// simGame.
func simRun(ctx context.Context, f *simFlags, stdout, stderr io.Writer) int {
	g, err := settings.ParseGame(f.game)
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", problem.Say(err, f.lang))
		return 2
	}
	f.game = g
	var sg simGame = &simClassic{}
	if f.game == settings.Game101 {
		sg = &sim101{}
	}
	record, code, ok := simSetUp(sg, f, stderr)
	if !ok {
		return code
	}
	return runArena(ctx, sg, f, record, stdout, stderr)
}

// simGame is one game's part of okey sim: its bot levels, its rules, its
// arena configured, run and written out. simClassic and sim101 are the
// two; the flags, their checks, the progress bar and the errors are
// simRun's, the same for both.
type simGame interface {
	// levels are the game's bot levels, as --bots names them.
	levels() []string
	// rules reads --rules.
	rules(s string) error
	// configure makes the arena's configuration of the four bots named
	// (hands, or matches when matches is positive) and checks it.
	configure(f *simFlags, names []string, hands, matches int) error
	// run plays the arena, telling progress (if set) after every unit and
	// giving record (if set) every unit's record. The error of a run its
	// context interrupted wraps interrupted's.
	run(ctx context.Context, progress func(int), record func(int, []byte) error) error
	// interrupted is the error the arena wraps when its context ends
	// first.
	interrupted() error
	// played is what the run counted: hands, and matches (0 in a run of
	// hands).
	played() (hands, matches int)
	// write writes the run's result: its tables, or one JSON object.
	write(w io.Writer, json bool) error
}

// runArena runs the arena, with a progress bar on stderr when stderr is
// a terminal (so stdout, the results, stays clean for a file or a
// pipe), then writes its results. An interrupted run still writes the
// whole deals or matches it played, says how many, and exits 1 (130 or
// 143 when a signal interrupted it: see execute); any other failure says
// why on one line and exits 1. Its words are f.lang's.
func runArena(ctx context.Context, g simGame, f *simFlags, record func(int, []byte) error, stdout, stderr io.Writer) int {
	tr := i18n.MustLoad(f.lang)
	var bar *cli.Progress
	var progress func(int)
	if isTerminal(stderr) {
		bar = cli.NewProgress(stderr, f.hands, "hands")
		if f.set["matches"] {
			bar = cli.NewProgress(stderr, f.matches, "matches")
		}
		progress = bar.Update
	}
	runErr := g.run(ctx, progress, record)
	if bar != nil {
		bar.Clear()
	}
	var rw *recordWriteError
	switch {
	case errors.As(runErr, &rw):
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.recordwrite", problem.In(rw.err, tr)))
		return 1
	case runErr != nil && !errors.Is(runErr, g.interrupted()):
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.failed", runErr.Error()))
		return 1
	}
	if err := g.write(stdout, f.json); err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.err.stdout", problem.OSReason(tr, err)))
		return 1
	}
	if runErr != nil {
		h, m := g.played()
		done := tr.N("cmd.n.hands", h, h)
		if f.set["matches"] {
			done = tr.N("cmd.n.matches", m, m)
		}
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.interrupted", done))
		return 1
	}
	return 0
}

// simSetUp checks okey sim's flags for the game g (--rules, then --bots,
// then what the flags mean alike in both games) and configures its
// arena; it makes --record's directory and returns the writer of its
// records. ok is false when the command should stop with code 2 (1 when
// the directory cannot be made), having said why on one line.
func simSetUp(g simGame, f *simFlags, stderr io.Writer) (record func(int, []byte) error, code int, ok bool) {
	fail := func(format string, a ...any) (func(int, []byte) error, int, bool) {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return nil, 2, false
	}
	tr := i18n.MustLoad(f.lang)
	if err := g.rules(f.rules); err != nil {
		return fail("--rules: %s", problem.Say(err, f.lang))
	}
	var names []string
	for _, n := range strings.Split(f.bots, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		if !slices.Contains(g.levels(), n) {
			parse := search.Parse
			if f.game == settings.Game101 {
				parse = search.Parse101 // 101's own suffixes (-selfhard, -open)
			}
			_, ok, err := parse(n)
			if !ok && err == nil && f.game == settings.GameClassic {
				// hard reading the table, a classic player okey sim alone plays
				_, ok, err = reader.Parse(n)
			}
			if !ok && err == nil && f.game == settings.Game101 {
				// 101's hard reading the table, which okey sim alone plays
				_, ok, err = reader101.Parse(n)
			}
			switch {
			case err != nil:
				// A search level written wrong (search-4, search-0x): the
				// search says what its names look like.
				return fail("--bots: %v", err)
			case !ok:
				return fail("%s", tr.T("cli.err.sim.bots.level", n, knownLevels(tr)))
			}
		}
		names = append(names, n)
	}
	if len(names) == 1 {
		names = []string{names[0], names[0], names[0], names[0]}
	}
	if key, args := simUsage(f, len(names), simSeats); key != "" {
		return fail("%s", tr.T(key, args...))
	}
	hands, matches := f.hands, 0
	if f.set["matches"] {
		hands, matches = 0, f.matches
	}
	if err := g.configure(f, names, hands, matches); err != nil {
		return fail("%v", err)
	}
	record, err := recordTo(f.record, matches > 0)
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.recorddir", problem.In(err, tr)))
		return nil, 1, false
	}
	return record, 0, true
}
