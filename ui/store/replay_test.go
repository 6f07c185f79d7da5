package store

import (
	"errors"
	"strings"
	"testing"
)

// TestReplay asserts that a record whose last line was cut short is
// replayed without it, that line given back, and that any other error
// is the whole record's.
func TestReplay(t *testing.T) {
	errBad := errors.New("a line that is wrong")
	// replay counts the lines, and refuses one that is not an object or
	// says "bad".
	replay := func(b []byte) (int, error) {
		n := 0
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if !strings.HasPrefix(l, "{") || !strings.HasSuffix(l, "}") || strings.Contains(l, "bad") {
				return n, errBad
			}
			n++
		}
		return n, nil
	}
	tests := []struct {
		name, in string
		lines    int
		torn     string
		err      bool
	}{
		{"whole", "{\"a\":1}\n{\"b\":2}\n", 2, "", false},
		{"torn last line", "{\"a\":1}\n{\"b\":2}\n{\"c\":", 2, `{"c":`, false},
		{"torn, blank lines after", "{\"a\":1}\n{\"c\":\n\n", 1, `{"c":`, false},
		{"a whole line that is wrong", "{\"a\":1}\n{\"bad\":2}\n", 0, "", true},
		{"one torn line alone", "{\"a\":", 0, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, torn, err := Replay([]byte(tc.in), replay)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want an error: %v", err, tc.err)
			}
			if err == nil && (n != tc.lines || string(torn) != tc.torn) {
				t.Errorf("replayed %d lines, torn %q; want %d, %q", n, torn, tc.lines, tc.torn)
			}
		})
	}
}
