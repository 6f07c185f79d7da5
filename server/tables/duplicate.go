package tables

import (
	"okey/game/format"
	"okey/kit/seatmsg"
)

// A duplicate table: four friends play the same deals, each deal four
// times, the players moving one seat on each time (the format is
// game/format's Duplicate, over game/duplicate: in rotation r player p
// sits in seat (p+r) mod 4), each hand a match of its own. A player is
// numbered by the seat they held at the first hand, and a bot seat's
// level is its player's (Config.Levels are by player): it moves with
// them.
//
// The seats move physically: between hands the table turns its seats
// one place on, owners, sessions and all (seating's turn), and never writes
// a Member's Seat (its session reads it): a session learns the seat it
// holds now from the view each update brings. A deal's seed and salt
// are shown, and its record given to "record TABLE", only once its
// fourth rotation is over. The record's meta names its hand of the plan
// and the results of the hands before, so that a table restored after a
// restart knows both from its record alone; the entry keeps the hand
// its seats are arranged for.

// DuplicatePlan makes a table a duplicate table; in Config.
type DuplicatePlan = format.DuplicatePlan

// MaxDuplicateDeals is the most deals a table of friends may plan.
const MaxDuplicateDeals = format.MaxDuplicateDeals

// ErrDuplicate is a duplicate plan the table cannot play.
var ErrDuplicate = format.ErrDuplicate

// DuplicateRules are rules made fit for a duplicate table of game: a
// 101 hand is a match of one hand (its result the match's), classic's
// rules stay (its hand is the first of a match, which the table ends).
func DuplicateRules(game, rules string) (string, error) { return format.DuplicateRules(game, rules) }

// duplicateMsg is a duplicate's standing as a seat is told it, the
// players named by the seats they hold (names, seat by seat); nil at
// any other table.
func duplicateMsg(st format.Standing, names [format.Seats]string) *seatmsg.Duplicate {
	d := st.Duplicate
	if d == nil {
		return nil
	}
	m := &seatmsg.Duplicate{Hand: d.Hand, Hands: d.Hands, Deal: d.Deal, Deals: d.Deals, Rotation: d.Rotation,
		Played: d.Played, Seats: d.Seats, Score: d.Score, Totals: d.Totals, Over: d.Over}
	for p, s := range d.Seats {
		m.Names[p] = names[s]
	}
	return m
}

// dailyMsg is a daily's hand as a seat is told it; nil at any other
// table.
func dailyMsg(st format.Standing) *seatmsg.Daily {
	d := st.Daily
	if d == nil {
		return nil
	}
	return &seatmsg.Daily{Date: d.Date, Hand: d.Hand, Of: d.Of, Practice: d.Practice}
}
