// Package play101 is Okey 101's side of the table, as far as it has left
// package ui (issue 21): what the table knows of 101's rules that is not
// drawing or keys. It holds the seats' players and the analysis the
// table gives the player, all from a seat's view alone, so that they run
// in commands and at a server's table alike:
//
//	player.go    Player (a seat's view in, one action out), the levels the
//	             table seats (Source), the seat's player seeded per decision
//	plain.go     the table's own plain player (the stand-in for a bot that
//	             fails, and a served table's), the discard the analysis
//	             suggests, what a discard costs
//	hint.go      the hint's facts (h): the plan (the hard bot's whole turn,
//	             bots101.Turn) and the table it leaves step by step, a
//	             finish, the opening, what taking the discard would do
//	seat.go      a view turned so that a served seat sits at seat 0
//	notation.go  tiles in a row and the tiles of the table's melds, as the
//	             table writes them
//
// It imports the referee of 101 (game/okey101, game/meld, game/tile), the
// bots of 101, ui/seats, and nothing of ui: ui puts its words to these
// facts.
package play101
