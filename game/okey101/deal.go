package okey101

import (
	"fmt"

	"okey/game"
	"okey/game/internal/rng"
	"okey/game/tile"
)

// NumSeats is the number of seats at the table, package game's, the
// same for both games. Play runs anticlockwise: the next player is the
// one on the right, seat+1.
const NumSeats = game.NumSeats

// The sizes of a deal of 101.
const (
	DealerTiles = 22 // the dealer's rack, who starts with a discard
	RackTiles   = 21 // every other rack
	WallSize    = 20 // the tiles left to draw
)

// Deal is one hand's tiles as they came off the table.
type Deal struct {
	Dealer int
	// Indicator is the gösterge, never a false joker.
	Indicator tile.Tile
	// Racks are the tiles dealt: 22 to the dealer, 21 to the others.
	Racks [NumSeats]tile.Counts
	// Wall is the tiles left to draw, in drawing order.
	Wall []tile.Tile
}

// fullSet lists the 106 tiles in face order.
func fullSet() []tile.Tile {
	ts := make([]tile.Tile, 0, tile.NumTiles)
	for f := tile.Tile(0); f < tile.NumFaces; f++ {
		ts = append(ts, f, f)
	}
	return ts
}

// NewDeal deals a hand from a seed as RULES.md says: shuffle, deal 22
// to the dealer and 21 to each other seat from the dealer round to the
// right, turn up the next tile that is not a false joker as the
// indicator (a false joker passed over stays in the wall where it lay),
// and the 20 left are the wall.
func NewDeal(seed uint64, dealer int) (Deal, error) {
	if dealer < 0 || dealer >= NumSeats {
		return Deal{}, fmt.Errorf("deal: no seat %d", dealer)
	}
	tiles := fullSet()
	rng.Shuffle(rng.New(seed), tiles)
	d := Deal{Dealer: dealer}
	pos := 0
	for i := range NumSeats {
		seat := (dealer + i) % NumSeats
		n := RackTiles
		if seat == dealer {
			n = DealerTiles
		}
		for _, t := range tiles[pos : pos+n] {
			d.Racks[seat][t]++
		}
		pos += n
	}
	rest := tiles[pos:]
	ind := 0
	for rest[ind] == tile.FalseJoker {
		ind++ // two false jokers at most: a coloured tile follows
	}
	d.Indicator = rest[ind]
	d.Wall = make([]tile.Tile, 0, WallSize)
	d.Wall = append(d.Wall, rest[:ind]...)
	d.Wall = append(d.Wall, rest[ind+1:]...)
	return d, nil
}
