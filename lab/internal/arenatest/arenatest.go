// Package arenatest runs 101 arena benches from the lab's tune-tagged
// studies of the levels and of the bounds (TestCeiling and TestStrength
// in lab/arena101, TestSight101 in lab/search, TestProxy101 in
// lab/belief101, TestTakenHeld101 in lab/bots101): they read their
// sizes from the environment, run the arena, keep its records as okey
// sim --record does and log okey sim's table, the same way each. It
// prints that table with the command line's engine (ui/cli), which is
// why it lives in the lab rather than under bots/.
package arenatest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"okey/bots/arena101"
	"okey/ui/cli"
)

// EnvCount is the whole number in the environment variable name, def
// when it is unset; anything else but a number of zero or more fails t.
func EnvCount(t testing.TB, name string, def int) int {
	t.Helper()
	s := strings.TrimSpace(os.Getenv(name))
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a whole number", name, s)
	}
	return n
}

// RecordTo is the arena's Config.Record of a run of matches, writing
// each to dir as okey sim --record does (match-000042.okey), so that the
// records pair with okey sim's (lab/reader101's TestPairedRecords);
// nil when dir is empty.
func RecordTo(t testing.TB, dir string) func(int, []byte) error {
	t.Helper()
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return func(i int, rec []byte) error {
		return os.WriteFile(filepath.Join(dir, fmt.Sprintf("match-%06d.okey", i)), rec, 0o644)
	}
}

// Run runs cfg, fails t on an error, and logs okey sim's table of the
// run under the line head.
func Run(t testing.TB, head string, cfg arena101.Config) arena101.Result {
	t.Helper()
	res, err := arena101.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := cli.PrintSim101(&b, &cfg, &res); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s\n%s", head, b.String())
	return res
}
