package arena101

import (
	"context"
	"fmt"

	"okey/bots/bots101"
	"okey/bots/rollout"
	"okey/game/okey101"
)

// Ceiling is the name of the arena's full-sight player, the yardstick
// the levels are judged against (the ceiling study of
// docs/bots-101.md). It is not a level: bots101.New does not know it,
// okey sim refuses it, and only the arena, which holds the whole state,
// can seat it (Config.Bots may name it; the lab's TestCeiling in
// lab/arena101 measures it).
//
// It sees every rack and the order of the wall. At each of its actions
// it lists the candidates — what normal and hard would do, and every
// action of one tile or none (draw, take, give back, each discard, each
// lay-off, each okey take-back; a discard before the opening a level
// would make is "wait to open") — plays each out to the end of the hand
// on the true state, every seat (itself included) on the normal policy,
// and takes the one worth the most net points to it (the mean of the
// other three's hand totals less its own). Against normal bots, which
// are deterministic, each playout is the exact future of that action
// followed by normal play: a one-ply search with a perfect model of the
// opponents, deeper than any honest player could afford to see.
const Ceiling = "ceiling"

// Sighted is a player that decides from the whole state; the arena
// gives it the state instead of a view. Only measuring benches seat one
// (Ceiling, and Config.New's bounds in tune-tagged tests): it is how a
// bound of what sight is worth is played on the arena's deals, paired
// with the levels' own runs.
type Sighted interface {
	DecideState(ctx context.Context, s *okey101.State) (okey101.Action, error)
}

// Watcher is a Sighted player that is also shown every action a bot
// plays in its hands, with the state it was played from (the arena's
// NextHand excepted): a bound that reads the hand as it went (the
// chain of docs/studies/belief-101.md, which replays every turn the others
// played) keeps its own log of it. Only measuring benches seat one.
type Watcher interface {
	Watch(before *okey101.State, a okey101.Action)
}

// ceiling is the Ceiling player: the two levels whose moves are always
// candidates, and the playout engine.
type ceiling struct {
	normal, hard bots101.Bot
	pl           *rollout.Player101
	seed         uint64
}

// newCeiling is a ceiling player seeded with seed.
func newCeiling(opt bots101.Options) *ceiling {
	n, _ := bots101.New("normal", opt)
	h, _ := bots101.New("hard", opt)
	return &ceiling{normal: n, hard: h, pl: rollout.NewPlayer101(), seed: opt.Seed}
}

// Level is Ceiling.
func (c *ceiling) Level() string { return Ceiling }

// Decide refuses: the ceiling needs the state (see DecideState).
func (c *ceiling) Decide(context.Context, okey101.View) (okey101.Action, error) {
	return okey101.Action{}, fmt.Errorf("the %s player sees the whole state: only the arena can seat it", Ceiling)
}

// DecideState picks the candidate whose playout on the true state is
// worth the most to the seat to move; normal's move wins ties.
func (c *ceiling) DecideState(ctx context.Context, s *okey101.State) (okey101.Action, error) {
	seat := s.Turn()
	v := s.View(seat)
	if v.Legal.NextHand {
		return okey101.NextHand(), nil
	}
	cands, err := c.candidates(ctx, &v)
	if err != nil {
		return okey101.Action{}, err
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	best, bestVal := 0, 0.0
	for i, a := range cands {
		end, err := c.pl.Play(ctx, *s, a, c.seed)
		if err != nil {
			return okey101.Action{}, fmt.Errorf("%s, candidate %v: %w", Ceiling, a, err)
		}
		if val := rollout.Value101(end, seat); i == 0 || val > bestVal {
			best, bestVal = i, val
		}
	}
	return cands[best], nil
}

// candidates are normal's move, hard's, and the simple actions, each
// once; discards that cost a penalty are left out while one is free.
func (c *ceiling) candidates(ctx context.Context, v *okey101.View) ([]okey101.Action, error) {
	var out []okey101.Action
	seen := map[string]bool{}
	add := func(a okey101.Action) {
		if k := a.String(); !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	for _, b := range []bots101.Bot{c.normal, c.hard} {
		a, err := b.Decide(ctx, *v)
		if err != nil {
			return nil, fmt.Errorf("%s, %s's move: %w", Ceiling, b.Level(), err)
		}
		add(a)
	}
	simple := v.SimpleActions()
	free := false
	for _, a := range simple {
		if a.Kind == okey101.ActDiscard && !costly(v, a) {
			free = true
		}
	}
	for _, a := range simple {
		if a.Kind == okey101.ActDiscard && free && costly(v, a) {
			continue
		}
		add(a)
	}
	return out, nil
}

// costly reports whether discard a costs a penalty now (an okey, or an
// işler taş under the rule) when it does not finish.
func costly(v *okey101.View, a okey101.Action) bool {
	if v.Counts.Total() == 1 {
		return false
	}
	an := v.Analyzer
	return an.IsOkey(a.Tile) || v.Rules.Islek && an.Islek(v.Melds()).Has(a.Tile)
}
