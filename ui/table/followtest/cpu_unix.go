//go:build unix

package followtest

import (
	"syscall"
	"testing"
	"time"
)

// CPU is the CPU time the test's process has used, user and system.
func CPU(t testing.TB) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
