package game

import "okey/game/tile"

// NumSeats is the number of seats at a table of either game. Play runs
// anticlockwise: the next player is the one on the right, seat+1.
const NumSeats = 4

// TurnSeat is seat s as a table turned by rot sees it: the seat rot
// sits at seat 0, play still runs seat+1 and partners still sit
// opposite. A number that is no seat (-1 for "nobody") is left as it is.
// Each game's View.Rotate turns every seat number with it.
func TurnSeat(s, rot int) int {
	if s < 0 || s >= NumSeats {
		return s
	}
	return (s - rot + NumSeats) % NumSeats
}

// TurnSeats is an array by seat as a table turned by rot sees it: the
// entry of seat s moves to TurnSeat(s, rot).
func TurnSeats[T any](a [NumSeats]T, rot int) [NumSeats]T {
	var out [NumSeats]T
	for s := range NumSeats {
		out[(s-rot+NumSeats)%NumSeats] = a[s]
	}
	return out
}

// Top is the top tile of seat's stack among stacks (each game's
// View.Top: the discard stacks as a view sees them), or NoTile for a
// number that is no seat or an empty stack.
func Top(stacks *[NumSeats][]tile.Tile, seat int) tile.Tile {
	if seat < 0 || seat >= NumSeats || len(stacks[seat]) == 0 {
		return tile.NoTile
	}
	st := stacks[seat]
	return st[len(st)-1]
}
