package bots101

import (
	"context"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/game/tile"
)

// Hard is, for now, normal counting the whole history of the discards.
type Hard struct{ p player }

// NewHard returns a hard bot seeded with seed.
func NewHard(seed uint64) *Hard { return &Hard{p: newPlayer("hard", seed)} }

// Level is "hard".
func (b *Hard) Level() string { return "hard" }

// Decide returns the hard bot's next action for the view.
func (b *Hard) Decide(ctx context.Context, v okey101.View) (okey101.Action, error) {
	return b.p.decide(ctx, &v, b)
}

var hardDiscard = discardStyle{keep: 6, history: true}

func (b *Hard) draw(p *player, v *okey101.View) ([]okey101.Action, []tile.Counts, error) {
	return takeIfUsed(p, v, b.turn)
}

func (b *Hard) play(p *player, v *okey101.View) ([]okey101.Action, []tile.Counts, error) {
	bd := boardOf(v)
	if err := b.turn(p, v, bd); err != nil {
		return nil, nil, err
	}
	return bd.acts, bd.racks, nil
}

func (b *Hard) turn(p *player, v *okey101.View, bd *board) error {
	if v.Stage == okey101.StageFirst {
		return bd.discard(p.discard(v, bd, hardDiscard))
	}
	if ok, err := p.finish(bd); ok || err != nil {
		return err
	}
	if bd.status == meld.NotOpened && !p.openMelds(bd) {
		p.openPairs(bd)
	}
	if bd.status != meld.NotOpened {
		p.takeBacks(bd)
		p.layAll(bd)
		p.layOffs(bd, true)
	}
	if bd.owes() {
		bd.giveBack()
		return nil
	}
	return bd.discard(p.discard(v, bd, hardDiscard))
}
