// Package bots101 holds the computer players of Okey 101: one interface
// (a seat's okey101.View in, one okey101.Action out), three levels, and
// beside it, in arena101, the arena behind okey sim --game 101.
//
// A turn of 101 is several actions, so a bot is asked again for as long
// as its seat may act: it plans the whole turn when first asked (on a
// board, its working copy of the rack and the table, which checks every
// action as the referee would) and returns the plan one action a call.
// The analysis is package meld's: exact openings, finishes, lay-offs and
// take-backs; the levels differ in how they use it.
//
// Files:
//
//	turn.go       Turn: the whole turn a fresh bot of a level would play from a view
//	bot.go        Bot, Levels, Options, New; a bot built afresh for every decision
//	hard.go       Hard
//	easy.go       Easy
//	normal.go     Normal; taking the previous discard when the turn's plan uses it
//	lookahead.go  the odds of opening with the next tile, and the next two or
//	              three, by discard (hard)
//	discard.go    the discard each level weighs its own way; how near the hand is to its end
//	feed.go       the chance a discard lets the next player open, guessed (hard)
//	finishodds.go the chance a discard leaves of finishing next turn or the one
//	              after, once open (hard)
//	play.go       the moves the levels are built of: finish (and the quick proofs that a rack
//	              cannot), open, lay, lay off, take back; pairs in a rack
//	house.go      the house rules as the bots see them: the feed penalty as a risk
//	rack.go       what a seat has seen, live copies, a tile's potential
//	player.go     the player every level shares (plans kept between calls), its random streams
//	memo.go       the last few best openings and unmelded counts, remembered; a decision's budget
//	board.go      board: a turn played out on a copy of the rack and the table
//	belief.go     Belief, Reading: hard's samplers fed by a belief of the racks
//	              instead of the live copies (okey sim's read, bots/reader101)
//
// The levels, as arena101 measures them (docs/bots-101.md gives the
// commands and figures): normal wins about four matches in five against
// three easy bots; hard wins about 30% against three normal, where equal
// play wins 25%, and scores several points a hand less than they do
// (fewer is better in 101; docs/studies/bots-101-hard.md). Each level's
// strategy is in its type's comment.
//
// A product added to a sum is written float64(x*y): the conversion
// rounds, which keeps Go from fusing the two into one multiply-add on
// arm64 and other machines, so that a bot decides the same everywhere
// and a daily's par (bots/par) is the same on every machine
// (TestNoFusedMultiplyAdd there finds any fusion left).
package bots101
