package bots101

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Bot decides moves for one seat of a match of 101 from that seat's view
// only.
//
// A turn of 101 is several actions (draw or take; then opening, laying,
// laying off, taking okeys back; then a discard), and Decide returns one
// at a time: the caller applies it and asks again for as long as the
// view's seat may act (v.MyTurn(), or v.Legal.NextHand once a hand is
// over, which any bot answers with okey101.NextHand). A bot plans its
// whole turn when it is first asked and returns the plan step by step;
// when a view is not the one its plan expected, it plans again from
// that view. Every action it returns is legal for the view.
//
// A bot is deterministic for a given seed and sequence of views, honours
// ctx (returning ctx.Err() when cancelled), and may be called from any
// goroutine, but not concurrently with itself.
type Bot interface {
	// Level is the bot's level name (easy, normal, hard).
	Level() string
	// Decide returns the bot's next action.
	Decide(ctx context.Context, v okey101.View) (okey101.Action, error)
}

// Levels are the bot levels from weakest to strongest.
var Levels = []string{"easy", "normal", "hard"}

// Options tune a bot.
type Options struct {
	// Seed makes the bot's choices reproducible.
	Seed uint64
	// Solver, when set, is the working memory of the bot's analysis: a
	// caller that runs many short-lived bots one after another on a
	// goroutine (the arena) gives them one to share, which saves its
	// allocations and changes nothing else. Bots sharing a Solver must
	// not decide at the same time. Nil: the bot has its own.
	Solver *meld.Solver
	// Belief, for the hard level only, is a reading of the racks its
	// look-ahead and feed guard sample by (belief.go), and BeliefUse
	// which of them (0: both). Nil, as in the game: hard plays as it
	// always has. A bot needs a Belief of its own (a Belief keeps its
	// working memory).
	Belief    Belief
	BeliefUse BeliefUse
}

// ErrUnknownLevel is returned by New for a level name it does not know.
var ErrUnknownLevel = fmt.Errorf("unknown 101 bot level (known: %s)", strings.Join(Levels, ", "))

// ErrNotToMove is returned by Decide when the view's seat may not act:
// it is another seat's turn, or the match is over.
var ErrNotToMove = errors.New("the seat has nothing to do now")

// New builds a bot of the named level.
func New(level string, opt Options) (Bot, error) {
	switch strings.ToLower(strings.TrimSpace(level)) {
	case "easy":
		b := NewEasy(opt.Seed)
		b.p.use(opt.Solver)
		return b, nil
	case "normal":
		b := NewNormal(opt.Seed)
		b.p.use(opt.Solver)
		return b, nil
	case "hard":
		b := NewHard(opt.Seed)
		b.p.use(opt.Solver)
		b.p.useBelief(opt)
		return b, nil
	}
	return nil, fmt.Errorf("%q: %w", level, ErrUnknownLevel)
}

// planner is what a level decides; the player around it does the rest
// (routing, the plan kept between calls, errors).
type planner interface {
	// draw plans the start of a turn in the draw stage: a draw alone,
	// or a take followed by the rest of the turn.
	draw(p *player, v *okey101.View) (*board, error)
	// play plans the rest of a turn from the play (or first-discard)
	// stage: table actions, then a discard or a give-back.
	play(p *player, v *okey101.View) (*board, error)
}

// planKey is what a view must show for the next step of a plan to
// apply: the same hand, the history grown by the steps played, and the
// rack and table those steps leave.
type planKey struct {
	hand, redeal, events int
	table                uint64
	rack                 tile.Counts
}

// player is the machinery every level shares: the solver's memory, the
// random sources and the plan of the turn under way.
type player struct {
	level string
	// rnd is the easy level's random choice; seed is the bot's, from
	// which the samplers' sources are derived (stream).
	rnd  *game.Seeded
	seed uint64
	sv   *meld.Solver
	plan []okey101.Action
	keys []planKey
	memo memo
	// until is where the decision under way runs out of search work:
	// its start's work plus decideBudget (budget); outside a decision
	// (a test asking one sampler) there is no limit.
	until uint64
	// belief, when set, is read at each of hard's decisions (readBelief)
	// into bread; rd is the reading of the turn being planned (nil: none,
	// and hard samples as it always has); beliefUse says which samplers
	// read it.
	belief    Belief
	beliefUse BeliefUse
	bread     beliefRead
	rd        *Reading
}

func newPlayer(level string, seed uint64) player {
	return player{level: level, rnd: game.NewSeeded(seed), seed: seed, until: ^uint64(0)}
}

// decideBudget is the search work (meld.Solver.Work) a decision may
// spend before the samplers stop at their least (twoDrawLeast,
// finishTwoLeast): a few milliseconds of CPU. Most decisions spend far
// less; the few that would spend more (a long rack with okeys before
// opening, a crowded table once open) set a hard decision's 99th
// percentile, which the budget about halves at no measurable cost in
// strength (docs/studies/bots-101-hard.md). Counted in work, not time,
// so that a bot plays the same on every machine and every run.
const decideBudget = 100_000

// The samplers of the hard level, each with a random source of its own
// (stream).
const (
	streamLook   = 1 + iota // the look-ahead's draws (twoDraws)
	streamFeed              // the racks guessed for the next player (feedOdds)
	streamFinish            // the pairs of tiles of the finish look (finishTwo)
	streamWait              // the look at a runs and sets opening, for a pairs opener (waitForMelds)
)

