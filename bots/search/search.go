// Package search holds the players that search, one a game: hard's
// play, except that at a discard (and, in classic Okey, at a win hard
// would hold for an okey finish) it plays each candidate out to the end
// of the hand in worlds sampled from its own view, and throws the
// candidate worth the most net points. They are built on bots/rollout,
// the sampler and playouts the coach uses, and see nothing but their
// seat's view.
//
// They are measuring instruments, not levels the game offers: okey sim
// plays them (--bots search, search-4x, search-16x; with --game 101 the
// 101 player) so that the strength a search adds can be set against the
// time it costs (the studies are docs/studies/classic-hard-bot.md and
// docs/studies/bots-101-hard.md). A level is
// offered only once it beats hard significantly.
//
// Files: search.go, the names both read (Parse), the choice over the
// playouts both make, and the classic player; okey101.go, the 101 player.
//
// It may import game and its packages, bots/botsclassic, bots/bots101,
// bots/coach (the judge of a held win) and bots/rollout.
package search

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"okey/bots/botsclassic"
	"okey/bots/coach"
	"okey/bots/rollout"
	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// Level is the name okey sim knows the search by; Level-<k>x gives it k
// times the playouts.
const Level = "search"

// Budget is the number of playouts (one candidate in one world) a
// searched decision may spend at 1x. A playout costs about a
// millisecond of CPU, so 32 keep a decision (draws, which are not
// searched, included) at 12 ms on average and 48 ms at the 99th
// percentile on a two-core machine with some load, within the 50 and
// 200 ms a decision may take (docs/studies/classic-hard-bot.md).
const Budget = 32

// MaxScale bounds the k of Level-<k>x.
const MaxScale = 256

// MaxCandidates bounds the k of Level-c<k>: a rack has 15 tiles.
const MaxCandidates = 15

// defaultCandidates is Options.Candidates when 0.
const defaultCandidates = 4

// Options tune a search player.
type Options struct {
	// Seed makes its choices (and its worlds) reproducible.
	Seed uint64
	// Scale multiplies Budget (1 when 0).
	Scale int
	// Candidates is the most discards compared (4 when 0): hard's pick
	// and the least-distance discards with the most live outs.
	Candidates int
	// Z is how many standard errors a candidate must beat hard's pick by
	// over the same worlds before it is thrown instead (1.0 when 0;
	// negative: the best mean, however slight). Hard's pick is a strong
	// prior; a search with few worlds that overrode it on noise alone
	// would play worse than hard. A difference the same in every world
	// has no spread and passes any finite gate; +Inf shuts the gate
	// (hard's play exactly, as a control).
	Z float64
	// Workers is the number of goroutines a decision's playouts run on
	// (1 when 0: okey sim already plays a hand a CPU).
	Workers int
	// Cache is shared with the hard bot underneath, as botsclassic.Options.Cache.
	Cache *botsclassic.TableCache
	// Worlds is how the worlds are dealt (classic Okey): "" the shared
	// sampler (rollout.Sampler, the belief of the racks), "uniform" the
	// sampler before it (rollout.Uniform, the level's "-uniform"),
	// "plain" the belief's placements unweighed (the level's "-plain"),
	// "progress" those with the racks brought forward (the level's
	// "-progress"). All but the first are for the study
	// (docs/studies/classic-belief.md).
	Worlds string
	// Holds (the level's "-holds"; classic Okey) searches nothing but
	// the okey-finish hold: where the rack wins and holds an okey, hard's
	// move (hold, or finish at once) is replaced by the coach's judge's
	// answer (coach.AdviseClassic, on hard as the analyser); every other
	// decision is hard's, at hard's cost.
	Holds bool
	// Own (Okey 101; the level's "-selfhard", last) is the level the
	// searching seat plays in its own playouts: "" normal, as the three
	// others; "hard", the policy it really follows for the rest of the
	// hand (rollout.Player101.Own). For the study (docs/studies/belief-101.md).
	Own string
	// Take (classic Okey; the level's "-take", last) also searches the
	// draw: where the previous player's discard may be taken, hard's
	// choice (take it or draw from the wall) against the other, by the
	// same playouts, worlds and gate, on a random source of its own. For
	// the study (docs/studies/classic-belief.md), as 101's Open weighs the opening.
	Take bool
	// Open (Okey 101; the level's "-open") also searches the opening
	// decision (Player101's Decide): where hard opens, opening against
	// not opening yet; where hard discards but could open, the other
	// way. For the study (docs/studies/belief-101.md).
	Open bool
}

