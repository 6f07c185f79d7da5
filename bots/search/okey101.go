package search

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"okey/bots/bots101"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Budget101 is the number of playouts a searched decision of 101 may
// spend at 1x: three candidates in eight worlds each. A playout of the
// rest of a hand of 101 with four normal bots costs about a millisecond
// of CPU, and a hard seat discards about a dozen times a hand, so 1x
// costs about a quarter of a CPU-second a hand, 16x four seconds
// (docs/studies/bots-101-hard.md gives the measured figures).
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
// With Options.Open ("-open") it searches the opening decision as well
// (opening): the same playouts, worlds and gate weigh hard's opening
// against not opening yet, and hard's discard where the seat could open
// against opening. Without it no opening is searched, and the play is
// the expert's exactly.
//
// Like the classic search it is a measuring instrument for okey sim
// --game 101 (search, search-4x, search-16x): it measures what an
// honest search adds to hard at a budget of time (the ceiling for a
// player who sees only its view, docs/studies/bots-101-hard.md). At 4x on the
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
	// open searches the opening decision (Options.Open) with a random
	// source and a solver of its own, so that the rest of the play
	// draws what the search without it draws: a hand where no opening
	// is overridden is played as the search without it plays it.
	open bool
	ornd *game.Seeded
	osv  *meld.Solver
	// Stats counts what the search did, for the study.
	Stats Stats
	// Open counts the opening decisions searched (Options.Open).
	Open OpenStats
}

