//go:build tune

package botsclassic

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/tile"
)

// The belief variant of pimc (belief=K) draws its worlds from the
// distribution of the other racks given the public history: the deal
// is a uniform shuffle, the other three seats play normal's policy, and
// a world is likelier the likelier it makes every move they were seen
// to make. That posterior has no closed form; the proxy here is a
// Markov chain over the hidden trajectory (what each opponent was
// dealt, what it drew, what is left in the wall) whose stationary law
// is that posterior:
//
//   - a state places the tiles the seat cannot place (the universe U:
//     all tiles but the indicator, its own first rack and its own draws)
//     into slots: each opponent's first rack, each opponent draw, the
//     wall left;
//   - its weight is the prior (uniform over placements) times the
//     likelihood, the product over every opponent decision of the chance
//     that normal makes it from the rack the placement gives (1 or 0 for
//     a show, a take or a draw, which normal decides by rule; for a
//     discard 1/n when it is one of the n discards normal's last
//     tie-break chooses among at random, else 0);
//   - a move swaps the tiles of two slots picked at random and is
//     accepted with the Metropolis chance, the ratio of the two
//     likelihoods (the proposal is symmetric, the prior flat).
//
// Every decision starts a chain from the true placement, which always
// has a weight above zero, and lets it run burn moves (4,096 unless
// set) before the first world and K between worlds. It is therefore exact only as the chain
// mixes: with too few moves its worlds stay nearer the true racks than
// the posterior's, and the variant over-states what a perfect belief is
// worth (the stats count how far the worlds moved from the truth). It
// also assumes what an honest player cannot know: that the others play
// normal's policy exactly.

// beliefChain is the record of the hand the chain reads: every seat's
// first rack and, in order, its moves.
type beliefChain struct {
	init [classic.NumSeats]tile.Counts
	// size is how many tiles each seat was dealt.
	size  [classic.NumSeats]int
	steps [classic.NumSeats][]beliefStep
	// pending is a draw whose tile the next state shows (seat, or -1).
	pending int
	before  tile.Counts

	// the chain of the current decision
	me    int
	slots []tile.Tile // the placement
	owner []int8      // the opponent a slot belongs to, -1 the wall
	lik   [classic.NumSeats]float64
	cache *TableCache

	// eps > 0 weighs the placement softly (the honest chain's search for
	// a start, tune_honest_test.go): a decision normal would not make
	// costs a factor eps instead of zeroing the weight; then good is the
	// product of normal's chances of the other decisions, bad how many
	// decisions normal would not make, first the first such step.
	eps   float64
	good  [classic.NumSeats]float64
	bad   [classic.NumSeats]int
	first [classic.NumSeats]int
}

const (
	stepDecide = iota
	stepTake
	stepDraw
	stepDiscard
)

// beliefStep is one thing that happened to a seat's rack, or one of its
// decisions: a take or a discard of a public tile, a draw (its tile, the
// truth's, and its slot in the chain), a decision (the seat's view then,
// the action).
type beliefStep struct {
	kind int
	t    tile.Tile
	slot int
	v    *classic.View
	a    classic.Action
}

// watch records every move of the hand (TestBound calls it); only the
// belief variant keeps the record.
func (b *pimc) watch(s classic.State, a classic.Action) {
	if b.belief <= 0 {
		return
	}
	c := b.chain(s)
	c.resolve(s)
	who := s.Turn()
	v := s.View(who)
	c.steps[who] = append(c.steps[who], beliefStep{kind: stepDecide, v: &v, a: a})
	switch a.Kind {
	case classic.ActTake:
		c.steps[who] = append(c.steps[who], beliefStep{kind: stepTake, t: v.Top(v.Previous)})
	case classic.ActDraw:
		c.pending, c.before = who, v.Counts
	case classic.ActDiscard:
		c.steps[who] = append(c.steps[who], beliefStep{kind: stepDiscard, t: a.Tile})
	}
}

