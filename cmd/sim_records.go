package cmd

import (
	"fmt"
	"os"
	"path/filepath"
)

// recordTo is the writer of okey sim --record dir: it makes dir and
// returns a function that writes unit i's record there as
// hand-000042.okey (or match-000042.okey), or nil when dir is empty.
func recordTo(dir string, matches bool) (func(int, []byte) error, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	what := "hand"
	if matches {
		what = "match"
	}
	return func(i int, rec []byte) error {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%06d.okey", what, i)), rec, 0o644); err != nil {
			return &recordWriteError{err}
		}
		return nil
	}, nil
}

// recordWriteError is a record of --record that could not be written:
// the run stops, and says it in the player's words.
type recordWriteError struct{ err error }

func (r *recordWriteError) Error() string { return "writing a record: " + r.err.Error() }

func (r *recordWriteError) Unwrap() error { return r.err }