// Player is the search player. Like every bot it is deterministic for a
// seed and a sequence of views, and not safe for concurrent use.
type Player struct {
	base    botsclassic.Bot
	rnd     *game.Seeded
	budget  int
	k       int
	z       float64
	workers int
	players []*rollout.PlayerClassic
	holds   bool
	worlds  string
	sampler rollout.SamplerClassic
	// trnd draws the draw's searches (Options.Take), so that a hand whose
	// draws hard's choice survives is played as without the option.
	trnd *game.Seeded
	// Stats counts what the search did, for the study.
	Stats Stats
	// Take counts the draws searched (Options.Take).
	Take Stats
}

// Stats counts a player's searched decisions and how often the search
// threw something other than hard's pick.
type Stats struct {
	Searched, Overrode, Playouts int
}

// New returns a search player.
func New(opt Options) *Player {
	base, _ := botsclassic.New("hard", botsclassic.Options{Seed: opt.Seed, Cache: opt.Cache})
	p := &Player{base: base, rnd: game.NewSeeded(opt.Seed ^ 0x5ea5c4), budget: Budget * max(opt.Scale, 1),
		k: opt.Candidates, z: opt.Z, workers: max(opt.Workers, 1), holds: opt.Holds, worlds: opt.Worlds}
	p.sampler = rollout.Sampler()
	switch opt.Worlds {
	case worldsUniform:
		p.sampler = rollout.Uniform()
	case worldsPlain:
		p.sampler = rollout.SamplerClassic{Belief: p.sampler.Belief}
	case worldsProgress:
		p.sampler = rollout.SamplerClassic{Belief: p.sampler.Belief, Progress: true}
	}
	if opt.Take {
		p.trnd = game.NewSeeded(opt.Seed ^ 0x7a4e)
	}
	if p.k <= 0 {
		p.k = defaultCandidates
	}
	if p.z == 0 {
		p.z = 1
	}
	for range p.workers {
		p.players = append(p.players, rollout.NewPlayerClassic())
	}
	return p
}

// The worlds a search may be told to deal (Options.Worlds).
const (
	worldsUniform  = "uniform"
	worldsPlain    = "plain"
	worldsProgress = "progress"
)

// ErrLevel is wrapped by Parse's errors.
var ErrLevel = fmt.Errorf("not a search level (%s, then -<k>x for k times the playouts, k from 1 to %d, -z<z> for the gate, -c<k> for the discards compared (2 to %d), -%s, -%s or -%s for the worlds and -%s to search the draw: %s-4x-z2.5-%s; or %s-holds, the judge at okey-finish holds only)",
	Level, MaxScale, MaxCandidates, worldsUniform, worldsPlain, worldsProgress, takeLevel, Level, worldsUniform, Level)

