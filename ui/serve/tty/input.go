package tty

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// A session's input, between the connection and its program. It does
// two things:
//
//   - It caps the bytes a client may type: a token bucket, far above
//     what hands on a keyboard (or a mouse, or a pasted code) send, so a
//     client that streams bytes costs the server no more than a fast
//     typist. A read over the cap is dropped as it arrives.
//   - It ends so that the program can end after it. Bubble Tea's input
//     reader sends its events on a channel nobody reads once the program
//     has stopped, so a program stopped with events still pending leaks
//     the reader's goroutine and the whole program with it. So a session
//     ends by closing its input: the reader is handed a marker (a
//     bracketed paste of a random word) and then the end of input, and
//     the program quits when the marker arrives, every event before it
//     handed over. The session's driver (drive.go) also drains the
//     reader until it ends, so none is left waiting.
type Input struct {
	chunks  chan []byte
	closing chan struct{}
	once    sync.Once
	marker  string
	// pending is what Read has still to hand over of a chunk or of the
	// marker; sentMarker is set once the marker has been queued.
	pending    []byte
	sentMarker bool
	// dropped counts the bytes over the cap.
	dropped atomic.Int64
	// drain stops the program should its marker not come; ended is set
	// once the program has stopped.
	mu    sync.Mutex
	drain *time.Timer
	ended bool
}

// Input caps: inputPerSecond bytes a second after a burst of inputBurst.
// A key is one to a few bytes, a mouse report about ten, a pasted code a
// few dozen; a typist's fastest is under 20 keys a second, a mouse
// dragged across the table under a hundred reports. The burst also
// bounds the events a session can have waiting to be handled when it
// ends.
const (
	inputPerSecond = 1 << 10
	inputBurst     = 4 << 10
	// inputDrain is the longest a program waits for its input's marker
	// before it is stopped anyway (and its reader perhaps left behind):
	// long enough for a burst of events to be handled on a busy machine.
	inputDrain = 30 * time.Second
)

// NewInput starts reading r (the connection) into the capped input.
func NewInput(r io.Reader) *Input {
	word := make([]byte, 12)
	rand.Read(word) // never fails (crypto/rand panics rather)
	in := &Input{chunks: make(chan []byte), closing: make(chan struct{}), marker: "okey-end-" + hex.EncodeToString(word)}
	go in.pump(r)
	return in
}

// pump reads the connection, drops what is over the cap, and hands the
// rest to Read. It ends with the connection (a read error) or once the
// input is closing.
func (in *Input) pump(r io.Reader) {
	defer close(in.chunks)
	limit := rate.NewLimiter(inputPerSecond, inputBurst)
	buf := make([]byte, 4<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			// A read over the cap is dropped whole: cut in two, a key's
			// sequence would leave its tail to be read as keys.
			if limit.AllowN(time.Now(), n) {
				select {
				case in.chunks <- append([]byte(nil), buf[:n]...):
				case <-in.closing:
					return
				}
			} else {
				in.dropped.Add(int64(n))
			}
		}
		if err != nil {
			return
		}
	}
}

// Read hands over what the client typed; once the input is closing or
// the connection has ended, the marker and then the end of input.
func (in *Input) Read(p []byte) (int, error) {
	if len(in.pending) == 0 {
		select {
		case c, ok := <-in.chunks:
			if ok {
				in.pending = c
				break
			}
			// The pump stopped: the connection ended, or the input is
			// closing. Either way the marker ends the input, so the
			// program quits once it has had every key.
			if !in.queueMarker() {
				return 0, io.EOF
			}
		case <-in.closing:
			if !in.queueMarker() {
				return 0, io.EOF
			}
		}
	}
	n := copy(p, in.pending)
	in.pending = in.pending[n:]
	return n, nil
}

// queueMarker puts the marker to be read, once; false if it was.
func (in *Input) queueMarker() bool {
	if in.sentMarker {
		return false
	}
	in.sentMarker = true
	in.pending = []byte("\x1b[200~" + in.marker + "\x1b[201~")
	return true
}

// Close starts the end of input.
func (in *Input) Close() { in.once.Do(func() { close(in.closing) }) }

// IsMarker reports whether a paste is the end-of-input marker: every
// event typed before it has reached the program.
func (in *Input) IsMarker(paste string) bool {
	return in != nil && strings.Contains(paste, in.marker)
}

// Stop closes the input and, should the program not quit on its marker
// within inputDrain, cancels it.
func (in *Input) Stop(cancel context.CancelFunc) {
	in.Close()
	in.mu.Lock()
	if in.drain == nil && !in.ended {
		in.drain = time.AfterFunc(inputDrain, cancel)
	}
	in.mu.Unlock()
}

// End is called once the program has stopped: the timer that would have
// stopped it goes, and with it its hold on the program.
func (in *Input) End() {
	in.mu.Lock()
	in.ended = true
	if in.drain != nil {
		in.drain.Stop()
	}
	in.mu.Unlock()
}
