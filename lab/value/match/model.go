package main

import (
	"fmt"
	"math/rand/v2"
)

// seats is classic Okey's table.
const seats = 4

// rates are one hand's outcomes for each seat alike, as measured by
// okey sim among four equal bots: how often a hand ends with no winner,
// the share of wins of each kind, and how often a seat shows the
// gösterge (every other seat loses 1).
type rates struct {
	none      float64 // hands with no winner (the wall ran out)
	okey      float64 // wins finished with an okey (4 points)
	pairs     float64 // seven pairs (4 points)
	pairsOkey float64 // seven pairs finished with an okey (8 points)
	gosterme  float64 // a seat's gösterme a hand
}

func (r rates) check() error {
	for _, p := range []float64{r.none, r.okey, r.pairs, r.pairsOkey, r.gosterme} {
		if p < 0 || p >= 1 {
			return fmt.Errorf("a rate of %v: want one from 0 to below 1", p)
		}
	}
	if r.okey+r.pairs+r.pairsOkey >= 1 {
		return fmt.Errorf("wins of 4 and 8 points are %v of all: want below 1", r.okey+r.pairs+r.pairsOkey)
	}
	return nil
}

// kinds are a win's points with their share of wins.
func (r rates) kinds() [3]struct{ points, share float64 } {
	return [3]struct{ points, share float64 }{
		{2, 1 - r.okey - r.pairs - r.pairsOkey},
		{4, r.okey + r.pairs},
		{8, r.pairsOkey},
	}
}

// match is the countdown of one match: every seat starts at points and
// the match ends after the hand that leaves any seat at 0 or below.
type match struct {
	points int
	r      rates
	// value is seat 0's chance of the top two from each live state
	// (every score 1 to points), indexed by index.
	value []float64
}

// index is a state's place in value; scores run 0 to points.
func (m *match) index(s [seats]int) int {
	i := 0
	for _, v := range s {
		i = i*(m.points+1) + v
	}
	return i
}

// topTwo is seat 0's share of the two winning places at a match's end:
// the two highest scores win, and a tie across the line shares the
// places left among the tied.
func topTwo(s [seats]int) float64 {
	above, tied := 0, 1
	for j := 1; j < seats; j++ {
		switch {
		case s[j] > s[0]:
			above++
		case s[j] == s[0]:
			tied++
		}
	}
	left := 2 - above
	if left <= 0 {
		return 0
	}
	if left >= tied {
		return 1
	}
	return float64(left) / float64(tied)
}

// outcome is one hand's result: who showed the gösterge (a bit a
// seat), who won (-1: no one) and with how many points.
type outcome struct {
	shown  int
	winner int
	points int
	p      float64
}

// outcomes lists every hand's result with its chance, the hand with
// nothing (no gösterme, no winner) last.
func (m *match) outcomes() []outcome {
	var os []outcome
	var idle outcome
	for shown := 0; shown < 1<<seats; shown++ {
		pg := m.shownP(shown)
		o := outcome{shown: shown, winner: -1, p: pg * m.r.none}
		if shown == 0 {
			idle = o
		} else {
			os = append(os, o)
		}
		for w := range seats {
			for _, k := range m.r.kinds() {
				if k.share > 0 {
					os = append(os, outcome{shown, w, int(k.points), pg * (1 - m.r.none) / seats * k.share})
				}
			}
		}
	}
	return append(os, idle)
}

// shownP is the chance that just the seats of shown (a bit a seat)
// show the gösterge in a hand.
func (m *match) shownP(shown int) float64 {
	p := 1.0
	for j := range seats {
		if shown&(1<<j) != 0 {
			p *= m.r.gosterme
		} else {
			p *= 1 - m.r.gosterme
		}
	}
	return p
}

// after is the state an outcome leaves from s.
func after(s [seats]int, o outcome) [seats]int {
	for j := range seats {
		for i := range seats {
			if i != j && o.shown&(1<<i) != 0 {
				s[j]--
			}
		}
		if o.winner >= 0 && o.winner != j {
			s[j] -= o.points
		}
	}
	return s
}

func over(s [seats]int) bool {
	for _, v := range s {
		if v <= 0 {
			return true
		}
	}
	return false
}

// at is seat 0's chance of the top two at s, live or over.
func (m *match) at(s [seats]int) float64 {
	if over(s) {
		return topTwo(s)
	}
	return m.value[m.index(s)]
}

// states calls f with every live state, their scores' sum rising, so
// that every state an outcome leads to comes before it.
func (m *match) states(f func(s [seats]int)) {
	byTotal := make([][][seats]int, seats*m.points+1)
	var s [seats]int
	var walk func(j int)
	walk = func(j int) {
		if j == seats {
			t := 0
			for _, v := range s {
				t += v
			}
			byTotal[t] = append(byTotal[t], s)
			return
		}
		for v := 1; v <= m.points; v++ {
			s[j] = v
			walk(j + 1)
		}
	}
	walk(0)
	for _, ss := range byTotal {
		for _, s := range ss {
			f(s)
		}
	}
}

// newMatch solves the match: a hand with nothing in it leaves the state as it
// was, so each state's value is its other outcomes' over their share.
func newMatch(points int, r rates) (*match, error) {
	if points < 1 || points > 40 {
		return nil, fmt.Errorf("points %d: want 1 to 40", points)
	}
	if err := r.check(); err != nil {
		return nil, err
	}
	m := &match{points: points, r: r}
	n := 1
	for range seats {
		n *= points + 1
	}
	m.value = make([]float64, n)
	os := m.outcomes()
	idle := os[len(os)-1]
	os = os[:len(os)-1]
	m.states(func(s [seats]int) {
		v := 0.0
		for _, o := range os {
			v += o.p * m.at(after(s, o))
		}
		m.value[m.index(s)] = v / (1 - idle.p)
	})
	return m, nil
}

// hands is the expected number of hands played at each live state from
// the match's start (the idle hands included), by index.
func (m *match) hands() []float64 {
	os := m.outcomes()
	idle := os[len(os)-1]
	os = os[:len(os)-1]
	reach := make([]float64, len(m.value))
	var start [seats]int
	for j := range start {
		start[j] = m.points
	}
	reach[m.index(start)] = 1
	var order [][seats]int
	m.states(func(s [seats]int) { order = append(order, s) })
	hands := make([]float64, len(m.value))
	for i := len(order) - 1; i >= 0; i-- { // falling sums: a state's mass is whole before it moves on
		s := order[i]
		r := reach[m.index(s)]
		if r == 0 {
			continue
		}
		hands[m.index(s)] = r / (1 - idle.p)
		for _, o := range os {
			if t := after(s, o); !over(t) {
				reach[m.index(t)] += r * o.p / (1 - idle.p)
			}
		}
	}
	return hands
}

// simulate plays n matches of the model from the start and returns
// seat 0's share of the top two and the mean hands a match: the
// solver's check.
func (m *match) simulate(n int, seed uint64) (topShare, hands float64) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	os := m.outcomes()
	for range n {
		var s [seats]int
		for j := range s {
			s[j] = m.points
		}
		for !over(s) {
			hands++
			u := rng.Float64()
			for _, o := range os {
				if u < o.p {
					s = after(s, o)
					break
				}
				u -= o.p
			}
		}
		topShare += topTwo(s)
	}
	return topShare / float64(n), hands / float64(n)
}
