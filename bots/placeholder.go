package bots

import (
	"context"

	"okey/game"
)

// placeholder plays legal moves at random until the real levels land.
type placeholder struct {
	level string
	rnd   *game.Seeded
}

func newPlaceholder(level string, opt Options) *placeholder {
	return &placeholder{level: level, rnd: game.NewSeeded(opt.Seed)}
}

func (p *placeholder) Level() string { return p.level }

func (p *placeholder) Decide(ctx context.Context, v game.View) (game.Action, error) {
	if err := ctx.Err(); err != nil {
		return game.Action{}, err
	}
	l := v.Legal
	switch {
	case l.NextHand:
		return game.NextHandAction(), nil
	case l.Draw:
		return game.DrawAction(v.Seat), nil
	case l.Take:
		return game.TakeAction(v.Seat), nil
	case l.EndHand:
		return game.EndHandAction(v.Seat), nil
	case l.Discard:
		return game.DiscardAction(v.Seat, v.Rack[p.rnd.Intn(len(v.Rack))]), nil
	case l.Show:
		return game.ShowAction(v.Seat), nil
	}
	return game.Action{}, game.ErrWrongPhase
}
