//go:build tune

package botsclassic

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// The honest variant of the belief chain (pimc-honest=K) is the belief
// variant (tune_belief_test.go) started without the truth. At every
// searched decision it
//
//  1. strips the hand's record to what the seat may know (public): the
//     other seats' first racks and draws lose their tiles, and the views
//     they decided in lose their racks, their draws' tiles and whether
//     they could show;
//  2. builds a placement from that alone (build): the tiles the seat
//     cannot place (every tile but the indicator, its own first rack and
//     its own draws) go into the slots so that every discard finds its
//     tile and every show its indicator: each tile an opponent threw that
//     it had not taken is put in one of its slots filled before the throw
//     (its first rack or an earlier draw), the rest into the other slots;
//     where the last decision's placement (the hint; none at the hand's
//     first decision or with cold=1) had a tile, it goes there again,
//     else at random;
//  3. searches from there for a placement that agrees with every move
//     (anneal): a soft chain in which each decision normal would not make
//     costs a factor eps instead of zeroing the weight, eps falling from
//     0.3 to 0.003 over the budget (16,384 moves unless set), half its
//     moves aimed at a tile a seat held before its first such decision,
//     a placement whose discard finds no tile refused;
//  4. once every move agrees (the weight is then above zero), runs the
//     belief chain itself, as the belief variant does: burn moves, then
//     a world every K.
//
// When the budget runs out before every move agrees, the chain goes on
// softly, at the last eps, from the placement reached: its worlds then
// come from the tempered law (a decision normal would not make costs
// 0.003), not the posterior, and the stats count the decision as lost.
// The search is not a sampler of the posterior; the chain after it is,
// as far as it mixes. Nothing of it reads the truth but what measures
// it (pimc's moved).

// public is the record as seat me may know it: what the other seats
// were dealt and drew only by number, and the views they decided in
// without their racks and their draws' tiles. Nothing else of it is read
// by the honest chain.
func (c *beliefChain) public(me int) *beliefChain {
	p := &beliefChain{pending: -1, cache: c.cache, me: me, size: c.size}
	for s := range classic.NumSeats {
		if s == me {
			p.init[s] = c.init[s]
			p.steps[s] = append([]beliefStep(nil), c.steps[s]...)
			continue
		}
		p.steps[s] = make([]beliefStep, len(c.steps[s]))
		for i, st := range c.steps[s] {
			st.slot = 0
			if st.kind == stepDraw {
				st.t = tile.NoTile
			}
			if st.v != nil {
				pv := *st.v
				pv.Counts, pv.Rack = tile.Counts{}, nil
				pv.Legal.Show = false // normalChance reads the show from the rack
				pv.History = make([]classic.Event, len(st.v.History))
				for k, e := range st.v.History {
					pv.History[k] = e.Redact(-1)
				}
				st.v = &pv
			}
			p.steps[s][i] = st
		}
	}
	return p
}

// honestStart builds the decision's chain from the seat's view alone
// and runs it burn moves before the first world.
func (b *pimc) honestStart(v *classic.View) error {
	c := b.chain(b.truth)
	c.resolve(b.truth)
	p := c.public(v.Seat)
	var h *placement
	if b.hon != nil && !b.cold {
		h = b.hon.placed()
	}
	b.hon = p
	if err := p.build(v, b.rnd, h); err != nil {
		return err
	}
	b.lost = !p.anneal(b, b.budget)
	if b.lost {
		b.stats.lost++
	} else {
		b.stats.found++
	}
	p.run(b, b.burn)
	if beliefTrace != nil {
		beliefTrace(b, v)
	}
	return nil
}

