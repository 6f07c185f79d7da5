package bots101

import (
	"context"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
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
