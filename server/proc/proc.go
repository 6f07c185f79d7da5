// Package proc reads what a process has used from Linux's /proc: its
// CPU time and its resident memory. okey load and the server's load and
// hostile tests measure the server's child process with it.
package proc

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// CPU is the CPU time process pid has used, 0 where it cannot be read.
func CPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name (in parentheses): utime and
	// stime are the 12th and 13th, in clock ticks (100 a second).
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	var u, k int64
	fmt.Sscan(f[11], &u)
	fmt.Sscan(f[12], &k)
	return time.Duration(u+k) * 10 * time.Millisecond
}

// RSS is process pid's resident memory in bytes, 0 where unknown.
func RSS(pid int) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			var kb uint64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return kb << 10
		}
	}
	return 0
}
