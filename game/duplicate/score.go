package duplicate

import (
	"errors"
	"fmt"
	"strconv"
)

// Quarters is a duplicate score in quarters of a point: a result less
// the mean of four is a whole number of quarters, so the score is exact.
type Quarters int

// String writes q in points with its sign, "+3", "-1.25", "0".
func (q Quarters) String() string {
	if q == 0 {
		return "0"
	}
	s := strconv.FormatFloat(float64(q)/4, 'f', -1, 64)
	if q > 0 {
		s = "+" + s
	}
	return s
}

// Played is a hand of the plan as it was played: the hand and each
// seat's result, more being better (the caller turns a 101 total's sign;
// see Result101).
type Played struct {
	Hand   Hand
	Result [Seats]int
}

// Result101 is a 101 hand's result for the duplicate score: its total,
// where less is better, with its sign turned.
func Result101(total int) int { return -total }

// ErrIncomplete is a deal not played in all four rotations.
var ErrIncomplete = errors.New("a deal not played four times")

// Score is each player's duplicate score over the hands played: for
// every deal and seat, the result of the player who held the seat's
// cards in each rotation less the mean of the four results made with
// those cards, summed over the deals and seats. Only deals played in
// all four rotations count; a deal played in fewer is ErrIncomplete if
// complete is set, and left out otherwise (a table closed early scores
// the deals it finished). A rotation played twice is an error.
func Score(hands []Played, complete bool) ([Seats]Quarters, error) {
	var out [Seats]Quarters
	byDeal := map[int]*[Seats]*Played{}
	var order []int
	for i := range hands {
		h := &hands[i]
		r := h.Hand.Rotation
		if r < 0 || r >= Seats || h.Hand.Deal < 0 {
			return out, fmt.Errorf("hand %d: deal %d, rotation %d: not a hand of a plan", h.Hand.N, h.Hand.Deal, r)
		}
		d := byDeal[h.Hand.Deal]
		if d == nil {
			d = new([Seats]*Played)
			byDeal[h.Hand.Deal] = d
			order = append(order, h.Hand.Deal)
		}
		if d[r] != nil {
			return out, fmt.Errorf("deal %d, rotation %d: played twice", h.Hand.Deal+1, r)
		}
		d[r] = h
	}
	for _, k := range order {
		d := byDeal[k]
		full := true
		for _, h := range d {
			full = full && h != nil
		}
		if !full {
			if complete {
				return out, fmt.Errorf("deal %d: %w", k+1, ErrIncomplete)
			}
			continue
		}
		for s := range Seats {
			sum := 0
			for _, h := range d {
				sum += h.Result[s]
			}
			for _, h := range d {
				out[h.Hand.Player(s)] += Quarters(Seats*h.Result[s] - sum)
			}
		}
	}
	return out, nil
}

// Totals is each player's sum of their results over the hands, the
// usual score beside the duplicate one (in the Result's measure: a 101
// total's sign is turned back by the caller).
func Totals(hands []Played) [Seats]int {
	var out [Seats]int
	for _, h := range hands {
		for s, v := range h.Result {
			out[h.Hand.Player(s)] += v
		}
	}
	return out
}
