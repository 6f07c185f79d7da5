// Package decide101 is what a seat's view of Okey 101 alone decides, with
// no table and no screen: the seats' players (Player, the levels a table
// seats as a Source, a seat's bot seeded per decision; the levels the
// game offers, bots101's and Expert, the search above hard), the plain
// player (the stand-in for a bot that fails, and a served table's) with
// the discard the analysis suggests and what a discard costs, and the
// hint's facts (the hard bot's whole turn, bots101.Turn, and the table
// it leaves step by step). It runs in commands and at a server's table
// alike, from a view alone:
//
//	levels.go Levels, Expert, New, NewExpert, DefaultSource
//	plain.go  Plain, PlainAction, AnyAction, the discard advised, Costs
//	hint.go   Hint, Facts, the plan's steps (AfterSteps), TakeFacts
//	player.go Player, Source, SeatPlayer
//
// It lives with the bots because it has no screen: the app's table and
// a served table's referee both ask it. It imports the referee of 101
// (game/okey101, game/okey101/meld, game/tile), the bots (the search
// among them) and the coach, and nothing of ui.
package decide101
