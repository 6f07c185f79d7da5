package keep

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// The embedded store's word on its cluster reaches the node's debug
// log: a new leader and a warning are said, its other notices are not.
func TestStoreLogSaysLeaders(t *testing.T) {
	var b bytes.Buffer
	l := storeLog{slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	l.Noticef("JetStream cluster new stream leader for '%s > %s'", "$G", "KV_okey_leases")
	l.Noticef("Server is ready")
	l.Warnf("Readloop processing time: %v", "2.1s")
	l.Debugf("a debug line %d", 1)
	out := b.String()
	for _, want := range []string{"new stream leader for '$G > KV_okey_leases'", "Readloop processing time: 2.1s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"Server is ready", "a debug line"} {
		if strings.Contains(out, not) {
			t.Errorf("the log says %q:\n%s", not, out)
		}
	}
}
