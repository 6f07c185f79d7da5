// Command train makes the weights of bots/wait, the reading of the
// next player's wait: it plays hands of classic Okey between normal and
// hard bots (seeded), keeps at some of the discards the view of the
// seat to discard with, for each face it holds, whether the next
// player would win at once were that face thrown (from the true
// racks), fits a small network to it, measures it on hands of another
// seed against the base rate and the belief's own chance (its
// placements'), and writes the weights (with their recipe) and the
// fixed cases the package's test reads again.
//
//	go -C lab run ./wait/train -commit $(git rev-parse HEAD)
//
// Everything is drawn from -seed; the result does not depend on
// -workers.
//
// What it shares with the other trainer (the hands played in chunks,
// the data's cache, the network's layout, passes and AdamW) is
// lab/internal/trainer.
//
// The files:
//
//	doc.go      this map
//	main.go     the flags, the run from the data to the weights, the recipe
//	data.go     the self-play hands, the discards kept and their labels
//	            (whether the next player wins on each face), saved and loaded
//	net.go      the network's loss on a row (a logistic) and its training
//	eval.go     the held-out figures: log-loss, AUC, what is flagged at each
//	            threshold, calibration
//	fixture.go  the fixed cases the package's test plays again
package main