// universe is what the seat cannot place: every tile of the game but
// the indicator, its own first rack and its own draws.
func (c *beliefChain) universe(v *classic.View) tile.Counts {
	var u tile.Counts
	for f := range tile.NumFaces {
		if tile.Tile(f) != tile.FalseJoker || v.Rules.HasOkey() {
			u[f] = 2
		}
	}
	if v.Indicator.Valid() {
		u[v.Indicator]--
	}
	for f, n := range c.init[c.me] {
		u[f] -= n
	}
	for _, st := range c.steps[c.me] {
		if st.kind == stepDraw && st.t.Valid() {
			u[st.t]--
		}
	}
	return u
}

// placement is where a chain put the tiles: each opponent's first rack
// in slot order, its draws by their step in its record, the wall.
type placement struct {
	init [classic.NumSeats][]tile.Tile
	draw [classic.NumSeats]map[int]tile.Tile
	wall []tile.Tile
}

// placed is the chain's placement now.
func (c *beliefChain) placed() *placement {
	h := &placement{}
	for s := range classic.NumSeats {
		if s == c.me {
			continue
		}
		for x, o := range c.owner {
			if int(o) == s && len(h.init[s]) < c.size[s] {
				h.init[s] = append(h.init[s], c.slots[x])
			}
		}
		h.draw[s] = map[int]tile.Tile{}
		for k, st := range c.steps[s] {
			if st.kind == stepDraw {
				h.draw[s][k] = c.slots[st.slot]
			}
		}
	}
	for x, o := range c.owner {
		if o < 0 {
			h.wall = append(h.wall, c.slots[x])
		}
	}
	return h
}

