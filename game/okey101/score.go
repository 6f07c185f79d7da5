package okey101

import (
	"slices"

	"okey/game"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// LineKind is which row of the scoring table a seat's hand falls in.
type LineKind uint8

// The rows of RULES.md's table.
const (
	// LineFinished: the finisher, -101 × M.
	LineFinished LineKind = iota + 1
	// LineOpened: opened and did not finish: the rack's values × M (× 2
	// again after opening with pairs), 101 for each okey left.
	LineOpened
	// LineNotOpened: never opened, 202 × M.
	LineNotOpened
)

func (k LineKind) String() string {
	switch k {
	case LineFinished:
		return "finished"
	case LineOpened:
		return "opened"
	case LineNotOpened:
		return "not opened"
	}
	return "-"
}

// MarshalText writes the kind's name.
func (k LineKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// ScoreLine is why a seat scored what it did in a hand.
type ScoreLine struct {
	Kind LineKind `json:"kind"`
	// Opened is how the seat opened.
	Opened meld.Status `json:"opened"`
	// Rack is what the seat held at the end (public once the hand is
	// over).
	Rack []tile.Tile `json:"rack"`
	// RackValue is the values of the tiles left, okeys apart (a false
	// joker counts as the okey's face); Okeys the okeys left.
	RackValue int `json:"rack_value"`
	Okeys     int `json:"okeys"`
	// Multiplier is the hand's M; PairsDouble the seat's own doubling
	// for having opened with pairs.
	Multiplier  int  `json:"multiplier"`
	PairsDouble bool `json:"pairs_double,omitempty"`
	// Points is the hand's score before penalties; Penalties what the
	// seat paid during the hand (101 each); Total both.
	Points    int `json:"points"`
	Penalties int `json:"penalties"`
	Total     int `json:"total"`
}

// HandResult is how a hand ended and what it cost each seat.
type HandResult struct {
	Hand   int `json:"hand"`
	Redeal int `json:"redeal,omitempty"`
	// Void: all four opened with pairs; the hand is dealt again and
	// nothing of it counts (the penalties paid in it are given back).
	Void bool `json:"void,omitempty"`
	// WallOut: a player discarded after the wall ran out; no one
	// finished.
	WallOut bool `json:"wall_out,omitempty"`
	// Finisher is the seat that finished, -1 if none; Discard its last
	// discard.
	Finisher int       `json:"finisher"`
	Discard  tile.Tile `json:"discard"`
	// The doublings of M: an okey as the last discard, a finisher who
	// opened with pairs, elden bitme (opened and finished in the same
	// turn while no one else had opened).
	OkeyFinish  bool `json:"okey_finish,omitempty"`
	PairsFinish bool `json:"pairs_finish,omitempty"`
	Elden       bool `json:"elden,omitempty"`
	Multiplier  int  `json:"multiplier"`
	// Lines are the seats' scores with their reasons; Scores the match
	// totals after the hand.
	Lines  [NumSeats]ScoreLine `json:"lines"`
	Scores [NumSeats]int       `json:"scores"`
}

func (r HandResult) clone() HandResult {
	c := r
	for i := range c.Lines {
		c.Lines[i].Rack = slices.Clone(r.Lines[i].Rack)
	}
	return c
}

// MatchResult is the final table: the lowest total wins.
type MatchResult struct {
	Hands int `json:"hands"`
	// Scores are each seat's totals; Totals what decides (under partners
	// the team's total, on both its seats).
	Scores [NumSeats]int `json:"scores"`
	Totals [NumSeats]int `json:"totals"`
	// Place is each seat's rank from 1 (equal places for ties).
	Place   [NumSeats]int          `json:"place"`
	Outcome [NumSeats]game.Outcome `json:"outcome"`
}

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
