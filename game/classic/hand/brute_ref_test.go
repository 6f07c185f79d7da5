package hand

import (
	"okey/game/tile"
)

// A plain reference for hand analysis, written from RULES.md and the
// analysis contract and sharing no code with the analyser: it works on
// real tiles and plain counts, tries every meld, and keeps no tables.
// It is slow; the tests run it on many hands and compare.

// refCtx is what the reference knows of a deal.
type refCtx struct {
	a     *Analyzer
	okey  tile.Tile // NoTile without okeys
	wrap  bool
	avail [tile.NumFaces]int // copies of each real face in existence
	short [][]tile.Tile      // melds with runs of up to five
	with  [52][][]tile.Tile  // those through each face
	near  [13]uint16         // values within two of each value (0-based)
	far   [13]uint16         // values three or four away
}

func newRefCtx(a *Analyzer) *refCtx {
	c := &refCtx{a: a, okey: a.Okey(), wrap: a.Config().Wrap && !a.Config().NoOkey}
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		c.avail[f] = a.Available(f)
	}
	// A run of six or more is two runs of three or more with the same
	// tiles, so runs of up to five are enough for the distance.
	c.short = c.refMelds(5)
	for _, m := range c.short {
		for _, f := range m {
			c.with[f] = append(c.with[f], m)
		}
	}
	for v := range 13 {
		for w := range 13 {
			gap := max(w-v, v-w)
			if c.wrap && 13-gap < gap {
				gap = 13 - gap // across 13-1
			}
			switch {
			case w != v && gap <= 2:
				c.near[v] |= 1 << w
			case gap == 3 || gap == 4:
				c.far[v] |= 1 << w
			}
		}
	}
	return c
}

// refNatural reports the face a real tile plays as when it is not wild,
// and whether it is wild.
func (c *refCtx) refNatural(t tile.Tile) (tile.Tile, bool) {
	if c.okey != tile.NoTile && t == c.okey {
		return tile.NoTile, true
	}
	if t == tile.FalseJoker {
		return c.okey, false
	}
	return t, false
}

// refRealFor is the real tile that plays as face f when it is natural.
func (c *refCtx) refRealFor(f tile.Tile) tile.Tile {
	if c.okey != tile.NoTile && f == c.okey {
		return tile.FalseJoker
	}
	return f
}

// refMelds lists every meld shape as the faces of its slots: runs of 3
// to longest (12-13-1 with wrap, never 13-1-2), sets of 3 and 4 colours.
func (c *refCtx) refMelds(longest int) [][]tile.Tile {
	var out [][]tile.Tile
	for col := range tile.NumColours {
		for start := 1; start <= 13; start++ {
			for L := 3; L <= longest; L++ {
				end := start + L - 1
				if end > 14 || (end == 14 && (!c.wrap || start == 1)) {
					continue
				}
				var m []tile.Tile
				for v := start; v <= end; v++ {
					vv := v
					if v == 14 {
						vv = 1
					}
					m = append(m, tile.NewTile(tile.Colour(col), vv))
				}
				out = append(out, m)
			}
		}
	}
	for v := 1; v <= 13; v++ {
		for mask := range 16 {
			n := 0
			var m []tile.Tile
			for col := range tile.NumColours {
				if mask&(1<<col) != 0 {
					n++
					m = append(m, tile.NewTile(tile.Colour(col), v))
				}
			}
			if n >= 3 {
				out = append(out, m)
			}
		}
	}
	return out
}

// refIsWin reports whether the 14 real tiles split into melds or seven
// pairs, by trying every meld for the lowest tile left.
func (c *refCtx) refIsWin(h tile.Counts) bool {
	if h.Total() != 14 {
		return false
	}
	return c.refPairsWin(h) || c.refMeldsWin(h, c.refMelds(13))
}

func (c *refCtx) refPairsWin(h tile.Counts) bool {
	wild := 0
	singles := 0
	nat := map[tile.Tile]int{}
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		for range h[f] {
			p, w := c.refNatural(f)
			if w {
				wild++
			} else {
				nat[p]++
			}
		}
	}
	for _, k := range nat {
		singles += k % 2
	}
	return singles <= wild && (wild-singles)%2 == 0
}

func (c *refCtx) refMeldsWin(h tile.Counts, melds [][]tile.Tile) bool {
	// The lowest natural left must be in some meld.
	low := tile.NoTile
	wild := 0
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if h[f] == 0 {
			continue
		}
		if _, w := c.refNatural(f); w {
			wild += int(h[f])
			continue
		}
		if low == tile.NoTile {
			low = f
		}
	}
	if low == tile.NoTile {
		return wild == 0
	}
	lowFace, _ := c.refNatural(low)
	for _, m := range melds {
		has := false
		for _, f := range m {
			if f == lowFace {
				has = true
			}
		}
		if !has {
			continue
		}
		if c.refPlace(h, m, 0, low, melds) {
			return true
		}
	}
	return false
}

// refPlace fills the slots of meld m from i on with tiles of h (the
// lowest natural in its own slot), then goes on with what is left.
func (c *refCtx) refPlace(h tile.Counts, m []tile.Tile, i int, low tile.Tile, melds [][]tile.Tile) bool {
	if i == len(m) {
		return c.refMeldsWin(h, melds)
	}
	f := m[i]
	real := c.refRealFor(f)
	lowFace, _ := c.refNatural(low)
	if f == lowFace {
		h[low]--
		return c.refPlace(h, m, i+1, tile.NoTile, melds)
	}
	if h[real] > 0 && real != c.okey {
		h[real]--
		if c.refPlace(h, m, i+1, low, melds) {
			return true
		}
		h[real]++
	}
	if c.okey != tile.NoTile && h[c.okey] > 0 {
		h[c.okey]--
		if c.refPlace(h, m, i+1, low, melds) {
			return true
		}
		h[c.okey]++
	}
	return false
}

// refDistance is 14 minus the most tiles of h that a winning hand of
// tiles in existence shares with h. It builds winning hands meld by meld:
// the lowest natural of h not yet decided is either left out, or kept in
// a meld whose other slots each take a kept tile of h (any later natural
// that fits, or an okey of h) or a new tile (a natural still in existence
// or an okey, at most two okeys in all). Melds of new tiles only make up
// the count at the end.
func (c *refCtx) refDistance(h tile.Counts) int {
	best := c.refPairsKept(h)
	r := refSearch{c: c, best: best, stop: 15}
	r.start(h)
	r.run()
	return 14 - r.best
}

// refKeeps reports whether some winning hand of tiles in existence
// shares k or more tiles with h. It is refDistance with the bound known
// from the start, which cuts the search short.
func (c *refCtx) refKeeps(h tile.Counts, k int) bool {
	if k <= 0 || c.refPairsKept(h) >= k {
		return true
	}
	r := refSearch{c: c, best: k - 1, stop: k}
	r.start(h)
	r.run()
	return r.best >= k
}

// refDistanceIs reports whether h's distance is d, and if not the
// reference's own distance.
func (c *refCtx) refDistanceIs(h tile.Counts, d int) (bool, int) {
	if c.refKeeps(h, 14-d) && !c.refKeeps(h, 15-d) {
		return true, d
	}
	return false, c.refDistance(h)
}

type refSearch struct {
	c     *refCtx
	h     tile.Counts // tiles of h not yet decided
	hp    tile.Counts // tiles of h' so far
	kept  int
	left  int // tiles of h undecided
	slots int
	best  int
	stop  int // the search ends once best reaches this
}

func (r *refSearch) start(h tile.Counts) {
	r.h = h
	r.left = h.Total()
}

func (r *refSearch) run() {
	c := r.c
	if r.best >= r.stop {
		return
	}
	// What is left undecided bounds what can still be kept.
	if r.kept+min(r.left, 14-r.slots) <= r.best || r.kept+r.bound() <= r.best {
		return
	}
	low := tile.NoTile
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if r.h[f] == 0 {
			continue
		}
		if _, w := c.refNatural(f); !w {
			low = f
			break
		}
	}
	if low == tile.NoTile {
		// Only okeys of h are undecided: they may fill slots of new tiles
		// already counted; the rest is made up of fresh melds.
		r.finish()
		return
	}
	lowFace, _ := c.refNatural(low)
	for _, m := range c.with[lowFace] {
		if r.slots+len(m) <= 14 {
			r.fill(m, 0, low)
		}
	}
	// Leave low out of h'.
	r.h[low]--
	r.left--
	r.run()
	r.left++
	r.h[low]++
}