// chain is the hand's record, begun from s (the state before the hand's
// first move) when nothing is recorded yet.
func (b *pimc) chain(s classic.State) *beliefChain {
	if b.bel == nil {
		b.bel = &beliefChain{pending: -1, cache: NewTableCache()}
		for seat := range classic.NumSeats {
			b.bel.init[seat] = s.View(seat).Counts
			b.bel.size[seat] = b.bel.init[seat].Total()
		}
	}
	return b.bel
}

// resolve files the pending draw: its tile is what the seat's rack in s
// holds beyond what it held before.
func (c *beliefChain) resolve(s classic.State) {
	if c.pending < 0 {
		return
	}
	now := s.View(c.pending).Counts
	t := tile.NoTile
	for f := range now {
		if now[f] > c.before[f] {
			t = tile.Tile(f)
		}
	}
	c.steps[c.pending] = append(c.steps[c.pending], beliefStep{kind: stepDraw, t: t})
	c.pending = -1
}

// beliefStart builds the chain of a decision from the true placement and
// runs it burn moves before the first world.
func (b *pimc) beliefStart(v *classic.View) error {
	if b.bel == nil && b.truth.Moves() > 0 {
		return fmt.Errorf("pimc belief: the bench did not show the hand's moves (run it with TestBound)")
	}
	if b.honest {
		return b.honestStart(v)
	}
	c := b.chain(b.truth)
	c.resolve(b.truth)
	c.me = v.Seat
	c.slots, c.owner = c.slots[:0], c.owner[:0]
	truth := [classic.NumSeats]tile.Counts{}
	for s := range classic.NumSeats {
		truth[s] = b.truth.View(s).Counts
	}
	known := v.Known()
	wall := v.Unseen()
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		for _, t := range c.init[s].Tiles() {
			c.slots = append(c.slots, t)
			c.owner = append(c.owner, int8(s))
		}
		for i := range c.steps[s] {
			if st := &c.steps[s][i]; st.kind == stepDraw {
				st.slot = len(c.slots)
				c.slots = append(c.slots, st.t)
				c.owner = append(c.owner, int8(s))
			}
		}
		for f := range wall {
			wall[f] -= min(wall[f], truth[s][f]-min(truth[s][f], known[s][f]))
		}
	}
	for _, t := range wall.Tiles() {
		c.slots = append(c.slots, t)
		c.owner = append(c.owner, -1)
	}
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		l, _ := c.likelihood(s, -1)
		if l == 0 {
			return fmt.Errorf("pimc belief: the true placement has no weight for seat %d", s)
		}
		c.lik[s] = l
	}
	c.run(b, b.burn)
	if beliefTrace != nil {
		beliefTrace(b, v)
	}
	return nil
}

// beliefWorld runs the chain K moves and deals the world its placement
// gives: the opponents' racks as they stand now, the wall shuffled.
func (b *pimc) beliefWorld(v *classic.View) (classic.State, error) {
	c := b.cur()
	c.run(b, b.belief)
	var racks [classic.NumSeats]tile.Counts
	var given [classic.NumSeats]*tile.Counts
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		racks[s] = c.rack(s)
		given[s] = &racks[s]
	}
	b.xtra = true
	st, err := v.SampleWorld(b.rnd, given)
	if err != nil {
		return classic.State{}, fmt.Errorf("pimc belief world: %w", err)
	}
	return st, nil
}

// cur is the chain the worlds come from: the honest chain's when the
// variant is honest, else the one started from the truth.
func (b *pimc) cur() *beliefChain {
	if b.honest {
		return b.hon
	}
	return b.bel
}

