// Package logbuf is a log the doors' tests read back: a buffer that a
// server's goroutines write to at once, read whole with String. It is
// what the door, door/web and door/loadgen tests each kept a copy of.
package logbuf

import (
	"bytes"
	"sync"
)

// Buf is a bytes.Buffer safe for concurrent writes and reads; its zero
// value is empty and ready.
type Buf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p whole: lines written at once are never interleaved.
func (s *Buf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
