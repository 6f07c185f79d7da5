package bots101

import (
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// memo remembers the last few answers of the two searches a turn asks
// most often, about the same racks (before opening, to finish, to
// discard): the best opening and the fewest tiles unmelded. The melds it
// hands out are shared and never changed (a board replaces a meld it
// lays off onto, never writes into it).
type memo struct {
	open [memoSize]memoOpen
	unm  [memoSize]memoUnmelded
	no   int // the next slot of open to fill
	nu   int
	// saved is the work (meld.Solver.Work) of the answers handed out
	// again: a remembered answer counts what it cost the first time, so
	// that what a decision spends does not depend on what the memo holds.
	saved uint64
}

const memoSize = 4

type memoKey struct {
	okey tile.Tile
	rack tile.Counts
}

type memoOpen struct {
	key memoKey
	ok  bool
	o   meld.Opening
	w   uint64
}

type memoUnmelded struct {
	key memoKey
	ok  bool
	n   int
	ms  []meld.Meld
	w   uint64
}

// work is the search work the player has asked for: the solver's, and
// the memo's answers again at their first cost.
func (p *player) work() uint64 { return p.sv.Work() + p.memo.saved }

// budget starts a decision: its searches may spend decideBudget of work
// before the samplers stop at their least.
func (p *player) budget() { p.until = p.work() + decideBudget }

// spent reports whether the decision under way has used its budget of
// search work (decideBudget): the samplers then stop at their least.
func (p *player) spent() bool { return p.work() >= p.until }

// best is the solver's BestOpening of c, remembered.
func (p *player) best(an meld.Analyzer, c *tile.Counts) meld.Opening {
	k := memoKey{an.Okey(), *c}
	for i := range p.memo.open {
		if e := &p.memo.open[i]; e.ok && e.key == k {
			p.memo.saved += e.w
			return e.o
		}
	}
	w := p.sv.Work()
	o := p.sv.BestOpening(an, *c)
	p.memo.open[p.memo.no] = memoOpen{key: k, ok: true, o: o, w: p.sv.Work() - w}
	p.memo.no = (p.memo.no + 1) % memoSize
	return o
}

// unmelded is the solver's Unmelded of c, remembered.
func (p *player) unmelded(an meld.Analyzer, c *tile.Counts) (int, []meld.Meld) {
	k := memoKey{an.Okey(), *c}
	for i := range p.memo.unm {
		if e := &p.memo.unm[i]; e.ok && e.key == k {
			p.memo.saved += e.w
			return e.n, e.ms
		}
	}
	w := p.sv.Work()
	n, ms := p.sv.Unmelded(an, *c)
	p.memo.unm[p.memo.nu] = memoUnmelded{key: k, ok: true, n: n, ms: ms, w: p.sv.Work() - w}
	p.memo.nu = (p.memo.nu + 1) % memoSize
	return n, ms
}

// decideBudget is the search work (meld.Solver.Work) a decision may
// spend before the samplers stop at their least (twoDrawLeast,
// finishTwoLeast): a few milliseconds of CPU. Most decisions spend far
// less; the few that would spend more (a long rack with okeys before
// opening, a crowded table once open) set a hard decision's 99th
// percentile, which the budget about halves at no measurable cost in
// strength (docs/studies/bots-101-hard.md). Counted in work, not time,
// so that a bot plays the same on every machine and every run.
const decideBudget = 100_000
