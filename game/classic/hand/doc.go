// Package hand analyses classic Okey racks: whether 14 tiles win and the
// grouping that proves it, the distance to a win (the least number of
// exchanges, one tile in and one out, counting only tiles that exist),
// the best discard of 15 tiles, the outs, discard tables for bots, and
// seri diz / çift diz for the table's sort keys. It is exact: the tests
// check it against a brute-force reference.
//
// It imports only game/tile and the standard library, and knows of the
// rules only what Config says; the referee (package game/classic)
// builds its Analyzer with Rules.HandConfig.
//
// The files, read top-down (each uses only those below it):
//
//	arrange.go          Arrange: seri diz and çift diz
//	analysis_table.go   DiscardTable: a bot's discard in one call
//	distance.go         Distance, DiscardDistances, Outs, BestDiscard
//	distance_search.go  the exact branch and bound everything traces to
//	win.go              Win and IsWin; the grouping search
//	analysis_delta.go   one tile more or less, from one solve
//	analysis_check.go   witnesses (the stock's): the relaxed optimum
//	                    checked against the tiles in existence
//	analysis_core.go    the relaxed solver (no availability limits) and
//	                    the optimal configs it keeps
//	analysis_curve.go   seat curves: a colour's runs in one word; Prepare
//	win_fast.go         the fast melds check behind IsWin; a set's choices
//	analysis_runs.go    a colour's runs as tables of half lines
//	analyze.go          the model: naturals by played face and wilds;
//	                    what the stock holds of a face
//	hand.go             Hand: a rack as bit masks, cheap to copy
//	analysis.go         Analyzer, Config, the result types (Win, Meld,
//	                    Discard, Arrangement), RackSize; the stock, the
//	                    deal's tiles in existence; Win.Points (the one
//	                    scoring rule of a win)
//
// A use:
//
//	an, _ := hand.NewAnalyzer(hand.Config{Wrap: true}, indicator)
//	h, err := an.NewHand(tiles) // refuses tiles that cannot be together
//	if w, ok := an.Win(h); ok {
//		fmt.Println(w.Kind, w.Melds, an.Points(&w, false))
//	} else {
//		fmt.Println(an.Distance(h), "exchanges from a win")
//	}
package hand
