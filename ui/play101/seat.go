package play101

import (
	"okey/game/okey101"
	"okey/kit/seatmsg"
	"okey/ui/play101/seatview"
	"okey/ui/seatlink"
)

// TakeServed takes in a served seat's view v, turned to seat 0, and
// samples a world from it unless the seat only watches.
func (t *Table) TakeServed(v okey101.View, watching bool) {
	t.Served = Served{View: v}
	if !watching {
		t.Served.World, t.Served.WorldOK = seatview.World(&v)
	}
}

// OwnView is the player's view of the match: the match's own, or at a
// served seat the latest its table sent (as playclassic's OwnView).
func (t *Table) OwnView() okey101.View {
	if t.G == nil {
		return t.Served.View
	}
	return t.G.State().View(0)
}

// TryState is a state to try the player's actions on (where a tile
// lays off, the hint, whether the game takes an action): the match's
// own, or at a served seat the world sampled from its view (a State's
// zero value, which refuses every action, for a spectator).
func (t *Table) TryState() okey101.State {
	if t.G == nil {
		return t.Served.World
	}
	return t.G.State()
}

// Deal is the deal being played, for the log.
func (t *Table) Deal() okey101.DealInfo {
	if t.G == nil {
		v := &t.View
		return okey101.DealInfo{Hand: v.Hand, Redeal: v.Redeal, Dealer: v.Dealer, Indicator: v.Indicator}
	}
	return t.G.State().DealInfo()
}

// TryServed is what the served seat's world says of the player's
// actions in order: the first refusal, nil when it takes them all or
// there is no world to ask.
func (t *Table) TryServed(acts []okey101.Action) error {
	if t.G != nil || !t.Served.WorldOK {
		return nil
	}
	return seatview.TryAll(t.Served.World, acts)
}

// Send sends the player's actions to the served table over l, in
// order, once the world of the view takes them all (else the player is
// told why, as the local table would: Refuse); done runs when they go
// (to take the tiles they used off the rack). went reports that they
// went; st, when they did not, why not (seatlink.Gone: refused, or
// nothing to send). The next update says what came of them.
func (t *Table) Send(l *seatlink.Link, acts []okey101.Action, done func()) (st seatlink.Sent, went bool) {
	if st = l.CanMove(); st != seatlink.Gone || len(acts) == 0 {
		return st, false
	}
	if err := t.TryServed(acts); err != nil {
		t.Refuse(err)
		return seatlink.Gone, false
	}
	out := make([]okey101.Action, len(acts))
	for i, a := range acts {
		out[i] = a.Clone()
		out[i].Seat = l.Rot
	}
	if st = l.Move(seatmsg.Intent{Kind: seatmsg.IntentPlay101, Plays: out, Hand: t.View.Hand, Redeal: t.View.Redeal}); st != seatlink.Gone {
		return st, false
	}
	t.Held = -1
	if done != nil {
		done()
	}
	if len(acts) > 1 {
		t.Sel, t.Groups = nil, nil
	}
	return st, true
}

// Ready tells the served table over l that the player is ready for the
// next hand.
func (t *Table) Ready(l *seatlink.Link) seatlink.Sent {
	return l.Ask(seatmsg.Intent{Kind: seatmsg.IntentReady, Hand: t.View.Hand, Redeal: t.View.Redeal})
}
