package main

// simFlags are okey sim's flags, the same names for both games: they are
// read once, and --game then says whose levels and rules they are, so
// that a game the command does not know is refused like any bad flag.
type simFlags struct {
	game, bots, rules, record string
	hands, matches, workers   int
	seed                      uint64
	json                      bool
	set                       map[string]bool // the flags given
	lang                      string          // of the messages: a refused --rules says why in it
}

// simSeats is the seats of both games' tables, which --bots fills.
const simSeats = 4