// Parse reads a level name of the search: "search", then optionally
// "-<k>x" (Scale), "-z<z>" (Z), "-c<k>" (Candidates), "-uniform", "-plain" or "-progress" (Worlds)
// and "-take" (Take), as in "search-4x-z2.5-uniform-take". ok is false
// for a name that is not the search's at all; err says what is wrong
// with one that is, but badly formed. The options' Seed and Cache are
// left for the caller.
func Parse(name string) (opt Options, ok bool, err error) {
	n := strings.ToLower(strings.TrimSpace(name))
	rest, found := strings.CutPrefix(n, Level)
	if !found || (rest != "" && rest[0] != '-') {
		return Options{}, false, nil
	}
	bad := func() (Options, bool, error) { return Options{}, true, fmt.Errorf("%q: %w", name, ErrLevel) }
	if rest == "-holds" {
		return Options{Scale: 1, Holds: true}, true, nil
	}
	opt.Scale = 1
	parts := strings.Split(rest, "-")[1:]
	if len(parts) > 0 && strings.HasSuffix(parts[0], "x") {
		k, err := strconv.Atoi(strings.TrimSuffix(parts[0], "x"))
		if err != nil || k < 1 || k > MaxScale {
			return bad()
		}
		opt.Scale, parts = k, parts[1:]
	}
	if len(parts) > 0 && strings.HasPrefix(parts[0], "z") {
		z, err := strconv.ParseFloat(parts[0][1:], 64)
		if err != nil || !(z > 0 && z <= 100) {
			return bad()
		}
		opt.Z, parts = z, parts[1:]
	}
	if len(parts) > 0 && strings.HasPrefix(parts[0], "c") {
		k, err := strconv.Atoi(parts[0][1:])
		if err != nil || k < 2 || k > MaxCandidates {
			return bad()
		}
		opt.Candidates, parts = k, parts[1:]
	}
	if len(parts) > 0 && (parts[0] == worldsUniform || parts[0] == worldsPlain || parts[0] == worldsProgress) {
		opt.Worlds, parts = parts[0], parts[1:]
	}
	if len(parts) > 0 && parts[0] == takeLevel {
		opt.Take, parts = true, parts[1:]
	}
	if len(parts) > 0 {
		return bad()
	}
	return opt, true, nil
}

// Level is the level's name, with its scale and gate when not the
// default's.
func (p *Player) Level() string {
	if p.holds {
		return Level + "-holds"
	}
	n := levelName(p.budget/Budget, p.z, p.k, p.worlds)
	if p.trnd != nil {
		n += "-" + takeLevel
	}
	return n
}

// takeLevel is the level's suffix that searches the draw (Options.Take).
const takeLevel = "take"

// levelName is the name Parse reads as scale, gate z, candidates k
// (classic Okey's; 0 or 4, the default, unnamed) and worlds.
func levelName(scale int, z float64, k int, worlds string) string {
	n := Level
	if scale != 1 {
		n += fmt.Sprintf("-%dx", scale)
	}
	if z != 1 {
		n += "-z" + strconv.FormatFloat(z, 'g', -1, 64)
	}
	if k != 0 && k != defaultCandidates {
		n += "-c" + strconv.Itoa(k)
	}
	if worlds != "" {
		n += "-" + worlds
	}
	return n
}

// Decide asks hard first (always, so that hard's memory of the hand
// stays whole), then searches when hard is to discard among several
// discards as good by its rule, or holds a win for an okey finish.
func (p *Player) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := p.base.Decide(ctx, v)
	if p.holds {
		if err != nil || !v.MyTurn() || v.Stage != classic.MustDiscard || !holdsWin(&v) {
			return a, err
		}
		p.Stats.Searched++
		b, _, err := coach.AdviseClassic(ctx, v, coach.Options{Seed: p.rnd.Uint64(), Workers: p.workers, Analyser: "hard"})
		if err != nil {
			return classic.Action{}, fmt.Errorf("search, seat %d: %w", v.Seat, err)
		}
		if b != a {
			p.Stats.Overrode++
		}
		return b, nil
	}
	if err == nil && p.trnd != nil && v.MyTurn() && v.Stage == classic.MustDraw && v.Legal.Take && v.Legal.Draw &&
		(a.Kind == classic.ActTake || a.Kind == classic.ActDraw) {
		return p.drawOrTake(ctx, &v, a)
	}
	if err != nil || !v.MyTurn() || v.Stage != classic.MustDiscard || a.Kind != classic.ActDiscard {
		return a, err
	}
	cands, err := candidates(&v, a, p.k)
	if err != nil {
		return classic.Action{}, fmt.Errorf("search, seat %d: %w", v.Seat, err)
	}
	if len(cands) < 2 {
		return a, nil
	}
	play := rollout.CandidatesClassicWith(&v, p.sampler, cands, p.rnd.Uint64(), p.players)
	best, err := p.Stats.choose(ctx, len(cands), p.budget, p.workers, p.z, play)
	if err != nil {
		return classic.Action{}, fmt.Errorf("search, seat %d: %w", v.Seat, err)
	}
	return cands[best], nil
}

