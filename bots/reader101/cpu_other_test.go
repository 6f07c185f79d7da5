//go:build !linux

package reader101

import "time"

// threadCPU is not measured outside Linux (see cpu_linux_test.go).
func threadCPU() (time.Duration, bool) { return 0, false }
