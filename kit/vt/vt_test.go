package vt

import (
	"strings"
	"testing"
)

// TestTermDraws: text, a cursor move, an erase, a wide letter, a
// sequence split across writes, and the frame hook.
func TestTermDraws(t *testing.T) {
	term := New(10, 3)
	var frames int
	term.OnFrame(func([]string) { frames++ })
	for _, w := range []string{"hello\r\nwo", "rld\x1b[1;", "8HX", "\x1b[3;1H日本\x1b[K"} {
		term.Write([]byte(w))
	}
	got := strings.Join(term.Lines(), "|")
	want := "hello  X|world|日本"
	if got != want {
		t.Fatalf("screen %q, want %q", got, want)
	}
	if b, w := term.Counts(); b != len("hello\r\nworld\x1b[1;8HX\x1b[3;1H日本\x1b[K") || w != 4 || frames != 4 {
		t.Fatalf("counts %d bytes, %d writes, %d frames", b, w, frames)
	}
	select {
	case <-term.Changed():
	default:
		t.Fatal("a write did not signal Changed")
	}
}
