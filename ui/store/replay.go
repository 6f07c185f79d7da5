package store

import (
	"bytes"
	"encoding/json"
)

// Replay replays a saved record b (JSON Lines, either game's) with
// replay. When only its last
// line is broken (a write cut short: not even JSON), it replays the lines
// before and returns the broken line as torn; any other error is the
// whole record's.
func Replay[R any](b []byte, replay func([]byte) (R, error)) (r R, torn []byte, err error) {
	r, err = replay(b)
	if err == nil {
		return r, nil, nil
	}
	// Blank lines at the end are no part of the last line (the records
	// read without them).
	body := bytes.TrimRight(b, " \t\r\n")
	i := bytes.LastIndexByte(body, '\n')
	if i < 0 || json.Valid(body[i+1:]) {
		return r, nil, err // a whole line that is wrong: damaged
	}
	r2, err2 := replay(b[:i+1])
	if err2 != nil {
		return r, nil, err
	}
	return r2, body[i+1:], nil
}
