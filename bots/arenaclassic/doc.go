// Package arenaclassic pits four bots against each other and measures them: it
// is what okey sim runs. Play is duplicated: every deal (or, with
// Config.Matches, every match's sequence of deals) is played four times
// with the bots rotated through the four seats, so that a good or bad
// deal falls on every bot alike and only the play differs. The four
// rotations are one cluster in every interval the arena reports.
//
// The files:
//
//	run.go     Run: the workers and what they report
//	tally.go   what a run has counted, folded cluster by cluster, and the
//	           table made of it (its intervals and decision-time
//	           histograms are package bots/internal/arenastat's, shared
//	           with the arena of Okey 101)
//	play.go    one hand, or one whole match, played by four bots
//	arena.go   Config and Result
//
// A use:
//
//	res, err := arenaclassic.Run(ctx, arenaclassic.Config{
//		Bots: []string{"hard", "normal", "normal", "normal"},
//		Matches: 2000, Seed: 1, Rules: classic.DefaultRules(),
//	})
//	fmt.Println(res.Bots[0].Match.WinShare, res.Bots[0].NetPointsPerHand)
package arenaclassic
