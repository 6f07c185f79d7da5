//go:build tune

package botsclassic

import (
	"context"
	"fmt"
	"math"

	"okey/game"
	"okey/game/classic"
	"okey/game/tile"
)

// pimc is a tuning-bench player that measures how much a search over
// whole playouts can add to the normal rule: at a discard it takes the
// least-distance candidates (normal's pick first), plays every candidate
// out to the end of the hand n times on the same sampled worlds with all
// four seats on the normal policy, and throws the candidate that won the
// most playouts (normal's pick on a tie). Every other move is normal's.
// With cheat set it is an oracle, not a player: the bench hands it the
// true state, and its worlds keep the racks it is set to see as they
// are (cheat=7: every rack, so it knows everything but the order of the
// draws).
type pimc struct {
	base  *Normal
	rnd   *game.Seeded
	n     int
	k     int
	cheat int
	// filt is the most guesses tried for a world that agrees with every
	// other seat's last discard (0: the first guess).
	filt int
	// taken: the worlds keep, besides what the view knows, every tile an
	// opponent took from the discards and still holds, as the true racks
	// say (see takenWorld); belief > 0: the worlds are drawn from the
	// racks' distribution given the public history (tune_belief_test.go).
	taken  bool
	belief int
	// honest (with belief > 0) starts the belief chain of every decision
	// from a placement found from the seat's view alone, not from the
	// truth (tune_honest_test.go); budget is the most moves its search
	// for a start may make.
	// cold starts every decision's search afresh, not from the last
	// decision's placement.
	honest, cold bool
	// lost: the last decision's search found no start (its worlds are
	// the tempered chain's).
	lost   bool
	budget int
	hon    *beliefChain
	// burn is the belief chain's moves before a decision's first world
	// (8·burn when it starts from the truth).
	burn  int
	truth classic.State
	// cache holds the playouts' discard tables (it changes no choice).
	cache *TableCache
	// stats counts what the bound bench reports (TestBound).
	stats pimcStats
	bel   *beliefChain
	xtra  bool // a world of this decision knew more than the view
	// sampler > 0 draws the worlds from the bench's sampler of that
	// number (1 the first of those TestBound's caller gives, see
	// RunBound), from the view alone; worlds is it, set by the bench.
	sampler int
	worlds  PimcWorlds
	// probe > 0 makes the player a probe of its worlds, not a player
	// (TestBoundLogLoss): at every discard it would search (probe=2:
	// every discard) it draws its n worlds, hands them to probeFn with
	// the view and the true racks, and plays normal's pick.
	probe   int
	probeFn PimcProbe
}

// PimcWorlds is a sampler of worlds from a view, for pimc's sampler=K:
// read v once for a decision, then give world i of that decision under
// seed. A sampler a bench outside this package makes (the learned
// belief's, which imports this package) comes in through it.
type PimcWorlds func(v *classic.View, seed uint64) (func(i int) (classic.State, error), error)

// pimcStats counts a pimc player's searched discards: searched (two or
// more candidates), over (another than normal's pick thrown), extra
// (the worlds knew more than the view: the taken or belief worlds).
type pimcStats struct {
	searched, over, extra int
	// moved sums, over the belief worlds, the share of the opponents'
	// hidden tiles a world places other than the true racks do.
	moved  float64
	worlds int
	// tried and took count the belief chain's moves and those accepted.
	tried, took int
	// found and lost count the honest chain's decisions whose search
	// for a start found one agreeing with every move or ran out of
	// budget; smoves sums the search's moves.
	found, lost, smoves int
	// probe sums the probe's figures (probe=1).
	probe ProbeSums
}

func newPimc(seed uint64) *pimc {
	return &pimc{base: NewNormal(seed), rnd: game.NewSeeded(seed ^ 0x9157), n: 64, k: 4, burn: 4096, budget: 16384, cache: NewTableCache()}
}

func (b *pimc) Level() string { return "pimc" }

// see gives the oracle the true state before each decision.
func (b *pimc) see(s classic.State) { b.truth = s }

