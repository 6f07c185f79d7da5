//go:build !unix

package followtest

import (
	"testing"
	"time"
)

// CPU is the CPU time the test's process has used: not read here, 0.
func CPU(testing.TB) time.Duration { return 0 }
