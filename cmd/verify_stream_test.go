package cmd

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"okey/game/record"
)

// endless is a reader that gives head, then line over and over, for
// ever, counting what was read of it.
type endless struct {
	head, line []byte
	read       int
	pos        int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var src []byte
		if e.pos < len(e.head) {
			src = e.head[e.pos:]
		} else {
			src = e.line[(e.pos-len(e.head))%len(e.line):]
		}
		k := copy(p[n:], src)
		n += k
		e.pos += k
	}
	e.read += n
	return n, nil
}

// okey verify and okey review stop at the first line that cannot belong
// to the match, having read what the match is and little more — not the
// whole input, which could be any size. The inputs here never end: a
// command that read to the end would never return.
func TestRecordStreamStopsAtTheFirstLineThatCannotBelong(t *testing.T) {
	classic, o101, _ := servedRecords(t)
	slack := 2*record.ReadBatch + 128<<10 // a batch read ahead, the reader's buffer
	for _, c := range []struct {
		name     string
		head     []byte
		line     string
		cmd      []string
		want     string
		readMost int
	}{
		{"moves after a classic match's end", classic, `{"a":"draw","s":0}` + "\n", []string{"verify", "-"}, "a move is illegal under this deal", len(classic) + slack},
		{"moves after a 101 match's end", o101, `{"a":"draw","s":1}` + "\n", []string{"verify", "-"}, "a move is illegal under this deal", len(o101) + slack},
		{"deals after the end", classic, `{"deal":2,"dealer":1,"dice":[1,2],"indicator":"R4"}` + "\n", []string{"verify", "-"}, "NOT verified", len(classic) + slack},
		{"junk with no newline", nil, "x", []string{"verify", "-"}, "line 1 is longer than 64 KiB", slack},
		{"junk lines", nil, "junk\n", []string{"verify", "-"}, "not a match record's header", slack},
		{"blank lines then a move", classic, "\n\n\n", []string{"verify", "-"}, "NOT verified", len(classic) + slack},
		{"review: junk with no newline", nil, "x", []string{"review", "-"}, "line 1 is longer than 64 KiB", slack},
		{"review: moves after the end", classic, `{"a":"draw","s":0}` + "\n", []string{"review", "--samples", "1", "-"}, "okey review: standard input:", len(classic) + slack},
	} {
		in := &endless{head: c.head, line: []byte(c.line)}
		if c.name == "blank lines then a move" {
			in.line = []byte("\n\n\n" + `{"a":"draw","s":0}` + "\n")
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), c.cmd, in, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 1 and one line with %q", c.name, code, errb.String(), c.want)
		}
		if in.read > c.readMost {
			t.Errorf("%s: read %d bytes, more than %d", c.name, in.read, c.readMost)
		}
	}
}

// A whole record read as a stream is the record, byte for byte, and
// blank lines at its end are no damage.
func TestReadRecordKeepsAWholeRecord(t *testing.T) {
	classic, o101, _ := servedRecords(t)
	for _, rec := range [][]byte{classic, o101} {
		for _, tail := range []string{"", "\n\n", "\r\n"} {
			b := append(bytes.Clone(rec), tail...)
			got, err := record.Read(bytes.NewReader(b), follower)
			if err != nil || !bytes.Equal(got, rec) {
				t.Errorf("tail %q: %v, %d bytes of %d", tail, err, len(got), len(rec))
			}
		}
		// A record without its last newline is the same record.
		got, err := record.Read(bytes.NewReader(rec[:len(rec)-1]), follower)
		if err != nil || !bytes.Equal(got, rec) {
			t.Errorf("no final newline: %v", err)
		}
	}
	// A read error is said as one.
	if _, err := record.Read(io.MultiReader(strings.NewReader(`{"okey":"record"`), errReader{}), follower); err == nil || !errors.Is(err, errBroken) {
		t.Errorf("read error: %v", err)
	}
}

var errBroken = errors.New("broken")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBroken }
