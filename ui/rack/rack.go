// Package rack is the ıstaka widget both games share: two rows of slots
// the player arranges freely, moving tiles, packing groups with gaps,
// reconciling with the tiles the game says the player holds, and the
// sorts by colour and by value, and a saved arrangement read back
// (saved.go). It knows no game's rules: what a tile
// plays as and whether it is wild are passed in. It imports only
// game/tile and the standard library.
package rack

import (
	"slices"

	"okey/game/tile"
)

// Cols is the number of slots in each of the rack's two rows. Fifteen
// tiles and the gaps between their groups fit in two rows of fifteen.
const Cols = 15

// NumSlots is the number of slots of the rack.
const NumSlots = 2 * Cols

// Rack is the player's ıstaka: two rows of slots, each empty (NoTile) or
// holding a tile face. The player arranges it freely; the game only
// knows the multiset of tiles, and Reconcile keeps the two in step.
type Rack struct {
	Slots [NumSlots]tile.Tile
}

// New returns an empty rack.
func New() Rack {
	var r Rack
	for i := range r.Slots {
		r.Slots[i] = tile.NoTile
	}
	return r
}

// Tiles lists the tiles in slot order.
func (r *Rack) Tiles() []tile.Tile {
	out := make([]tile.Tile, 0, 16)
	for _, t := range r.Slots {
		if t != tile.NoTile {
			out = append(out, t)
		}
	}
	return out
}

// Counts counts the rack's tiles.
func (r *Rack) Counts() tile.Counts { return tile.CountsOf(r.Tiles()) }

// Reconcile makes the rack hold exactly the tiles of want: tiles the
// game no longer has are taken out (from the end), tiles it has that the
// rack lacks are put in free slots after the last tile. It returns the
// slots of the tiles put in.
func (r *Rack) Reconcile(want tile.Counts) []int {
	have := r.Counts()
	for f := range want {
		for have[f] > want[f] {
			for i := NumSlots - 1; i >= 0; i-- {
				if r.Slots[i] == tile.Tile(f) {
					r.Slots[i] = tile.NoTile
					break
				}
			}
			have[f]--
		}
	}
	var added []int
	for f := range want {
		for have[f] < want[f] {
			i := r.freeSlot()
			if i < 0 {
				return added // cannot happen: at most 15 tiles in 30 slots
			}
			r.Slots[i] = tile.Tile(f)
			added = append(added, i)
			have[f]++
		}
	}
	return added
}

// Nearest is the slot nearest to slot at that holds t, or that holds any
// tile when t is NoTile or not on the rack; at itself on an empty rack.
func (r *Rack) Nearest(t tile.Tile, at int) int {
	best, bestD := -1, NumSlots+1
	for pass := range 2 {
		for i, u := range r.Slots {
			if u == tile.NoTile || pass == 0 && u != t {
				continue
			}
			if d := max(i-at, at-i); d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			return best
		}
	}
	return at
}

// freeSlot is where a new tile goes: the first empty slot after the last
// tile, else the first empty slot.
func (r *Rack) freeSlot() int {
	last := -1
	for i, t := range r.Slots {
		if t != tile.NoTile {
			last = i
		}
	}
	for i := last + 1; i < NumSlots; i++ {
		if r.Slots[i] == tile.NoTile {
			return i
		}
	}
	for i, t := range r.Slots {
		if t == tile.NoTile {
			return i
		}
	}
	return -1
}

// Move puts the tile of slot from at slot to. If to holds a tile, the
// tiles from to onwards slide one slot along the row into the nearest
// gap (to the right, else to the left); with no gap in the row the two
// tiles swap. It reports whether anything moved.
func (r *Rack) Move(from, to int) bool {
	if from == to || from < 0 || to < 0 || from >= NumSlots || to >= NumSlots || r.Slots[from] == tile.NoTile {
		return false
	}
	t := r.Slots[from]
	r.Slots[from] = tile.NoTile
	if r.Slots[to] == tile.NoTile {
		r.Slots[to] = t
		return true
	}
	row := to / Cols * Cols
	end := row + Cols
	for i := to + 1; i < end; i++ {
		if r.Slots[i] == tile.NoTile {
			copy(r.Slots[to+1:i+1], r.Slots[to:i])
			r.Slots[to] = t
			return true
		}
	}
	for i := to - 1; i >= row; i-- {
		if r.Slots[i] == tile.NoTile {
			copy(r.Slots[i:to], r.Slots[i+1:to+1])
			r.Slots[to] = t
			return true
		}
	}
	r.Slots[from] = r.Slots[to]
	r.Slots[to] = t
	return true
}

// Pack lays groups out on the rack, a gap between groups, a group that
// does not fit in what is left of the top row starting the bottom row.
// When the groups do not fit with gaps they are laid without them. The
// rack's tiles are replaced.
func (r *Rack) Pack(groups [][]tile.Tile) {
	if slots, ok := pack(groups, true); ok {
		r.Slots = slots
		return
	}
	if slots, ok := pack(groups, false); ok {
		r.Slots = slots
	} // else more tiles than slots, which a rack never holds: leave it

}