// run makes n moves of the chain (of the soft chain when eps > 0).
func (c *beliefChain) run(b *pimc, n int) {
	if c.eps > 0 {
		c.runSoft(b, n, c.eps, false)
		return
	}
	for range n {
		i, j := b.rnd.Intn(len(c.slots)), b.rnd.Intn(len(c.slots))
		b.stats.tried++
		if c.slots[i] == c.slots[j] || (c.owner[i] < 0 && c.owner[j] < 0) {
			continue
		}
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
		ratio := 1.0
		var nl [2]float64
		var seats [2]int
		k := 0
		for _, x := range []int{i, j} {
			s := int(c.owner[x])
			if s < 0 || (k == 1 && seats[0] == s) {
				continue
			}
			l, _ := c.likelihood(s, -1)
			seats[k], nl[k] = s, l
			k++
			ratio *= l / c.lik[s]
			if l == 0 {
				break
			}
		}
		if ratio >= 1 || (ratio > 0 && b.rnd.Float64() < ratio) {
			for x := range k {
				c.lik[seats[x]] = nl[x]
			}
			b.stats.took++
			continue
		}
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
	}
}

// rack is seat s's rack now under the placement.
func (c *beliefChain) rack(s int) tile.Counts {
	r, _ := c.replay(s, nil)
	return r
}

// replay plays seat s's record on the placement's racks, calling at
// (when not nil) at every decision with the rack then; ok is false when
// a discard or a take-back finds the rack without the tile.
func (c *beliefChain) replay(s int, at func(*beliefStep, *tile.Counts) bool) (tile.Counts, bool) {
	var r tile.Counts
	i := 0
	for x, o := range c.owner {
		if int(o) == s {
			r[c.slots[x]]++
			i++
			if i == c.size[s] {
				break
			}
		}
	}
	for k := range c.steps[s] {
		st := &c.steps[s][k]
		switch st.kind {
		case stepDecide:
			if at != nil && !at(st, &r) {
				return r, false
			}
		case stepTake:
			r[st.t]++
		case stepDraw:
			r[c.slots[st.slot]]++
		case stepDiscard:
			if r[st.t] == 0 {
				return r, false
			}
			r[st.t]--
		}
	}
	return r, true
}

// likelihood is the chance that normal, in seat s, makes every move
// seat s made, from the racks the placement gives it.
func (c *beliefChain) likelihood(s int, _ int) (float64, bool) {
	if _, ok := c.replay(s, nil); !ok {
		return 0, false
	}
	l := 1.0
	c.replay(s, func(st *beliefStep, r *tile.Counts) bool {
		l *= c.normalChance(st.v, st.a, r)
		return l > 0
	})
	return l, l > 0
}

// normalChance is the chance that normal, holding rack r in the view v
// (the seat's own view, its rack aside), plays a.
func (c *beliefChain) normalChance(tv *classic.View, a classic.Action, r *tile.Counts) float64 {
	v := *tv
	v.Counts = *r
	v.Rack = nil
	show := v.Legal.Show || a.Kind == classic.ActShow
	if v.Indicator.Valid() && !v.Shown[v.Seat] && !v.Acted[v.Seat] {
		show = r[v.Indicator] > 0
	}
	v.Legal.Show = show
	if show != (a.Kind == classic.ActShow) {
		return 0
	}
	if show {
		return 1
	}
	an := &v.Analyzer
	if v.Stage == classic.MustDiscard && v.MyTurn() {
		h, err := handOf(an, &v.Counts)
		if err != nil {
			return 0
		}
		tb := c.cache.table(an, h, 0)
		if minDist(&tb.Dist) > 0 {
			if a.Kind != classic.ActDiscard {
				return 0
			}
			ties := normalTies(an, &tb, &v.Counts)
			for _, t := range ties {
				if t == a.Tile {
					return 1 / float64(len(ties))
				}
			}
			return 0
		}
	}
	nb := NewNormal(0)
	nb.mem.cache = c.cache
	got, err := nb.Decide(context.Background(), v)
	if err != nil || got != a {
		return 0
	}
	return 1
}

