package door

import (
	"context"
	"time"

	"okey/ui/serve"
)

// register records a session; the same identity connected before is
// let go (its seat goes to the new one).
func (s *Server) register(m *serve.Session, v *visit, cancel context.CancelFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[m] = &liveSession{cancel: cancel, visit: v, conn: s.open[v.remote.String()]}
	s.byVisit[v] = m
	if old, ok := s.byID[m.ID()]; ok && old != m {
		s.replaceLocked(old, v.link != "")
	}
	s.byID[m.ID()] = m
}

// replaceLocked ends an older session of the same player, and tells it
// why (by a browser linked to the player's key: web), whatever page it
// shows: an SSH client is not left with only its own "Connection
// closed".
func (s *Server) replaceLocked(old *serve.Session, web bool) {
	ls, ok := s.sessions[old]
	if !ok {
		return
	}
	s.log.Info("replaced by a new connection", "name", old.Name())
	if ls.conn != nil {
		s.uncountLocked(ls.conn)
	}
	// The table tells the old session (it shows why for a moment); it
	// ends a little later whatever happens, and its channel is closed,
	// since a client that stopped reading may hold its writes.
	v := ls.visit
	go old.Replaced(web) // not under mu: a client that stopped reading may hold the session
	time.AfterFunc(replaceGrace, ls.cancel)
	time.AfterFunc(2*replaceGrace, func() { _ = v.close() })
}

// replaceGrace is how long a replaced session has to say why.
const replaceGrace = 3 * time.Second

// liveHolder is the session here of identity id other than m, if any.
func (s *Server) liveHolder(id string, m *serve.Session) *serve.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.byID[id]; ok && o != m {
		return o
	}
	return nil
}

// answers reports whether m's connection answers an SSH keepalive
// within wait: a live client does at once, a dead connection (its
// client gone without a word) does not.
func (s *Server) answers(ctx context.Context, m *serve.Session, wait time.Duration) bool {
	s.mu.Lock()
	ls, ok := s.sessions[m]
	s.mu.Unlock()
	if !ok {
		return false // gone already
	}
	done := ls.visit.ping()
	select {
	case ok := <-done:
		return ok
	case <-time.After(wait):
		return false
	case <-ctx.Done():
		return true
	}
}

// reidentify moves a session to another identity (a guest's resume
// code), letting go an older session of it.
func (s *Server) reidentify(m *serve.Session, old string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID[old] == m {
		delete(s.byID, old)
	}
	if o, ok := s.byID[m.ID()]; ok && o != m {
		s.replaceLocked(o, false) // a guest, by its resume code: no linked browser
	}
	s.byID[m.ID()] = m
}

// sessionOf is the session of identity id on this node (nil: none).
func (s *Server) sessionOf(id string) *serve.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byID[id]
}
