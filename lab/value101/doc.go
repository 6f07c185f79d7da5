// Command value101 measures what a reading of the view could take at
// Okey 101's discard (issue 97, point 6), as lab/value/train's -oracle
// did for classic: it plays hands of four hard, labels a share of their
// discard decisions on the true racks (hard's pick and the next two of
// hard's ranking, the expert's candidates, each played out by normal
// on every seat in worlds that keep every rack and deal the wall's
// order afresh), asks the expert's pick at each, and fits readings of
// the seat's view to the labels: a ridge line on the differences
// between candidates and a small network of differences, each scored
// on the hands it was not fitted on. The report gives, in the hand's
// net points a seat a hand (rollout.Value101), what sight of every rack
// gains over hard's pick and over the expert's, what the expert's pick
// gains over hard's, and what each reading takes.
//
//	go -C lab run ./value101 -hands 4000 -workers 2 -cache DIR   # docs/studies/value-101.md
//
// Everything is drawn from the seed: the same flags give the same
// labels whatever the workers, and a stopped run goes on from the
// cache. The features are not kept in the cache: a replay of each
// labelled hand reads them again, so a new reading needs no new labels.
//
// Files:
//
//	doc.go       this map
//	main.go      the flags and the report
//	label.go     the hands of four hard, the labelled choices, the blocks and their cache
//	features.go  a candidate's reading of the view, and the replay that reads every choice
//	measure.go   the figures a seat a hand, sight's pick, the ridge line, the terms' correlations
//	net.go       the network of differences
//	diag.go      where sight's prize lies: its largest choices, feeding the next player, the hand's state
package main
