package keep

import (
	"testing"

	"okey/internal/waitbound"
)

// TestMain runs more of the package's parallel tests at once in the quick
// suite: they mostly wait on the store and the tables' pace.
func TestMain(m *testing.M) { waitbound.Main(m, 16) }
