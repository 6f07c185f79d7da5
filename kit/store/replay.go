package store

import (
	"bytes"
	"encoding/json"
	"sort"
)

// Lost is what a saved record lost: the lines from Line (counted from
// 1) to its end, which the lines before could not be replayed with.
type Lost struct {
	// Line is the number of the first line left out, Text that line
	// (without its newline), Lines how many lines are left out from it
	// (blank lines at the end not counted).
	Line  int
	Text  []byte
	Lines int
	// Torn is set when the line left out is the last and is not even
	// JSON: a write cut short, not a damaged file.
	Torn bool
	// Err is why the record with that line is refused.
	Err error
}

// Replay replays a saved record b (JSON Lines, either game's) with
// replay. When the whole record does not replay, it replays the longest
// run of its first lines that does — a write cut short leaves a torn
// last line, a damaged file junk after its last good line or in its
// middle — and says in lost what was left out, so that a match goes on
// from its last good move rather than being given up. When not even its
// first line replays (no header, or one of a version this program does
// not read) the error is the whole record's, with lost nil.
//
// Replay assumes, as both games' records are, that a record whose
// first n lines do not replay does not replay with more lines either;
// it looks for the longest good run by halving, so a long record costs
// a few replays, not one per line.
func Replay[R any](b []byte, replay func([]byte) (R, error)) (r R, lost *Lost, err error) {
	r, err = replay(b)
	if err == nil {
		return r, nil, nil
	}
	ends := lineEnds(b)
	// n is the longest good run: the first n lines replay, n+1 do not.
	// The whole record (all of ends) did not; none at all is no match.
	n := sort.Search(len(ends), func(n int) bool {
		_, err := replay(b[:ends[n]])
		return err != nil
	})
	if n < 1 || n == len(ends) { // no header; or only blanks to blame
		return r, nil, err
	}
	best, err2 := replay(b[:ends[n-1]])
	if err2 != nil { // not a record as assumed: the whole one's error
		return r, nil, err
	}
	// Why the next line is refused: the record with it.
	end := ends[n]
	_, why := replay(b[:end])
	if why == nil {
		why = err
	}
	start := ends[n-1]
	text := bytes.TrimRight(b[start:end], "\r\n")
	left := len(ends) - n
	return best, &Lost{
		Line:  n + 1,
		Text:  text,
		Lines: left,
		Torn:  left == 1 && !json.Valid(text),
		Err:   why,
	}, nil
}

// lineEnds gives the end (after its newline, or the end of b) of each
// line of b, blank lines at its end left out: the records read without
// them.
func lineEnds(b []byte) []int {
	body := bytes.TrimRight(b, " \t\r\n")
	var ends []int
	for i := 0; i < len(body); {
		j := bytes.IndexByte(body[i:], '\n')
		if j < 0 {
			ends = append(ends, len(body))
			break
		}
		i += j + 1
		ends = append(ends, i)
	}
	return ends
}
