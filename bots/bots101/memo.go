package bots101

import (
	"okey/game/meld"
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
}

type memoUnmelded struct {
	key memoKey
	ok  bool
	n   int
	ms  []meld.Meld
}

// best is the solver's BestOpening of c, remembered.
func (p *player) best(an meld.Analyzer, c *tile.Counts) meld.Opening {
	k := memoKey{an.Okey(), *c}
	for i := range p.memo.open {
		if e := &p.memo.open[i]; e.ok && e.key == k {
			return e.o
		}
	}
	o := p.sv.BestOpening(an, *c)
	p.memo.open[p.memo.no] = memoOpen{key: k, ok: true, o: o}
	p.memo.no = (p.memo.no + 1) % memoSize
	return o
}

// unmelded is the solver's Unmelded of c, remembered.
func (p *player) unmelded(an meld.Analyzer, c *tile.Counts) (int, []meld.Meld) {
	k := memoKey{an.Okey(), *c}
	for i := range p.memo.unm {
		if e := &p.memo.unm[i]; e.ok && e.key == k {
			return e.n, e.ms
		}
	}
	n, ms := p.sv.Unmelded(an, *c)
	p.memo.unm[p.memo.nu] = memoUnmelded{key: k, ok: true, n: n, ms: ms}
	p.memo.nu = (p.memo.nu + 1) % memoSize
	return n, ms
}
