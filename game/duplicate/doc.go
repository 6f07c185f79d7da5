// Package duplicate is the plan and the score of a duplicate table:
// four friends play the same deals, each deal four
// times, and each player's result on a deal counts against what the
// others made of the same cards, so that the luck of the deal cancels.
//
// The choice: players move, the cards do not. Deal k is dealt four
// times from the same match seed, so its dealer, indicator and racks are
// the same each time, exactly as the referee deals them; in rotation r
// (0 to 3) player p sits in seat (p+r) mod 4. Over the four rotations
// every player sits once in every seat of every deal, so holds every
// deal's every rack exactly once. Moving the players and not the cards
// needs nothing of the engine (no rotated deal, no other dealer): a hand
// of a duplicate table is the first hand of a one-hand match of its
// deal's seed, as the daily's hands are.
//
// The derivation (version 1): deal k's seed (k from 1) is
//
//	first 8 bytes, big-endian, of
//	SHA-256("okey duplicate v1" 0x00 SECRET 0x00 "deal k")
//
// with SECRET the table's secret seed in decimal. The order of play is
// deal by deal: deal 1's four rotations, then deal 2's, and so on, so a
// player meets each deal four times in a row.
//
// The score (score.go) takes each hand's result per seat, more being
// better (a classic hand's score in par's measure, a 101 hand's total
// with its sign turned, as the caller gives it), and gives each player
// the sum, over the deals and seats, of their result less the mean of
// the four results made with the same cards. It is counted in quarters
// of a point, so that it is exact; the scores of the four players sum
// to zero, and four players who play alike score zero each.
//
// Like every package under game, it uses the standard library only,
// does no I/O and is deterministic.
package duplicate
