package bots101

import (
	"context"

	"okey/game/okey101"
	"okey/game/okey101/meld"
)

// Easy plays like a beginner who sees its melds but nothing around
// them. It always draws from the wall (it never takes the previous
// discard), opens only with runs and sets, as soon as its best opening
// reaches the threshold (never with pairs), then lays down every meld it
// makes and lays off the real tiles that fit, never an okey, and never
// takes an okey back. It does not look for a finish: it finishes when
// laying down and off leaves it a single tile. It throws a tile at
// random from those outside its melds, but never an okey or an işler taş
// while another tile is free.
type Easy struct{ p player }

// NewEasy returns an easy bot seeded with seed.
func NewEasy(seed uint64) *Easy { return &Easy{p: newPlayer("easy", seed)} }

// Level is "easy".
func (b *Easy) Level() string { return "easy" }

// Decide returns the easy bot's next action for the view.
func (b *Easy) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return b.p.decide(ctx, &v, b)
}

var easyDiscard = discardStyle{random: true}

func (b *Easy) draw(p *player, v *okey101.View) (*board, error) {
	if !v.Legal.Draw {
		return takeIfUsed(p, v, b.turn)
	}
	return drawBoard(v), nil
}

func (b *Easy) play(p *player, v *okey101.View) (*board, error) {
	bd := boardOf(v)
	if err := b.turn(p, v, bd); err != nil {
		return nil, err
	}
	return bd, nil
}

func (b *Easy) turn(p *player, v *okey101.View, bd *board) error {
	if v.Stage != okey101.StageFirst {
		if bd.status == meld.NotOpened {
			p.openMelds(bd)
		}
		if bd.status != meld.NotOpened {
			p.layAll(bd)
			p.layOffs(bd, false)
		}
		if bd.owes() {
			bd.giveBack()
			return nil
		}
	}
	return bd.discard(p.discard(v, bd, easyDiscard))
}
