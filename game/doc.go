// Package game holds what the two games' referees share, so that
// neither game, nor any user of one, imports the other for it. Each
// game is a package of its own beneath it, its analysis under it:
//
//	game/classic       classic Okey's referee
//	game/classic/hand  its hand analysis
//	game/okey101       Okey 101's referee
//	game/okey101/meld  its analysis of melds
//
// and beside them the layers both stand on: this package (the table's
// vocabulary: seats, phases, outcomes, the rules and move errors),
// game/record (the match record: its framing, header and errors, and
// the Game and Replay both games' records are), game/tile (tiles and
// their notation), game/fair (the commitment to a served match's seed)
// and game/internal (the seeded generator, the records' lines). Both
// games' phases and outcomes are this package's (game.Playing,
// game.OutcomeWon); a game names the generic types it takes from here
// in its own words (okey101.MoveError is game.MoveError[okey101.Action]);
// the errors both share are this package's and game/record's alone
// (game.ErrWrongSeat, record.ErrGame).
//
// The files:
//
//	errors.go  RulesError, the reasons an action is refused in both
//	           games, MoveError and Refuse; the reducer's frame both
//	           games' Apply share (Step, CheckMove)
//	rules.go   a rules set as text (RulesText, UnmarshalRules)
//	phase.go   Phase and Outcome, named in JSON; Named, ParseName,
//	           EnumName and ParseEnum for the games' own small types
//	seats.go   NumSeats, a table turned so that a seat sits at 0
//	           (TurnSeat, TurnSeats: each game's View.Rotate), the top
//	           of a discard stack (Top)
//	rng.go     NewSeed and Seeded, randomness for callers outside the
//	           referees (bots, simulations) that must replay from a seed
//	kind.go    Kind, which game a match is of (Classic, Okey101): the
//	           word a record, --game, a daily's hash and the settings
//	           write, read back by ParseKind
//
// Like the referees, it imports only the standard library and its own
// layers, does no I/O and takes randomness only from a seed.
package game
