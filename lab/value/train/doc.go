// Command train makes classic Okey's learned value of a position
// (issue 97, lab-only): it plays self-play hands between seats of mixed
// styles (easy, normal, hard, a normal perturbed on purpose and, with
// -prev, the value bot of the generation before), keeps positions (one
// seat's view at a decision or just after its discard: normal's own
// estimate of its rack, the routes' distances, the wilds, the wall, what
// each opponent took and threw, the belief's reading of where its outs
// lie), labels each with the points the hand ended with for that seat
// (play's net, gösterme apart, as the arena counts), fits a small
// network to them, and measures it on held-out hands against normal's
// estimate (distance and outs) and the first step's twenty features
// fitted the same way: error, calibration in deciles, and how often it
// orders two candidate discards as playouts do; with -arena, the value
// bot (-mode: hard's ties, every discard, the draw or take too) plays
// three opponents (-field) on duplicate deals. With -value, saved
// weights play the arenas and the playouts' figures (-floor, -means)
// with no data made (a comma list: each value in turn, hand by hand
// against the first; a+b: the mean of two values' scores). With -pair-hands, the discard decisions of the
// hands are labelled by their candidates' playouts in the same worlds
// and the value is fitted to the differences between candidates; with
// -truth, readings' ordering of two candidates is measured against
// playouts of many worlds (-truth-worlds); -cache keeps both's blocks.
//
//	go -C lab run ./value/train -hands 3000 -test-hands 1000 -workers 2   # docs/studies/classic-value.md
//	go -C lab run ./value/train -h                                        # the recipe's knobs
//	go -C lab run ./value/train -seed 9711 -pair-hands 4000 -worlds 32 -truth 200 -cache DIR -workers 2 -out diff.json  # docs/studies/classic-value-3.md
//	go -C lab run ./value/train -leaf 400 -leaf-worlds 512 -workers 2 -cache DIR -out leaf2.json                       # docs/studies/classic-value-6.md
//	go -C lab run ./value/train -value g.json -leaf-model leaf2.json -mode cut-8t-64w-c3-z0 -arena 2000 -arena-seed 97002 -workers 2
//	go -C lab run ./value/train -oracle 8000 -oracle-worlds 64 -leaf-hard -workers 2 -cache DIR -out oracle.json   # docs/studies/classic-value-7.md
//	go -C lab run ./value/train -expert-fixture ../bots/expertclassic/testdata/fixture.json   # the expert's fixed cases
//
// Everything is drawn from the seed (9701 by default; held out
// 9701+smallnet.HeldOutOffset, the ordering's choices 9701+2×that): the
// same flags give the same data (the report prints their digest) and
// the same weights, whatever the workers.
//
// Files:
//
//	doc.go       this map
//	main.go      the flags, the run from the data to the report, the
//	             weights written; the run of the value of differences
//	pairs.go     the value fitted to differences: decisions labelled by
//	             their candidates' playouts (common random numbers), the
//	             fit to the differences, the ordering against playouts of
//	             many worlds (the truths), the blocks kept in -cache
//	prize.go     the prize of the whole discard: every tile of the rack
//	             played out against normal's pick (-prize), the gain
//	             cross-validated over halves of the worlds
//	curve.go     the budget's curve: what a search of fewer worlds (all
//	             the tiles or normal's two, gated or not) takes of the
//	             prize, chosen on one half and scored on the other
//	leaf.go      playouts cut short (-leaf): each candidate read after
//	             a few turns by a linear leaf on the whole state, fitted
//	             on half the choices, its searches scored on the other;
//	             with -out, the leaves fitted on every choice
//	oracle.go    a policy learned on the true racks (-oracle): decisions
//	             labelled by normal's three closest played out on the
//	             racks as they are, the wall's order dealt afresh; a
//	             ridge line and the network fitted to those labels from
//	             the seat's view, scored on held-out hands; the gated
//	             pick that plays such a value (-mode gated-c<k>-g<n>);
//	             -oracle-expert labels hands of four of the shipped expert
//	oracletake.go  the draw or the take on the true racks (-oracle-take):
//	             what sight of every rack gains there over normal, the
//	             take line and network fitted from the view to those
//	             labels (a network: what the expert plays), and the
//	             mode that plays it (-mode taker-g<n>, or gated-…-t<n>
//	             with the gated discards); -oracle-expert labels the
//	             take on hands of four of the shipped expert too
//	oraclehold.go  the hold of a win for an okey finish on the true
//	             racks (-oracle-hold): the finish and the hold labelled,
//	             hard's rule, the hold line on the hold's inputs
//	             (expertclassic's, which the expert plays) and what the true racks say
//	             (holdTruth), held out; -out writes the line the gated mode
//	             plays (-mode gated-…-h<n>[-once], -hold-line); the
//	             labels played on by hard (-oracle-play) and the seat
//	             holding by a line (-oracle-play-hold, holdBot)
//	extra.go     the rack's second look (expertclassic's, -oracle labels
//	             it beside the features): the line and the network on
//	             both against the view's; with -second-look, -out writes
//	             the network on both, the value the expert plays, which
//	             the value bot reads too
//	need.go      the next player's need for a discard read from its
//	             public history tile by tile (-need): how well it reads
//	             whether a candidate is truly the next player's out
//	cutbot.go    the cut search as a bot (-mode cut-<turns>t-<worlds>w
//	             [-c<k>], the leaves of -leaf-model): hard's discard
//	             against the others' cut playouts in sampled worlds
//	order.go     against playouts: the ordering of two candidate
//	             discards, the floor (what luck leaves of one hand's
//	             outcome, -floor), positions labelled by their
//	             playouts' means (-means)
//	eval.go      the held-out figures: error, calibration in deciles
//	fit.go       the network's fit to the points (a squared error), its
//	             values, the weights as the product reads them
//	data.go      the self-play hands, the seats' styles (the
//	             generation before's among them), the positions kept
//	             and their labels, the data's digest
//	bot.go       the value bot (hard with its discards, and its draw or
//	             take, by the value one ply ahead), its arena against
//	             three opponents (-arena), the views one move ahead
//	             (after a discard, a take, a draw)
//	arena.go     the arenas of one value or several (-value a,b; a+b:
//	             the mean of two), each against the field on duplicate
//	             deals and hand by hand against the first
//	deep.go      the deeper search on the value (-mode deep): hard's
//	             discard against the next at the least distance, each
//	             played one round ahead in sampled worlds and scored by
//	             the value
//	features.go  the features of one seat's view, the belief's reading
//	             among them: the expert's (bots/expertclassic), by the
//	             trainer's short names
//	fixture.go   the expert's fixed cases (-expert-fixture): positions
//	             of four normal bots' hands, their features, the shipped
//	             value's score as the trainer's network gives it and the
//	             take line's gain, which the expert's test reads again
package main
