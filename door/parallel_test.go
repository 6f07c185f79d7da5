package door

import (
	"flag"
	"strconv"
	"testing"
)

// shortParallel is how many of the package's parallel tests run at once
// under -short when go test is not told (-parallel): most of their time
// is spent waiting — on a cluster's nodes electing their streams'
// leaders, on a table's pace, on a session left idle to see that it
// stays asleep — not on the cores, so more of them wait at once than
// the two cores go test would allow.
const shortParallel = 6

// waitInParallel raises the tests run at once to shortParallel under
// -short, when -parallel was not given and the race detector is off
// (under it the cores are the limit). Called from TestMain, after the
// flags are parsed.
func waitInParallel() {
	if !testing.Short() || raceOn {
		return
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(shortParallel)); err != nil {
			panic(err)
		}
	}
}
