//go:build !unix

package loadgen

import "errors"

// lowerPriority is not offered where processes have no niceness.
func lowerPriority(int) error { return errors.New("no niceness here") }
