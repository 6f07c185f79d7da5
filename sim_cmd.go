package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"okey/bots"
	"okey/bots/arena"
	"okey/bots/bots101"
	"okey/game"
	"okey/game/okey101"
	"okey/ui"
	"okey/ui/cli"
)

var simUsage = `usage: okey sim [flags]

Pits four bots against each other over duplicate deals (each deal played
with the bots rotated through all four seats) and prints how each did:
hands won with a 95% interval, net points a hand (what the other three
lose on average, less what the bot loses) split into play and gösterme,
what okey finishes and seven pairs add, and decision times. With
--matches it plays whole matches instead (each match's deals played with
the bots in all four rotations) and adds matches won (top two), first
places and hands a match. ctrl+c stops the run and prints the whole
deals (or matches) played so far.

With --game 101 the bots play Okey 101 (levels: ` + strings.Join(bots101.Levels, ", ") + `):
hands finished, points a hand (lower is better) and against the others,
how often and how soon each opens, penalties, okey finishes; --matches N
plays whole matches (11 hands, or hands=N in --rules) instead of hands.

--record DIR writes each hand's (or match's) record into DIR, in the
format the game saves, so that okey review can judge the bots' play.

Flags:
`

// simMain is okey sim: flags in, an arena of the game asked for run,
// the table or JSON out.
func simMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseSimFlags(args, stdout, stderr)
	if !ok {
		return code
	}
	if f.game == ui.Game101 {
		return sim101(ctx, f, stdout, stderr)
	}
	cfg, code, ok := classicSim(f, stderr)
	if !ok {
		return code
	}
	return runArena(stdout, stderr, cfg.Hands, cfg.Matches, &cfg.Progress, arena.ErrInterrupted,
		func() (arena.Result, error) { return arena.Run(ctx, cfg) },
		func(res *arena.Result) error {
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
}

// parseSimFlags reads okey sim's flags. ok is false when the command
// should stop with code (help: 0; a bad flag, an argument or an unknown
// game: 2, with one line on stderr).
func parseSimFlags(args []string, stdout, stderr io.Writer) (f *simFlags, code int, ok bool) {
	f = &simFlags{set: map[string]bool{}}
	fs := flag.NewFlagSet("okey sim", flag.ContinueOnError)
	levels := strings.Join(bots.Levels, ", ")
	if !slices.Equal(bots.Levels, bots101.Levels) {
		levels += "; with --game 101: " + strings.Join(bots101.Levels, ", ")
	}
	fs.StringVar(&f.bots, "bots", "hard,normal,normal,normal", "the four bots, comma-separated (or one level for all four), from: "+levels)
	fs.IntVar(&f.hands, "hands", 1000, "hands to play (a multiple of 4 gives every bot every seat of every deal)")
	fs.IntVar(&f.matches, "matches", 0, "play this many whole matches instead of hands (a multiple of 4 gives every bot every seat of every match)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the deals and the bots")
	fs.StringVar(&f.rules, "rules", "", "rules options as for the game: "+strings.Join(game.RuleOptions, ", ")+"; with --game 101: "+strings.Join(okey101.RuleOptions, ", "))
	fs.IntVar(&f.workers, "workers", 0, "hands (or matches) played at once (0: one per CPU)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object instead of the table")
	fs.StringVar(&f.game, "game", ui.GameClassic, "the game: "+strings.Join(ui.Games, ", or "))
	fs.StringVar(&f.record, "record", "", "write the record of every hand (or match) played into this directory, as the game saves them (okey review reads them)")
	rest, code, ok := parseInterleaved(fs, args, simUsage, stdout, stderr)
	if !ok {
		return nil, code, false
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "okey sim: unexpected argument %q (okey sim -h for help)\n", rest[0])
		return nil, 2, false
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	g, err := ui.ParseGame(f.game)
	if err != nil {
		fmt.Fprintf(stderr, "okey sim: %v\n", err)
		return nil, 2, false
	}
	f.game = g
	return f, 0, true
}

// runArena runs an arena (classic or 101), with a progress bar on stderr
// when stderr is a terminal (so stdout, the results, stays clean for a
// file or a pipe), then writes its results. An interrupted run still
// writes the whole deals or matches it played, then exits 1; any other
// failure says why on one line and exits 1.
func runArena[R any](stdout, stderr io.Writer, hands, matches int, progress *func(int), interrupted error, run func() (R, error), write func(*R) error) int {
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
	if runErr != nil && !errors.Is(runErr, interrupted) {
		fmt.Fprintf(stderr, "okey sim: %v\n", runErr)
		return 1
	}
	if err := write(&res); err != nil {
		fmt.Fprintf(stderr, "okey sim: writing the results: %v\n", err)
		return 1
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "okey sim: %v\n", runErr)
		return 1
	}
	return 0
}

// classicSim checks okey sim's flags for classic Okey and makes them an
// arena configuration. ok is false when the command should stop with
// code 2, having said why on one line.
func classicSim(f *simFlags, stderr io.Writer) (cfg arena.Config, code int, ok bool) {
	fail := func(format string, a ...any) (arena.Config, int, bool) {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return arena.Config{}, 2, false
	}
	r, err := game.ParseRules(f.rules)
	if err != nil {
		return fail("--rules: %v", err)
	}
	var names []string
	for _, n := range strings.Split(f.bots, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		if cur := bots.Current(n); cur != n {
			return fail("--bots: %s was merged into %s (it measured no stronger in whole matches)", n, cur)
		}
		if _, err := bots.New(n, bots.Options{}); err != nil {
			return fail("--bots: %v", err)
		}
		names = append(names, n)
	}
	if len(names) == 1 {
		names = []string{names[0], names[0], names[0], names[0]}
	}
	switch {
	case len(names) != game.NumSeats:
		return fail("--bots: give one level for all four bots or four levels, not %d", len(names))
	case f.set["matches"] && f.matches <= 0:
		return fail("--matches must be positive, got %d", f.matches)
	case f.set["matches"] && f.set["hands"]:
		return fail("give --hands or --matches, not both")
	case f.hands <= 0:
		return fail("--hands must be positive, got %d", f.hands)
	case f.workers < 0:
		return fail("--workers must not be negative, got %d", f.workers)
	}
	cfg = arena.Config{Bots: names, Hands: f.hands, Seed: f.seed, Rules: r, Workers: f.workers}
	if f.matches > 0 {
		cfg.Hands, cfg.Matches = 0, f.matches
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	if cfg.Record, err = recordTo(f.record, cfg.Matches > 0); err != nil {
		return fail("--record: %v", err)
	}
	return cfg, 0, true
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
		return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%06d.okey", what, i)), rec, 0o644)
	}, nil
}
