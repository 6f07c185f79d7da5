package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// counting is a Follower that takes every line until it meets stopAt,
// and counts the lines it was given.
type counting struct {
	stopAt string
	seen   []string
	first  []int
}

func (c *counting) Follow(lines [][]byte, first int) error {
	c.first = append(c.first, first)
	for _, ln := range lines {
		if string(ln) == c.stopAt {
			return errors.New("refused")
		}
		c.seen = append(c.seen, string(ln))
	}
	return nil
}

// TestReadKeepsWhatBelongs: a record is kept whole, its blank lines at
// the end dropped; reading stops at the first line the match refuses,
// that line kept last for the caller's check; a header that starts no
// match stops the reading at once.
func TestReadKeepsWhatBelongs(t *testing.T) {
	head := `{"okey":"record"}`
	for _, c := range []struct {
		name, in, stopAt, want string
		nilFollower            bool
	}{
		{"whole", head + "\na\nb\n", "", head + "\na\nb\n", false},
		{"blank lines at the end", head + "\na\n\n\r\n", "", head + "\na\n", false},
		{"no last newline", head + "\na", "", head + "\na\n", false},
		{"a blank line inside", head + "\na\n\nb\nc\n", "", head + "\na\n\nb\n", false},
		{"a line refused", head + "\na\nbad\nc\n", "bad", head + "\na\nbad\nc\n", false},
		{"no match", head + "\na\nb\n", "", head + "\n", true},
	} {
		f := &counting{stopAt: c.stopAt}
		got, err := Read(strings.NewReader(c.in), func(h []byte) Follower {
			if string(h) != head {
				t.Errorf("%s: header %q", c.name, h)
			}
			if c.nilFollower {
				return nil
			}
			return f
		})
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
		if len(f.first) > 0 && f.first[0] != 2 {
			t.Errorf("%s: the first batch starts at line %d, want 2", c.name, f.first[0])
		}
	}
}

// TestReadStopsEarly: a refused line in a long stream stops the reading
// about a batch past it, and a line or a record past the limits is an
// error that names its line.
func TestReadStopsEarly(t *testing.T) {
	head := `{"okey":"record"}` + "\n"
	long := head + "bad\n" + strings.Repeat("x\n", 4*ReadBatch)
	got, err := Read(strings.NewReader(long), func([]byte) Follower { return &counting{stopAt: "bad"} })
	if err != nil || len(got) > 2*ReadBatch || !bytes.HasPrefix(got, []byte(head+"bad\n")) {
		t.Errorf("a refused line: kept %d bytes, %v", len(got), err)
	}
	var se *StreamError
	_, err = Read(strings.NewReader(head+strings.Repeat("y", MaxLine+1)+"\n"), func([]byte) Follower { return &counting{} })
	if !errors.Is(err, ErrLineTooLong) || !errors.As(err, &se) || se.Line != 2 {
		t.Errorf("a long line: %v", err)
	}
	big := head + strings.Repeat(strings.Repeat("z", MaxLine-1)+"\n", MaxRecord/(MaxLine-1)+1)
	_, err = Read(strings.NewReader(big), func([]byte) Follower { return &counting{} })
	if !errors.Is(err, ErrRecordTooLong) {
		t.Errorf("a record past MaxRecord: %v", err)
	}
}

// TestReadHeader reads a record's game and format from its header, an
// unnamed game as classic Okey's, and refuses what is no header.
func TestReadHeader(t *testing.T) {
	for _, c := range []struct {
		line   string
		kind   string
		format Format
		err    error
	}{
		{`{"okey":"record","version":2,"game":"101","seed":1}`, "101", Match, nil},
		{`{"okey":"record","version":1,"seed":1}`, "classic", Match, nil},
		{`{"okey":"record","game":"classic","meta":{"daily":"v1 classic 2026-11-24 hand 1"}}`, "classic", Daily, nil},
		{`{"okey":"record","game":"101","meta":{"daily_served":"x","daily_commit":"y"}}`, "101", ServedDaily, nil},
		{`{"okey":"record","game":"classic","meta":{"duplicate":"v1 hand 1 of 4"}}`, "classic", Duplicate, nil},
		{`{"okey":"record","game":"chess"}`, "chess", Match, ErrGame},
		{`{"okey":"recipe"}`, "", Match, ErrCorrupt},
		{`junk`, "", Match, ErrCorrupt},
	} {
		h, err := ReadHeader([]byte(c.line + "\n{\"deal\":1}\n"))
		if string(h.Kind) != c.kind || h.Format() != c.format || !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("%s: %q %v, %v; want %q %v, %v", c.line, h.Kind, h.Format(), err, c.kind, c.format, c.err)
		}
	}
}
