// Package arenastat holds the statistics both bot arenas (classic okey sim
// and okey sim --game 101) report, written once.
//
// Play in an arena is duplicated: a deal (or a match) is played four
// times with the bots rotated through the seats. The four rotations share
// the deal, so they are not independent trials, and an interval that
// took every hand as one would be too narrow. Ratio therefore takes
// whole deals as clusters and gives the ratio estimator's cluster-robust
// interval, falling back to Wilson's interval over the trials when the
// clusters do not spread. TimeHist keeps decision times in a fixed
// histogram, so a run of any length keeps the same few kilobytes a bot
// and still gives an exact mean and a median and 99th percentile good to
// a bucket.
//
// The files:
//
//	run.go    what both arenas report alike: DecisionTimes (one type, one
//	          field name each), the workers' histograms merged, hands a
//	          second, the error of an interrupted run
//	time.go   TimeHist: decision times, mean and quantiles
//	ratio.go  Ratio: cluster-robust ratio estimates and 95% intervals,
//	          wilson's interval
package arenastat