// OpenStats counts a 101 search's opening decisions (Options.Open):
// the searches and overrides of Stats, and of the overrides those that
// did not open where hard opened (Waited) and those that opened where
// hard discarded, or opened otherwise than hard (Opened); of the waits,
// those that gave a taken discard back (GaveBack) and those where hard
// opened with pairs (WaitedPairs).
type OpenStats struct {
	Stats
	Waited, Opened        int
	GaveBack, WaitedPairs int
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
	if opt.Open {
		p.open, p.ornd, p.osv = true, game.NewSeeded(opt.Seed^0x0be4101), new(meld.Solver)
	}
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
	n := levelName(p.budget/Budget101, p.z, 0, p.worlds)
	if p.open {
		n += "-" + openLevel
	}
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

// openLevel is the level's suffix that searches the opening decision
// (Options.Open).
const openLevel = "open"

// Parse101 reads a level name of the 101 search as Parse does: its
// worlds drawn from the belief of the racks (bots/belief101), or dealt
// uniformly with "-uniform"; it refuses the other worlds' suffixes and
// "-take", which only the classic search reads. A last "-selfhard" has the
// searching seat play hard in its own playouts (Options.Own), as in
// "search-4x-selfhard"; an "-open" before it (or last) searches the
// opening decision too (Options.Open), as in "search-4x-open".
func Parse101(name string) (opt Options, ok bool, err error) {
	base, self := strings.CutSuffix(strings.ToLower(strings.TrimSpace(name)), "-"+selfHard)
	base, open := strings.CutSuffix(base, "-"+openLevel)
	opt, ok, err = Parse(base)
	if err == nil && ok && (opt.Take || opt.Candidates != 0 || opt.Worlds != "" && opt.Worlds != worldsUniform) {
		return Options{}, true, fmt.Errorf("%q: %w", name, ErrLevel)
	}
	if err == nil && ok && self {
		opt.Own = ownHard
	}
	if err == nil && ok && open {
		opt.Open = true
	}
	return opt, ok, err
}

// Decide asks hard first (always, so that hard's plan of the turn stays
// whole), then, with Options.Open, searches an opening decision
// (opening), then searches when hard's action is a discard that does not
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
// reading of the racks could gain (tune-tagged tests, docs/studies/belief-101.md)
// deal them around the true racks, or from a chain that replays the
// others' turns. The game never calls it.
func (p *Player101) DecideWith(ctx context.Context, v okey101.View, deal func(seed uint64) func(int) (okey101.State, error)) (okey101.Action, error) {
	a, err := p.base.Decide(ctx, v)
	if err == nil && p.open {
		b, err := p.opening(ctx, &v, a)
		if err != nil {
			return okey101.Action{}, fmt.Errorf("search, seat %d, opening: %w", v.Seat, err)
		}
		if b.String() != a.String() {
			return b, nil
		}
	}
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

// opening searches an opening decision, where the seat has not opened:
// when hard opens (a), its opening against not opening yet (the first
// discard of hard's ranking, bots101.Discards; with a taken discard to
// open with, giving it back, after which the seat draws), and, when
// hard opens with runs and sets, against opening with pairs; when hard
// discards (a) though the rack could open, its discard against each
// opening the rack makes (runs and sets as hard opens them, bots101's
// openMelds; its pairs as openPairs). The candidates are played out as
// the discards are, with hard's action first and the same gate, on a
// random source of the opening's own. It returns a when there is
// nothing to search.
func (p *Player101) opening(ctx context.Context, v *okey101.View, a okey101.Action) (okey101.Action, error) {
	if v.Stage != okey101.StagePlay || !v.Legal.Open || v.Opened[v.Seat].Status != meld.NotOpened || v.Counts.Total() <= 1 {
		return a, nil
	}
	cands := []okey101.Action{a}
	switch {
	case a.Kind == okey101.ActOpen && v.Legal.GiveBack:
		cands = append(cands, okey101.GiveBack(v.Seat))
		if !a.Pairs {
			cands = append(cands, p.openings(v, false, true)...)
		}
	case a.Kind == okey101.ActOpen:
		order, err := bots101.Discards(ctx, *v, bots101.Options{Seed: p.ornd.Uint64(), Solver: p.osv})
		if err != nil {
			return okey101.Action{}, err
		}
		for _, t := range order {
			if t.Valid() && v.Counts[t] > 0 {
				cands = append(cands, okey101.Discard(v.Seat, t))
				break
			}
		}
		if !a.Pairs {
			cands = append(cands, p.openings(v, false, true)...)
		}
	case a.Kind == okey101.ActDiscard:
		cands = append(cands, p.openings(v, true, true)...)
	default:
		return a, nil
	}
	seed := p.ornd.Uint64()
	cands = legal(v, p.sampler, seed, cands)
	if len(cands) < 2 {
		return a, nil
	}
	play := rollout.Candidates101With(v, p.sampler, cands, seed, p.players)
	best, err := p.Open.choose(ctx, len(cands), p.budget, p.workers, p.z, play)
	if err != nil || best == 0 {
		return a, err
	}
	if cands[best].Kind == okey101.ActOpen {
		p.Open.Opened++
	} else {
		p.Open.Waited++
		if cands[best].Kind == okey101.ActGiveBack {
			p.Open.GaveBack++
		}
		if a.Pairs {
			p.Open.WaitedPairs++
		}
	}
	return cands[best], nil
}

// openings are the openings the rack of v makes as hard would lay them:
// with runs and sets (melds) when they reach the threshold, every meld
// the rack makes when those reach it too, else the most valuable
// opening (bots101's openMelds); with pairs (pairs) every pair the rack
// makes, when they are five or more (openPairs).
func (p *Player101) openings(v *okey101.View, melds, pairs bool) []okey101.Action {
	var out []okey101.Action
	an := v.Analyzer
	if melds {
		if o := p.osv.BestOpening(an, v.Counts); o.Reaches(v.Threshold) {
			ms := o.Melds
			if _, all := p.osv.Unmelded(an, v.Counts); meld.Worth(all) >= v.Threshold {
				ms = all
			}
			out = append(out, okey101.Open(v.Seat, groups(ms)...))
		}
	}
	if pairs {
		if ps := an.PairMelds(v.Counts, v.Rules.OkeyPair); len(ps) >= 5 {
			out = append(out, okey101.OpenPairs(v.Seat, groups(ps)...))
		}
	}
	return out
}

// groups are the melds' tiles, as an action lays them.
func groups(ms []meld.Meld) [][]tile.Tile {
	out := make([][]tile.Tile, len(ms))
	for i, m := range ms {
		out[i] = slices.Clone(m.Tiles)
	}
	return out
}

// legal keeps the candidates the referee takes in a world of v (the
// first of seed's, which the playouts meet too): the seat's rack and
// the table are the view's in every world, so a candidate legal in one
// is legal in all. Hard's action, the first, is always kept.
func legal(v *okey101.View, s rollout.Sampler101, seed uint64, cands []okey101.Action) []okey101.Action {
	w, err := rollout.NewWorlds101(v, s).World(seed, 0)
	if err != nil {
		return cands[:1]
	}
	out := cands[:1]
	for _, c := range cands[1:] {
		if _, _, err := w.Apply(c); err == nil {
			out = append(out, c)
		}
	}
	return out
}
