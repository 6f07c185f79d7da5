package hand

import (
	"fmt"
	"math/bits"

	"okey/game/tile"
)

// Hand is a rack in the compact form hand analysis works on: for every
// colour a row of 13 values in two bit masks (bit v-1 of the low half is
// set when the rack holds a copy of value v, bit 16+v-1 when it holds
// two), the number of false jokers and the number of tiles. It holds the
// real faces; what is wild is decided by the Analyzer that reads it. It is
// a small value: copying it copies the rack, and the zero value is the
// empty rack.
type Hand struct {
	rows [tile.NumColours]uint32
	j    uint8
	n    uint8
}

const (
	rowLo   = 1<<tile.NumValues - 1 // the copy-1 half of a row
	rowHi   = rowLo << 16           // the copy-2 half of a row
	maxHand = RackSize + 1          // the most tiles a rack holds between turns
)

// NewHand checks tiles against the deal and returns them as a Hand: every
// tile must be a real face, no face may appear more than twice, the
// indicator's face at most once (its other copy lies on the table, unless
// indicator_last draws it), no false joker under simple104, and there may
// be at most 15 tiles. The error names the first problem found.
func (a *Analyzer) NewHand(tiles []tile.Tile) (Hand, error) {
	var c tile.Counts
	for _, t := range tiles {
		if !t.Valid() {
			return Hand{}, fmt.Errorf("%v is not a tile", t)
		}
		c[t]++
	}
	return a.HandOf(c)
}

// HandOf is NewHand for tiles already counted.
func (a *Analyzer) HandOf(c tile.Counts) (Hand, error) {
	if err := a.checkCounts(&c); err != nil {
		return Hand{}, err
	}
	var h Hand
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		for range c[f] {
			h.Add(f)
		}
	}
	return h, nil
}

func (a *Analyzer) checkCounts(c *tile.Counts) error {
	n := 0
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		k := int(c[f])
		n += k
		if k == 0 {
			continue
		}
		switch {
		case f == tile.FalseJoker && a.cfg.NoOkey:
			return fmt.Errorf("simple104 has no false jokers, but the rack holds %s", copiesOf(k, f))
		case k > 2:
			return &CopiesError{Tile: f, N: k}
		case k > int(a.stock.avail[f]):
			// Only the indicator's face is short of copies: its other copy
			// lies on the table (unless indicator_last draws it).
			return fmt.Errorf("two copies of the indicator's tile %v (only one is in play)", f)
		}
	}
	if n > maxHand {
		return fmt.Errorf("%d tiles: a rack holds at most %d", n, maxHand)
	}
	return nil
}

// CopiesError is a rack holding more copies of a tile than exist.
type CopiesError struct {
	Tile tile.Tile
	N    int // how many the rack holds: 3 or more
}

func (e *CopiesError) Error() string { return copiesOf(e.N, e.Tile) + ": only two exist" }

func copiesOf(k int, f tile.Tile) string {
	words := [...]string{"no", "one copy", "two copies", "three copies", "four copies"}
	if k < len(words) {
		return fmt.Sprintf("%s of %v", words[k], f)
	}
	return fmt.Sprintf("%d copies of %v", k, f)
}

// Len is the number of tiles in the hand.
func (h Hand) Len() int { return int(h.n) }

// Count is how many copies of face t the hand holds.
func (h Hand) Count(t tile.Tile) int {
	switch {
	case t == tile.FalseJoker:
		return int(h.j)
	case t < tile.FalseJoker:
		r := h.rows[t/tile.NumValues]
		b := t % tile.NumValues
		return int(r>>b&1 + r>>(b+16)&1)
	}
	return 0
}

// Add puts a tile in the hand. It does not validate, as it sits on the
// bots' hot path: NoTile is ignored and a third copy of a face is dropped
// (a hand holds at most two), so the hand stays a hand.
func (h *Hand) Add(t tile.Tile) {
	switch {
	case t == tile.FalseJoker:
		if h.j < 2 {
			h.j++
			h.n++
		}
	case t < tile.FalseJoker:
		r := &h.rows[t/tile.NumValues]
		b := uint32(1) << (t % tile.NumValues)
		switch {
		case *r&b == 0:
			*r |= b
		case *r&(b<<16) == 0:
			*r |= b << 16
		default:
			return
		}
		h.n++
	}
}

// Remove takes one copy of t out of the hand and reports whether there
// was one.
func (h *Hand) Remove(t tile.Tile) bool {
	switch {
	case t == tile.FalseJoker:
		if h.j == 0 {
			return false
		}
		h.j--
	case t < tile.FalseJoker:
		r := &h.rows[t/tile.NumValues]
		b := uint32(1) << (t % tile.NumValues)
		switch {
		case *r&(b<<16) != 0:
			*r &^= b << 16
		case *r&b != 0:
			*r &^= b
		default:
			return false
		}
	default:
		return false
	}
	h.n--
	return true
}

// Tiles lists the hand's real tiles in face order.
func (h Hand) Tiles() []tile.Tile {
	out := make([]tile.Tile, 0, h.n)
	for c := range tile.NumColours {
		r := h.rows[c]
		for v := range tile.NumValues {
			t := tile.Tile(c*tile.NumValues + v)
			for k := r>>v&1 + r>>(v+16)&1; k > 0; k-- {
				out = append(out, t)
			}
		}
	}
	for range h.j {
		out = append(out, tile.FalseJoker)
	}
	return out
}

// Counts is the hand as counts of faces.
func (h Hand) Counts() tile.Counts {
	var c tile.Counts
	for col := range tile.NumColours {
		r := h.rows[col]
		for v := range tile.NumValues {
			c[col*tile.NumValues+v] = uint8(r>>v&1 + r>>(v+16)&1)
		}
	}
	c[tile.FalseJoker] = h.j
	return c
}

// rowCount is the number of tiles in a row.
func rowCount(r uint32) int { return bits.OnesCount32(r) }
