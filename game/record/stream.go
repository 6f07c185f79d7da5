package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"okey/game/internal/jsonl"
)

// The limits Read holds a stream to.
const (
	// MaxLine is the longest line a record may have: a header with its
	// meta is well under a kilobyte, an action of 101 with its melds a
	// few hundred bytes.
	MaxLine = 64 << 10
	// MaxRecord is the most of a record Read keeps: a whole match is
	// tens of kilobytes, its longest a few hundred.
	MaxRecord = 16 << 20
	// ReadBatch is how much Read reads before it is replayed: lines
	// are parsed by the game's own reader a batch at a time, and a line
	// that cannot belong is at most this far behind the last one kept.
	ReadBatch = 64 << 10
)

// Why Read refused a stream before its end; test with errors.Is, and
// errors.As a *StreamError for the line.
var (
	ErrLineTooLong   = errors.New("a line longer than any record's")
	ErrRecordTooLong = errors.New("longer than any match's record")
	ErrExtraDeal     = errors.New("a deal with no hand to deal")
	// errStop is a line the game refuses: the reading stops, and the
	// caller's check names it.
	errStop = errors.New("stop")
)

// StreamError is a stream Read refused at a line.
type StreamError struct {
	Line int
	Err  error
}

func (s *StreamError) Error() string { return fmt.Sprintf("line %d: %v", s.Line, s.Err) }
func (s *StreamError) Unwrap() error { return s.Err }

// Follower replays a record's lines a batch at a time, for Read.
type Follower interface {
	// Follow replays lines (after the header and those followed
	// before; the first is line first of the record, none blank, none
	// with its newline): nil when they all belong to the match, an
	// error that stops the reading at a line the game refuses (the
	// caller's check says why), a *StreamError at a deal line with no
	// hand to deal (the game's replay does not refuse it).
	Follow(lines [][]byte, first int) error
}

// Read reads a record as a stream, as okey verify and okey review take
// one: line by line, replaying each action as it comes, it stops at the
// first line that cannot belong to the match — a line that does not
// read, an action the match does not allow (one after its end, above
// all), more deals than hands, a line longer than any record's, a
// record longer than any match's — having kept only the lines up to it,
// which the caller then checks whole (and says precisely what is wrong
// with the last). So a 60 MB file of moves costs what the match costs,
// not what the file does, and 100 MB of junk is refused at its first
// line.
//
// It returns the lines kept. follow is the Follower of the match whose header is head
// (the record's first line), nil when head starts no match this program
// replays: the reading stops there, and the caller's check says why. A
// read error, a line past MaxLine and a record past MaxRecord are
// errors; a line that does not read or does not replay is kept, last,
// for the caller's check to name.
func Read(r io.Reader, follow func(head []byte) Follower) ([]byte, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var kept bytes.Buffer
	var (
		f        Follower
		batch    [][]byte
		from     int // the line number of batch[0]
		size     int
		blanks   int
		lineNo   int
		stopped  bool
		replayed = func() error {
			var err error
			if f != nil && len(batch) > 0 {
				err = f.Follow(batch, from)
			}
			batch, size = batch[:0], 0
			return err
		}
	)
	for !stopped {
		line, err := readLine(br)
		switch {
		case errors.Is(err, ErrLineTooLong):
			return nil, &StreamError{lineNo + 1, err}
		case err != nil && !errors.Is(err, io.EOF):
			return nil, err
		}
		eof := err != nil
		if line == nil && eof {
			break
		}
		lineNo++
		if len(bytes.TrimSpace(line)) == 0 {
			// Blank lines at the end are no damage (the games'
			// readers allow them); one before another line is, and
			// is kept for the check to say.
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
		if kept.Len() > MaxRecord {
			return nil, &StreamError{lineNo, ErrRecordTooLong}
		}
		switch {
		case stopped:
		case lineNo == 1:
			f = follow(bytes.Clone(line))
			stopped = f == nil
		default:
			if len(batch) == 0 {
				from = lineNo
			}
			batch = append(batch, bytes.Clone(line))
			size += len(line) + 1
			if size >= ReadBatch {
				if err := replayed(); err != nil {
					if !stops(err) {
						return nil, err
					}
					stopped = true
				}
			}
		}
		if eof {
			break
		}
	}
	if err := replayed(); err != nil && !stops(err) {
		return nil, err
	}
	return kept.Bytes(), nil
}

// stops reports whether a Follower's err stops the reading with the
// lines kept (any error but a *StreamError, which is Read's own).
func stops(err error) bool {
	var s *StreamError
	return !errors.As(err, &s)
}

// readLine is the next line of br without its end, nil at the end of
// the input (io.EOF with the last line when it has no newline);
// ErrLineTooLong past MaxLine, the rest left unread.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		if len(line)+len(frag) > MaxLine+1 {
			return nil, ErrLineTooLong
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

// follower is a game's match replayed as Read follows its record.
type follower[G Spec[R, S, A, E, D], R any, S State[S, A, E, D], A, E, D any] struct {
	g            *Game[G, R, S, A, E, D]
	deals, hands int
}

// Follower is the Follower of r's match, from its start: r is read from
// the record's header alone (a game's ParseRecord of the first line).
// It fails as Replay does when r's rules or seed start no match.
func (r Record[G, R, S, A, E, D]) Follower() (Follower, error) {
	g, err := r.Replay()
	if err != nil {
		return nil, err
	}
	return &follower[G, R, S, A, E, D]{g: g, hands: 1}, nil
}

// Follow applies every action of lines to the match, and counts a deal
// line against the hands dealt (the first, and one after each action
// that starts a hand).
func (f *follower[G, R, S, A, E, D]) Follow(lines [][]byte, first int) error {
	var sp G
	_, actions, err := jsonl.Body[D](lines, ErrCorrupt, sp.ParseAction)
	if err != nil {
		return errStop
	}
	a := 0
	for i, ln := range lines {
		if isDeal(ln) {
			f.deals++
			if f.deals > f.hands {
				return &StreamError{first + i, ErrExtraDeal}
			}
			continue
		}
		if a >= len(actions) {
			return errStop
		}
		act := actions[a]
		if _, _, err := f.g.Apply(act); err != nil {
			return errStop
		}
		a++
		if sp.StartsHand(act) {
			f.hands++
		}
	}
	return nil
}

// isDeal reports whether a record's line is a deal's, as the games'
// reader tells them: by its "deal" key.
func isDeal(ln []byte) bool {
	var probe struct {
		Deal json.RawMessage `json:"deal"`
	}
	return json.Unmarshal(ln, &probe) == nil && probe.Deal != nil
}
