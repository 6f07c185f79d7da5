package keep

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestOwnOldLeaseIsNotSaidReplayed: a lease value older than any lease
// is kept names no holder. Written by another node, it was put back by
// a writer of the store, and is said so; written by this node itself,
// it is its own last renewal read as it wakes from a freeze, and no
// warning of a replay is logged about it.
func TestOwnOldLeaseIsNotSaidReplayed(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, err := startEngine(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	l, err := OpenLeases(ctx, eng, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	l.SetLog(slog.New(slog.NewTextHandler(&logged, nil)))
	long := time.Now().Add(-time.Minute).UnixNano()
	for _, c := range []struct {
		table, holder string
		warned        bool
	}{
		{"1", l.Node, false},
		{"2", "another", true},
	} {
		logged.Reset()
		v := l.seal.Seal(l.bucket+"/"+c.table, fmt.Appendf(nil, "%s\n%d", c.holder, long))
		if _, err := l.kv.Put(ctx, c.table, v); err != nil {
			t.Fatal(err)
		}
		e, err := l.kv.Get(ctx, c.table)
		if err != nil {
			t.Fatal(err)
		}
		if h, _ := l.holderOf(e); h != "" {
			t.Errorf("a lease of %s written a minute ago names %q as its holder", c.holder, h)
		}
		if warned := strings.Contains(logged.String(), "replayed"); warned != c.warned {
			t.Errorf("a lease of %s written a minute ago: said replayed %v, want %v:\n%s", c.holder, warned, c.warned, logged.String())
		}
	}
}
