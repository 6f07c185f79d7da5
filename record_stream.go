package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"okey/game/classic"
	"okey/game/okey101"
)

// okey verify and okey review read a record as a stream (issue 42, point
// 8): line by line, replaying each action as it comes, they stop at the
// first line that cannot belong to the match — a line that does not
// read, an action the match does not allow (one after its end, above
// all), more deals than hands, a line longer than any record's, a record
// longer than any match's — having kept only the lines up to it. What is
// kept is then checked whole by the engines of ui/cli as before, which
// say precisely what is wrong with its last line. So a 60 MB file of
// moves costs what the match costs, not what the file does, and 100 MB
// of junk is refused at its first line.

const (
	// maxRecordLine is the longest line a record may have: a header
	// with its meta is well under a kilobyte, an action of 101 with
	// its melds a few hundred bytes.
	maxRecordLine = 64 << 10
	// maxRecord is the most of a record kept: a whole match is tens of
	// kilobytes, its longest a few hundred.
	maxRecord = 16 << 20
	// replayBatch is how much is read before it is replayed: lines are
	// parsed by the engine's own reader a batch at a time, and a line
	// that cannot belong is at most this far behind the last one kept.
	replayBatch = 64 << 10
)

// errLineTooLong and errRecordTooLong are why a stream was refused
// before its end; test with errors.Is.
var (
	errLineTooLong   = errors.New("a line longer than any record's")
	errRecordTooLong = errors.New("longer than any match's record")
	errExtraDeal     = errors.New("a deal with no hand to deal")
	// errStop is a line the engines refuse: the reading stops, and the
	// check names it.
	errStop = errors.New("stop")
)

// streamError is a stream refused at a line.
type streamError struct {
	line int
	err  error
}

func (s *streamError) Error() string { return fmt.Sprintf("line %d: %v", s.line, s.err) }
func (s *streamError) Unwrap() error { return s.err }

// readRecord reads a record from r up to its last line or the first
// line that cannot belong to it, whichever comes first, and returns the
// lines kept. A read error, a line past maxRecordLine and a record past
// maxRecord are errors; a line that does not read or does not replay is
// kept, last, for the caller's check to name.
func readRecord(r io.Reader) ([]byte, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var kept bytes.Buffer
	var (
		rep      replayer
		batch    [][]byte
		size     int
		blanks   int
		lineNo   int
		stopped  bool
		replayed = func() error {
			var err error
			if rep != nil {
				err = rep.feed(batch, lineNo-len(batch)+1)
			}
			batch, size = batch[:0], 0
			return err
		}
	)
	for !stopped {
		line, err := readLine(br)
		switch {
		case errors.Is(err, errLineTooLong):
			return nil, &streamError{lineNo + 1, err}
		case err != nil && !errors.Is(err, io.EOF):
			return nil, err
		}
		eof := err != nil
		if line == nil && eof {
			break
		}
		lineNo++
		if len(bytes.TrimSpace(line)) == 0 {
			// Blank lines at the end are no damage (the engines
			// allow them); one before another line is, and is kept
			// for the check to say.
			blanks++
			if eof {
				break
			}
			continue
		}
		if blanks > 0 {
			kept.Write(bytes.Repeat([]byte("\n"), blanks))
			stopped = true
		}
		kept.Write(line)
		kept.WriteByte('\n')
		if kept.Len() > maxRecord {
			return nil, &streamError{lineNo, errRecordTooLong}
		}
		switch {
		case stopped:
		case lineNo == 1:
			rep = newReplayer(kept.Bytes())
			stopped = rep == nil
		default:
			batch = append(batch, append(bytes.Clone(line), '\n'))
			size += len(line) + 1
			if size >= replayBatch {
				switch err := replayed(); {
				case errors.Is(err, errStop):
					stopped = true
				case err != nil:
					return nil, err
				}
			}
		}
		if eof {
			break
		}
	}
	if err := replayed(); err != nil && !errors.Is(err, errStop) {
		return nil, err
	}
	return kept.Bytes(), nil
}

