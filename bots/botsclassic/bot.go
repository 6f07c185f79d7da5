package botsclassic

import (
	"context"
	"fmt"
	"strings"

	"okey/game"
	"okey/game/classic"
)

// Bot decides moves for one seat from that seat's view only.
//
// Decide is called whenever the view's seat may act (view.Legal.Any()):
// on its turn to draw, take or end a hand whose wall is out, then to
// discard or finish; and before its first draw when gösterme is open. It
// returns one action, which must be legal for the view. A bot is
// deterministic for a given seed and sequence of views, honours ctx
// (returning ctx.Err() when cancelled), and may be called from any
// goroutine, but not concurrently with itself.
type Bot interface {
	// Level is the bot's level name (easy, normal, hard).
	Level() string
	// Decide returns the bot's next action.
	Decide(ctx context.Context, v classic.View) (classic.Action, error)
}

// Levels are the levels whose rules are written here, from weakest to
// strongest. The game offers one more above them, expert, whose reading
// is learned (bots/expertclassic, which builds every level the game
// offers). Each is to be measurably stronger than the one before in
// whole matches (docs/bots.md, "Measured figures"). Since normal shows
// the indicator too, hard is not: its edge over normal was that rule
// alone, and what a stronger hard would take is measured in
// docs/studies/classic-hard-bot.md.
var Levels = []string{"easy", "normal", "hard"}

// Options tune a bot.
type Options struct {
	// Seed makes the bot's choices reproducible.
	Seed uint64
	// Cache, when set, is shared by bots that analyse the same racks, as
	// in the arena's duplicate deals; it saves time and changes nothing.
	Cache *TableCache
}

// ErrUnknownLevel is returned by New for a level name it does not know.
var ErrUnknownLevel = fmt.Errorf("unknown bot level (known: %s)", strings.Join(Levels, ", "))

// New builds a bot of one of Levels, the name read in any case.
func New(level string, opt Options) (Bot, error) {
	switch strings.ToLower(strings.TrimSpace(level)) {
	case "easy":
		return NewEasy(opt.Seed), nil
	case "normal":
		b := NewNormal(opt.Seed)
		b.mem.cache = opt.Cache
		return b, nil
	case "hard":
		b := NewHard(opt.Seed)
		b.mem.cache = opt.Cache
		return b, nil
	}
	return nil, fmt.Errorf("%q: %w", level, ErrUnknownLevel)
}

// DecisionSeed is the seed of a seat's bot for the decision at v, drawn
// from the seat's own seed, the hand and the moves so far. A seat whose
// bot is built afresh with it for every decision (PerDecision) plays a
// match resumed from its record exactly as it would have played on, and
// one deal with the same seats' seeds meets the same bots wherever it
// is played: at the table, and in a daily's par (bots/par).
func DecisionSeed(seat uint64, v classic.View) uint64 {
	return game.NewSeed(seat ^ uint64(v.Hand)<<40 ^ uint64(len(v.History))<<8 ^ uint64(v.Stage))
}

// PerDecision is a seat's bot at Level built by Build afresh for every
// decision, seeded with DecisionSeed from the seat's Seed.
type PerDecision struct {
	Level string
	Seed  uint64
	Build func(level string, opt Options) (Bot, error)
}

// Decide builds the decision's bot and asks it.
func (p PerDecision) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	b, err := p.Build(p.Level, Options{Seed: DecisionSeed(p.Seed, v)})
	if err != nil {
		return classic.Action{}, fmt.Errorf("seat %d: %w", v.Seat, err)
	}
	return b.Decide(ctx, v)
}
