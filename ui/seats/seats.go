// Package seats turns the seats of a table so that the player's sits at
// seat 0, where the screen draws the player: a server's table numbers
// its seats from its own first, and a seat's screen turns every seat
// number and every array by seat of what it is sent beside the view
// (each game's View turns itself with View.Rotate). Both games seat
// four. The arithmetic is the engine's (game.TurnSeat, game.TurnSeats),
// so that a view and what comes with it turn alike; this package names
// it for the screens.
package seats

import "okey/game"

// N is the seats at a table, in either game.
const N = game.NumSeats

// Turn turns one seat number so that seat rot becomes seat 0; a number
// that names no seat (-1, none) stays.
func Turn(s, rot int) int { return game.TurnSeat(s, rot) }

// TurnAll turns an array by seat so that seat rot comes first.
func TurnAll[T any](a [N]T, rot int) [N]T { return game.TurnSeats(a, rot) }
