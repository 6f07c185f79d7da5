//go:build unix && !linux

package loadgen

import "syscall"

// lowerPriority sets this process's niceness.
func lowerPriority(nice int) error {
	return syscall.Setpriority(syscall.PRIO_PROCESS, 0, nice)
}
