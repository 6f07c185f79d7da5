package main

import (
	"math"
	"slices"
)

// stakes are what one hand's results are worth to seat 0 in its chance
// of the match (the top two), at one state, each averaged over who
// shows the gösterge.
type stakes struct {
	win, win4 float64        // seat 0 wins with 2, with 4 points
	lose      [seats]float64 // seat j wins with 2 (j 1 to 3)
	none      float64        // no one wins
}

func (m *match) stakesAt(s [seats]int) stakes {
	mean := func(winner, points int) float64 {
		v := 0.0
		for shown := 0; shown < 1<<seats; shown++ {
			v += m.shownP(shown) * m.at(after(s, outcome{shown: shown, winner: winner, points: points}))
		}
		return v
	}
	st := stakes{win: mean(0, 2), win4: mean(0, 4), none: mean(-1, 0)}
	for j := 1; j < seats; j++ {
		st.lose[j] = mean(j, 2)
	}
	return st
}

// The hand's points, as the arena counts a seat's net (what the other
// three lose on average less what it loses): its own win of k is +k,
// another's win of k is -k/3, no winner 0.
const (
	pointsStake = 2 + 2.0/3 // own win of 2 against another's
	pointsOkey  = 2 / pointsStake
	pointsNone  = (2.0 / 3) / pointsStake
)

// stakeFigures are stakes read against the hand's points: each a ratio
// to the stake of winning the hand (seat 0's win of 2 against the mean
// of another's), which the points put at 8/3.
type stakeFigures struct {
	stake  float64 // the own win's stake in the chance of the match
	okey   float64 // an okey finish's extra (points: 0.75)
	none   float64 // no winner against another's win (points: 0.25)
	spread float64 // the best opponent's win less the worst's (points: 0)
}

func (st stakes) figures() stakeFigures {
	lose := (st.lose[1] + st.lose[2] + st.lose[3]) / 3
	f := stakeFigures{stake: st.win - lose}
	if f.stake <= 0 {
		return f
	}
	f.okey = (st.win4 - st.win) / f.stake
	f.none = (st.none - lose) / f.stake
	f.spread = (max(st.lose[1], st.lose[2], st.lose[3]) - min(st.lose[1], st.lose[2], st.lose[3])) / f.stake
	return f
}

// weighed is a figure over the hands a match plays: its mean and
// quantiles, each state weighed by the hands played there.
type weighed struct {
	vs, ws []float64
}

func (w *weighed) add(v, weight float64) {
	w.vs = append(w.vs, v)
	w.ws = append(w.ws, weight)
}

func (w *weighed) mean() float64 {
	s, t := 0.0, 0.0
	for i, v := range w.vs {
		s += v * w.ws[i]
		t += w.ws[i]
	}
	return s / t
}

// share is the weight of values outside [lo, hi].
func (w *weighed) share(lo, hi float64) float64 {
	s, t := 0.0, 0.0
	for i, v := range w.vs {
		if v < lo || v > hi {
			s += w.ws[i]
		}
		t += w.ws[i]
	}
	return s / t
}

func (w *weighed) quantile(q float64) float64 {
	idx := make([]int, len(w.vs))
	t := 0.0
	for i := range idx {
		idx[i] = i
		t += w.ws[i]
	}
	slices.SortFunc(idx, func(a, b int) int {
		switch {
		case w.vs[a] < w.vs[b]:
			return -1
		case w.vs[a] > w.vs[b]:
			return 1
		}
		return 0
	})
	acc := 0.0
	for _, i := range idx {
		acc += w.ws[i]
		if acc >= q*t {
			return w.vs[i]
		}
	}
	return math.NaN()
}
