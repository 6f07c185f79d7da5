package play101

import (
	"testing"

	"okey/internal/quicksuite"
)

// TestMain gives the quick suite a lazier collector: this package's
// tests are among its costliest in CPU.
func TestMain(m *testing.M) { quicksuite.Main(m) }
