package store

import (
	"errors"
	"strings"
	"testing"
)

// replayLines is a record replayer for the tests: it counts the lines,
// and refuses one that is not an object or says "bad".
func replayLines(b []byte) (int, error) {
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, "{") || !strings.HasSuffix(l, "}") || strings.Contains(l, "bad") {
			return n, errBadLine
		}
		n++
	}
	return n, nil
}

var errBadLine = errors.New("a line that is wrong")

// TestReplay asserts that a record is replayed as far as its lines
// allow — a torn last line, junk after the last good line or in the
// middle all leave the good lines before them — what was left out said
// exactly, and that a record whose first line is refused is an error.
func TestReplay(t *testing.T) {
	tests := []struct {
		name, in string
		lines    int
		lost     *Lost // Err not compared
		err      bool
	}{
		{"whole", "{\"a\":1}\n{\"b\":2}\n", 2, nil, false},
		{"torn last line", "{\"a\":1}\n{\"b\":2}\n{\"c\":", 2, &Lost{Line: 3, Text: []byte(`{"c":`), Lines: 1, Torn: true}, false},
		{"torn, blank lines after", "{\"a\":1}\n{\"c\":\n\n", 1, &Lost{Line: 2, Text: []byte(`{"c":`), Lines: 1, Torn: true}, false},
		{"trailing NULs", "{\"a\":1}\n\x00\x00\x00", 1, &Lost{Line: 2, Text: []byte("\x00\x00\x00"), Lines: 1, Torn: true}, false},
		{"a whole last line that is wrong", "{\"a\":1}\n{\"bad\":2}\n", 1, &Lost{Line: 2, Text: []byte(`{"bad":2}`), Lines: 1}, false},
		{"junk in the middle", "{\"a\":1}\n{\"b\":2}\n{\"bad\":3}\n{\"c\":4}\n{\"d\":5}\n", 2, &Lost{Line: 3, Text: []byte(`{"bad":3}`), Lines: 3}, false},
		{"bytes appended over lines", "{\"a\":1}\n{\"b\":2}\n\x8f\x00zz\n\x01{\n", 2, &Lost{Line: 3, Text: []byte("\x8f\x00zz"), Lines: 2}, false},
		{"one torn line alone", "{\"a\":", 0, nil, true},
		{"a first line that is wrong", "junk\n{\"a\":1}\n", 0, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, lost, err := Replay([]byte(tc.in), replayLines)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want an error: %v", err, tc.err)
			}
			if err != nil {
				if lost != nil {
					t.Errorf("an error, and lost %+v", lost)
				}
				return
			}
			if n != tc.lines {
				t.Errorf("replayed %d lines, want %d", n, tc.lines)
			}
			switch {
			case tc.lost == nil && lost != nil:
				t.Errorf("lost %+v, want nothing", lost)
			case tc.lost != nil && lost == nil:
				t.Errorf("lost nothing, want %+v", tc.lost)
			case tc.lost != nil:
				if lost.Line != tc.lost.Line || string(lost.Text) != string(tc.lost.Text) || lost.Lines != tc.lost.Lines || lost.Torn != tc.lost.Torn {
					t.Errorf("lost line %d %q (%d lines, torn %v), want line %d %q (%d lines, torn %v)",
						lost.Line, lost.Text, lost.Lines, lost.Torn, tc.lost.Line, tc.lost.Text, tc.lost.Lines, tc.lost.Torn)
				}
				if !errors.Is(lost.Err, errBadLine) {
					t.Errorf("why = %v, want the refused line's error", lost.Err)
				}
			}
		})
	}
}

// A long record damaged near its start costs a few replays, not one
// per line.
func TestReplayHalves(t *testing.T) {
	lines := make([]string, 2000)
	for i := range lines {
		lines[i] = "{}"
	}
	lines[7] = "{bad}"
	calls := 0
	n, lost, err := Replay([]byte(strings.Join(lines, "\n")+"\n"), func(b []byte) (int, error) {
		calls++
		return replayLines(b)
	})
	if err != nil || n != 7 || lost == nil || lost.Line != 8 || lost.Lines != 1993 {
		t.Fatalf("replayed %d lines, lost %+v, err %v; want 7, from line 8 (1993 lines)", n, lost, err)
	}
	if calls > 20 {
		t.Errorf("%d replays for 2000 lines", calls)
	}
}
