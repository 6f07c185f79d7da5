package trainer

import (
	"fmt"
	"os"
	"runtime/debug"
	"syscall"
	"time"
)

// BuildCommit is the commit the running binary was built from, or
// "unknown" (a trainer's -commit defaults to it).
func BuildCommit() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
	}
	return "unknown"
}

// CPU is the process's user and system CPU time.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Logf writes a line to standard error after the time of day.
func Logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, a...)...)
}