// fill decides slot i of meld m.
func (r *refSearch) fill(m []tile.Tile, i int, low tile.Tile) {
	c := r.c
	if i == len(m) {
		r.slots += len(m)
		r.run()
		r.slots -= len(m)
		return
	}
	f := m[i]
	real := c.refRealFor(f)
	lowFace, _ := c.refNatural(low)
	if low != tile.NoTile && f == lowFace {
		r.keep(low, 1)
		r.fill(m, i+1, tile.NoTile)
		r.keep(low, -1)
		return
	}
	// A later natural of h.
	if r.h[real] > 0 && (c.okey == tile.NoTile || real != c.okey) {
		r.keep(real, 1)
		r.fill(m, i+1, low)
		r.keep(real, -1)
	}
	// An okey of h.
	if c.okey != tile.NoTile && r.h[c.okey] > 0 {
		r.keep(c.okey, 1)
		r.fill(m, i+1, low)
		r.keep(c.okey, -1)
	}
	// A new natural, if one is still in existence, else a new okey. (A
	// new tile where h has one undecided of the same kind is never
	// needed: keeping h's is as good, and better if h's would be left
	// out.)
	if r.h[real] == 0 && int(r.hp[real]) < c.avail[real] {
		r.hp[real]++
		r.fill(m, i+1, low)
		r.hp[real]--
	} else if r.h[real] == 0 && c.okey != tile.NoTile && r.h[c.okey] == 0 && int(r.hp[c.okey]) < 2 {
		r.hp[c.okey]++
		r.fill(m, i+1, low)
		r.hp[c.okey]--
	}
}

// bound is how many undecided tiles of h can still be kept. Every kept
// tile is charged slots: a natural with no undecided natural that could
// share a meld with it (same colour within four values, as runs of up to
// five are all the search builds, or same value) and no undecided okey
// has a meld of its own, 3 slots; one whose partners are all three or
// four values away shares at best a run of 4 or 5 with one, 2 slots;
// any other 1. A meld never holds more charge than slots.
func (r *refSearch) bound() int {
	c := r.c
	room := 14 - r.slots
	if c.okey != tile.NoTile && r.h[c.okey] > 0 {
		return min(r.left, room)
	}
	var rows [4]uint16 // undecided naturals by colour, bit v-1
	var face [52]int
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		if r.h[f] > 0 {
			p, _ := c.refNatural(f)
			face[p] += int(r.h[f])
			rows[p/13] |= 1 << (p % 13)
		}
	}
	var cost [4]int // kept candidates by charge
	for f := range 52 {
		k := face[f]
		if k == 0 {
			continue
		}
		col, v := f/13, f%13
		close := rows[col]&c.near[v] != 0
		for oc := range 4 {
			close = close || (oc != col && rows[oc]&(1<<v) != 0)
		}
		switch {
		case close:
			cost[1] += k
		case rows[col]&c.far[v] != 0:
			cost[2] += k
		default:
			cost[3] += k
		}
	}
	kept := 0
	for charge := 1; charge <= 3; charge++ {
		n := min(cost[charge], room/charge)
		kept += n
		room -= n * charge
	}
	return kept
}

// keep moves a tile of h into h' (dir 1) or back (dir -1).
func (r *refSearch) keep(t tile.Tile, dir int) {
	r.h[t] -= uint8(dir)
	r.hp[t] += uint8(dir)
	r.kept += dir
	r.left -= dir
}

