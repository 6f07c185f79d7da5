package botsclassic

import (
	"fmt"
	"hash/maphash"
	"math/bits"
	"sync"

	"okey/game/classic/hand"
	"okey/game/tile"
)

// This file is the one place the bots call hand analysis. The levels
// work on hand.Hand (a small value: cheap to copy and change) and make
// few calls a decision: a draw costs at most two Distances (none when
// the outs of the rack the bot left last turn are remembered), a discard
// one discard table (hand.Analyzer.DiscardTable, from a cache shared by
// the bots when the rack was asked about lately).

// noDist marks a face that is not held in a discard-distance table.
const noDist = -1

// distances is, for a 15-tile rack, the distance to win of the 14 tiles
// left after discarding each face (noDist where the face is not held).
type distances = [tile.NumFaces]int8

// handOf converts counts to the analyser's form. Counts from a view or a
// sampled world are always valid; an error means a bug in the caller and
// is returned with the rack, never panicked on.
func handOf(a *hand.Analyzer, c *tile.Counts) (hand.Hand, error) {
	h, err := a.HandOf(*c)
	if err != nil {
		return hand.Hand{}, fmt.Errorf("analyse rack %s: %w", tile.FormatTiles(c.Tiles()), err)
	}
	return h, nil
}

// memory is what a bot remembers of its own analysis between decisions:
// the 14 tiles it left on its last discard, their distance and outs. On
// its next turn the rack is the same (the distance for the take test
// needs no analysis), and after a draw it throws back the drawn tile's
// rack is again that one. It is a cache: answers are the analyser's,
// whatever the bot remembers, so decisions do not depend on it.
type memory struct {
	an   hand.Analyzer
	rack hand.Hand
	dist int8
	outs tile.TileSet
	ok   bool
	// exact is set when outs are the rack's outs, every one (a level
	// may remember a discard it took no outs for).
	exact bool
	// cache is the discard tables the bot shares with others (nil: none).
	cache *TableCache
}

// remember stores the analysis of the rack left after a discard.
func (m *memory) remember(a *hand.Analyzer, rack hand.Hand, dist int, outs tile.TileSet) {
	*m = memory{an: *a, rack: rack, dist: int8(dist), outs: outs, ok: true, cache: m.cache}
}

// rememberOuts is remember with outs that are the rack's Outs.
func (m *memory) rememberOuts(a *hand.Analyzer, rack hand.Hand, dist int, outs tile.TileSet) {
	m.remember(a, rack, dist, outs)
	m.exact = true
}

// recalls reports whether the memory holds rack h of this deal.
func (m *memory) recalls(a *hand.Analyzer, h *hand.Hand) bool {
	return m.ok && m.rack == *h && m.an == *a
}

// lowers reports whether tile t brings the 14-tile rack h nearer a win
// (the best 14 of h+t): t is one of its outs.
func (m *memory) lowers(a *hand.Analyzer, h hand.Hand, t tile.Tile) bool {
	if m.exact && m.recalls(a, &h) {
		return m.outs.Has(t)
	}
	d := m.distance(a, h)
	h.Add(t)
	return a.Distance(h) < d
}

// distance is the distance to win of a 14-tile rack.
func (m *memory) distance(a *hand.Analyzer, h hand.Hand) int {
	if m.recalls(a, &h) {
		return int(m.dist)
	}
	return a.Distance(h)
}

// discards analyses a 15-tile rack for a discard: the analyser's
// discard table (a hand.DiscardTable), with the outs of the rack the memory holds (when a
// discard leaves it) taken from the memory.
func (m *memory) discards(a *hand.Analyzer, h hand.Hand) hand.DiscardTable {
	var known tile.TileSet
	kf := tile.NoTile
	if m.ok && m.an == *a && h.Len() == m.rack.Len()+1 {
		for f := range tile.Tile(tile.NumFaces) {
			if h.Count(f) == 0 {
				continue
			}
			rest := h
			rest.Remove(f)
			if rest == m.rack {
				kf = f
				known = known.With(f)
				break
			}
		}
	}
	t := m.cache.table(a, h, known)
	if kf != tile.NoTile && int(t.Dist[kf]) == t.Best && !a.IsOkey(kf) {
		t.Outs[kf] = m.outs
	}
	return t
}

// TableCache holds discard tables for the bots that share it. The arena
// plays each deal four times, the bots rotated round the table, and
// until the bots' choices part the racks they analyse are the same (one
// table in six in a run of normal bots); it gives every bot of a run one
// cache (Options.Cache). A table is the analyser's answer for the rack,
// so one from the cache changes no decision. It is small and
// direct-mapped: a rack comes back within a few hands or not at all. It
// is safe for concurrent use.
type TableCache struct {
	mu   sync.Mutex
	seed maphash.Seed
	e    [tableCacheSize]tableEntry
}

// NewTableCache returns an empty cache.
func NewTableCache() *TableCache { return &TableCache{seed: maphash.MakeSeed()} }

const tableCacheSize = 1024

type tableKey struct {
	an    hand.Analyzer
	rack  hand.Hand
	known tile.TileSet
}

type tableEntry struct {
	key tableKey
	ok  bool
	t   hand.DiscardTable
}

// table is a.DiscardTable(h, known), from the cache when it holds it
// (a nil cache holds nothing).
func (c *TableCache) table(a *hand.Analyzer, h hand.Hand, known tile.TileSet) hand.DiscardTable {
	if c == nil {
		return a.DiscardTable(h, known)
	}
	k := tableKey{an: *a, rack: h, known: known}
	e := &c.e[maphash.Comparable(c.seed, k)%tableCacheSize]
	c.mu.Lock()
	if e.ok && e.key == k {
		t := e.t
		c.mu.Unlock()
		return t
	}
	c.mu.Unlock()
	t := a.DiscardTable(h, known)
	c.mu.Lock()
	e.key, e.t, e.ok = k, t, true
	c.mu.Unlock()
	return t
}

// bestOf is the least distance over the discards that are not an okey,
// or over all when the rack holds nothing else.
func bestOf(a *hand.Analyzer, d *distances) int {
	m := int8(127)
	for f, k := range d {
		if k != noDist && k < m && !a.IsOkey(tile.Tile(f)) {
			m = k
		}
	}
	if m == 127 {
		return minDist(d)
	}
	return int(m)
}

// minDist is the least distance in a table (127 when it is empty).
func minDist(d *distances) int {
	m := int8(127)
	for _, k := range d {
		if k != noDist && k < m {
			m = k
		}
	}
	return int(m)
}

// weight sums w over the faces of s: the number of live copies of a set
// of outs.
func weight(s tile.TileSet, w *tile.Counts) int {
	n := 0
	for s != 0 {
		f := bits.TrailingZeros64(uint64(s))
		n += int(w[f])
		s &= s - 1
	}
	return n
}