// drawOrTake searches the draw (Options.Take): hard's choice a, to take
// the previous player's discard or to draw from the wall, against the
// other, each played out to the hand's end in the same worlds (normal
// bots on all four seats after it, the searching seat's discard
// included), the other played only when it beats hard's by the gate.
func (p *Player) drawOrTake(ctx context.Context, v *classic.View, a classic.Action) (classic.Action, error) {
	other := classic.TakeAction(v.Seat)
	if a.Kind == classic.ActTake {
		other = classic.DrawAction(v.Seat)
	}
	cands := []classic.Action{a, other}
	play := rollout.CandidatesClassicWith(v, p.sampler, cands, p.trnd.Uint64(), p.players)
	best, err := p.Take.choose(ctx, len(cands), p.budget, p.workers, p.z, play)
	if err != nil {
		return classic.Action{}, fmt.Errorf("search, seat %d, draw: %w", v.Seat, err)
	}
	return cands[best], nil
}

// choose plays n candidates in as many worlds as budget playouts buy
// (two at least) on workers goroutines and returns the one to play
// (pick's, with the gate z), counting the search into st.
func (st *Stats) choose(ctx context.Context, n, budget, workers int, z float64, play rollout.Play) (int, error) {
	worlds := max(budget/n, 2)
	vals, err := rollout.Compare(ctx, nil, 0, worlds, workers, nil, play)
	if err != nil {
		return 0, err
	}
	st.Searched++
	st.Playouts += worlds * n
	best := pick(vals, z)
	if best != 0 {
		st.Overrode++
	}
	return best, nil
}

// pick is the candidate a search throws, given each candidate's values
// world by world (vals[0] hard's pick's): the one that beats hard's pick
// by the most over the same worlds, among those that beat it by more
// than z standard errors of the paired difference (any margin when z is
// negative); 0, hard's pick, when none does.
func pick(vals [][]float64, z float64) int {
	if math.IsInf(z, 1) {
		return 0
	}
	best, bestGain := 0, 0.0
	for c := 1; c < len(vals); c++ {
		mean, half := rollout.Paired(vals[c], vals[0])
		if mean <= bestGain || (z > 0 && mean < z*half/1.96) {
			continue
		}
		best, bestGain = c, mean
	}
	return best
}

// candidates lists the moves a discard decision compares, hard's own
// first: when hard holds a win, finishing at once; otherwise the other
// discards that leave the least distance, those with the most live outs
// (unseen copies of the faces that would lower the distance) first, up
// to k in all.
func candidates(v *classic.View, hard classic.Action, k int) ([]classic.Action, error) {
	an := &v.Analyzer
	h, err := an.HandOf(v.Counts)
	if err != nil {
		return nil, err
	}
	tb := an.DiscardTable(h, 0)
	out := []classic.Action{hard}
	if tb.Best == 0 && v.Legal.Finish {
		// hard holds a win for an okey finish: weigh finishing now
		for f, d := range tb.Dist {
			if d == 0 {
				return append(out, classic.FinishAction(v.Seat, tile.Tile(f))), nil
			}
		}
	}
	more, err := botsclassic.LeastDistance(v, hard.Tile, k)
	if err != nil {
		return nil, err
	}
	for _, t := range more {
		out = append(out, classic.DiscardAction(v.Seat, t))
	}
	return out, nil
}

// holdsWin reports whether the rack may finish now and holds an okey:
// the seat chooses between finishing at once and holding the win for
// an okey finish.
func holdsWin(v *classic.View) bool {
	an := &v.Analyzer
	if !v.Legal.Finish || v.Counts[an.Okey()] == 0 {
		return false
	}
	h, err := an.HandOf(v.Counts)
	return err == nil && an.BestDiscard(h).Wins
}
