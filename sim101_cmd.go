package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"okey/bots/arena101"
	"okey/bots/bots101"
	"okey/bots/search"
	"okey/game/okey101"
	"okey/ui/i18n"
	"okey/ui/problem"
)

// sim101 is okey sim --game 101.
func sim101(ctx context.Context, f *simFlags, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "okey sim: "+format+"\n", a...)
		return 2
	}
	r, err := okey101.ParseRules(f.rules)
	if err != nil {
		return fail("--rules: %s", problem.Say(err, f.lang))
	}
	names := strings.Split(strings.ToLower(f.bots), ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	tr := i18n.MustLoad(f.lang)
	for _, n := range names {
		if slices.Contains(bots101.Levels, n) {
			continue
		}
		switch _, ok, err := search.Parse(n); {
		case err != nil:
			// A search level written wrong (search-4, search-0x): the
			// search says what its names look like.
			return fail("--bots: %v", err)
		case !ok:
			return fail("%s", tr.T("cli.err.sim.bots.level", n, strings.Join(bots101.Levels, ", ")))
		}
	}
	if len(names) == 1 {
		names = []string{names[0], names[0], names[0], names[0]}
	}
	if key, args := simUsage(f, len(names), okey101.NumSeats); key != "" {
		return fail("%s", tr.T(key, args...))
	}
	cfg := arena101.Config{Bots: names, Seed: f.seed, Rules: r, Workers: f.workers, New: sim101Bot}
	if f.set["matches"] {
		cfg.Matches = f.matches
	} else {
		cfg.Hands = f.hands
	}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}
	if cfg.Record, err = recordTo(f.record, cfg.Matches > 0); err != nil {
		fmt.Fprintf(stderr, "okey sim: %s\n", tr.T("cmd.sim.recorddir", problem.In(err, tr)))
		return 1
	}
	return runArena(f, stdout, stderr, cfg.Hands, cfg.Matches, &cfg.Progress, arena101.ErrInterrupted,
		func() (arena101.Result, error) { return arena101.Run(ctx, cfg) },
		func(res *arena101.Result) (int, int) { return res.Hands, res.Matches },
		func(res *arena101.Result) error {
			if f.json {
				return json.NewEncoder(stdout).Encode(res)
			}
			return arena101.WriteTable(stdout, &cfg, res)
		})
}

// sim101Bot builds okey sim's 101 bots: the game's levels, and the
// search player (search, search-<k>x, search-<k>x-z<z>), which okey sim
// alone plays: it measures what an honest search adds to hard
// (docs/bots-101-hard.md) and is not a level of the game.
func sim101Bot(level string, opt bots101.Options) (bots101.Bot, error) {
	so, ok, err := search.Parse(level)
	switch {
	case err != nil:
		return nil, err
	case ok:
		so.Seed = opt.Seed
		return search.New101(so, opt.Solver), nil
	}
	return bots101.New(level, opt)
}
