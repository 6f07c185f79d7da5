package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockFile is the lock of a state directory: one game at a time plays
// there.
const LockFile = "lock"

// ErrLocked is returned by Lock when another game holds the state
// directory.
var ErrLocked = errors.New("another okey is playing in this state directory")

// LockError says which process holds a state directory (Pid 0: not
// known). It wraps ErrLocked.
type LockError struct {
	Dir string
	Pid int
}

func (e *LockError) Error() string {
	if e.Pid > 0 {
		return fmt.Sprintf("%v (%s, process %d)", ErrLocked, e.Dir, e.Pid)
	}
	return fmt.Sprintf("%v (%s)", ErrLocked, e.Dir)
}

func (e *LockError) Unwrap() error { return ErrLocked }

// Lock is a held lock of a state directory.
type Lock struct{ f *os.File }

// LockDir takes the lock of the state directory dir (creating it),
// without waiting: a *LockError (ErrLocked) when another process (or
// another Lock in this one) holds it, any other error when the directory
// cannot be written. The lock goes with the process: a game that is
// killed leaves nothing to clean up.
func LockDir(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := tryLock(f); err != nil {
		pid := 0
		if b, rerr := os.ReadFile(path); rerr == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		f.Close()
		if errors.Is(err, errWouldBlock) {
			return nil, &LockError{Dir: dir, Pid: pid}
		}
		return nil, err
	}
	// Who holds it, for the message of the next one; a failure here
	// changes nothing.
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// Unlock lets the state directory go.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the file releases the lock
	l.f = nil
	return err
}
