package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"okey/bots/bots101"
	"okey/bots/bots101/arena101"
	"okey/game/okey101"
)

// wants101 reports whether the arguments ask for Okey 101 (--game 101),
// read before the rest so each game parses its own flags.
func wants101(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--game=101" || a == "-game=101":
			return true
		case (a == "--game" || a == "-game") && i+1 < len(args) && args[i+1] == "101":
			return true
		}
	}
	return false
}

// sim101 is okey sim --game 101.
func sim101(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("okey sim", flag.ContinueOnError)
	botList := fs.String("bots", "hard,normal,normal,normal", "the four bots, comma-separated (or one level for all four), from: "+strings.Join(bots101.Levels, ", "))
	hands := fs.Int("hands", 1000, "hands to play (a multiple of 4 gives every bot every seat of every deal)")
	matches := fs.Int("matches", 0, "whole matches to play instead of hands")
	seed := fs.Uint64("seed", 1, "seed of the deals and the bots")
	rulesOpt := fs.String("rules", "", "Okey 101 rules options: "+strings.Join(okey101.RuleOptions, ", "))
	workers := fs.Int("workers", 0, "hands (or matches) played at once (0: one per CPU)")
	jsonOut := fs.Bool("json", false, "print one JSON object instead of the table")
	fs.String("game", "101", "the game: classic, or 101")
	rest, code, ok := parseInterleaved(fs, args, simUsage, stdout, stderr)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return 2
	}
	if len(rest) > 0 {
		return fail("unexpected argument %q (okey sim -h for help)", rest[0])
	}
	r, err := okey101.ParseRules(*rulesOpt)
	if err != nil {
		return fail("--rules: %v", err)
	}
	names := strings.Split(strings.ToLower(*botList), ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	for _, n := range names {
		if !slices.Contains(bots101.Levels, n) {
			return fail("--bots: unknown level %q (%s)", n, strings.Join(bots101.Levels, ", "))
		}
	}
	if len(names) == 1 {
		names = []string{names[0], names[0], names[0], names[0]}
	}
	if len(names) != okey101.NumSeats {
		return fail("--bots: give one level for all four bots or four levels, not %d", len(names))
	}
	cfg := arena101.Config{Bots: names, Seed: *seed, Rules: r, Workers: *workers}
	if set(fs, "matches") {
		cfg.Matches = *matches
		if set(fs, "hands") {
			return fail("--hands and --matches: give one")
		}
	} else {
		cfg.Hands = *hands
	}
	switch {
	case cfg.Matches < 0 || (cfg.Matches == 0 && cfg.Hands <= 0):
		return fail("--hands and --matches must be positive")
	case *workers < 0:
		return fail("--workers must not be negative, got %d", *workers)
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	return runArena(stdout, stderr, cfg.Hands, cfg.Matches, &cfg.Progress, arena101.ErrInterrupted,
		func() (arena101.Result, error) { return arena101.Run(ctx, cfg) },
		func(res *arena101.Result) error {
			if *jsonOut {
				return json.NewEncoder(stdout).Encode(res)
			}
			return arena101.WriteTable(stdout, &cfg, res)
		})
}
