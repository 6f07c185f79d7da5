package bots101

import (
	"context"
	"errors"
	"fmt"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// ErrNotToMove is returned by Decide when the view's seat may not act:
// it is another seat's turn, or the match is over.
var ErrNotToMove = errors.New("the seat has nothing to do now")

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

func viewTable(v *okey101.View) uint64 {
	return tableHash(len(v.Table), func(i int) meld.Meld { return v.Table[i].Meld })
}
