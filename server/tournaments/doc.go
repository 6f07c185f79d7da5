// Package tournaments is okey serve's tournaments: each one a value in
// the store (keep.TourneyBook) that one node at a time owns by lease,
// as a table is run, and drives: it moves the tournament's director
// (game/tourney) on with the server's clock, opens the tables the
// director asks for as seated tables of the hall (their players' seats
// held for them) once the tournament is written with them, and takes
// each table's end back into the director, once. Players' joins and leaves, and tables' ends, reach the owner
// through the store whichever node they come from, so a tournament
// survives its owner's loss and a restart, and no match is lost or
// counted twice when its owner changes.
//
// The files, read top-down:
//
//	owner.go     the owner's round: leases taken, each owned tournament
//	             read, its requests and tables' ends taken, its clock
//	             moved, its new tables numbered, written back at its
//	             revision with them in play (Opening), then opened
//	written.go   the owner's writes: a tournament written at the
//	             revision read (never below its own last), a player
//	             gone, a round's seal drawn, the ends read past the
//	             watch, the requests and ends taken dropped
//	opening.go   a table planned under its number, opened once written,
//	             and settled by the next round if it was not
//	chat.go      a tournament's chat: its last lines kept in the store,
//	             said at the tables' pace and cleaned as theirs, read
//	             by every node's watch
//	mute.go      the operator's mutes, kept in the store under a MAC of
//	             the player: asked by the tables' chat and this one
//	requests.go  a player's join or leave (a private tournament's code
//	             asked), the organiser's change or cancel before the
//	             start, and a table's end, written as keys of the store
//	             for the owner to take; a match's record, and the
//	             standings and field scores recounted from the records
//	create.go    a tournament created: by a player (their share and the
//	             server's, the settings' caps, a form's Check), by the
//	             operator from a file (once by its name, changed or
//	             called off by it before the start), ids, the tables'
//	             time control
//	duplicate.go duplicate rounds: one seal a round, drawn before its
//	             tables open, its secret shown once the round is over;
//	             the seats scored against the field
//	oneseat.go   one person, one entry: one entry an address (its
//	             mark) unless the operator names it shared; a
//	             duplicate tournament's keys known before it
//	store.go     what every node reads of the store: the watch that
//	             keeps each tournament as the store holds it, a
//	             tournament's value read whole and written, its
//	             matches kept in pages, each a value made once and
//	             named by what it holds (its weight that of its
//	             players, not of the matches played)
//	service.go   Service: started with its Options, the tournaments as
//	             every node sees them (a watch of the store), the lobby's
//	             list and one tournament's copy; the parts it is made
//	             of, each with its own methods and reached through it
//	             by name, never promoted: the owner's round
//	             (OwnerRound, Owner), the chat (ChatRoom, Chats), the
//	             mutes (Mutes, Muting)
//
// It may import game/tourney, game/okey101 (its rules: whether a 101
// tournament's tables are partners'), game/classic (its rules: a
// classic match's points), server/hall, server/tables,
// server/keep, kit/safetext (a player's name made safe) and the
// standard library; nothing of the door (door) nor the
// sessions (ui/serve) above it.
package tournaments
