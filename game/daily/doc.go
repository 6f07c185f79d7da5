// Package daily derives the daily deal (docs/daily.md): from a date and a
// game, the same set of hands and the same bots' seeds on every machine
// and every version of okey, and a fingerprint of them that two players
// can compare without showing each other a tile.
//
// The derivation (version 1; docs/daily.md says it for players):
//
//	seed(role) = first 8 bytes, big-endian, of
//	             SHA-256("okey daily v1" 0x00 game 0x00 YYYY-MM-DD 0x00 role)
//
//	hand k       (k = 1..4 of classic, 1..2 of 101) the deal's seed: hand k
//	             is the first hand of a match of the daily's rules (classic:
//	             the defaults; 101: the defaults, one hand) seeded with it,
//	             under record version 2
//	hand k seat s  the seed of the bot in seat s in hand k: hard bots in
//	             seats 1 to 3; seat 0's bot plays the player's seat for par
//
// Each hand is a match of its own, so a hand's deal, dealer and bots
// depend only on the date, the game and the hand's number, never on how
// an earlier hand went.
//
// The files:
//
//	served.go okey serve's daily: every seed from a secret the server
//	          draws for the day (NewServed), the commitment to it shown
//	          while the day lasts (Commit), a served hand's record checked
//	          against the secret revealed after (VerifyServedClassic/101)
//	record.go a hand's record naming its daily (Meta), and the check
//	          that a record is the hand it names (IdentifyClassic,
//	          Identify101), for okey verify and the statistics to come
//	deal.go   the daily's rules, each hand's record before play, the
//	          fingerprint and the canonical text it hashes
//	daily.go  Hands (of a game's day), Date (parsing YYYY-MM-DD strictly),
//	          Seed, Set and New; the domain tags the seeds are hashed under
//
// Like every package under game, it uses the standard library and the
// referees only, does no I/O and reads no clock: "today" is the caller's.
package daily
