package jsonl

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

var errBad = errors.New("bad record")

type deal struct {
	Deal int `json:"deal"`
}

type act struct {
	A string `json:"a"`
}

func parseAct(b []byte) (string, error) {
	s := string(b)
	if !strings.Contains(s, `"a"`) {
		return "", errors.New("not an action")
	}
	return s, nil
}

// Write puts the first deal after the header and the next deal after each
// action that starts a hand; Body reads them back in order.
func TestWriteThenRead(t *testing.T) {
	deals := []deal{{1}, {2}, {3}}
	acts := []act{{"draw"}, {"next"}, {"draw"}, {"next"}}
	b := Write([]byte("{\"okey\":\"record\"}\n"), deals, acts, func(a act) bool { return a.A == "next" }, func(a act) []byte { return Line(a) })
	want := `{"okey":"record"}
{"deal":1}
{"a":"draw"}
{"a":"next"}
{"deal":2}
{"a":"draw"}
{"a":"next"}
{"deal":3}
`
	if string(b) != want {
		t.Fatalf("wrote\n%s\nwant\n%s", b, want)
	}
	lines, err := Split(b, errBad)
	if err != nil || len(lines) != 8 {
		t.Fatalf("split: %d lines, %v", len(lines), err)
	}
	ds, as, err := Body[deal](lines[1:], errBad, parseAct)
	if err != nil || len(ds) != 3 || ds[2].Deal != 3 || len(as) != 4 || as[1] != `{"a":"next"}` {
		t.Fatalf("read deals %v actions %v: %v", ds, as, err)
	}
}

// A damaged record is refused with the caller's error and the line's
// number, the header being line 1.
func TestDamaged(t *testing.T) {
	if _, err := Split(nil, errBad); !errors.Is(err, errBad) {
		t.Errorf("empty record: %v", err)
	}
	cases := []struct {
		body []string
		line int
	}{
		{[]string{`{"deal":1}`, ``}, 3},
		{[]string{`{"deal":1}`, `{"a":`}, 3},
		{[]string{`{"deal":"x"}`}, 2},
		{[]string{`{"deal":1}`, `{"a":"x"}`, `{"b":1}`}, 4},
	}
	for _, c := range cases {
		lines := make([][]byte, len(c.body))
		for i, s := range c.body {
			lines[i] = []byte(s)
		}
		_, _, err := Body[deal](lines, errBad, parseAct)
		if !errors.Is(err, errBad) || !strings.Contains(err.Error(), "line "+strconv.Itoa(c.line)) {
			t.Errorf("%q: %v, want %v at line %d", c.body, err, errBad, c.line)
		}
	}
}

// Blank lines at the end of a record are not lines of it (an extra
// newline must not make a save look torn or damaged); a blank line
// before the last one still is, and so is an empty record.
func TestSplitTrailingBlankLines(t *testing.T) {
	cases := []struct {
		in    string
		lines int // -1: refused
	}{
		{"{\"h\":1}\n{\"deal\":1}\n", 2},
		{"{\"h\":1}\n{\"deal\":1}", 2},
		{"{\"h\":1}\n{\"deal\":1}\n\n", 2},
		{"{\"h\":1}\n{\"deal\":1}\n\n\n\n", 2},
		{"{\"h\":1}\n{\"deal\":1}\r\n\r\n", 2},
		{"{\"h\":1}\n{\"deal\":1}\n \t\n\n", 2},
		{"{\"h\":1}\n\n{\"deal\":1}\n", 3}, // the blank line is Body's to refuse
		{"", -1},
		{"\n\n", -1},
		{" \r\n", -1},
	}
	for _, c := range cases {
		lines, err := Split([]byte(c.in), errBad)
		switch {
		case c.lines < 0 && !errors.Is(err, errBad):
			t.Errorf("%q: %d lines, %v; want refused", c.in, len(lines), err)
		case c.lines >= 0 && (err != nil || len(lines) != c.lines):
			t.Errorf("%q: %d lines, %v; want %d", c.in, len(lines), err, c.lines)
		}
	}
}
