package door

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"okey/door/internal/logbuf"
)

// okey serve --debug-log: a session at a table writes its keys, screens
// and moves to the debug log, each line saying whose session it is.
func TestSessionsWriteTheDebugLog(t *testing.T) {
	t.Parallel()
	var dlog logbuf.Buf
	_, addr := testServer(t, func(c *Config) {
		c.Debug = slog.New(slog.NewTextHandler(&dlog, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	ann := dial(t, addr, "ann", dialOpts{key: newKey(t)})
	startMatch(t, ann)
	scr := ann.waitFor("> You", 10*time.Second)
	// The deal is the server's (crypto/rand): ann may be the one who
	// starts, with 15 tiles, and discards rather than draws.
	key, said := "d", "You draw"
	if !strings.Contains(scr, "d: draw") {
		key, said = "x", "You discard"
	}
	ann.press(key)
	ann.waitUntil("played", 3*time.Second, func(s string) bool { return s != scr })
	deadline := time.Now().Add(patience)
	for !strings.Contains(dlog.String(), said) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	out := dlog.String()
	for _, want := range []string{"msg=key", "msg=move", said, "name=ann", "table=", "seat=0"} {
		if !strings.Contains(out, want) {
			t.Errorf("the debug log lacks %q:\n%.3000s", want, out)
		}
	}
}