func (b *pimc) Decide(ctx context.Context, v classic.View) (classic.Action, error) {
	a, err := b.base.Decide(ctx, v)
	if err != nil || v.Stage != classic.MustDiscard || a.Kind != classic.ActDiscard || !v.MyTurn() {
		return a, err
	}
	more, err := LeastDistance(&v, a.Tile, b.k)
	if err != nil {
		return classic.Action{}, err
	}
	cs := append([]tile.Tile{a.Tile}, more...)
	if len(cs) == 1 && b.probe != 2 {
		return a, nil
	}
	b.stats.searched++
	b.xtra = false
	if b.belief > 0 {
		if err := b.beliefStart(&v); err != nil {
			return classic.Action{}, err
		}
	}
	next := func(int) (classic.State, error) { return b.world(&v) }
	if b.sampler > 0 {
		if b.worlds == nil {
			return classic.Action{}, fmt.Errorf("pimc sampler=%d: the bench gave no such sampler", b.sampler)
		}
		if next, err = b.worlds(&v, b.rnd.Uint64()); err != nil {
			return classic.Action{}, fmt.Errorf("pimc sampler=%d: %w", b.sampler, err)
		}
	}
	if b.probe > 0 {
		return a, b.probeWorlds(&v, next)
	}
	wins := make([]int, len(cs))
	for i := range b.n {
		world, err := next(i)
		for try := 1; err == nil && try < b.filt && !agrees(&v, world); try++ {
			world, err = next(i + try*b.n)
		}
		if err != nil {
			return classic.Action{}, err
		}
		b.measure(&v, &world)
		seed := b.rnd.Uint64()
		for i, t := range cs {
			won, err := playToEnd(world, v.Seat, classic.DiscardAction(v.Seat, t), seed, b.cache)
			if err != nil {
				return classic.Action{}, err
			}
			if won {
				wins[i]++
			}
		}
	}
	best := 0
	for i := range cs {
		if wins[i] > wins[best] {
			best = i
		}
	}
	if best != 0 {
		b.stats.over++
	}
	if b.xtra {
		b.stats.extra++
	}
	return classic.DiscardAction(v.Seat, cs[best]), nil
}

// world is one guess at the hidden tiles: the racks of the seats the
// bot sees (cheat: a bit per seat after it, 1 the next, 2 the one
// across, 4 the previous) as they are, the other racks and the wall
// dealt at random from what is left, as the expert samples them.
func (b *pimc) world(v *classic.View) (classic.State, error) {
	switch {
	case b.belief > 0:
		return b.beliefWorld(v)
	case b.taken:
		return b.takenWorld(v)
	}
	var given [classic.NumSeats]*tile.Counts
	for s := range classic.NumSeats {
		if s != v.Seat && b.cheat&(1<<((s-v.Seat+classic.NumSeats-1)%classic.NumSeats)) != 0 {
			c := b.truth.View(s).Counts
			given[s] = &c
		}
	}
	st, err := v.SampleWorld(b.rnd, given)
	if err != nil {
		return classic.State{}, fmt.Errorf("pimc world: %w", err)
	}
	return st, nil
}

// measure counts how far a world is from the truth: the tiles it puts
// in the other racks that the true racks do not hold, over the tiles of
// those racks the view cannot place (0 for full sight; for worlds dealt
// at random from the view, what chance leaves in place).
func (b *pimc) measure(v *classic.View, w *classic.State) {
	known := v.Known()
	diff, hidden := 0, 0
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		truth, got := b.truth.View(s).Counts, w.View(s).Counts
		for f := range truth {
			if got[f] > truth[f] {
				diff += int(got[f] - truth[f])
			}
		}
		hidden += v.TileCounts[s] - known[s].Total()
	}
	if hidden > 0 {
		b.stats.moved += float64(diff) / float64(hidden)
		b.stats.worlds++
	}
}

