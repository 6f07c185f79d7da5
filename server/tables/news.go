package tables

import (
	"context"
	"sync"
)

// News tells whoever waits that something changed, without knowing who
// waits: the hall's list of tables, for the sessions in the lobby. A
// session that sees nothing change must cost nothing: it
// does not poll the hall, it sleeps until the hall says so. Changes are
// numbered, so a session that read the list at change n and waits for
// a change after n misses none, even one between its read and its wait.
//
// The zero of a *news (nil) never changes: tables made without a hall
// (tests) say nothing to nobody.
type News struct {
	mu sync.Mutex
	n  uint64
	ch chan struct{} // closed at the next change
}

func NewNews() *News { return &News{ch: make(chan struct{})} }

// Changed wakes everyone waiting.
func (w *News) Changed() {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.n++
	close(w.ch)
	w.ch = make(chan struct{})
	w.mu.Unlock()
}

// Seen is the number of the latest change.
func (w *News) Seen() uint64 {
	if w == nil {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

// Next is closed once there is a change after change n (already, if
// there is one; never, for nil).
func (w *News) Next(n uint64) <-chan struct{} {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.n > n {
		return closedChan
	}
	return w.ch
}

// closedChan is a channel closed from the start.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// After waits for a change after change n; false when ctx ended first.
func (w *News) After(ctx context.Context, n uint64) bool {
	select {
	case <-w.Next(n):
		return true
	case <-ctx.Done():
		return false
	}
}
