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
