package door

import (
	"context"
	"fmt"
	"time"

	"charm.land/ssh"
	"github.com/charmbracelet/x/ansi"

	"okey/kit/i18n"
	"okey/kit/safetext"
	"okey/ui/serve"
	"okey/ui/serve/common"
)

// sshDoor is the SSH door's handler: a command over ssh, or a session
// on the connection's terminal, guarded.
func (s *Server) sshDoor(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		v := sshVisit(sess)
		s.guard(v, func() {
			if !s.console.command(sess) {
				s.run(v)
			}
		})
		next(sess)
	}
}

// guard keeps a panic in one session from taking the server down (the
// session ends, the others play on), and tidies up after every session:
// the table is told the player is gone (the seat is kept for them), and
// the session is forgotten.
func (s *Server) guard(v *visit, inner func()) {
	s.wg.Add(1)
	defer s.wg.Done()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in a session", "panic", r, "user", safeUser(v.user))
		}
		s.ended(v)
	}()
	if !s.countByKey(v) {
		s.refused.Add(1)
		s.log.Warn("refused: too many connections with one key", "addr", hostOf(v.remote))
		v.println(i18n.MustLoad(langOf(v.env)).T("bye.toomany"))
		v.end(1)
		return
	}
	inner()
}

// run runs a session's model with its driver (package serve's Session,
// under ui/) on the visit's terminal. Window changes reach the session
// from a goroutine of the connection's own.
func (s *Server) run(v *visit) {
	se := s.start(v)
	if se == nil {
		return
	}
	ctx, cancel := context.WithCancel(v.Context())
	go func() {
		sizes := v.Resized()
		for {
			select {
			case <-ctx.Done():
				return
			case z, ok := <-sizes:
				if !ok {
					return
				}
				se.Resize(z.W, z.H)
			}
		}
	}()
	if err := se.Run(); err != nil {
		s.log.Error("a session's model failed", "err", err, "panic", se.Panic())
	}
	cancel()
	// The terminal is put back (once the screen's writer has stopped),
	// then the word goes below the screen the model left, so it stays in
	// the player's terminal; a client that stopped reading does not hold
	// the session up for either.
	said := make(chan struct{})
	word := se.LastWord()
	go func() {
		defer close(said)
		if se.Restore(v) != nil {
			return
		}
		if word != "" {
			v.println("okey: " + word)
		}
	}()
	select {
	case <-said:
	case <-time.After(time.Second):
	}
}

// start starts a connection's session, or tells a client without a
// terminal that it needs one, or a newcomer that the node is full or
// stopping (nil: no session).
func (s *Server) start(v *visit) *serve.Session {
	term, size, ok := v.Window()
	if !ok {
		v.println(i18n.MustLoad(langOf(v.env)).T("bye.noterminal"))
		v.end(1)
		return nil
	}
	if s.ctx.Err() != nil {
		v.println(i18n.MustLoad(langOf(v.env)).T("bye.stopping"))
		v.end(1)
		return nil
	}
	if s.cfg.hook != nil {
		s.cfg.hook("start", safetext.CutBytes(v.user, common.MaxUserBytes))
	}
	id, code := v.id, v.code
	if s.overloaded() && s.hall.Holding(id) == nil {
		// A newcomer, while the node is over its limit: told so at
		// once, in their language. A player holding a seat here comes
		// back in.
		s.turnedAway.Add(1)
		s.log.Warn("turned away: the node is overloaded", "addr", hostOf(v.remote), "delay", s.health.delay(), "store", s.health.storeWait())
		tr := i18n.MustLoad(langOf(v.env))
		if other := s.hall.OpenDoor(); other != "" {
			v.println(tr.T("bye.full.elsewhere", sshCommand(other), common.RetryMinutes))
		} else {
			v.println(tr.T("bye.full", common.RetryMinutes))
		}
		v.end(1)
		return nil
	}
	name := safeUser(v.user)
	if name == "" {
		name = "guest"
	}
	// The session ends with its connection, or when the server has said
	// goodbye (Shutdown).
	port := &serverPort{srv: s}
	addr := limitKey(v.remote, s.cfg.IPv6Prefix)
	o := serve.Options{
		Side: port, Tour: s.tournamentSideOf(addr, s.operatorOf(v.key)),
		ID: id, Code: code, Name: name, Addr: addr, Lang: langOf(v.env), Port: portOf(v.local),
		Term: term, Width: size.W, Height: size.H, Env: v.env, Link: v.link,
		FPS: s.cfg.FPS, MaxWidth: s.cfg.MaxWidth, MaxHeight: s.cfg.MaxHeight,
		Strange: func(msg any) {
			s.log.Error("a command the session's driver cannot run", "msg", fmt.Sprintf("%T", msg), "name", name)
			if s.cfg.onStrange != nil {
				s.cfg.onStrange(msg)
			}
		},
	}
	if s.cfg.onFrame != nil {
		o.Seen = func(f serve.Frame) { s.cfg.onFrame(name, f) }
	}
	se := serve.Start(v.Context(), v, o)
	port.me = se
	s.desk.noteSeen(se.ID(), se.SeenSince())
	s.register(se, v, se.Stop)
	s.log.Info("connect", "name", name, "addr", hostOf(v.remote), "guest", code != "")
	return se
}

// safeUser is an SSH user name made safe to show and to log: no
// terminal sequences, no control characters, capped.
func safeUser(user string) string {
	return safetext.Name(ansi.Strip(safetext.CutBytes(user, common.MaxUserBytes)))
}

// ended tidies up after a session whose program has stopped.
func (s *Server) ended(v *visit) {
	s.mu.Lock()
	m, ok := s.byVisit[v]
	var reg *liveSession
	if ok {
		reg = s.sessions[m] // read under the lock: other sessions end at the same time
	}
	s.mu.Unlock()
	if !ok {
		return
	}
	if reg != nil {
		reg.cancel()
	}
	m.Leave()
	s.unregister(m, v)
	s.log.Info("disconnect", "name", m.Name())
}
