package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"okey/bots"
	"okey/bots/arena"
	"okey/bots/bots101"
	"okey/game"
	"okey/ui/cli"
)

var simUsage = `usage: okey sim [flags]

Pits four bots against each other over duplicate deals (each deal played
with the bots rotated through all four seats) and prints how each did:
hands won with a 95% interval, net points a hand (what the other three
lose on average, less what the bot loses), okey finishes, seven pairs,
gösterme and decision times. With --matches it plays whole matches
instead (each match's deals played with the bots in all four rotations)
and adds matches won (top two), first places and hands a match. ctrl+c
stops the run and prints the whole deals (or matches) played so far.

With --game 101 the bots play Okey 101 (levels: ` + strings.Join(bots101.Levels, ", ") + `):
hands finished, points a hand (lower is better) and against the others,
how often and how soon each opens, penalties, okey finishes; --matches N
plays whole matches (11 hands, or hands=N in --rules) instead of hands.

Flags:
`

// simMain is okey sim: flags in, an arena run, the table or JSON out.
func simMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if wants101(args) {
		return sim101(ctx, args, stdout, stderr)
	}
	cfg, asJSON, code, ok := parseSim(args, stdout, stderr)
	if !ok {
		return code
	}
	return runArena(stdout, stderr, cfg.Hands, cfg.Matches, &cfg.Progress, arena.ErrInterrupted,
		func() (arena.Result, error) { return arena.Run(ctx, cfg) },
		func(res *arena.Result) error {
			if asJSON {
				return json.NewEncoder(stdout).Encode(res)
			}
			return cli.PrintSim(stdout, &cfg, res)
		})
}

// runArena runs an arena (classic or 101) with a progress bar when the
// output is a terminal, then writes its results. An interrupted run
// still writes the whole deals or matches it played, then exits 1; any
// other failure says why on one line and exits 1.
func runArena[R any](stdout, stderr io.Writer, hands, matches int, progress *func(int), interrupted error, run func() (R, error), write func(*R) error) int {
	var bar *cli.Progress
	if isTerminal(stdout) {
		bar = cli.NewProgress(stdout, hands, "hands")
		if matches > 0 {
			bar = cli.NewProgress(stdout, matches, "matches")
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

// parseSim reads okey sim's flags into an arena configuration. ok is
// false when the command should stop with code (help: 0, bad flags: 2,
// with one line on stderr).
func parseSim(args []string, stdout, stderr io.Writer) (cfg arena.Config, asJSON bool, code int, ok bool) {
	fs := flag.NewFlagSet("okey sim", flag.ContinueOnError)
	botList := fs.String("bots", "hard,normal,normal,normal", "the four bots, comma-separated (or one level for all four), from: "+strings.Join(bots.Levels, ", "))
	hands := fs.Int("hands", 1000, "hands to play (a multiple of 4 gives every bot every seat of every deal)")
	matches := fs.Int("matches", 0, "play this many whole matches instead of hands (a multiple of 4 gives every bot every seat of every match)")
	seed := fs.Uint64("seed", 1, "seed of the deals and the bots")
	rules := fs.String("rules", "", "rules options as for the game: "+strings.Join(game.RuleOptions, ", "))
	workers := fs.Int("workers", 0, "hands played at once (0: one per CPU)")
	jsonOut := fs.Bool("json", false, "print one JSON object instead of the table")
	fs.String("game", "classic", "the game: classic, or 101")
	rest, code, ok := parseInterleaved(fs, args, simUsage, stdout, stderr)
	if !ok {
		return cfg, false, code, false
	}
	fail := func(format string, a ...any) (arena.Config, bool, int, bool) {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return arena.Config{}, false, 2, false
	}
	if len(rest) > 0 {
		return fail("unexpected argument %q (okey sim -h for help)", rest[0])
	}
	r, err := game.ParseRules(*rules)
	if err != nil {
		return fail("--rules: %v", err)
	}
	var names []string
	for _, n := range strings.Split(*botList, ",") {
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
	handsSet, matchesSet := false, false
	fs.Visit(func(f *flag.Flag) {
		handsSet = handsSet || f.Name == "hands"
		matchesSet = matchesSet || f.Name == "matches"
	})
	switch {
	case len(names) != game.NumSeats:
		return fail("--bots: give one level for all four bots or four levels, not %d", len(names))
	case matchesSet && *matches <= 0:
		return fail("--matches must be positive, got %d", *matches)
	case matchesSet && handsSet:
		return fail("give --hands or --matches, not both")
	case *hands <= 0:
		return fail("--hands must be positive, got %d", *hands)
	case *workers < 0:
		return fail("--workers must not be negative, got %d", *workers)
	}
	cfg = arena.Config{Bots: names, Hands: *hands, Seed: *seed, Rules: r, Workers: *workers}
	if *matches > 0 {
		cfg.Hands, cfg.Matches = 0, *matches
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	return cfg, *jsonOut, 0, true
}

// isTerminal reports whether w is a terminal, where a progress bar
// belongs.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