// normalTies is the discards normal's last tie-break picks among at
// random (pickLive's ties).
func normalTies(an *hand.Analyzer, tb *hand.DiscardTable, rack *tile.Counts) []tile.Tile {
	w := liveCopies(an, rack)
	p := played(an, rack)
	best, loose := -1, 0
	var ties []tile.Tile
	for f, k := range tb.Dist {
		t := tile.Tile(f)
		if int(k) != tb.Best || an.IsOkey(t) {
			continue
		}
		l := weight(tb.Outs[f], &w)
		nb := neighbours(an, &p, an.PlaysAs(t))
		switch {
		case l > best || (l == best && nb < loose):
			best, loose = l, nb
			ties = append(ties[:0], t)
		case l == best && nb == loose:
			ties = append(ties, t)
		}
	}
	return ties
}

// TestBeliefTrace shows how the belief chain mixes: at every searched
// discard of the first bot in OKEY_DEALS deals (2) of
// 'pimc-belief=1-n=1-burn=1,normal,normal,normal' (OKEY_TRACE_BOT
// replaces the first bot: 'pimc-honest=1-n=1-burn=0' traces the honest
// chain from its start), it runs the chain on from where it starts (the
// true placement, or the honest start) and prints, at the start and
// after 2^j moves, how far the opponents' racks are from the true ones
// (as pimc's moved: the share of their hidden tiles placed elsewhere);
// uniform worlds from the view give what chance leaves.
func TestBeliefTrace(t *testing.T) {
	deals := 2
	if s := os.Getenv("OKEY_DEALS"); s != "" {
		deals, _ = strconv.Atoi(s)
	}
	if os.Getenv("OKEY_TRACE") == "" {
		t.Skip("set OKEY_TRACE=1 (minutes of CPU)")
	}
	top := 16
	if s := os.Getenv("OKEY_TRACE_TOP"); s != "" {
		top, _ = strconv.Atoi(s)
	}
	sum := make([]float64, top+2)
	n := 0
	beliefTrace = func(b *pimc, v *classic.View) {
		c := b.cur()
		done := 0
		for j := range top + 2 {
			if j > 0 {
				c.run(b, 1<<(j-1)-done)
				done = 1 << (j - 1)
			}
			var racks [classic.NumSeats]tile.Counts
			var given [classic.NumSeats]*tile.Counts
			for s := range classic.NumSeats {
				if s != v.Seat {
					racks[s] = c.rack(s)
					given[s] = &racks[s]
				}
			}
			w, err := v.SampleWorld(b.rnd, given)
			if err != nil {
				t.Fatal(err)
			}
			before := b.stats.moved
			b.measure(v, &w)
			sum[j] += b.stats.moved - before
		}
		n++
	}
	defer func() { beliefTrace = nil }()
	names := []string{"pimc-belief=1-n=1-burn=1", "normal", "normal", "normal"}
	if s := os.Getenv("OKEY_TRACE_BOT"); s != "" {
		names[0] = s
	}
	var st pimcStats
	for i := range deals * classic.NumSeats {
		o, err := boundHand(names, i, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		st.tried += o.tried
		st.took += o.took
		st.found += o.found
		st.lost += o.lost
		st.smoves += o.smoves
	}
	t.Logf("at the start:       moved %.3f", sum[0]/float64(n))
	for j := 1; j < top+2; j++ {
		t.Logf("after %6d moves: moved %.3f", 1<<(j-1), sum[j]/float64(n))
	}
	t.Logf("%d decisions, %d moves, %.1f%% accepted", n, st.tried, 100*float64(st.took)/float64(max(st.tried, 1)))
	if st.found+st.lost > 0 {
		t.Logf("honest starts: %d found, %d lost, %.0f search moves a decision", st.found, st.lost,
			float64(st.smoves)/float64(st.found+st.lost))
	}
}

// beliefTrace, when set, is called at every belief decision after the
// chain starts (TestBeliefTrace).
var beliefTrace func(*pimc, *classic.View)
