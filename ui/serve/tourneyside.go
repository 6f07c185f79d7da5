package serve

import (
	"okey/game/tourney"
)

// tourneySide is what a session and the "tournament" command ask of
// the server's tournaments, apart from serverSide: a server that runs
// none has none (nil), and then the lobby says nothing of tournaments,
// its key says so, and the command refuses. The server that runs them
// answers it (the tournaments' owner in the store, by lease); a page
// asks it only in a command, never in Update, except Tournaments,
// which the lobby reads as it lists its tables and must come from
// memory.
type tourneySide interface {
	// Tournaments are the tournaments' lobby lines, starting, running
	// and finished.
	Tournaments() []tourney.Listed
	// Tournament is one tournament's lobby line and whole state, read
	// anew; an id the server does not know is an error that wraps
	// tourney.ErrUnknown.
	Tournament(id string) (tourney.Listed, tourney.Tournament, error)
	// CreateTournament creates a tournament of c for the player by and
	// returns its id; c has passed c.Check.
	CreateTournament(by string, c tourney.Config) (string, error)
	// JoinTournament and LeaveTournament put a player in a tournament
	// (with their rating in its game) and take them out, refused with
	// the director's errors (tourney.ErrFinished, tourney.ErrStarted,
	// tourney.ErrUnknown).
	JoinTournament(id, player string, rating int) error
	LeaveTournament(id, player string) error
}
