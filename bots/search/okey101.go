package search

import (
	"context"
	"fmt"
	"strings"

	"okey/bots/bots101"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// Budget101 is the number of playouts a searched decision of 101 may
// spend at 1x: three candidates in eight worlds each. A playout of the
// rest of a hand of 101 with four normal bots costs about a millisecond
// of CPU, and a hard seat discards about a dozen times a hand, so 1x
// costs about a quarter of a CPU-second a hand, 16x four seconds
// (docs/bots-101-hard.md gives the measured figures).
const Budget101 = 24

// Player101 is the search player of Okey 101: hard's play, except at a
// discard. There it takes hard's pick and the next discards in hard's
// own ranking (bots101.Discards), up to Options.Candidates in all (3
// when 0), plays each out to the end of the hand in worlds sampled from
// its view alone (rollout.Worlds101: the other racks drawn from the
// belief of them, bots/belief101, and the wall from the rest of the
// tiles it has not seen, every discard taken and every tile laid where
// the view shows it; "-uniform" deals them all uniformly), with normal
// bots on all four seats ("-selfhard": hard in its own, normal in the
// three others), and values each by the hand's net points for its seat
// (the mean of the other three's hand totals less its own:
// rollout.Value101). Every
// candidate meets the same worlds and bot seeds, and another discard
// than hard's is thrown only when it beats hard's pick over them by more
// than Options.Z standard errors of the paired difference, as in the
// classic search. Feeding is read by the playouts: the next seat plays
// normal's policy in every world, so a discard it would take and open
// with costs the candidate what that opening costs the seat.
//
// Like the classic search it is a measuring instrument for okey sim
// --game 101 (search, search-4x, search-16x): it measures what an
// honest search adds to hard at a budget of time (the ceiling for a
// player who sees only its view, docs/bots-101-hard.md). At 4x on the
// belief's worlds it is also a level of the game, 101's expert
// (bots/decide101), since it won more matches than hard.
type Player101 struct {
	base    bots101.Bot
	sv      *meld.Solver
	rnd     *game.Seeded
	budget  int
	k       int
	z       float64
	workers int
	players []*rollout.Player101
	worlds  string
	own     string
	sampler rollout.Sampler101
	// Stats counts what the search did, for the study.
	Stats Stats
}

// New101 returns a 101 search player; sv, as bots101.Options.Solver, is
// the working memory of hard underneath (nil: its own).
func New101(opt Options, sv *meld.Solver) *Player101 {
	if sv == nil {
		sv = new(meld.Solver)
	}
	base, _ := bots101.New("hard", bots101.Options{Seed: opt.Seed, Solver: sv})
	p := &Player101{base: base, sv: sv, rnd: game.NewSeeded(opt.Seed ^ 0x5ea101),
		budget: Budget101 * max(opt.Scale, 1), k: opt.Candidates, z: opt.Z, workers: max(opt.Workers, 1),
		worlds: opt.Worlds, own: opt.Own, sampler: rollout.Shared101()}
	if opt.Worlds == worldsUniform {
		p.sampler = rollout.Uniform101()
	}
	if p.k <= 0 {
		p.k = 3
	}
	if p.z == 0 {
		p.z = 1
	}
	for range p.workers {
		r := rollout.NewPlayer101()
		r.Own = opt.Own
		p.players = append(p.players, r)
	}
	return p
}

// Level is the level's name, with its scale and gate when not the
// default's, as Parse101 reads it.
func (p *Player101) Level() string {
	n := levelName(p.budget/Budget101, p.z, p.worlds)
	if p.own == ownHard {
		n += "-" + selfHard
	}
	return n
}

// The own seat's playouts at hard (Options.Own), and the level's suffix
// that asks for them.
const (
	ownHard  = "hard"
	selfHard = "selfhard"
)

// Parse101 reads a level name of the 101 search as Parse does: its
// worlds drawn from the belief of the racks (bots/belief101), or dealt
// uniformly with "-uniform"; it refuses the other worlds' suffixes,
// which only the classic search reads. A last "-selfhard" has the
// searching seat play hard in its own playouts (Options.Own), as in
// "search-4x-selfhard".
func Parse101(name string) (opt Options, ok bool, err error) {
	base, self := strings.CutSuffix(strings.ToLower(strings.TrimSpace(name)), "-"+selfHard)
	opt, ok, err = Parse(base)
	if err == nil && ok && opt.Worlds != "" && opt.Worlds != worldsUniform {
		return Options{}, true, fmt.Errorf("%q: %w", name, ErrLevel)
	}
	if err == nil && ok && self {
		opt.Own = ownHard
	}
	return opt, ok, err
}

// Decide asks hard first (always, so that hard's plan of the turn stays
// whole), then searches when hard's action is a discard that does not
// end the hand.
func (p *Player101) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return p.DecideWith(ctx, v, func(seed uint64) func(int) (okey101.State, error) {
		w := rollout.NewWorlds101(&v, p.sampler)
		return func(i int) (okey101.State, error) { return w.World(seed, i) }
	})
}

// DecideWith is Decide with the worlds of a searched discard dealt by
// deal(seed), world i by the function it returns: Decide deals them
// from the view by the player's sampler; the benches that bound what a
// reading of the racks could gain (tune-tagged tests, docs/belief-101.md)
// deal them around the true racks, or from a chain that replays the
// others' turns. The game never calls it.
func (p *Player101) DecideWith(ctx context.Context, v okey101.View, deal func(seed uint64) func(int) (okey101.State, error)) (okey101.Action, error) {
	a, err := p.base.Decide(ctx, v)
	if err != nil || a.Kind != okey101.ActDiscard || v.Counts.Total() <= 1 {
		return a, err
	}
	cands, err := p.candidates(ctx, &v, a)
	if err != nil {
		return okey101.Action{}, fmt.Errorf("search, seat %d: %w", v.Seat, err)
	}
	if len(cands) < 2 {
		return a, nil
	}
	seed := p.rnd.Uint64()
	play := rollout.Candidates101In(&v, deal(seed), cands, seed, p.players)
	best, err := p.Stats.choose(ctx, len(cands), p.budget, p.workers, p.z, play)
	if err != nil {
		return okey101.Action{}, fmt.Errorf("search, seat %d: %w", v.Seat, err)
	}
	return cands[best], nil
}

// candidates are hard's discard a, then the next discards of hard's
// ranking, up to k in all.
func (p *Player101) candidates(ctx context.Context, v *okey101.View, a okey101.Action) ([]okey101.Action, error) {
	order, err := bots101.Discards(ctx, *v, bots101.Options{Seed: p.rnd.Uint64(), Solver: p.sv})
	if err != nil {
		return nil, err
	}
	out := []okey101.Action{a}
	for _, t := range order {
		if len(out) >= p.k {
			break
		}
		if t != a.Tile && t.Valid() {
			out = append(out, okey101.Discard(v.Seat, t))
		}
	}
	return out, nil
}
