package refusals

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestOnceInAWhile: ten thousand refusals of one address write one
// line, then one an Every with their count; another address or reason
// has lines of its own.
func TestOnceInAWhile(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(1e9, 0)
	l := New(slog.New(slog.NewTextHandler(&buf, nil)), func() time.Time { return now })
	for range 10000 {
		l.Note("refused: too many", "192.0.2.1")
	}
	l.Note("refused: too many", "192.0.2.2")
	l.Note("refused: too fast", "192.0.2.1")
	now = now.Add(Every)
	l.Note("refused: too many", "192.0.2.1", "why", "x")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		`msg="refused: too many" addr=192.0.2.1 count=1`,
		`msg="refused: too many" addr=192.0.2.2 count=1`,
		`msg="refused: too fast" addr=192.0.2.1 count=1`,
		`msg="refused: too many" addr=192.0.2.1 count=10000 why=x`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), buf.String())
	}
	for i, w := range want {
		if !strings.HasSuffix(lines[i], w) {
			t.Errorf("line %d: %q, want it to end %q", i, lines[i], w)
		}
	}
}

// TestBounded: past MaxKeys addresses the new ones are written under
// "others"; once the old ones are quiet for an Every they are
// forgotten, and what they had not written is written then.
func TestBounded(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(1e9, 0)
	l := New(slog.New(slog.NewTextHandler(&buf, nil)), func() time.Time { return now })
	for i := range MaxKeys + 10 {
		l.Note("refused", fmt.Sprint("a", i))
	}
	if n := len(l.seen); n > MaxKeys+1 {
		t.Errorf("%d keys kept, at most %d and the others", n, MaxKeys)
	}
	if !strings.Contains(buf.String(), "addr=others count=1") {
		t.Error("the addresses past the bound were not written as others")
	}
	l.Note("refused", "a0") // one not written yet
	buf.Reset()
	now = now.Add(Every)
	l.Note("refused", "new")
	if n := len(l.seen); n != 1 {
		t.Errorf("%d keys kept after a quiet Every, want 1 (the new one)", n)
	}
	for _, w := range []string{"addr=a0 count=1", "addr=others count=9", "addr=new count=1"} {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("no line %q:\n%s", w, buf.String())
		}
	}
}