// build lays out the slots (each opponent's first rack, its draws in
// order, the wall) and fills them from the universe so that every
// discard finds its tile: each tile an opponent threw without having
// taken it goes into a free slot of that opponent filled before the
// throw, the rest at random. With a hint (the last decision's
// placement, warm), a tile goes where the hint had it when it can: the
// slot that held it for a discard, every slot the hint filled, then the
// rest at random; so the last decision's start, which agreed with every
// move then, is kept but for what changed since.
func (c *beliefChain) build(v *classic.View, rnd *game.Seeded, hint *placement) error {
	u := c.universe(v)
	c.slots, c.owner = c.slots[:0], c.owner[:0]
	var from [classic.NumSeats]int
	for s := range classic.NumSeats {
		if s == c.me {
			continue
		}
		from[s] = len(c.slots)
		for range c.size[s] {
			c.slots = append(c.slots, tile.NoTile)
			c.owner = append(c.owner, int8(s))
		}
		for i := range c.steps[s] {
			if st := &c.steps[s][i]; st.kind == stepDraw {
				st.slot = len(c.slots)
				c.slots = append(c.slots, tile.NoTile)
				c.owner = append(c.owner, int8(s))
			}
		}
	}
	rest := u.Total() - len(c.slots)
	if rest < 0 {
		return fmt.Errorf("pimc honest: %d tiles for %d slots", u.Total(), len(c.slots))
	}
	for range rest {
		c.slots = append(c.slots, tile.NoTile)
		c.owner = append(c.owner, -1)
	}
	want := make([]tile.Tile, len(c.slots)) // the hint's tile of every slot
	for x := range want {
		want[x] = tile.NoTile
	}
	if hint != nil {
		w := 0
		for s := range classic.NumSeats {
			if s == c.me {
				continue
			}
			for k := range min(c.size[s], len(hint.init[s])) {
				want[from[s]+k] = hint.init[s][k]
			}
			for k, st := range c.steps[s] {
				if t, ok := hint.draw[s][k]; ok && st.kind == stepDraw {
					want[st.slot] = t
				}
			}
		}
		for x, o := range c.owner {
			if o < 0 && w < len(hint.wall) {
				want[x] = hint.wall[w]
				w++
			}
		}
	}
	// the discards' tiles, seat by seat in a random order
	order := []int{0, 1, 2, 3}
	for i := len(order) - 1; i > 0; i-- {
		j := rnd.Intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	for _, s := range order {
		if s == c.me {
			continue
		}
		var free []int
		for x := from[s]; x < from[s]+c.size[s]; x++ {
			free = append(free, x)
		}
		var took tile.Counts
		for _, st := range c.steps[s] {
			show := st.kind == stepDecide && st.a.Kind == classic.ActShow
			if show {
				// it showed the indicator: one of its first tiles, which
				// a later discard may throw
				st.kind, st.t = stepDiscard, v.Indicator
			}
			switch st.kind {
			case stepTake:
				took[st.t]++
			case stepDraw:
				free = append(free, st.slot)
			case stepDiscard:
				if took[st.t] > 0 {
					took[st.t]--
					continue
				}
				if len(free) == 0 || u[st.t] == 0 {
					return fmt.Errorf("pimc honest: seat %d threw %v that no placement gives it", s, st.t)
				}
				k := rnd.Intn(len(free))
				for y, x := range free {
					if want[x] == st.t {
						k = y
						break
					}
				}
				c.slots[free[k]] = st.t
				free[k] = free[len(free)-1]
				free = free[:len(free)-1]
				u[st.t]--
				if show {
					took[st.t]++
				}
			}
		}
	}
	for x := range c.slots {
		if t := want[x]; c.slots[x] == tile.NoTile && t.Valid() && u[t] > 0 {
			c.slots[x] = t
			u[t]--
		}
	}
	left := u.Tiles()
	rnd.ShuffleTiles(left)
	for x := range c.slots {
		if c.slots[x] == tile.NoTile {
			c.slots[x], left = left[0], left[1:]
		}
	}
	return nil
}

// soft is seat s's soft weight at eps: good, the product of normal's
// chances of its decisions normal would make; bad, how many it would
// not make; first, the first of those (its step). ok is false when a
// discard finds the rack without its tile or a show without the
// indicator, and as soon as good·eps^bad falls below floor (it only
// falls, decision by decision: the chain's early refusal).
func (c *beliefChain) soft(s int, eps, floor float64) (good float64, bad, first int, ok bool) {
	if _, ok := c.replay(s, nil); !ok {
		return 0, 0, 0, false
	}
	good, first = 1, -1
	k := 0
	shown := true
	c.replay(s, func(st *beliefStep, r *tile.Counts) bool {
		for &c.steps[s][k] != st {
			k++
		}
		if st.a.Kind == classic.ActShow && r[st.v.Indicator] == 0 {
			shown = false
			return false
		}
		if p := c.normalChance(st.v, st.a, r); p > 0 {
			good *= p
		} else {
			if bad == 0 {
				first = k
			}
			bad++
		}
		if floor > 0 && good*math.Pow(eps, float64(bad)) < floor {
			shown = false
			return false
		}
		return true
	})
	return good, bad, first, shown
}

// anneal searches, at most budget moves, for a placement with which
// every move agrees, from the one the chain holds; true when found, and
// the chain is then exact (eps 0) with the weights of that placement.
// Otherwise it is left soft at the last eps.
func (c *beliefChain) anneal(b *pimc, budget int) bool {
	const eps0, eps1 = 0.3, 0.003
	total := 0
	for s := range classic.NumSeats {
		if s == c.me {
			continue
		}
		var ok bool
		c.good[s], c.bad[s], c.first[s], ok = c.soft(s, eps0, 0)
		if !ok {
			panic("pimc honest: the built placement misses a discard")
		}
		total += c.bad[s]
	}
	c.eps = eps0
	for m := 0; m < budget && total > 0; {
		c.eps = eps0 * math.Pow(eps1/eps0, float64(m)/float64(budget))
		var made int
		total, made = c.runSoft(b, min(64, budget-m), c.eps, true)
		m += made
		b.stats.smoves += made
	}
	if total > 0 {
		c.eps = eps1
		return false
	}
	c.eps = 0
	for s := range classic.NumSeats {
		if s == c.me {
			continue
		}
		l, _ := c.likelihood(s, -1)
		if l == 0 {
			panic("pimc honest: a placement every move agrees with has no weight")
		}
		c.lik[s] = l
	}
	return true
}

// runSoft makes n moves of the soft chain at eps (the weight of a
// placement: good·eps^bad for each seat). With aim (the search for a
// start), half of them swap a tile a seat held before its first
// decision normal would not make, and it stops as soon as every move
// agrees. It returns how many decisions do not agree, and the moves made.
func (c *beliefChain) runSoft(b *pimc, n int, eps float64, aim bool) (int, int) {
	total := 0
	for s := range classic.NumSeats {
		if s != c.me {
			total += c.bad[s]
		}
	}
	made := 0
	for ; made < n; made++ {
		if aim && total == 0 {
			break
		}
		j := b.rnd.Intn(len(c.slots))
		i := b.rnd.Intn(len(c.slots))
		if aim && b.rnd.Intn(2) == 0 {
			if x, ok := c.aimed(b); ok {
				i = x
			}
		}
		b.stats.tried++
		if c.slots[i] == c.slots[j] || (c.owner[i] < 0 && c.owner[j] < 0) {
			continue
		}
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
		// accepted when the new weight is at least u times the old: each
		// seat's weight only falls as its decisions are read, so a
		// proposal is refused as soon as it cannot pass
		var ng [2]float64
		var nb, nf, seats [2]int
		k := 0
		for _, x := range []int{i, j} {
			if s := int(c.owner[x]); s >= 0 && (k == 0 || seats[0] != s) {
				seats[k] = s
				k++
			}
		}
		floor := b.rnd.Float64()
		for x := range k {
			s := seats[x]
			floor *= c.good[s] * math.Pow(eps, float64(c.bad[s]))
		}
		ok := true
		for x := range k {
			g, bad, first, fine := c.soft(seats[x], eps, floor)
			if !fine {
				ok = false
				break
			}
			ng[x], nb[x], nf[x] = g, bad, first
			floor /= g * math.Pow(eps, float64(bad))
		}
		if ok {
			for x := range k {
				s := seats[x]
				total += nb[x] - c.bad[s]
				c.good[s], c.bad[s], c.first[s] = ng[x], nb[x], nf[x]
			}
			b.stats.took++
			continue
		}
		c.slots[i], c.slots[j] = c.slots[j], c.slots[i]
	}
	return total, made
}

// aimed is a slot of a seat with a decision normal would not make, one
// the seat filled before the first such decision (a tile of its first
// rack or of an earlier draw).
func (c *beliefChain) aimed(b *pimc) (int, bool) {
	var seats []int
	for s := range classic.NumSeats {
		if s != c.me && c.bad[s] > 0 {
			seats = append(seats, s)
		}
	}
	if len(seats) == 0 {
		return 0, false
	}
	s := seats[b.rnd.Intn(len(seats))]
	var cand []int
	seen := 0
	for x, o := range c.owner {
		if int(o) != s {
			continue
		}
		if seen < c.size[s] {
			cand = append(cand, x)
			seen++
		}
	}
	for k, st := range c.steps[s] {
		if k >= c.first[s] {
			break
		}
		if st.kind == stepDraw {
			cand = append(cand, st.slot)
		}
	}
	if len(cand) == 0 {
		return 0, false
	}
	return cand[b.rnd.Intn(len(cand))], true
}

// TestHonestStartBlind checks that the honest chain's start is found
// from the seat's view alone and agrees with every move: at every
// searched decision of the first bot in two hands of
// 'pimc-honest=1-n=1-burn=0,normal,normal,normal', it takes a second
// hand record that differs from the true one only in what the seat
// cannot see (the others' first racks, their draws, the racks and draws
// in their views: those of the start the chain found, a placement other
// than the truth) and asks for the start again from both records with
// the same seed and hint: the two must be the same placement, found or
// not alike, and a start found must have a weight above zero with
// every opponent.
func TestHonestStartBlind(t *testing.T) {
	checked, found, differ := 0, 0, 0
	beliefTrace = func(b *pimc, v *classic.View) {
		rec, hint := b.bel, b.hon.placed()
		u := b.hon.universe(v)
		var held tile.Counts
		for _, x := range b.hon.slots {
			held[x]++
		}
		if held != u {
			t.Errorf("the start places %v, the universe is %v", held.Tiles(), u.Tiles())
		}
		start := func(rec *beliefChain, seed uint64) (*beliefChain, bool) {
			q := newPimc(seed)
			q.budget = 4096
			p := rec.public(v.Seat)
			if err := p.build(v, q.rnd, hint); err != nil {
				t.Fatal(err)
			}
			return p, p.anneal(q, q.budget)
		}
		seed := b.rnd.Uint64()
		pa, oka := start(rec, seed)
		if pc, okc := start(rec, seed); okc != oka || !slices.Equal(pa.slots, pc.slots) {
			t.Errorf("decision %d: the start is not a function of the record and the seed", checked+1)
		}
		other := rec.withHidden(b.hon)
		pb, okb := start(other, seed)
		checked++
		if other.init != rec.init {
			differ++
		}
		if oka != okb || !slices.Equal(pa.slots, pb.slots) {
			t.Errorf("decision %d: the start depends on the hidden tiles (found %v, %v)", checked, oka, okb)
		}
		if !oka {
			return
		}
		found++
		for s := range classic.NumSeats {
			if s == v.Seat {
				continue
			}
			if l, _ := pa.likelihood(s, -1); l <= 0 {
				t.Errorf("decision %d: the start found has no weight with seat %d", checked, s)
			}
		}
	}
	defer func() { beliefTrace = nil }()
	names := []string{"pimc-honest=1-n=1-burn=0-budget=4096", "normal", "normal", "normal"}
	for i := range 2 {
		if _, err := boundHand(names, i, 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 || found == 0 || differ == 0 {
		t.Fatalf("%d decisions checked, %d starts found, %d records that differ from the truth", checked, found, differ)
	}
	t.Logf("%d decisions checked, %d starts found, %d records differing from the truth", checked, found, differ)
}

// withHidden is the record with what seat p.me cannot see replaced by
// the placement of chain p: the others' first
// racks, their draws, the racks and the draws in their views.
func (c *beliefChain) withHidden(p *beliefChain) *beliefChain {
	o := &beliefChain{pending: -1, cache: c.cache, me: p.me, size: c.size, init: c.init}
	for s := range classic.NumSeats {
		o.steps[s] = append([]beliefStep(nil), c.steps[s]...)
		if s == p.me {
			continue
		}
		var r tile.Counts
		n := 0
		for x, w := range p.owner {
			if int(w) == s && n < p.size[s] {
				r[p.slots[x]]++
				n++
			}
		}
		o.init[s] = r
		var racks []tile.Counts
		p.replay(s, func(_ *beliefStep, r *tile.Counts) bool {
			racks = append(racks, *r)
			return true
		})
		var draws []tile.Tile
		for k := range o.steps[s] {
			if st := &o.steps[s][k]; st.kind == stepDraw {
				st.t = p.slots[p.steps[s][k].slot]
				draws = append(draws, st.t)
			}
		}
		d := 0
		for k := range o.steps[s] {
			st := &o.steps[s][k]
			if st.v == nil {
				continue
			}
			v := *st.v
			v.Counts = racks[d]
			d++
			v.Rack = v.Counts.Tiles()
			v.History = append([]classic.Event(nil), v.History...)
			n := 0
			for e := range v.History {
				if ev := &v.History[e]; ev.Kind == classic.EvDraw && ev.Seat == s && n < len(draws) {
					ev.Tile = draws[n]
					n++
				}
			}
			st.v = &v
		}
	}
	return o
}
