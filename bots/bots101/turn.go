package bots101

import (
	"context"
	"fmt"
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Turn is the whole turn a fresh bot of the level would play from the
// view, every action in order, as planned when the view's seat is first
// asked: in the draw stage a draw alone (the rest is planned once the
// tile is known) or a take and the rest of the turn; otherwise the table
// actions, then a discard or a give-back. Every action is legal when its
// turn comes, played in order from the view's position, since a bot
// checks each on its board as the referee would. The 101 table's hint
// (h) is the hard level's Turn, put into words, so that what it advises
// is what the strongest bot would do and can be carried out as written.
func Turn(ctx context.Context, level string, v okey101.View, opt Options) ([]okey101.Action, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bot, err := New(level, opt)
	if err != nil {
		return nil, err
	}
	var pl planner
	var p *player
	switch b := bot.(type) {
	case *Easy:
		pl, p = b, &b.p
	case *Normal:
		pl, p = b, &b.p
	case *Hard:
		pl, p = b, &b.p
	default:
		return nil, fmt.Errorf("%s: %w", level, ErrUnknownLevel)
	}
	if p.sv == nil {
		p.sv = new(meld.Solver)
	}
	if v.Phase != game.Playing || !v.MyTurn() || !v.Legal.Any() {
		return nil, fmt.Errorf("%s bot, seat %d, %s: %w", level, v.Seat, v.Phase, ErrNotToMove)
	}
	var b *board
	p.budget()
	if v.Stage == okey101.StageDraw {
		b, err = pl.draw(p, &v)
	} else {
		b, err = pl.play(p, &v)
	}
	if err == nil && len(b.acts) == 0 {
		err = fmt.Errorf("%w: an empty plan", errPlan)
	}
	if err != nil {
		return nil, fmt.Errorf("%s bot, seat %d: %w", level, v.Seat, err)
	}
	return slices.Clone(b.acts), nil
}

// Discards is the hard level's ranking of the discards open to the
// view's seat where it is to discard (the play or first-discard stage,
// its table actions done): every tile of the rack it weighs, what a
// fresh hard bot of opt.Seed would throw first, then the others as hard
// ranks them. A search player (bots/search) plays the first few out to
// compare them, so it needs hard's order and not only its pick.
func Discards(ctx context.Context, v okey101.View, opt Options) ([]tile.Tile, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if v.Phase != game.Playing || !v.MyTurn() || v.Stage == okey101.StageDraw || !v.Legal.Any() {
		return nil, fmt.Errorf("hard's discards, seat %d, %s: %w", v.Seat, v.Phase, ErrNotToMove)
	}
	h := NewHard(opt.Seed)
	p := &h.p
	if p.use(opt.Solver); p.sv == nil {
		p.sv = new(meld.Solver)
	}
	p.useBelief(opt)
	p.readBelief(&v)
	bd := boardOf(&v)
	p.budget()
	if bd.status == meld.NotOpened {
		s := seen(&v, true)
		live := liveOf(&s)
		return p.lookOrder(&v, bd, &live), nil
	}
	return p.discardOrder(&v, bd, hardDiscard), nil
}
