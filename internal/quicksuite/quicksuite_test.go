package quicksuite

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestCollect: a quick run without GOGC gets GCPercent; the whole suite
// and a GOGC given keep the collector as it was.
func TestCollect(t *testing.T) {
	was := debug.SetGCPercent(100)
	defer debug.SetGCPercent(was)
	if q := testing.Short() && !raceOn; Quick() != q {
		t.Fatalf("Quick() = %v; want %v (short %v, race %v)", !q, q, testing.Short(), raceOn)
	}
	want := testing.Short() && !raceOn && os.Getenv("GOGC") == ""
	if got := Collect(); got != want {
		t.Fatalf("Collect() = %v; want %v (short %v, race %v, GOGC %q)", got, want, testing.Short(), raceOn, os.Getenv("GOGC"))
	}
	now := debug.SetGCPercent(100)
	if want && now != GCPercent || !want && now != 100 {
		t.Errorf("the collector's target is %d after Collect()", now)
	}
}
