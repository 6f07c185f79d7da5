// Package meld is the analysis of Okey 101: what runs, sets and pairs a
// group of tiles makes and what it is worth, the best opening of a rack,
// the most pairs, the fewest tiles left unmelded, what a rack can lay
// off or take back on the table, which tiles are işler taş, and whether
// (and how) a player can finish this turn. The referee (game/okey101),
// bots and the command line share it.
//
// Every search is exact: dynamic programmes over the values 1..13 whose
// states are the colours' open runs, never a greedy choice, checked in
// the tests against brute-force references (an exhaustive split of the
// rack; playing every order of actions out with the meld operations).
//
// Files:
//
//	answer.go       Answer (okey hand --game 101 --json) and ParseLine
//	finish_plan.go  CanFinish, AnalyzeTurn; a finish laid out as steps
//	opening.go      BestOpening, Unmelded, Solver; the melds of the best laid out
//	finish_bound.go a quick necessary condition checked before the search below
//	finish_dp.go    the search for finishing this turn
//	finish.go       Status, Turn, Step, Plan; the table as the finish search sees it
//	table.go        LayOff and TakeBack on one meld; LayOffs, TakeBacks, Islek on the table
//	pairs.go        Pairs, PairMelds
//	dp.go           the search for the best opening and the fewest tiles unmelded; the
//	                weights of a Solver's Work
//	rack.go         the rack as the searches read it; Check
//	meld.go         Kind, Meld and its reading (Read, ReadPair), the Analyzer of a hand
//
// Use:
//
//	a, _ := meld.New(indicator)             // the hand's okey follows from it
//	var sv meld.Solver                      // reusable working memory, one per goroutine
//	o := sv.BestOpening(a, rack)            // o.Value, o.Melds
//	turn := meld.Turn{Status: meld.NotOpened, Threshold: 101, Taken: tile.NoTile}
//	ta := sv.AnalyzeTurn(a, rack, table, turn)
//	if ta.CanFinish { /* ta.Finish.Steps, then ta.Finish.Discard */ }
//
// The package imports only game/tile, game (a kind's name written and
// read) and the standard library.
package meld
