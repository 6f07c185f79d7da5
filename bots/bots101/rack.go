package bots101

import (
	"okey/game/okey101"
	"okey/game/okey101/meld"
	"okey/game/tile"
)

// seen counts, face by face, the copies of the tiles the view's seat has
// seen where they are: its rack, the indicator, the table, and the
// discard stacks. With history the stacks are rebuilt from the public
// history of the hand (every discard was public when it was thrown);
// without, only what the view shows of them (its own stack and the
// previous player's whole, the tops of the other two) is counted.
func seen(v *okey101.View, history bool) tile.Counts {
	c := v.Counts
	if v.Indicator.Valid() {
		c[v.Indicator]++
	}
	for _, m := range v.Table {
		for _, t := range m.Meld.Tiles {
			c[t]++
		}
	}
	if !history {
		for _, st := range v.Discards {
			for _, t := range st {
				c[t]++
			}
		}
		return c
	}
	var st [okey101.NumSeats][]tile.Tile
	for _, e := range v.History {
		switch e.Kind {
		case okey101.EvDiscard:
			if e.Seat >= 0 && e.Seat < okey101.NumSeats {
				st[e.Seat] = append(st[e.Seat], e.Tile)
			}
		case okey101.EvTake:
			if f := e.From; f >= 0 && f < okey101.NumSeats && len(st[f]) > 0 {
				st[f] = st[f][:len(st[f])-1]
			}
		case okey101.EvGiveBack:
			if f := e.From; f >= 0 && f < okey101.NumSeats {
				st[f] = append(st[f], e.Tile)
			}
		}
	}
	for _, s := range st {
		for _, t := range s {
			if t.Valid() {
				c[t]++
			}
		}
	}
	return c
}

// liveOf is how many copies of each face the seat has not seen: they are
// in the wall or in another rack.
func liveOf(s *tile.Counts) tile.Counts {
	var l tile.Counts
	for f, n := range s {
		if n < 2 {
			l[f] = 2 - n
		}
	}
	return l
}

// tileAt is the real tile that plays as colour c, value w (the false
// joker for the okey's face), or NoTile off the board.
func tileAt(an meld.Analyzer, c tile.Colour, w int) tile.Tile {
	if w < 1 || w > tile.NumValues {
		return tile.NoTile
	}
	t := tile.NewTile(c, w)
	if an.IsOkey(t) {
		return tile.FalseJoker
	}
	return t
}

// count is pool's copies of the tile playing as c, w.
func count(an meld.Analyzer, pool *tile.Counts, c tile.Colour, w int) int {
	t := tileAt(an, c, w)
	if !t.Valid() {
		return 0
	}
	return int(pool[t])
}

// potential measures how much tile t is worth keeping for the melds it
// could grow into with the other tiles of pool: for each partner it has
// there (the same colour one or two values away, the same value in
// another colour), the live copies of the tiles that would make the
// group a meld. A tile with no partner, or whose partners wait on tiles
// all seen, has potential 0.
func potential(an meld.Analyzer, pool, live *tile.Counts, t tile.Tile) int {
	if an.IsOkey(t) || !t.Valid() {
		return 0
	}
	p := an.PlaysAs(t)
	c, v := p.Colour(), p.Value()
	at := func(w int) int {
		if x := tileAt(an, c, w); x.Valid() {
			return int(live[x])
		}
		return 0
	}
	has := func(w int) bool { return count(an, pool, c, w) > 0 }
	s := 0
	if has(v + 1) {
		s += at(v-1) + at(v+2)
	}
	if has(v - 1) {
		s += at(v-2) + at(v+1)
	}
	if has(v+2) && !has(v+1) {
		s += at(v + 1)
	}
	if has(v-2) && !has(v-1) {
		s += at(v - 1)
	}
	partners, open := 0, 0
	for k := range tile.Colour(tile.NumColours) {
		if k == c {
			continue
		}
		if count(an, pool, k, v) > 0 {
			partners++
		} else if x := tileAt(an, k, v); x.Valid() {
			open += int(live[x])
		}
	}
	if partners > 0 {
		s += open
	}
	return s
}

// value is what t counts left in a rack: its face value (an okey 101).
func value(an meld.Analyzer, t tile.Tile) int {
	if an.IsOkey(t) {
		return okey101.PenaltyPoints
	}
	return an.TileValue(t)
}

// used counts the tiles of melds.
func used(ms []meld.Meld) tile.Counts {
	var c tile.Counts
	for _, m := range ms {
		for _, t := range m.Tiles {
			c[t]++
		}
	}
	return c
}

// minus is a less b, face by face (never below zero).
func minus(a, b tile.Counts) tile.Counts {
	for f, n := range b {
		a[f] -= min(a[f], n)
	}
	return a
}
