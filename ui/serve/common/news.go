package common

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"okey/server/hall"
)

// HallNews: the hall's tables have changed since the session last
// read them (a Watcher's page is on show).
type HallNews struct{}

// HallWatch is the session's wait on the hall's news, which it sleeps
// on while the page on show is a Watcher (a session that sees nothing
// change wakes for nothing): seen is the hall's change the tables were
// last read at, readAt when (real time: changes are taken at most once
// a frame), and armed is set while a command waits for the next change.
type HallWatch struct {
	seen   uint64
	readAt time.Time
	armed  bool
}

// Read marks the hall's changes so far as seen: the tables are read
// now (or are about to be: a change after this is waited for again).
func (w *HallWatch) Read(h *hall.Hall) {
	w.seen, w.readAt = h.News.Seen(), time.Now()
}

// Came takes in the news waited for: the next wait may be armed, and
// the changes so far are seen (the page on show reads the tables next).
func (w *HallWatch) Came(h *hall.Hall) {
	w.armed = false
	w.Read(h)
}

// Wait waits, until ctx ends, for h's first change after the one the
// tables were read at, unless a wait is armed already; taken at most
// fps times a second (the tty.LineScreen's gap): a hall where tables
// open and fill many times a second wakes a session in the lobby no
// more often than it can show them.
func (w *HallWatch) Wait(ctx context.Context, h *hall.Hall, fps int) tea.Cmd {
	if w.armed {
		return nil
	}
	w.armed = true
	news, seen := h.News, w.seen
	next := w.readAt.Add(time.Second / time.Duration(max(fps, 1)))
	return func() tea.Msg {
		if !news.After(ctx, seen) {
			return nil
		}
		if d := time.Until(next); d > 0 {
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-t.C:
			case <-ctx.Done():
				return nil
			}
		}
		return HallNews{}
	}
}