// readLine is the next line of br without its end, nil at the end of
// the input (io.EOF with the last line when it has no newline);
// errLineTooLong past maxRecordLine, the rest left unread.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		if len(line)+len(frag) > maxRecordLine+1 {
			return nil, errLineTooLong
		}
		line = append(line, frag...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil:
			if len(line) == 0 {
				return nil, err
			}
			return line, err
		}
		return bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r")), nil
	}
}

// replayer replays a record's lines a batch at a time.
type replayer interface {
	// feed replays lines (after the header and those fed before; the
	// first is line first of the record): nil when they all belong to
	// the match, errStop at a line the engines refuse (the check says
	// why), a *streamError at a deal line with no hand to deal (the
	// engines' replay does not refuse it).
	feed(lines [][]byte, first int) error
}

// newReplayer is the replayer of the record whose header is head, or
// nil when head is no header the engines read (the check says why).
func newReplayer(head []byte) replayer {
	var probe struct {
		Okey string `json:"okey"`
		Game string `json:"game"`
	}
	if json.Unmarshal(head, &probe) != nil || probe.Okey != "record" {
		return nil
	}
	switch probe.Game {
	case "", "classic":
		rec, err := classic.ParseRecord(head)
		if err != nil {
			return nil
		}
		g, err := rec.Replay() // the match before its first action
		if err != nil {
			return nil
		}
		return &classicReplayer{head: head, g: g, hands: 1}
	case okey101.GameName:
		rec, err := okey101.ParseRecord(head)
		if err != nil {
			return nil
		}
		g, err := rec.Replay()
		if err != nil {
			return nil
		}
		return &replayer101{head: head, g: g, hands: 1}
	}
	return nil
}

// withHead is a record of head and lines, for the engine's reader.
func withHead(head []byte, lines [][]byte) []byte {
	b := bytes.Clone(head)
	for _, ln := range lines {
		b = append(b, ln...)
	}
	return b
}

// isDeal reports whether a record's line is a deal's, as the engines'
// reader tells them: by its "deal" key.
func isDeal(ln []byte) bool {
	var probe struct {
		Deal json.RawMessage `json:"deal"`
	}
	return json.Unmarshal(ln, &probe) == nil && probe.Deal != nil
}

// dealsInOrder walks lines in the record's order: a deal line counts
// against the hands dealt (the first, and one after each action that
// starts a hand), an action is applied by apply, which reports whether
// it started a hand; ok is false at an action apply refuses.
func dealsInOrder(lines [][]byte, first int, deals, hands *int, actions int, apply func(i int) (nextHand bool, ok bool)) error {
	a := 0
	for i, ln := range lines {
		if isDeal(ln) {
			*deals++
			if *deals > *hands {
				return &streamError{first + i, errExtraDeal}
			}
			continue
		}
		if a >= actions {
			return errStop
		}
		next, ok := apply(a)
		if !ok {
			return errStop
		}
		a++
		if next {
			*hands++
		}
	}
	return nil
}

// classicReplayer replays a classic record: every action applied to the
// match, and no deal line but the hands'.
type classicReplayer struct {
	head         []byte
	g            *classic.Game
	deals, hands int
}

func (c *classicReplayer) feed(lines [][]byte, first int) error {
	rec, err := classic.ParseRecord(withHead(c.head, lines))
	if err != nil {
		return errStop
	}
	return dealsInOrder(lines, first, &c.deals, &c.hands, len(rec.Actions), func(i int) (bool, bool) {
		a := rec.Actions[i]
		_, _, err := c.g.Apply(a)
		return a.Kind == classic.ActNextHand, err == nil
	})
}

// replayer101 is classicReplayer for a record of Okey 101.
type replayer101 struct {
	head         []byte
	g            *okey101.Game
	deals, hands int
}

func (c *replayer101) feed(lines [][]byte, first int) error {
	rec, err := okey101.ParseRecord(withHead(c.head, lines))
	if err != nil {
		return errStop
	}
	return dealsInOrder(lines, first, &c.deals, &c.hands, len(rec.Actions), func(i int) (bool, bool) {
		a := rec.Actions[i]
		_, _, err := c.g.Apply(a)
		return a.Kind == okey101.ActNextHand, err == nil
	})
}
