// Command train makes the belief of the racks that bots/belief ships:
// it plays hands of classic Okey between normal and hard bots, keeps
// positions (a seat's view, and where the tiles it cannot see truly
// were), trains the model on them, measures it on deals it never saw
// against the uniform belief and the hand-written reading, and writes
// the weights, with their recipe and figures, to bots/belief/weights.json
// and the test's fixed cases to bots/belief/testdata/fixture.json.
//
//	go -C lab run ./belief/train -commit $(git rev-parse HEAD)   # the shipped weights (seed 1, 21 minutes)
//	go -C lab run ./belief/train -eval 2000000                   # the shipped weights measured on other deals, no training
//	go -C lab run ./belief/train -h                              # the recipe's knobs
//
// It lives in the lab's module (lab/go.mod), beside the product: run it
// from a clone's top directory as above (go -C lab), or from lab/. The
// files it writes default to the product's package, wherever it runs.//
// Everything is drawn from the seed: the same flags give the same
// weights. The data and each model's training are kept in -cache, so a
// run stopped at any point goes on where it was.
//
// What it shares with the other trainer (the hands played in chunks,
// the data's cache, the network's layout, passes and AdamW) is
// lab/internal/trainer.
//
// Files:
//
//	doc.go      this map
//	main.go     the flags, the run from the data to the weights, the recipe
//	            and the report; -eval, the report alone for the shipped
//	            weights
//	data.go     the self-play hands, the positions kept and their labels,
//	            the data's cache
//	data101.go  the hands of Okey 101 (-game 101: bots/belief101's
//	            weights), played and filed as data.go files classic's
//	net.go      the network's loss on a group (a softmax over the places)
//	            and its training in sub-batches, the checkpoints
//	eval.go     the held-out figures: log-loss, Brier, calibration (in
//	            bins of the chance and in deciles of the copies), the
//	            samplers' worlds
//	fixture.go  the fixed cases the package's test plays again
//	            (belief.FixtureCase)
//	sums.go     -hand-loss: the held-out log-loss summed by hand, which
//	            TestPairHandLoss (tune tag) pairs between runs of
//	            different features
package main
