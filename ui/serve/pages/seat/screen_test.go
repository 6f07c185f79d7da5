package seat

import (
	"context"
	"testing"

	"okey/ui/serve/common/commontest"
)

// Without a debug log a session's screen gets none.
func TestNoDebugLogNoSessionLog(t *testing.T) {
	c := commontest.New(t).Common(context.Background(), "key:test", "", "ann", "en")
	if debugLog(c, nil) != nil {
		t.Fatal("a session's debug log without Config.Debug")
	}
}
