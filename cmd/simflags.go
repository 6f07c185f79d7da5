package cmd

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

// simUsage checks what okey sim's flags mean alike in both games — the
// count of bots for seats, --hands or --matches, --workers — so that the
// same mistake is said the same way whatever the game: the catalogue
// key of what is wrong and its arguments, or "" when nothing is.
func simUsage(f *simFlags, bots, seats int) (string, []any) {
	switch {
	case bots != seats:
		return "cli.err.sim.bots.count", []any{bots}
	case f.set["matches"] && f.set["hands"]:
		return "cli.err.sim.both", nil
	case f.set["matches"] && f.matches <= 0:
		return "cli.err.positive", []any{"--matches", f.matches}
	case !f.set["matches"] && f.hands <= 0:
		return "cli.err.positive", []any{"--hands", f.hands}
	case f.workers < 0:
		return "cli.err.workers", []any{f.workers}
	}
	return "", nil
}
