package serve

import "testing"

// TestUnknownWindowIsTheSmallest: a window the client does not say
// (0×0) is drawn at the smallest size a session draws in, 80×24; a huge
// one at the cap (TestHugeTerminalIsCapped, over ssh, draws it so).
func TestUnknownWindowIsTheSmallest(t *testing.T) {
	if w, h := clamp(0, 0, 100, 30); w != 80 || h != 24 {
		t.Errorf("a 0×0 window is %d×%d, want 80×24", w, h)
	}
	if w, h := clamp(200, 60, 100, 30); w != 100 || h != 30 {
		t.Errorf("a 200×60 window under a cap of 100×30 is %d×%d", w, h)
	}
}
