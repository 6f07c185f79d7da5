package waitbound

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"

	"okey/internal/quicksuite"
)

// given is whether go test was told -parallel, and before its value,
// both read before Parallel.
var (
	given  bool
	before string
)

func TestMain(m *testing.M) {
	flag.Parse()
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	before = flag.Lookup("test.parallel").Value.String()
	Parallel(7)
	os.Exit(m.Run())
}

// Parallel sets -test.parallel only in the quick suite, without the race
// detector, when go test was not told; otherwise it is left as given
// (or go test's default, one a core).
func TestParallelOnlyWhenNotTold(t *testing.T) {
	got := flag.Lookup("test.parallel").Value.String()
	switch {
	case quicksuite.Quick() && !given:
		if got != "7" {
			t.Errorf("-test.parallel %s under -short, not told: want 7", got)
		}
	case !given:
		if want := strconv.Itoa(runtime.GOMAXPROCS(0)); got != want {
			t.Errorf("-test.parallel %s, not told and not -short (or under the race detector): want go test's %s", got, want)
		}
	case got != before:
		t.Errorf("-test.parallel %s: the %s given was changed", got, before)
	}
}
