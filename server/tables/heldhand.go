package tables

import (
	"slices"

	"okey/game"
	"okey/game/okey101"
	"okey/kit/seatmsg"
)

// holdDeal keeps from seat's update u what a hand's end shows of the
// other racks, where the table's deal is shared with other tables still
// dealing it and the match is not over (a tournament's duplicate
// round, Policy's SharedSeal and OneMatch; its end is heldEnd's):
// between two hands u carries the seat's own place and score only
// (seatmsg.HeldHand) in place of its view, and during a later hand the
// hands over carry no rack but the seat's own (101's score sheet keeps
// each seat's leftover tiles; classic's, the winner's hand). The scores
// stay: every seat at the table sees them during play.
func holdDeal(u *seatmsg.Update, seat int) {
	switch {
	case u.View != nil:
		v := u.View
		if v.Phase == game.HandOver {
			place := 1
			for s, sc := range v.Scores {
				if v.Active[s] && sc > v.Scores[seat] {
					place++ // classic's points left: more is better
				}
			}
			u.HeldHand = &seatmsg.HeldHand{Game: string(game.Classic), Hand: v.Hand, Place: place, Score: v.Scores[seat],
				Ready: u.Ready[seat]}
			u.View, u.Hands = nil, nil
			return
		}
		if v.Phase == game.MatchOver {
			return
		}
		hands := slices.Clone(u.Hands)
		for i := range hands {
			if hands[i].Result.Winner != seat {
				hands[i].Result.Win.Melds = nil
			}
		}
		u.Hands = hands
	case u.View101 != nil:
		v := u.View101
		if v.Phase == game.HandOver {
			place := 1
			for _, tot := range v.Totals {
				if tot < v.Totals[seat] {
					place++ // 101's totals: less is better
				}
			}
			u.HeldHand = &seatmsg.HeldHand{Game: string(game.Okey101), Hand: v.Hand, Redeal: v.Redeal, Hands: v.Rules.Hands,
				Place: place, Score: v.Totals[seat], Ready: u.Ready[seat]}
			u.View101 = nil
			return
		}
		if v.Phase == game.MatchOver {
			return
		}
		held := *v
		held.Results = slices.Clone(v.Results)
		for i := range held.Results {
			held.Results[i] = withRackOf(held.Results[i], seat)
		}
		if v.Result != nil {
			r := withRackOf(*v.Result, seat)
			held.Result = &r
		}
		u.View101 = &held
	}
}

// withRackOf is 101's hand result r with only seat's leftover tiles.
func withRackOf(r okey101.HandResult, seat int) okey101.HandResult {
	for s := range r.Lines {
		if s != seat {
			r.Lines[s].Rack = nil
		}
	}
	return r
}