// finish makes h' up to 14 tiles with fresh melds of new tiles (okeys of
// h first, as they count as kept), trying every way, and records it.
func (r *refSearch) finish() {
	need := 14 - r.slots
	if need == 0 {
		r.best = max(r.best, r.kept)
		return
	}
	if need < 3 {
		return
	}
	// Okeys of h still undecided may join a fresh meld: they are kept.
	for _, m := range r.c.short {
		if len(m) > need || need-len(m) == 1 || need-len(m) == 2 {
			continue
		}
		r.freshFill(m, 0, need)
	}
}

func (r *refSearch) freshFill(m []tile.Tile, i, need int) {
	c := r.c
	if i == len(m) {
		r.slots += len(m)
		r.finish()
		r.slots -= len(m)
		return
	}
	real := c.refRealFor(m[i])
	if c.okey != tile.NoTile && r.h[c.okey] > 0 {
		r.keep(c.okey, 1)
		r.freshFill(m, i+1, need)
		r.keep(c.okey, -1)
	}
	if r.h[real] == 0 && int(r.hp[real]) < c.avail[real] {
		r.hp[real]++
		r.freshFill(m, i+1, need)
		r.hp[real]--
	} else if r.h[real] == 0 && c.okey != tile.NoTile && r.h[c.okey] == 0 && int(r.hp[c.okey]) < 2 {
		r.hp[c.okey]++
		r.freshFill(m, i+1, need)
		r.hp[c.okey]--
	}
}

// refPairsKept is the most tiles of h seven pairs of tiles in existence
// share with h: a DP over the faces h' pairs, each pair two naturals of
// one face (new ones if in existence), or an okey in place of one, at
// most two okeys in all.
func (c *refCtx) refPairsKept(h tile.Counts) int {
	// best[pairs][okeys in h'][okeys of h kept] = most naturals kept
	const neg = -1000
	var best [8][3]int
	for p := range best {
		for o := range best[p] {
			best[p][o] = neg
		}
	}
	best[0][0] = 0
	heldOkeys := 0
	if c.okey != tile.NoTile {
		heldOkeys = int(h[c.okey])
	}
	for f := tile.Tile(0); f < 52; f++ {
		if c.okey != tile.NoTile && f == c.okey {
			continue // the okey's face plays as J below
		}
		real := c.refRealFor(f)
		have := int(h[real])
		avail := c.avail[real]
		next := best
		for p := range 8 {
			for o := range 3 {
				if best[p][o] == neg {
					continue
				}
				// one or two pairs of this face; each pair is two
				// naturals or a natural and an okey
				for pairs := 1; pairs <= 2 && p+pairs <= 7; pairs++ {
					for ok := 0; ok <= pairs && o+ok <= 2; ok++ {
						nat := 2*pairs - ok
						if nat > avail {
							continue
						}
						k := min(nat, have)
						if v := best[p][o] + k; v > next[p+pairs][o+ok] {
							next[p+pairs][o+ok] = v
						}
					}
				}
			}
		}
		best = next
	}
	// J: the okey's face.
	if c.okey != tile.NoTile {
		have, avail := int(h[tile.FalseJoker]), c.avail[tile.FalseJoker]
		next := best
		for p := range 8 {
			for o := range 3 {
				if best[p][o] == neg {
					continue
				}
				for pairs := 1; pairs <= 2 && p+pairs <= 7; pairs++ {
					for ok := 0; ok <= pairs && o+ok <= 2; ok++ {
						nat := 2*pairs - ok
						if nat > avail {
							continue
						}
						if v := best[p][o] + min(nat, have); v > next[p+pairs][o+ok] {
							next[p+pairs][o+ok] = v
						}
					}
				}
			}
		}
		best = next
	}
	out := 0
	for o := range 3 {
		// Two okeys may also pair with each other.
		for p := range 8 {
			if best[p][o] == neg {
				continue
			}
			okeys := o
			pairs := p
			if pairs < 7 && okeys == 0 && c.okey != tile.NoTile {
				// a pair of two okeys
				if pairs+1 == 7 {
					out = max(out, best[p][o]+min(2, heldOkeys))
				}
			}
			if pairs == 7 {
				out = max(out, best[p][o]+min(okeys, heldOkeys))
			}
		}
	}
	return out
}
