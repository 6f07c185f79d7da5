package bots

import (
	"slices"

	"okey/game"
)

// matchOdds estimates a seat's share of a match's win (finishing in the
// top two under the point countdown) from the scores, taking every hand
// to come as won by one of the four seats, each as likely, for a melds
// win: a model of the rest of the match in which play is even, so that
// what a hand's points are worth depends on where they leave the match.
// Early on it is about linear in the points; near the end, when a win
// can end the match, it is not. It remembers what it has computed (a
// bot's own cache, tens of thousands of score tables at most).
type matchOdds struct {
	memo map[matchKey]float64
}

// matchKey is a seat's score and the other three, sorted.
type matchKey struct {
	me     int8
	others [game.NumSeats - 1]int8
}

// newMatchOdds returns the model for rules played to a plain point
// countdown (the default), nil for the others (partners, leave_at_zero,
// no scoring), which the model does not describe.
func newMatchOdds(r game.Rules) *matchOdds {
	if !r.Scoring() || r.LeaveAtZero || r.Partners {
		return nil
	}
	return &matchOdds{memo: map[matchKey]float64{}}
}

// value is seat me's expected share of the match's win from scores.
func (m *matchOdds) value(scores [game.NumSeats]int, me int) float64 {
	k := matchKey{me: int8(max(scores[me], -1))}
	i := 0
	over := scores[me] <= 0
	for s, x := range scores {
		if s != me {
			k.others[i] = int8(max(x, -1))
			i++
			over = over || x <= 0
		}
	}
	slices.Sort(k.others[:])
	if over {
		return matchShare(k)
	}
	if v, ok := m.memo[k]; ok {
		return v
	}
	// the next hand, won by each seat alike
	v := 0.0
	for w := range game.NumSeats {
		next := [game.NumSeats]int{int(k.me), int(k.others[0]), int(k.others[1]), int(k.others[2])}
		for s := range next {
			if s != w {
				next[s] -= meldsPoints
			}
		}
		v += m.value(next, 0) / game.NumSeats
	}
	m.memo[k] = v
	return v
}

// matchShare is the share of the win of a finished match: the two
// highest win, seats level across the line share the places left.
func matchShare(k matchKey) float64 {
	higher, level := 0, 1
	for _, x := range k.others {
		switch {
		case x > k.me:
			higher++
		case x == k.me:
			level++
		}
	}
	return float64(min(max(2-higher, 0), level)) / float64(level)
}
