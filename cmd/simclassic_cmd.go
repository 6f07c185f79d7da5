package cmd

import (
	"context"
	"encoding/json"
	"io"

	"okey/bots/arenaclassic"
	"okey/bots/botsclassic"
	"okey/bots/expertclassic"
	"okey/bots/reader"
	"okey/bots/search"
	"okey/game/classic"
	"okey/ui/cli"
)

// simClassic is classic Okey's part of okey sim (simGame): its arena's
// configuration and result.
type simClassic struct {
	cfg arenaclassic.Config
	res arenaclassic.Result
}

// The flow fills simSeats seats: classic's table has as many.
var _ = [1]struct{}{}[simSeats-classic.NumSeats]

func (*simClassic) levels() []string { return expertclassic.Levels }

func (g *simClassic) rules(s string) (err error) {
	g.cfg.Rules, err = classic.ParseRules(s)
	return err
}

func (g *simClassic) configure(f *simFlags, names []string, hands, matches int) error {
	g.cfg.Bots, g.cfg.Hands, g.cfg.Matches = names, hands, matches
	g.cfg.Seed, g.cfg.Workers, g.cfg.New = f.seed, f.workers, simBot
	return g.cfg.Check()
}

func (g *simClassic) run(ctx context.Context, progress func(int), record func(int, []byte) error) (err error) {
	g.cfg.Progress, g.cfg.Record = progress, record
	g.res, err = arenaclassic.Run(ctx, g.cfg)
	return err
}

func (*simClassic) interrupted() error { return arenaclassic.ErrInterrupted }

func (g *simClassic) played() (hands, matches int) { return g.res.Hands, g.res.Matches }

func (g *simClassic) write(w io.Writer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(&g.res)
	}
	return cli.PrintSimClassic(w, &g.cfg, &g.res)
}

// simBot builds okey sim's classic bots: the game's levels, and the
// search player (search, search-<k>x, search-<k>x-z<z>), which okey sim alone plays: it is
// measured there against the levels (docs/studies/classic-hard-bot.md) and not
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
	ro, ok, err := reader.Parse(level)
	switch {
	case err != nil:
		return nil, err
	case ok:
		ro.Seed, ro.Cache = opt.Seed, opt.Cache
		return reader.New(ro), nil
	}
	return expertclassic.New(level, opt)
}
