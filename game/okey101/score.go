package okey101

import (
	"slices"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// Totals are the match totals that decide: each seat's, or under
// partners the team's on both its seats.
func (s State) Totals() [NumSeats]int { return s.totals() }

func (s *State) totals() [NumSeats]int {
	t := s.scores
	if s.rules.Partners {
		for seat := range NumSeats {
			t[seat] = s.scores[seat] + s.scores[(seat+2)%NumSeats]
		}
	}
	return t
}

// Results are every hand over so far in this match, voided deals
// included, oldest first.
func (s State) Results() []HandResult {
	out := make([]HandResult, len(s.results))
	for i, r := range s.results {
		out[i] = r.clone()
	}
	return out
}

// rackLine scores what a seat that did not finish holds.
func (s *State) rackLine(seat, m int) ScoreLine {
	l := ScoreLine{Opened: s.open[seat].Status, Multiplier: m, Rack: s.racks[seat].Tiles()}
	for _, t := range l.Rack {
		if s.an.IsOkey(t) {
			l.Okeys++
		} else {
			l.RackValue += s.an.TileValue(t)
		}
	}
	switch s.open[seat].Status {
	case meld.NotOpened:
		l.Kind = LineNotOpened
		l.Points = 2 * PenaltyPoints * m
	default:
		l.Kind = LineOpened
		f := m
		if s.open[seat].Status == meld.OpenedPairs {
			l.PairsDouble = true
			f *= 2
		}
		l.Points = l.RackValue*f + PenaltyPoints*l.Okeys
	}
	return l
}

// scoreHand ends the hand: finisher is the seat that finished (-1 when
// the wall ran out), discard its last tile.
func (n *State) scoreHand(finisher int, discard tile.Tile) []Event {
	res := HandResult{Hand: n.hand, Redeal: n.redeal, Finisher: finisher, Discard: discard, Multiplier: 1}
	if finisher < 0 {
		res.WallOut = true
		res.Discard = tile.NoTile
	} else {
		res.OkeyFinish = n.an.IsOkey(discard)
		res.PairsFinish = n.open[finisher].Status == meld.OpenedPairs
		res.Elden = n.open[finisher].Turn == n.turnNo
		for seat := range NumSeats {
			if seat != finisher && n.open[seat].Status != meld.NotOpened {
				res.Elden = false
			}
		}
		for _, d := range []bool{res.OkeyFinish, res.PairsFinish, res.Elden} {
			if d {
				res.Multiplier *= 2
			}
		}
	}
	for seat := range NumSeats {
		var l ScoreLine
		if seat == finisher {
			l = ScoreLine{Kind: LineFinished, Opened: n.open[seat].Status, Multiplier: res.Multiplier,
				Points: -PenaltyPoints * res.Multiplier, Rack: []tile.Tile{}}
		} else {
			l = n.rackLine(seat, res.Multiplier)
		}
		l.Penalties = n.handPen[seat]
		l.Total = l.Points + l.Penalties
		n.scores[seat] += l.Points
		res.Lines[seat] = l
	}
	return n.closeHand(res)
}

// voidHand ends a hand in which all four opened with pairs: nothing of
// it counts, the penalties paid in it are given back, and the same
// dealer deals again.
func (n *State) voidHand() []Event {
	res := HandResult{Hand: n.hand, Redeal: n.redeal, Void: true, Finisher: -1, Discard: tile.NoTile, Multiplier: 1}
	for seat := range NumSeats {
		n.scores[seat] -= n.handPen[seat]
		res.Lines[seat] = ScoreLine{Kind: LineOpened, Opened: n.open[seat].Status, Multiplier: 1, Rack: n.racks[seat].Tiles()}
	}
	e := Event{Kind: EvVoid, Seat: -1, Tile: tile.NoTile, From: -1, Meld: -1}
	n.record(e)
	return append([]Event{e}, n.closeHand(res)...)
}

// closeHand records the result and ends the match after its last hand.
func (n *State) closeHand(res HandResult) []Event {
	res.Scores = n.scores
	n.phase = game.HandOver
	r := res
	n.result = &r
	n.results = append(slices.Clip(n.results), res.clone())
	evs := []Event{{Kind: EvHandOver, Seat: res.Finisher, Tile: res.Discard, From: -1, Meld: -1}}
	if !res.Void && n.hand >= n.rules.Hands {
		n.phase = game.MatchOver
		n.match = n.standings()
		evs = append(evs, Event{Kind: EvMatchOver, Seat: -1, Tile: tile.NoTile, From: -1, Meld: -1})
	}
	return evs
}

// standings ranks the seats at the end of the match: the lowest total
// first, equal totals sharing a place.
func (n *State) standings() *MatchResult {
	m := &MatchResult{Hands: n.hand, Scores: n.scores, Totals: n.totals()}
	for s := range NumSeats {
		lower, level := 0, 0
		for t := range NumSeats {
			if n.team(t) == n.team(s) {
				continue
			}
			switch {
			case m.Totals[t] < m.Totals[s]:
				lower++
			case m.Totals[t] == m.Totals[s]:
				level++
			}
		}
		if n.rules.Partners {
			lower /= 2 // the other team counts once
			level /= 2
		}
		m.Place[s] = lower + 1
		switch {
		case lower > 0:
			m.Outcome[s] = game.OutcomeLost
		case level > 0:
			m.Outcome[s] = game.OutcomeTied
		default:
			m.Outcome[s] = game.OutcomeWon
		}
	}
	return m
}
