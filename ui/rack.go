package ui

import (
	"slices"

	"okey/game/hand"
	"okey/game/tile"
)

// RackCols is the number of slots in each of the rack's two rows. Fifteen
// tiles and the gaps between their groups fit in two rows of fifteen.
const RackCols = 15

// RackSlots is the number of slots of the rack.
const RackSlots = 2 * RackCols

// Rack is the player's istaka: two rows of slots, each empty (NoTile) or
// holding a tile face. The player arranges it freely; the game only
// knows the multiset of tiles, and Reconcile keeps the two in step.
type Rack struct {
	Slots [RackSlots]tile.Tile
}

// NewRack returns an empty rack.
func NewRack() Rack {
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
			for i := RackSlots - 1; i >= 0; i-- {
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

// nearest is the slot nearest to slot at that holds t, or that holds any
// tile when t is NoTile or not on the rack; at itself on an empty rack.
func (r *Rack) nearest(t tile.Tile, at int) int {
	best, bestD := -1, RackSlots+1
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
	for i := last + 1; i < RackSlots; i++ {
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
	if from == to || from < 0 || to < 0 || from >= RackSlots || to >= RackSlots || r.Slots[from] == tile.NoTile {
		return false
	}
	t := r.Slots[from]
	r.Slots[from] = tile.NoTile
	if r.Slots[to] == tile.NoTile {
		r.Slots[to] = t
		return true
	}
	row := to / RackCols * RackCols
	end := row + RackCols
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

func pack(groups [][]tile.Tile, gaps bool) ([RackSlots]tile.Tile, bool) {
	var s [RackSlots]tile.Tile
	for i := range s {
		s[i] = tile.NoTile
	}
	row, col := 0, 0
	if !gaps {
		i := 0
		for _, g := range groups {
			for _, t := range g {
				if i >= RackSlots {
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
		if start+len(g) > RackCols {
			row++
			start = 0
		}
		if row > 1 || len(g) > RackCols {
			return s, false
		}
		for k, t := range g {
			s[row*RackCols+start+k] = t
		}
		col = start + len(g)
	}
	return s, true
}

// sorter orders tiles for the sorts: a false joker as the face it plays
// as, okeys apart at the end.
type sorter struct {
	an hand.Analyzer
}

func (s sorter) plays(t tile.Tile) tile.Tile { return s.an.PlaysAs(t) }

// ByColour groups the tiles by colour, each colour by value, okeys last.
func (s sorter) ByColour(tiles []tile.Tile) [][]tile.Tile {
	return byColour(tiles, s.plays, s.an.IsOkey)
}

// ByValue groups the tiles by value, colours in order, okeys last.
func (s sorter) ByValue(tiles []tile.Tile) [][]tile.Tile {
	return byValue(tiles, s.plays, s.an.IsOkey)
}

// byColour groups the tiles by the colour of the face each plays as,
// each colour by value; the wild tiles (and anything that plays as no
// face) last, apart. Both games' analysers say what a tile plays as and
// whether it is wild.
func byColour(tiles []tile.Tile, plays func(tile.Tile) tile.Tile, wild func(tile.Tile) bool) [][]tile.Tile {
	return groupBy(tiles, plays, wild, tile.NumColours,
		func(p tile.Tile) int { return int(p.Colour()) },
		func(p tile.Tile) int { return p.Value() })
}

// byValue groups the tiles by value, colours in order, wild tiles last.
func byValue(tiles []tile.Tile, plays func(tile.Tile) tile.Tile, wild func(tile.Tile) bool) [][]tile.Tile {
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

// Arranged is seri diz or çift diz: the analyser's groups, the leftovers
// apart. It reports false when the arrangement does not account for
// exactly the given tiles (or found no group), so the caller can say so
// instead of losing a tile.
func (s sorter) Arranged(tiles []tile.Tile, mode hand.ArrangeMode) ([][]tile.Tile, bool) {
	a := s.an.Arrange(slices.Clone(tiles), mode)
	var out [][]tile.Tile
	var all []tile.Tile
	for _, g := range a.Groups {
		if len(g) > 0 {
			out = append(out, slices.Clone(g))
			all = append(all, g...)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	if len(a.Leftover) > 0 {
		out = append(out, slices.Clone(a.Leftover))
		all = append(all, a.Leftover...)
	}
	if tile.CountsOf(all) != tile.CountsOf(tiles) {
		return nil, false
	}
	return out, true
}
