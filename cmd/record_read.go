package cmd

import (
	"errors"
	"io"
	"os"

	"okey/game"
	"okey/game/classic"
	"okey/game/okey101"
	"okey/game/record"
)

// readRecordFrom streams the record of path ("-": stdin) with
// record.Read; a file that cannot be opened or read is a readError.
func readRecordFrom(path string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, &readError{err}
		}
		defer f.Close()
		r = f
	}
	b, err := record.Read(r, follower)
	var s *record.StreamError
	if err != nil && !errors.As(err, &s) {
		return nil, &readError{err}
	}
	return b, err
}

// follower is the replay record.Read follows a record with, by the game
// its header names; nil for a header that starts no match (the check
// says why).
func follower(head []byte) record.Follower {
	h, err := record.ReadHeader(head)
	if err != nil {
		return nil
	}
	var f record.Follower
	switch h.Kind {
	case game.Classic:
		var rec classic.Record
		if rec, err = classic.ParseRecord(head); err == nil {
			f, err = rec.Follower()
		}
	case game.Okey101:
		var rec okey101.Record
		if rec, err = okey101.ParseRecord(head); err == nil {
			f, err = rec.Follower()
		}
	}
	if err != nil {
		return nil
	}
	return f
}

// readError is a record that could not be read at all (a file missing, a
// directory, a permission).
type readError struct{ err error }

func (r *readError) Error() string { return "cannot read it: " + r.err.Error() }

func (r *readError) Unwrap() error { return r.err }