func pack(groups [][]tile.Tile, gaps bool) ([NumSlots]tile.Tile, bool) {
	var s [NumSlots]tile.Tile
	for i := range s {
		s[i] = tile.NoTile
	}
	row, col := 0, 0
	if !gaps {
		i := 0
		for _, g := range groups {
			for _, t := range g {
				if i >= NumSlots {
					return s, false
				}
				s[i] = t
				i++
			}
		}
		return s, true
	}
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		start := col
		if col > 0 {
			start++
		}
		if start+len(g) > Cols {
			row++
			start = 0
		}
		if row > 1 || len(g) > Cols {
			return s, false
		}
		for k, t := range g {
			s[row*Cols+start+k] = t
		}
		col = start + len(g)
	}
	return s, true
}

// ByColour groups the tiles by the colour of the face each plays as,
// each colour by value; the wild tiles (and anything that plays as no
// face) last, apart. Both games' analysers say what a tile plays as and
// whether it is wild.
func ByColour(tiles []tile.Tile, plays func(tile.Tile) tile.Tile, wild func(tile.Tile) bool) [][]tile.Tile {
	return groupBy(tiles, plays, wild, tile.NumColours,
		func(p tile.Tile) int { return int(p.Colour()) },
		func(p tile.Tile) int { return p.Value() })
}

// ByValue groups the tiles by value, colours in order, wild tiles last.
func ByValue(tiles []tile.Tile, plays func(tile.Tile) tile.Tile, wild func(tile.Tile) bool) [][]tile.Tile {
	return groupBy(tiles, plays, wild, tile.NumValues+1,
		func(p tile.Tile) int { return p.Value() },
		func(p tile.Tile) int { return int(p.Colour()) })
}

// groupBy puts the tiles into n groups by group of the face each plays
// as, orders each group by order, drops the empty groups and puts the
// wild tiles (and anything that plays as no face) last, apart.
func groupBy(tiles []tile.Tile, plays func(tile.Tile) tile.Tile, wild func(tile.Tile) bool, n int, group, order func(tile.Tile) int) [][]tile.Tile {
	var buf [tile.NumValues + 1][]tile.Tile // n is at most this
	groups := buf[:n]
	var apart []tile.Tile
	for _, t := range tiles {
		p := plays(t)
		if wild(t) || !p.Valid() || p == tile.FalseJoker {
			apart = append(apart, t)
			continue
		}
		groups[group(p)] = append(groups[group(p)], t)
	}
	var out [][]tile.Tile
	for _, g := range groups {
		slices.SortStableFunc(g, func(a, b tile.Tile) int { return order(plays(a)) - order(plays(b)) })
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	if len(apart) > 0 {
		out = append(out, apart)
	}
	return out
}

// PackRows lays groups out on the two rows of the rack with a gap
// between two groups, the longest placed first in the first row with
// room, each row keeping the groups' order; the rest fills what is left
// after a gap. It reports false when that does not fit. The 101 table
// lays its melds out so, keeping each group whole on one row.
func PackRows(groups [][]tile.Tile, rest []tile.Tile) (Rack, bool) {
	r := New()
	order := make([]int, len(groups))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(groups[b]) - len(groups[a]) })
	var rows [2][]int
	var used [2]int
	for _, gi := range order {
		n := len(groups[gi])
		placed := false
		for row := range rows {
			need := n
			if used[row] > 0 {
				need++
			}
			if used[row]+need <= Cols {
				rows[row] = append(rows[row], gi)
				used[row] += need
				placed = true
				break
			}
		}
		if !placed {
			return r, false
		}
	}
	free := 2*Cols - used[0] - used[1]
	for row := range rows {
		if used[row] > 0 {
			free--
		}
	}
	if len(rest) > free {
		return r, false
	}
	for row := range rows {
		slices.Sort(rows[row])
		col := 0
		for _, gi := range rows[row] {
			if col > 0 {
				col++
			}
			for _, x := range groups[gi] {
				r.Slots[row*Cols+col] = x
				col++
			}
		}
		if col > 0 {
			col++
		}
		for ; col < Cols && len(rest) > 0; col++ {
			r.Slots[row*Cols+col] = rest[0]
			rest = rest[1:]
		}
	}
	return r, len(rest) == 0
}

// Step is a rack cursor moved along the rack (dx, wrapping from
// row to row) or between the rows (dy), at either table.
func Step(cursor, dx, dy int) int {
	if dx != 0 {
		cursor = (cursor + dx + NumSlots) % NumSlots
	}
	if dy != 0 {
		cursor = (cursor + Cols) % NumSlots
	}
	return cursor
}
