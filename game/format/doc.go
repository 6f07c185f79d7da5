// Package format is the second axis of play, beside the game: the format
// a session is played in — an ordinary match, the daily's set, a
// duplicate rotation — behind one interface, Format, so that the served
// table (server/tables) and the local app drive every format the same
// way and never ask which one it is. A format owns how each hand is
// dealt and seeded, how the players move round the seats, which secrets
// it keeps and when it shows them, how a hand's outcome is scored (par's
// measure for the daily, quarters against the mean for a duplicate), and
// what is said between hands and at the end, as values (word keys and
// numbers), never as text. The game's referee says a hand's Outcome; the
// format scores it. A new format (a tournament) is a new implementation
// of Format, not new branches in its drivers.
//
// The API (Format, Policy, Hand, Outcome, Scored, Shown, Standing, Seal
// and the three implementations' constructors) is stable: the served
// table and the app's daily both stand on it.
//
// The files:
//
//	seated.go     Seated: a format at a tournament's table, its players
//	              awaited, its one match played out by the bots if need be
//	round.go      Round: one table of a tournament's duplicate round, dealt
//	              from the round's seal (RoundPlan), its secret never shown
//	duplicate.go  Duplicate: each deal four times, the players a seat on,
//	              scored against the mean (DuplicatePlan, DuplicateScores)
//	daily.go      Daily: the day's hands, served (DailyPlan, the server's
//	              secret seeds) or local (a daily.Set's public ones)
//	match.go      Match: match after match, each dealt from a fresh seal
//	format.go     Format, the values it hands back (Policy, Hand, Outcome,
//	              Scored, Standing) and its errors
//	seal.go       Seal: a match's seed, salt, commitment and bots' key; a
//	              fresh one made of random bytes the caller drew (SealFrom),
//	              one read back from a record's header (SealOf); Shown,
//	              what the seats see of it
//
// Like every package under game it uses the standard library and game's
// own packages only, reads no clock, draws no randomness and does no
// I/O: a fresh seal's bytes, and "now", are the caller's.
package format
