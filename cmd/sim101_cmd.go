package cmd

import (
	"context"
	"encoding/json"
	"io"

	"okey/bots/arena101"
	"okey/bots/bots101"
	"okey/bots/decide101"
	"okey/bots/reader101"
	"okey/bots/search"
	"okey/game/okey101"
	"okey/ui/cli"
)

// sim101 is Okey 101's part of okey sim (simGame): its arena's
// configuration and result.
type sim101 struct {
	cfg arena101.Config
	res arena101.Result
}

// The flow fills simSeats seats: 101's table has as many.
var _ = [1]struct{}{}[simSeats-okey101.NumSeats]

func (*sim101) levels() []string { return decide101.Levels }

func (g *sim101) rules(s string) (err error) {
	g.cfg.Rules, err = okey101.ParseRules(s)
	return err
}

func (g *sim101) configure(f *simFlags, names []string, hands, matches int) error {
	g.cfg.Bots, g.cfg.Hands, g.cfg.Matches = names, hands, matches
	g.cfg.Seed, g.cfg.Workers, g.cfg.New = f.seed, f.workers, sim101Bot
	return g.cfg.Check()
}

func (g *sim101) run(ctx context.Context, progress func(int), record func(int, []byte) error) (err error) {
	g.cfg.Progress, g.cfg.Record = progress, record
	g.res, err = arena101.Run(ctx, g.cfg)
	return err
}

func (*sim101) interrupted() error { return arena101.ErrInterrupted }

func (g *sim101) played() (hands, matches int) { return g.res.Hands, g.res.Matches }

func (g *sim101) write(w io.Writer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(&g.res)
	}
	return cli.PrintSim101(w, &g.cfg, &g.res)
}

// sim101Bot builds okey sim's 101 bots: the game's levels (expert, the
// search at 4x weighing the opening, decide101.Expert, among them), the search
// player (search, search-<k>x, search-<k>x-z<z>) and hard reading the
// table (read, read-look, read-feed, …-uniform), which okey sim alone
// plays: they measure what an honest search and the belief of the racks
// add to hard (docs/studies/bots-101-hard.md, docs/studies/belief-101.md) and are not
// levels of the game.
func sim101Bot(level string, opt bots101.Options) (bots101.Bot, error) {
	so, ok, err := search.Parse101(level)
	switch {
	case err != nil:
		return nil, err
	case ok:
		so.Seed = opt.Seed
		return search.New101(so, opt.Solver), nil
	}
	ro, ok, err := reader101.Parse(level)
	switch {
	case err != nil:
		return nil, err
	case ok:
		return reader101.New(ro, opt)
	}
	if level == decide101.Expert {
		return decide101.NewExpert(opt.Seed, opt.Solver), nil
	}
	return bots101.New(level, opt)
}
