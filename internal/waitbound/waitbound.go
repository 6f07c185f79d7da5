// Package waitbound lets a package whose tests mostly wait — on a
// cluster's nodes electing their streams' leaders, on a table's pace, on
// a lease running out — run more of its parallel tests at once in the
// quick suite (go test -short) than go test's one a core: their time is
// spent waiting, not on the cores, and two at a time the waits lined up
// one after the other.
package waitbound

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"

	"okey/internal/quicksuite"
)

// Parallel raises the number of the package's parallel tests run at once
// to n under -short, when go test was not told (-parallel) and the race
// detector is off (under it the cores are the limit). CI names its
// -parallel, so what it runs is unchanged. Call it from TestMain, after
// flag.Parse.
func Parallel(n int) {
	if !quicksuite.Quick() {
		return
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if given {
		return
	}
	if err := flag.Set("test.parallel", strconv.Itoa(n)); err != nil {
		panic(fmt.Sprintf("waitbound: setting -test.parallel: %v", err))
	}
}

// Main is a TestMain for such a package: the flags parsed, Parallel(n),
// the tests run and their result the process's exit.
func Main(m *testing.M, n int) {
	flag.Parse()
	Parallel(n)
	quicksuite.Collect()
	os.Exit(m.Run())
}
