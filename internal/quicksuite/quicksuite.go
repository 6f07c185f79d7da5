// Package quicksuite holds what the everyday run (go test -short, the
// race detector off) asks of the test binaries that spend the most CPU:
// a collector that runs less often. The quick suite runs two binaries
// on two cores and most of its time is their CPU; about a tenth of that
// was the collector, working for heaps of a few hundred megabytes at
// most on a machine with gigabytes to spare. CI's runs (the race
// detector on, or without -short) and a GOGC given are left alone.
package quicksuite

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// Quick says whether this is the everyday run: -short without the race
// detector. A wait that is slack for a loaded machine (CI names its
// runs, with the race detector or without -short) may be shorter there,
// and a package that mostly waits may run more tests at once
// (internal/waitbound).
func Quick() bool { return testing.Short() && !raceOn }

// GCPercent is the collector's target in a quick run: the heap may grow
// to five times what it kept, not twice.
const GCPercent = 400

// Collect sets the collector for a quick run (GCPercent), unless GOGC
// is given, the race detector is on or the run is not -short. It
// returns whether it did. Call it from TestMain, after flag.Parse.
func Collect() bool {
	if !Quick() || os.Getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(GCPercent)
	return true
}

// Main is a TestMain for such a package: the flags parsed, Collect, the
// tests run and their result the process's exit.
func Main(m *testing.M) {
	flag.Parse()
	Collect()
	os.Exit(m.Run())
}