// stream is the random source of one sampler at one position of a hand:
// derived from the bot's seed, the sampler, the hand (and its redeals)
// and the number of events the hand has seen. So each sampler draws
// what it draws wherever it is asked, whatever the other samplers (or
// earlier decisions) drew: a change to one leaves the other's draws
// alone, and two versions of the bot draw alike until their play
// differs (runs of okey sim are paired in fact).
func (p *player) stream(v *okey101.View, sampler uint64) *game.Seeded {
	k := p.seed ^ sampler*0x9e3779b97f4a7c15
	k = game.NewSeed(k + uint64(v.Hand)<<48 + uint64(v.Redeal)<<40 + uint64(len(v.History)))
	return game.NewSeeded(k)
}

// use makes the player work in sv's memory (nil: its own, made when
// first needed).
func (p *player) use(sv *meld.Solver) { p.sv = sv }

// useBelief gives the player opt's belief, if any, and which of its
// samplers read it (all when opt.BeliefUse is 0).
func (p *player) useBelief(opt Options) {
	p.belief, p.beliefUse = opt.Belief, opt.BeliefUse
	if p.beliefUse == 0 {
		p.beliefUse = UseLook | UseFeed
	}
}

// decide routes a view to the level's planner, or answers from the plan
// under way when the view is the one the plan expects.
func (p *player) decide(ctx context.Context, v *okey101.View, pl planner) (okey101.Action, error) {
	if err := ctx.Err(); err != nil {
		return okey101.Action{}, err
	}
	if p.sv == nil {
		p.sv = new(meld.Solver)
	}
	switch {
	case v.Legal.NextHand:
		p.plan, p.keys = nil, nil
		return okey101.NextHand(), nil
	case !v.MyTurn() || !v.Legal.Any():
		return okey101.Action{}, fmt.Errorf("%s bot, seat %d, %s: %w", p.level, v.Seat, v.Phase, ErrNotToMove)
	}
	if len(p.plan) > 0 && p.keys[0] == keyOf(v, 0, v.Counts, viewTable(v)) {
		a := p.plan[0]
		p.plan, p.keys = p.plan[1:], p.keys[1:]
		return a, nil
	}
	var b *board
	var err error
	p.budget()
	if v.Stage == okey101.StageDraw {
		b, err = pl.draw(p, v)
	} else {
		b, err = pl.play(p, v)
	}
	if err == nil && len(b.acts) == 0 {
		err = fmt.Errorf("%w: an empty plan", errPlan)
	}
	if err != nil {
		p.plan, p.keys = nil, nil
		return okey101.Action{}, fmt.Errorf("%s bot, seat %d: %w", p.level, v.Seat, err)
	}
	// Step i+1 is played from the view that step i leaves: one event
	// more, and the rack and table the plan expects.
	p.plan, p.keys = p.plan[:0], p.keys[:0]
	for i := 1; i < len(b.acts) && i <= len(b.racks); i++ {
		p.plan = append(p.plan, b.acts[i])
		p.keys = append(p.keys, keyOf(v, i, b.racks[i-1], b.tables[i-1]))
	}
	return b.acts[0], nil
}

func keyOf(v *okey101.View, steps int, rack tile.Counts, table uint64) planKey {
	return planKey{hand: v.Hand, redeal: v.Redeal, events: len(v.History) + steps, table: table, rack: rack}
}

// tableHash is a fingerprint of the table's melds, their tiles in order
// (FNV-1a).
func tableHash(n int, meldAt func(int) meld.Meld) uint64 {
	h := uint64(14695981039346656037)
	for i := range n {
		for _, t := range meldAt(i).Tiles {
			h = (h ^ uint64(t)) * 1099511628211
		}
		h = (h ^ 0xff) * 1099511628211
	}
	return h
}

func viewTable(v *okey101.View) uint64 {
	return tableHash(len(v.Table), func(i int) meld.Meld { return v.Table[i].Meld })
}

// DecisionSeed is the seed of a seat's bot for the decision at v, drawn
// from the seat's own seed, the hand, its redeal and the moves so far. A
// seat whose bot is built afresh with it for every decision
// (PerDecision) plays a match resumed from its record exactly as it
// would have played on, and one deal with the same seats' seeds meets
// the same bots wherever it is played: at the table, and in a daily's
// par (bots/par).
func DecisionSeed(seat uint64, v okey101.View) uint64 {
	return game.NewSeed(seat ^ uint64(v.Hand)<<40 ^ uint64(v.Redeal)<<32 ^ uint64(len(v.History))<<8 ^ uint64(v.Stage))
}

// PerDecision is a seat's bot at Level built by Build afresh for every
// decision, seeded with DecisionSeed from the seat's Seed.
type PerDecision struct {
	Level string
	Seed  uint64
	Build func(level string, opt Options) (Bot, error)
}

// Decide builds the decision's bot and asks it.
func (p PerDecision) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	b, err := p.Build(p.Level, Options{Seed: DecisionSeed(p.Seed, v)})
	if err != nil {
		return okey101.Action{}, fmt.Errorf("seat %d: %w", v.Seat, err)
	}
	return b.Decide(ctx, v)
}
