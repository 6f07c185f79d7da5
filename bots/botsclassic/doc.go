// Package botsclassic holds classic Okey's computer players: one interface (a
// player's view in, an action out) and three levels, easy, normal and
// hard. A bot sees its seat's classic.View only, never the full state.
//
// The files, from the levels down:
//
//	bot.go         Bot, the levels (Levels, Current) and New, which makes
//	              one; Options
//	hard.go        Hard: Normal with a memory of the tiles seen, a look two
//	              exchanges ahead, and a light defence
//	normal.go      Normal: the least distance to a win, ties broken by
//	              live outs and points
//	easy.go        Easy: a beginner's chains, never counting
//	points.go      where the levels weigh points rather than distance: the
//	              hazard of another's finish, holding the okey, the
//	              seven-pairs route
//	defence.go     how much the next player is likely to want each face,
//	              from the public history
//	candidates.go  LeastDistance: the discards a search weighs beside a
//	              level's own pick
//	common.go      what every level shares: ErrPass, the turn's routine,
//	              finishes, live copies and neighbours of a tile, the draws
//	              of the hand so far
//	analysis.go    the one place the bots call hand analysis: distances,
//	              a bot's memory of its rack, TableCache shared by bots
//
// Beside it: arena (okey sim: bots measured against each other), coach
// (a player's decisions judged), rollout (worlds sampled from a view and
// hands played out in them), search (players that play candidates out)
// and bots101 (Okey 101's players and their arena).
//
// A product added to a sum is written float64(x*y): the conversion
// rounds, which keeps Go from fusing the two into one multiply-add on
// arm64 and other machines, so that a bot decides the same everywhere
// and a daily's par (bots/par) is the same on every machine
// (TestNoFusedMultiplyAdd there finds any fusion left).
package botsclassic
