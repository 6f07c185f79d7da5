package meld

import (
	"fmt"

	"okey/game/tile"
)

// hand is a rack as the analysis reads it: the naturals by colour and
// value (a false joker counted at the okey's face), and the number of
// okeys. Values are indexed 1..13; the padding above keeps look-ahead
// reads in bounds.
type hand struct {
	nat  [tile.NumColours][tile.NumValues + 3]uint8
	wild int
	n    int
}

// handOf reads counted tiles; they must have passed Check.
func (a Analyzer) handOf(c *tile.Counts) hand {
	var h hand
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		k := c[f]
		if k == 0 {
			continue
		}
		h.n += int(k)
		if a.IsOkey(f) {
			h.wild += int(k)
			continue
		}
		p := a.PlaysAs(f)
		h.nat[p.Colour()][p.Value()] += k
	}
	return h
}

// MaxRack is the most tiles a rack can hold in 101: 22 for the dealer,
// or for a player who has drawn, plus what okeys taken back from the
// table add.
const MaxRack = 24

// Check reports what makes c impossible as a rack of this hand: a face
// held more than twice, both copies of the indicator (the indicator lies
// face up on the table), more than two false jokers, or more than
// MaxRack tiles.
func (a Analyzer) Check(c tile.Counts) error {
	n := 0
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		k := int(c[f])
		n += k
		switch {
		case k > 2:
			return fmt.Errorf("%s of %v: only two exist", copies(k), f)
		case k == 2 && f == a.indicator:
			return fmt.Errorf("two copies of the indicator's tile %v (only one is in play)", f)
		}
	}
	if n > MaxRack {
		return fmt.Errorf("%d tiles: a rack holds at most %d", n, MaxRack)
	}
	return nil
}

func copies(k int) string {
	switch k {
	case 1:
		return "one copy"
	case 2:
		return "two copies"
	case 3:
		return "three copies"
	}
	return fmt.Sprintf("%d copies", k)
}

// tileAt is the real tile that plays as colour c, value v in this hand:
// the face itself, or a false joker for the okey's face.
func (a Analyzer) tileAt(c, v int) tile.Tile {
	t := tile.NewTile(tile.Colour(c), v)
	if t == a.okey {
		return tile.FalseJoker
	}
	return t
}
