package ui

import (
	tea "charm.land/bubbletea/v2"

	"okey/game/meld"
	"okey/game/okey101"
	"okey/ui/play101/decide"
)

// A seat at a table of Okey 101 the model does not own (okey serve): the
// 101 table's screen, driven by the views the table hands this seat
// (SeatUpdate with View101, taken in as every update is: seat.go), its
// actions sent to the table as intents. The table is the referee; m.t
// holds no game (m.t.G is nil) and no bots.
//
// The 101 table asks three things of the match, which a seat answers
// from its view instead (play101.Table.Served): the view itself
// (OwnView, for Refresh), the deal (Deal, for the log), and a state
// to try the player's actions on (TryState: where to lay a tile off,
// the hint, whether the game takes an action before it goes). That
// state is a world sampled from the view (okey101.View.SampleWorld): it
// agrees with everything the seat knows, and whether the game takes the
// seat's own action depends on nothing else, so what it refuses the
// table would refuse too, said in the player's words before anything
// is sent.

// seatAct101 sends the player's actions to the table
// (play101.Table.Send); done runs when they go. A command comes back
// when something went: the callers take it as the sign.
func (m *Model) seatAct101(acts []okey101.Action, done func()) tea.Cmd {
	st, went := m.t.Send(m.seat.Link, acts, done)
	if !m.seatSent(st) || !went {
		return nil
	}
	return func() tea.Msg { return nil }
}

// seatReady101 tells the table the player is ready for the next hand.
func (m *Model) seatReady101() tea.Cmd {
	m.seatSent(m.t.Ready(m.seat.Link))
	return nil
}

// PlainAction101 is the 101 table's plain action for a seat's view (a
// draw, what goes onto the table at once, the safest discard), for a
// table whose bot failed; false when the view's seat has nothing to do.
func PlainAction101(v okey101.View) (okey101.Action, bool) {
	var sv meld.Solver
	return decide.PlainAction(&v, &sv)
}
