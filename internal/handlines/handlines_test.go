package handlines

import (
	"bytes"
	"strings"
	"testing"

	"okey/game"
)

// Lines are valid hands of 14 and 15 tiles in turn, and a seed repeats.
func TestWrite(t *testing.T) {
	var a, b, c bytes.Buffer
	for _, x := range []struct {
		buf  *bytes.Buffer
		seed uint64
	}{{&a, 1}, {&b, 1}, {&c, 2}} {
		if err := Write(x.buf, 50, x.seed); err != nil {
			t.Fatal(err)
		}
	}
	if a.String() != b.String() || a.String() == c.String() {
		t.Fatal("the same seed must give the same lines, another seed others")
	}
	lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
	if len(lines) != 50 {
		t.Fatalf("%d lines, want 50", len(lines))
	}
	for i, line := range lines {
		ind, hand, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("line %d %q: no indicator", i, line)
		}
		if it, err := game.ParseTile(ind); err != nil || it == game.FalseJoker {
			t.Fatalf("line %d: indicator %q: %v", i, ind, err)
		}
		ts, err := game.ParseTiles(hand)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if want := 14 + i%2; len(ts) != want {
			t.Fatalf("line %d: %d tiles, want %d", i, len(ts), want)
		}
	}
}
