package proc

import (
	"os"
	"testing"
)

// TestSelf: this process has used some memory, and nothing is read of
// a process that does not exist.
func TestSelf(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc here")
	}
	x := 0
	for i := range 20_000_000 {
		x += i % 7
	}
	if CPU(os.Getpid()) < 0 || RSS(os.Getpid()) == 0 || x < 0 {
		t.Fatalf("this process: CPU %v, RSS %d", CPU(os.Getpid()), RSS(os.Getpid()))
	}
	if CPU(-1) != 0 || RSS(-1) != 0 {
		t.Fatal("a process that does not exist was read")
	}
}
