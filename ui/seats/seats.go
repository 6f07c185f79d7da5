// Package seats turns the seats of a table so that the player's sits at
// seat 0, where the screen draws the player: a server's table numbers
// its seats from its own first, and a seat's screen turns every seat
// number and every array by seat of the views it is sent. Both games
// seat four; the games' sides (ui/playclassic, ui/play101) turn their
// own views with it. It imports nothing.
package seats

// N is the seats at a table, in either game.
const N = 4

// Turn turns one seat number so that seat rot becomes seat 0; a number
// that names no seat (-1, none) stays.
func Turn(s, rot int) int {
	if s < 0 || s >= N {
		return s
	}
	return (s - rot + N) % N
}

// TurnAll turns an array by seat so that seat rot comes first.
func TurnAll[T any](a [N]T, rot int) [N]T {
	var out [N]T
	for s := range N {
		out[(s-rot+N)%N] = a[s]
	}
	return out
}
