package door

import (
	"okey/server/tables"
	"okey/ui/serve"
)

// The Server's hooks for tests alone: what a test does to a server, or
// reads of it, that no player and no operator does.

// clockMoved tells the sessions that Config.Now has jumped: their idle
// timers read it again (tests that set their clock forward).
func (s *Server) clockMoved() { s.clock.Changed() }

// tableList is the tables' summaries, for tests and logs.
func (s *Server) tableList() []*tables.Summary { return s.hall.List() }

// sessionCount is the number of sessions running.
func (s *Server) sessionCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// crash stops everything without a word or a save, as a killed process
// would (for tests of what a restart brings back).
func (s *Server) crash() {
	s.ssh.Close()
	if s.eng != nil {
		// Cut off from the store and the other nodes first: a killed
		// process says nothing more to them either.
		s.eng.Cut()
	}
	s.stop()
	s.hall.Wait()
	s.closeStore()
	s.lock.Unlock() // a killed process lets its lock go
}

// port is the server as the session me sees it (nil: as the
// tournaments' side, of no session).
func (s *Server) port(me *serve.Session) *serverPort { return &serverPort{srv: s, me: me} }