// takenWorld is world for the taken variant: each opponent's rack
// keeps what the view knows it holds and, beyond it, the tiles of the
// faces it took from the discards this hand that its true rack still
// holds (of a face taken and thrown again the view knows none; the
// true rack may still hold the taken copy); the rest of the racks and
// the wall are dealt at random from what is left, as world does.
func (b *pimc) takenWorld(v *classic.View) (classic.State, error) {
	known := v.Known()
	pool := v.Unseen()
	var took [classic.NumSeats]tile.Counts
	for _, e := range v.History {
		if e.Kind == classic.EvTake && e.Seat >= 0 && e.Seat < classic.NumSeats && e.Tile.Valid() {
			took[e.Seat][e.Tile]++
		}
	}
	var racks [classic.NumSeats]tile.Counts
	extra := false
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		truth := b.truth.View(s).Counts
		racks[s] = known[s]
		for f := range racks[s] {
			held := min(took[s][f], truth[f])
			if held > racks[s][f] {
				d := held - racks[s][f]
				if pool[f] < d {
					return classic.State{}, fmt.Errorf("pimc taken world: seat %d holds %v the pool lacks", s, tile.Tile(f))
				}
				pool[f] -= d
				racks[s][f] = held
				extra = true
			}
		}
	}
	b.xtra = b.xtra || extra
	tiles := pool.Tiles()
	b.rnd.ShuffleTiles(tiles)
	var given [classic.NumSeats]*tile.Counts
	for s := range classic.NumSeats {
		if s == v.Seat {
			continue
		}
		for racks[s].Total() < v.TileCounts[s] {
			if len(tiles) == 0 {
				return classic.State{}, fmt.Errorf("pimc taken world: too few tiles for seat %d", s)
			}
			racks[s][tiles[0]]++
			tiles = tiles[1:]
		}
		given[s] = &racks[s]
	}
	st, err := v.SampleWorld(b.rnd, given)
	if err != nil {
		return classic.State{}, fmt.Errorf("pimc taken world: %w", err)
	}
	return st, nil
}

// agrees reports whether every other seat's last discard was one that
// left the least distance from the rack the world gives it, as a normal
// player's always is.
func agrees(v *classic.View, w classic.State) bool {
	var last [classic.NumSeats]tile.Tile
	for s := range last {
		last[s] = tile.NoTile
	}
	for _, e := range v.History {
		switch e.Kind {
		case classic.EvDiscard:
			last[e.Seat] = e.Tile
		case classic.EvFinish:
			return true
		}
	}
	an := &v.Analyzer
	for s, d := range last {
		if s == v.Seat || d == tile.NoTile || an.IsOkey(d) {
			continue
		}
		c := w.View(s).Counts
		c[d]++
		h, err := an.HandOf(c)
		if err != nil {
			return false
		}
		dd := an.DiscardDistances(h)
		best := int8(math.MaxInt8)
		for f, k := range dd {
			if k >= 0 && !an.IsOkey(tile.Tile(f)) {
				best = min(best, k)
			}
		}
		if dd[d] != best {
			return false
		}
	}
	return true
}

// playToEnd applies a in s and plays on with normal bots on every seat;
// won is whether seat me won.
// The players share cache (nil: none), which changes no choice.
func playToEnd(s classic.State, me int, a classic.Action, seed uint64, cache *TableCache) (bool, error) {
	s, _, err := s.Apply(a)
	if err != nil {
		return false, err
	}
	var players [classic.NumSeats]*Normal
	for i := range players {
		players[i] = NewNormal(seed + uint64(i))
		players[i].mem.cache = cache
	}
	ctx := context.Background()
	for s.Phase() == game.Playing && s.Moves() < 500 {
		seat := s.Turn()
		v := s.View(seat)
		act, err := players[seat].Decide(ctx, v)
		if err != nil {
			return false, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
		if s, _, err = s.Apply(act); err != nil {
			return false, fmt.Errorf("playout, seat %d: %w", seat, err)
		}
	}
	r := s.Result()
	return r != nil && r.Winner == me, nil
}
